package main

import (
	"io"
	"log/slog"
	"net"
	"strconv"
	"testing"
)

// TestChooseDatabaseKeepsWhatAnswers checks that serve starts nothing of
// its own when the operator named a database (even one that is down) or a
// server answers at the default address; embedded.TestDecide covers the
// rest of the rules and their messages.
func TestChooseDatabaseKeepsWhatAnswers(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	listening := "host=127.0.0.1 port=" + strconv.Itoa(ln.Addr().(*net.TCPAddr).Port) + " dbname=practicum"
	down := "host=127.0.0.1 port=1 dbname=practicum"

	tests := []struct {
		name  string
		given bool
		url   string
	}{
		{"named and answering", true, listening},
		{"named and down", true, down},
		{"the default, answering", false, listening},
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	for _, tt := range tests {
		got, stop, err := chooseDatabase(tt.given, tt.url, log)
		if err != nil || got != tt.url {
			t.Errorf("%s: got %q, %v; want %q", tt.name, got, err, tt.url)
			continue
		}
		stop()
	}
}
