package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
)

// copyCourse copies the shipped course into a temporary directory that a
// test may break.
func copyCourse(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join("..", "..", "lessons", "content", "serving-incidents")
	dst := filepath.Join(dir, "serving-incidents")
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	return dir
}

func runCmd(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err = run(context.Background(), args, strings.NewReader(""), &out, &errOut)
	return out.String(), errOut.String(), err
}

func TestImportCheck(t *testing.T) {
	t.Parallel()
	out, _, err := runCmd(t, "import", "--check", filepath.Join("..", "..", "lessons", "content"))
	if err != nil {
		t.Fatalf("import --check on the shipped content: %v", err)
	}
	if !strings.Contains(out, "1 course(s), 4 lesson(s), no problems") {
		t.Errorf("output = %q, want it to count 1 course and 4 lessons", out)
	}
	// After a clean check, the advice the block form gives: here, a gap
	// the shipped examples leave (no example says aggregate-trap).
	if !strings.Contains(out, "advice: ../../lessons/content/serving-incidents/02-separate-release-from-traffic.md: rollback-after-full-rollout: No example contains aggregate-trap") {
		t.Errorf("output = %q, want the coverage advice for rollback-after-full-rollout", out)
	}
}

// A clean check with nothing to advise says so, so an author can tell
// "no gaps" from "advice not run".
func TestImportCheckSaysWhenThereIsNoAdvice(t *testing.T) {
	t.Parallel()
	out, _, err := runCmd(t, "import", "--check", filepath.Join("..", "..", "lessons", "content", "testdata", "instructor2", "db-pool-incidents"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "advice: none") {
		t.Errorf("output = %q, want a line saying there is no advice", out)
	}
	shipped, _, err := runCmd(t, "import", "--check", filepath.Join("..", "..", "lessons", "content"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(shipped, "advice: none") {
		t.Errorf("output = %q: a check with advice must not also say there is none", shipped)
	}
}

func TestImportCheckNamesFileAndLine(t *testing.T) {
	t.Parallel()
	dir := copyCourse(t)
	file := filepath.Join(dir, "serving-incidents", "03-work-a-serving-incident.md")
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	// Remove the first checkpoint's "correct: true".
	cp := strings.Index(src, "```yaml checkpoint")
	i := cp + strings.Index(src[cp:], "correct: true")
	line := strings.Count(src[:cp], "\n") + 2 // the block's first YAML line
	src = src[:i] + "correct: false" + src[i+len("correct: true"):]
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, err := runCmd(t, "import", "--check", dir)
	if err == nil {
		t.Fatal("import --check passed a checkpoint with no correct option")
	}
	want := file + ":" + strconv.Itoa(line) + ": checkpoint "
	if !strings.Contains(stderr, want) || !strings.Contains(stderr, "has no correct option") {
		t.Errorf("stderr = %q, want a problem at %s saying it has no correct option", stderr, want)
	}
}

func TestImportIsIdempotentAndAllOrNothing(t *testing.T) {
	t.Parallel()
	dsn := pgtest.NewDSN(t)
	dir := copyCourse(t)
	out, _, err := runCmd(t, "import", "--database-url", dsn, dir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "4 new revision(s)") {
		t.Errorf("first import: %q, want 4 new revisions", out)
	}
	out, _, err = runCmd(t, "import", "--database-url", dsn, dir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "0 new revision(s)") {
		t.Errorf("second import: %q, want no new revision", out)
	}

	// One changed lesson and one broken one: nothing may be written.
	course := filepath.Join(dir, "serving-incidents")
	appendTo(t, filepath.Join(course, "01-read-the-request-timeline.md"), "\nA new closing line.\n")
	appendTo(t, filepath.Join(course, "02-separate-release-from-traffic.md"), "\n```yaml nonsense\nkey: x\n```\n")
	if _, _, err := runCmd(t, "import", "--database-url", dsn, dir); err == nil {
		t.Fatal("import with a broken file succeeded")
	}

	// Fixing the broken file lets exactly the one changed lesson through.
	b, _ := os.ReadFile(filepath.Join(course, "02-separate-release-from-traffic.md"))
	fixed := strings.Replace(string(b), "\n```yaml nonsense\nkey: x\n```\n", "", 1)
	if err := os.WriteFile(filepath.Join(course, "02-separate-release-from-traffic.md"), []byte(fixed), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, err = runCmd(t, "import", "--database-url", dsn, dir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "1 new revision(s)") || !strings.Contains(out, "serving-incidents/read-the-request-timeline r2") {
		t.Errorf("import after one change: %q, want exactly one new revision, r2 of lesson 1", out)
	}
}

func appendTo(t *testing.T, path, s string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(s); err != nil {
		t.Fatal(err)
	}
}
