// Package catalogtest sets up what the stores' tests share: a database
// holding the shipped course, and accounts in it.
package catalogtest

import (
	"context"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/practicum-dev/practicum/lessons"
	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/lessons/content"
)

// Shipped imports the shipped course into pool (most often a pgtest
// database of the test's own) and reads one of its lessons as the lesson
// page does.
func Shipped(t testing.TB, pool *pgxpool.Pool, course, lesson string) (*catalog.Catalog, catalog.LessonPage) {
	t.Helper()
	ctx := context.Background()
	cat := catalog.New(pool)
	courses, err := lessons.Load(content.FS, "content")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cat.Import(ctx, courses); err != nil {
		t.Fatal(err)
	}
	page, err := cat.Lesson(ctx, course, lesson)
	if err != nil {
		t.Fatal(err)
	}
	return cat, page
}

// Account adds an account named name (email name@example.com, lower case)
// with role ("learner", "instructor" or "admin") and returns its id. Its
// password hash is a placeholder no password matches: the stores need
// only the account.
func Account(t testing.TB, pool *pgxpool.Pool, name, role string) int64 {
	t.Helper()
	var id int64
	if err := pool.QueryRow(context.Background(), `INSERT INTO users (email, display_name, password_hash, role)
		VALUES ($1, $2, '$argon2id$x', $3) RETURNING id`, strings.ToLower(name)+"@example.com", name, role).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// Checkpoints returns the page's checkpoints in lesson order.
func Checkpoints(page catalog.LessonPage) []lessons.Block {
	var out []lessons.Block
	for _, b := range page.Lesson.Blocks {
		if b.Kind == lessons.KindCheckpoint {
			out = append(out, b)
		}
	}
	return out
}
