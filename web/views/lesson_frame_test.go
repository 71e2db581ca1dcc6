package views

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"testing"
)

// joined is a PageWriter that writes the page out as it reads.
type joined struct {
	bytes.Buffer
	static [][]byte
	pieces int
}

func (j *joined) Piece(i int) { j.Write(j.static[i]); j.pieces++ }

// TestFramedLessonIsTheLesson: one frame per lesson, made before anyone
// has answered, filled for every state and viewer, is byte for byte the
// page Lesson renders whole for them.
func TestFramedLessonIsTheLesson(t *testing.T) {
	t.Parallel()
	frames := map[string]*LessonFrame{}
	for _, p := range shippedPages(t) {
		f, err := NewLessonFrame(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		frames[p.Lesson.Slug] = f
	}
	eachLessonView(t, func(t *testing.T, ctx context.Context, v LessonView) {
		var whole bytes.Buffer
		if err := Lesson(v).Render(ctx, &whole); err != nil {
			t.Fatal(err)
		}
		f := frames[v.Lesson.Slug]
		filled := &joined{static: f.Static}
		if err := f.Fill(ctx, v, filled); err != nil {
			t.Fatal(err)
		}
		if filled.pieces < 2 {
			t.Errorf("the page was filled from %d unchanging pieces, want many", filled.pieces)
		}
		if !bytes.Equal(filled.Bytes(), whole.Bytes()) {
			t.Errorf("the framed page differs from the whole one:\n%s", firstDifference(whole.Bytes(), filled.Bytes()))
		}
	})
}

// TestFrameRefusesErrors: a view with a refused form is rendered whole.
func TestFrameRefusesErrors(t *testing.T) {
	t.Parallel()
	p := shippedPages(t)[0]
	f, err := NewLessonFrame(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	v := lessonStates(p)["blank"]
	v.Errors = map[string]string{"any": "Choose one of the options."}
	if err := f.Fill(context.Background(), v, &joined{static: f.Static}); !errors.Is(err, ErrNotFramed) {
		t.Errorf("filling a view with errors: %v, want ErrNotFramed", err)
	}
}

// firstDifference shows where want and got part, with some context.
func firstDifference(want, got []byte) string {
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	from := max(0, i-80)
	return fmt.Sprintf("at byte %d\nwant …%s\n got …%s", i, want[from:min(len(want), i+80)], got[from:min(len(got), i+80)])
}
