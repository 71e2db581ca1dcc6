package embedded

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	embeddedpostgres "github.com/fergusstrange/embedded-postgres"
)

// The private server's Postgres, pinned to one major version: its data
// directory is named after it, so a later major version starts a fresh
// one instead of failing on files it cannot read.
const (
	Major   = "18"
	version = embeddedpostgres.V18
	// Port is the private server's own, away from a system server's 5432,
	// so other commands (practicum user add, psql) can find it.
	Port     = 54329
	pgUser   = "practicum"
	database = "practicum"
)

// Paths are where the private server keeps its files.
type Paths struct {
	Data     string // the cluster: the user's data directory, kept
	Password string // its superuser's password, made at initdb
	Log      string // Postgres's own output
	Binaries string // bin/pg_ctl, lib/, share/
	Archive  string // the downloaded archive's directory (a cache)
	Runtime  string // scratch, emptied at every start
	// FromEnv: Binaries came from BinariesEnv, never downloaded into.
	FromEnv bool
	Port    uint32
}

// Locate finds the directories: data under $XDG_DATA_HOME (else
// ~/.local/share; the application-support directory on macOS and
// Windows), binaries under the user's cache directory, both in
// practicum/postgres-<major>.
func Locate() (Paths, error) {
	data, err := dataHome()
	if err != nil {
		return Paths{}, err
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		return Paths{}, fmt.Errorf("finding a cache directory for the Postgres binaries: %w", err)
	}
	dir := filepath.Join("practicum", "postgres-"+Major)
	data, cache = filepath.Join(data, dir), filepath.Join(cache, dir)
	p := Paths{
		Data: filepath.Join(data, "data"), Password: filepath.Join(data, "password"), Log: filepath.Join(data, "postgres.log"),
		Binaries: filepath.Join(cache, "binaries"), Archive: filepath.Join(cache, "archive"), Runtime: filepath.Join(cache, "runtime"),
		Port: Port,
	}
	if dir := os.Getenv(BinariesEnv); dir != "" {
		p.Binaries, p.FromEnv = dir, true
	}
	return p, nil
}

func dataHome() (string, error) {
	if d := os.Getenv("XDG_DATA_HOME"); filepath.IsAbs(d) {
		return d, nil
	}
	if runtime.GOOS == "darwin" || runtime.GOOS == "windows" {
		return os.UserConfigDir()
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("finding a data directory for the private Postgres: %w", err)
	}
	return filepath.Join(home, ".local", "share"), nil
}

// HaveBinaries reports whether starting needs no download: the binaries
// are unpacked, or their archive is cached.
func (p Paths) HaveBinaries() bool {
	if exists(filepath.Join(p.Binaries, "bin", "pg_ctl")) {
		return true
	}
	archives, _ := filepath.Glob(filepath.Join(p.Archive, "*-"+string(version)+".txz"))
	return len(archives) > 0
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// Server is a running private Postgres.
type Server struct {
	pg  *embeddedpostgres.EmbeddedPostgres
	log *os.File // the library copies Postgres's output here until Stop
	url string
}

// ErrFetch wraps a failure to download the binaries.
var ErrFetch = errors.New("downloading the Postgres binaries")

// StartServer starts the private server, making its cluster the first
// time, and returns once it accepts connections. A failure to download
// the binaries wraps ErrFetch.
func StartServer(p Paths) (*Server, error) {
	if p.FromEnv && !exists(filepath.Join(p.Binaries, "bin", "pg_ctl")) {
		return nil, fmt.Errorf("%s=%s holds no bin/pg_ctl: point it at the directory with bin/, lib/ and share/", BinariesEnv, p.Binaries)
	}
	for _, dir := range []string{filepath.Dir(p.Data), p.Archive} {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, err
		}
	}
	password, err := readOrMakePassword(p)
	if err != nil {
		return nil, err
	}
	stopLeftover(p)
	logFile, err := os.OpenFile(p.Log, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return nil, err
	}
	had := p.HaveBinaries()
	cfg := embeddedpostgres.DefaultConfig().Version(version).Port(p.Port).
		Username(pgUser).Password(password).Database(database).
		DataPath(p.Data).BinariesPath(p.Binaries).CachePath(p.Archive).RuntimePath(p.Runtime).
		Logger(logFile).StartTimeout(60 * time.Second).
		// Only this machine's programs, and over TCP alone: a socket in a
		// shared directory could meet a system server's.
		StartParameters(map[string]string{"listen_addresses": "localhost", "unix_socket_directories": ""})
	pg := embeddedpostgres.NewDatabase(cfg)
	if err := pg.Start(); err != nil {
		logFile.Close()
		if !had && !p.HaveBinaries() {
			return nil, fmt.Errorf("%w: %v", ErrFetch, err)
		}
		return nil, fmt.Errorf("starting the private Postgres (its log: %s): %w", p.Log, err)
	}
	return &Server{pg: pg, log: logFile, url: fmt.Sprintf("postgres://%s:%s@localhost:%d/%s?sslmode=disable", pgUser, password, p.Port, database)}, nil
}

// URL is the connection string of the private server's database.
func (s *Server) URL() string { return s.url }

// Stop shuts the server down, waiting for it to finish.
func (s *Server) Stop() error {
	err := s.pg.Stop()
	if cerr := s.log.Close(); err == nil {
		err = cerr
	}
	return err
}

// readOrMakePassword returns the superuser's password: made at random
// with a new cluster (anyone on the machine can reach localhost), kept
// beside it.
func readOrMakePassword(p Paths) (string, error) {
	b, err := os.ReadFile(p.Password)
	if err == nil {
		return strings.TrimSpace(string(b)), nil
	}
	if !errors.Is(err, os.ErrNotExist) {
		return "", err
	}
	if exists(filepath.Join(p.Data, "PG_VERSION")) {
		return "", fmt.Errorf("the private Postgres in %s has lost its password file %s: remove %s to start afresh (its data goes with it)",
			p.Data, p.Password, filepath.Dir(p.Data))
	}
	raw := make([]byte, 16)
	_, _ = rand.Read(raw)
	pw := hex.EncodeToString(raw)
	return pw, os.WriteFile(p.Password, []byte(pw+"\n"), 0o600)
}

// stopLeftover stops a server left running by a serve that did not stop
// it (killed, or the machine slept through it): its port would refuse
// the new one. Best effort; a failure shows when starting.
func stopLeftover(p Paths) {
	if !exists(filepath.Join(p.Data, "postmaster.pid")) || !exists(filepath.Join(p.Binaries, "bin", "pg_ctl")) {
		return
	}
	cmd := exec.Command(filepath.Join(p.Binaries, "bin", "pg_ctl"), "stop", "-m", "fast", "-w", "-D", p.Data)
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	_ = cmd.Run()
}

// npmPlatform is the npm package suffix holding this machine's build.
func npmPlatform() string {
	arch := runtime.GOARCH
	switch arch {
	case "amd64":
		arch = "x64"
	case "386":
		arch = "ia32"
	}
	return runtime.GOOS + "-" + arch
}
