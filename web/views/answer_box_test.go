package views

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"
)

var textareaTag = regexp.MustCompile(`<textarea[^>]*>`)

// TestAnswerBoxAttributes: every answer box, with or without a refusal
// beside it, carries only real attributes (a stray "else" once rendered as
// one) and at most one aria-describedby, pointing at the refusal when
// there is one.
func TestAnswerBoxAttributes(t *testing.T) {
	t.Parallel()
	for _, p := range shippedPages(t) {
		for _, refused := range []bool{false, true} {
			v := lessonStates(p)["blank"]
			if refused {
				v.Errors = map[string]string{}
				for _, b := range p.Lesson.Blocks {
					v.Errors[b.Key] = "Write an answer before sending it."
				}
			}
			var buf bytes.Buffer
			if err := Lesson(v).Render(context.Background(), &buf); err != nil {
				t.Fatal(err)
			}
			for _, tag := range textareaTag.FindAllString(buf.String(), -1) {
				if strings.Contains(tag, " else") {
					t.Errorf("%s: an answer box has an \"else\" attribute: %s", p.Lesson.Slug, tag)
				}
				if n := strings.Count(tag, "aria-describedby="); n > 1 {
					t.Errorf("%s: an answer box has %d aria-describedby attributes: %s", p.Lesson.Slug, n, tag)
				}
				if refused && strings.Contains(tag, `name="answer"`) && !strings.Contains(tag, `aria-invalid="true"`) {
					t.Errorf("%s: a refused answer box is not marked invalid: %s", p.Lesson.Slug, tag)
				}
			}
		}
	}
}
