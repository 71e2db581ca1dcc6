package split_test

import (
	"testing"

	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
)

func TestExternal(t *testing.T) {
	t.Parallel()
	pgtest.New(t)
}
