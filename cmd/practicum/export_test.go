package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/migrations/postgres"
	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
)

// Import, export and import again must write nothing: the files that come
// out are the files that went in, byte for byte.
func TestExportRoundTripIsANoOp(t *testing.T) {
	t.Parallel()
	dsn := pgtest.NewDSN(t)
	src := copyCourse(t)
	if _, _, err := runCmd(t, "import", "--database-url", dsn, src); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	stdout, _, err := runCmd(t, "export", "--database-url", dsn, "--course", "serving-incidents", out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout, "5 file(s) written") {
		t.Errorf("export said %q, want 5 files written", stdout)
	}
	assertSameFiles(t, filepath.Join(src, "serving-incidents"), filepath.Join(out, "serving-incidents"))

	stdout, _, err = runCmd(t, "import", "--database-url", dsn, out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout, "0 new revision(s)") {
		t.Errorf("re-importing the export: %q, want no new revision", stdout)
	}
	stdout, _, err = runCmd(t, "export", "--database-url", dsn, "--course", "serving-incidents", out)
	if err != nil || !strings.Contains(stdout, "0 file(s) written, 5 unchanged") {
		t.Errorf("exporting again over the same files: %q, %v", stdout, err)
	}
}

// A lesson edited and published in the browser, exported over the git
// tree, shows exactly that edit; files imported over it afterwards make a
// new revision, and the browser edit stays in the history.
func TestBrowserEditExportsAsExactlyThatEdit(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dsn := pgtest.NewDSN(t)
	dir := copyCourse(t)
	if _, _, err := runCmd(t, "import", "--database-url", dsn, dir); err != nil {
		t.Fatal(err)
	}
	pool, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	var author int64
	err = pool.QueryRow(ctx, `INSERT INTO users (email, display_name, password_hash, role)
		VALUES ('ines@example.com', 'Ines Instructor', '$argon2id$x', 'instructor') RETURNING id`).Scan(&author)
	if err != nil {
		t.Fatal(err)
	}
	cat := catalog.New(pool)
	const course, lesson = "serving-incidents", "work-a-serving-incident"
	d, err := cat.Draft(ctx, course, lesson)
	if err != nil {
		t.Fatal(err)
	}
	parts, err := lessons.SplitSource(d.Source)
	if err != nil {
		t.Fatal(err)
	}
	const oldLine = "## Mechanism and reasoning"
	const newLine = "## How the mechanism works"
	if !strings.Contains(parts.Body, oldLine) {
		t.Fatalf("lesson 3 has no line %q", oldLine)
	}
	parts.Body = strings.Replace(parts.Body, oldLine, newLine, 1)
	// As a browser sends it: CRLF line endings.
	edited := strings.ReplaceAll(string(parts.Bytes()), "\n", "\r\n")
	res, err := cat.SaveDraft(ctx, author, course, lesson, d.Head.Number, []byte(edited))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cat.Publish(ctx, author, course, lesson, res.Revision.Number); err != nil {
		t.Fatal(err)
	}

	file := filepath.Join(dir, course, "03-work-a-serving-incident.md")
	before, _ := os.ReadFile(file)
	stdout, _, err := runCmd(t, "export", "--database-url", dsn, "--course", course, dir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout, "1 file(s) written, 4 unchanged") {
		t.Errorf("export said %q, want only lesson 3 written", stdout)
	}
	after, _ := os.ReadFile(file)
	var changes []string
	for _, l := range lessons.Diff(string(before), string(after), 0) {
		if l.Skipped == 0 {
			changes = append(changes, string(l.Op)+l.Text)
		}
	}
	if want := []string{"-" + oldLine, "+" + newLine}; strings.Join(changes, "\n") != strings.Join(want, "\n") {
		t.Errorf("the exported file differs by\n%s\nwant exactly\n%s", strings.Join(changes, "\n"), strings.Join(want, "\n"))
	}

	// Someone edits the file in git and imports it over the browser edit.
	appendTo(t, file, "\nA closing line written in git.\n")
	stdout, _, err = runCmd(t, "import", "--database-url", dsn, dir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout, course+"/"+lesson+" r3") {
		t.Errorf("import over the browser edit: %q, want revision 3", stdout)
	}
	revs, err := cat.Revisions(ctx, course, lesson)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range revs {
		got = append(got, r.Origin+":"+r.Author)
	}
	if want := "import:,browser:Ines Instructor,import:"; strings.Join(got, ",") != want {
		t.Errorf("history (newest first) = %v, want %s", got, want)
	}
}

func assertSameFiles(t *testing.T, wantDir, gotDir string) {
	t.Helper()
	want, _ := os.ReadDir(wantDir)
	got, _ := os.ReadDir(gotDir)
	if len(want) != len(got) {
		t.Errorf("%s has %d files, %s has %d", wantDir, len(want), gotDir, len(got))
	}
	for _, e := range want {
		a, _ := os.ReadFile(filepath.Join(wantDir, e.Name()))
		b, err := os.ReadFile(filepath.Join(gotDir, e.Name()))
		if err != nil {
			t.Errorf("%s was not exported", e.Name())
			continue
		}
		if string(a) != string(b) {
			t.Errorf("%s differs after export", e.Name())
		}
	}
}
