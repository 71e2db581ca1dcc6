package main

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCheck: in a directory whose tests import pgtest, every test that
// neither calls t.Parallel() nor gives a reason to run alone is reported,
// in internal and external test packages alike; elsewhere nothing is.
func TestCheck(t *testing.T) {
	t.Parallel()
	got, err := check("testdata")
	if err != nil {
		t.Fatal(err)
	}
	db, split := filepath.Join("testdata", "db", "a_test.go"), filepath.Join("testdata", "split", "internal_test.go")
	want := []string{
		db + ":14:1: TestForgot does not call t.Parallel()",
		db + ":20:1: TestOnlyInASubtest does not call t.Parallel()",
		db + ":32:1: TestSerialWithoutAReason: //pgtest:serial needs a reason",
		db + ":34:1: TestIgnoresT ignores its *testing.T, so it cannot call t.Parallel()",
		split + ":5:1: TestInternal does not call t.Parallel()",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("problems (-want +got):\n%s", diff)
	}
}
