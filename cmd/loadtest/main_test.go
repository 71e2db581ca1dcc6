package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// TestSeqAndLog checks what faults.sh relies on: {seq} in the form is a
// different number for every request, and -log has one line per measured
// request naming that number and the status it got.
func TestSeqAndLog(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	received := map[string]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a := r.PostFormValue("answer")
		mu.Lock()
		received[a]++
		mu.Unlock()
		if strings.HasSuffix(a, "3") {
			http.Error(w, "busy", http.StatusServiceUnavailable)
			return
		}
		http.Redirect(w, r, "/", http.StatusSeeOther)
	}))
	defer srv.Close()

	logPath := filepath.Join(t.TempDir(), "requests.log")
	var out, errOut bytes.Buffer
	args := []string{"-url", srv.URL, "-method", "POST", "-form", "answer=ref{seq}", "-c", "3",
		"-n", "40", "-d", "1m", "-warmup", "0", "-log", logPath, "-json"}
	if err := run(args, &out, &errOut); err != nil {
		t.Fatalf("%v\n%s", err, errOut.String())
	}
	var res Result
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	if res.Requests != 40 {
		t.Errorf("measured %d requests, want 40", res.Requests)
	}

	b, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 40 {
		t.Fatalf("%d log lines, want 40", len(lines))
	}
	for _, line := range lines {
		f := strings.Fields(line)
		if len(f) != 4 {
			t.Fatalf("log line %q: want start, duration, status, seq", line)
		}
		status, seq := f[2], f[3]
		want := "303"
		if strings.HasSuffix(seq, "3") {
			want = "503"
		}
		if status != want {
			t.Errorf("log line %q: status %s, want %s", line, status, want)
		}
		if _, err := strconv.ParseInt(f[0], 10, 64); err != nil {
			t.Errorf("log line %q: start %q is not Unix milliseconds", line, f[0])
		}
		mu.Lock()
		n := received["ref"+seq]
		mu.Unlock()
		if n != 1 {
			t.Errorf("seq %s was sent %d times, want once", seq, n)
		}
	}
}
