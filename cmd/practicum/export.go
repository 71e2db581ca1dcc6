package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

func runExport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("export", stderr)
	course := fs.String("course", "", "the slug of the course to write out (required)")
	dbURL := databaseFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: practicum export --course SLUG [flags] DIR\n\n"+
			"Writes the course's published lessons to DIR/SLUG in the lesson format,\n"+
			"exactly as stored, so importing DIR again changes nothing. Flags:")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *course == "" || fs.NArg() != 1 {
		fs.Usage()
		return usageError{"export needs --course SLUG and exactly one directory"}
	}
	pool, err := postgres.Open(ctx, *dbURL)
	if err != nil {
		return err
	}
	defer pool.Close()
	if err := checkSchema(ctx, pool); err != nil {
		return err
	}
	files, unpublished, err := catalog.New(pool).Export(ctx, *course)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	dir := filepath.Join(fs.Arg(0), *course)
	written, removed, err := writeCourse(dir, *course, files)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d file(s) written, %d unchanged\n", dir, written, len(files)-written)
	for _, name := range removed {
		fmt.Fprintf(stdout, "  removed %s: that lesson is now written under another name\n", name)
	}
	for _, slug := range unpublished {
		fmt.Fprintf(stdout, "  not exported: lesson %q has never been published\n", slug)
	}
	return nil
}

// writeCourse writes each file that differs (through a temporary file and
// a rename, so a reader never sees half a file) and removes lesson files of
// this course that the export does not contain, which are lessons whose
// position changed.
func writeCourse(dir, course string, files []catalog.ExportedFile) (written int, removed []string, err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, nil, err
	}
	keep := map[string]bool{}
	for _, f := range files {
		keep[f.Name] = true
		path := filepath.Join(dir, f.Name)
		if old, err := os.ReadFile(path); err == nil && string(old) == string(f.Source) {
			continue
		}
		tmp := path + ".tmp"
		if err := os.WriteFile(tmp, f.Source, 0o644); err != nil {
			return written, nil, err
		}
		if err := os.Rename(tmp, path); err != nil {
			return written, nil, err
		}
		written++
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return written, nil, err
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".md") || keep[e.Name()] {
			continue
		}
		path := filepath.Join(dir, e.Name())
		src, err := os.ReadFile(path)
		if err != nil {
			return written, removed, err
		}
		if parts, err := lessons.SplitSource(src); err != nil || parts.Front.Course != course {
			continue // not one of this course's lessons: leave it alone
		}
		if err := os.Remove(path); err != nil {
			return written, removed, err
		}
		removed = append(removed, e.Name())
	}
	return written, removed, nil
}
