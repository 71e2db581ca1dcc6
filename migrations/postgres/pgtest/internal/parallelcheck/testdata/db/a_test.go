package db_test

import (
	"testing"

	"github.com/practicum-dev/practicum/migrations/postgres/pgtest"
)

func TestParallel(t *testing.T) {
	t.Parallel()
	pgtest.New(t)
}

func TestForgot(t *testing.T) {
	pgtest.New(t)
}

// TestOnlyInASubtest calls Parallel in a subtest, which leaves the test
// itself serial.
func TestOnlyInASubtest(t *testing.T) {
	t.Run("sub", func(t *testing.T) { t.Parallel() })
}

// TestSerial must run alone.
//
//pgtest:serial it sets a process-wide environment variable
func TestSerial(t *testing.T) {
	pgtest.New(t)
}

//pgtest:serial
func TestSerialWithoutAReason(t *testing.T) {}

func TestIgnoresT(_ *testing.T) {}

func TestOtherName(tt *testing.T) {
	tt.Parallel()
}

func TestMain(m *testing.M) {}

func Testlower(t *testing.T) {}

func BenchmarkX(b *testing.B) {}

func helper(t *testing.T) {}
