package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/migrations/postgres"
)

func runImport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("import", stderr)
	check := fs.Bool("check", false, "validate the files and exit; needs no database")
	dbURL := databaseFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: practicum import [--check] [flags] DIR\n\nLoads every course under DIR in one transaction. Flags:")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return usageError{"import needs exactly one directory"}
	}
	dir := strings.TrimSuffix(fs.Arg(0), "/")
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	courses, err := lessons.Load(os.DirFS(dir), dir)
	if err == nil {
		err = lessons.CalibrateAll(courses)
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return fmt.Errorf("%s: %d problem(s); nothing was imported", dir, countProblems(err))
	}
	nLessons := 0
	for _, c := range courses {
		nLessons += len(c.Lessons)
	}
	if *check {
		fmt.Fprintf(stdout, "%s: %d course(s), %d lesson(s), no problems\n", dir, len(courses), nLessons)
		return printCoverage(stdout, courses)
	}
	pool, err := postgres.Open(ctx, *dbURL)
	if err != nil {
		return err
	}
	defer pool.Close()
	if err := checkSchema(ctx, pool); err != nil {
		return err
	}
	res, err := catalog.New(pool).Import(ctx, courses)
	if err != nil {
		return fmt.Errorf("import failed, nothing was written: %w", err)
	}
	printImport(stdout, res)
	return nil
}

func countProblems(err error) int {
	if ps, ok := err.(lessons.Problems); ok {
		return len(ps)
	}
	return 1
}

func printImport(w io.Writer, res catalog.ImportResult) {
	fmt.Fprintf(w, "imported %d course(s) and %d lesson(s): %d new revision(s)\n", res.Courses, res.Lessons, len(res.Revisions))
	for _, r := range res.Revisions {
		fmt.Fprintln(w, "  new revision:", r)
	}
}

// printCoverage lists, after a clean check, what each item's calibration
// examples leave untested (lessons.Scoring.Coverage, the advice the block
// form shows): advice, never a problem.
func printCoverage(w io.Writer, courses []lessons.CourseFiles) error {
	advised := false
	defer func() {
		if !advised {
			fmt.Fprintln(w, "advice: none: the examples and model answers leave nothing untested that the check looks for")
		}
	}()
	for _, c := range courses {
		for _, lf := range c.Lessons {
			items, err := lf.Lesson.Coverage()
			if err != nil {
				return fmt.Errorf("%s: %w", lf.Path, err)
			}
			for _, it := range items {
				for _, warning := range it.Warnings {
					advised = true
					fmt.Fprintf(w, "advice: %s: %s: %s\n", lf.Path, it.Block.Key, warning.Message)
				}
			}
		}
	}
	return nil
}
