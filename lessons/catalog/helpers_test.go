package catalog_test

import (
	"errors"

	"github.com/practicum-dev/practicum/migrations/postgres"
)

func isNotFound(err error) bool { return errors.Is(err, postgres.ErrNotFound) }
