package main

import (
	"errors"
	"flag"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/practicum-dev/practicum/migrations/postgres/embedded"
)

// urlGiven reports whether the operator named a database: the flag on the
// command line or DATABASE_URL in the environment.
func urlGiven(fs *flag.FlagSet) bool {
	given := os.Getenv("DATABASE_URL") != ""
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "database-url" })
	return given
}

// chooseDatabase is the database serve uses: the one the operator named,
// else a local server that answers, else a private Postgres started for
// this process (embedded.Decide has the rules). stop ends what was
// started, after the pool is closed.
func chooseDatabase(given bool, dbURL string, log *slog.Logger) (url string, stop func(), err error) {
	s := embedded.Situation{URLGiven: given}
	if !given {
		s.Reachable = embedded.Reachable(dbURL)
	}
	var paths embedded.Paths
	if !s.URLGiven && !s.Reachable {
		s.Root = os.Geteuid() == 0
		if paths, err = embedded.Locate(); err != nil {
			return "", nil, err
		}
		s.Binaries = paths.HaveBinaries()
	}
	for {
		plan := embedded.Decide(s)
		switch plan.Action {
		case embedded.UseGiven, embedded.UseLocal:
			return dbURL, func() {}, nil
		case embedded.Refuse:
			return "", nil, errors.New(plan.Message)
		case embedded.FetchAndStart:
			// embedded-postgres downloads with http.Get, which never gives
			// up on a network that drops packets; serve makes no other
			// use of the default client.
			if http.DefaultClient.Timeout == 0 {
				http.DefaultClient.Timeout = 5 * time.Minute
			}
			log.Info("no Postgres server answers here: downloading Postgres "+embedded.Major+
				" for a private one (once, about 25 MB)", "to", paths.Archive)
		}
		srv, err := embedded.StartServer(paths)
		if errors.Is(err, embedded.ErrFetch) {
			s.FetchFailed = err
			continue // Decide says what to do instead
		}
		if err != nil {
			return "", nil, err
		}
		log.Info("no Postgres server answers here: started a private Postgres "+embedded.Major+" for Practicum; "+
			"it stops with the server (set DATABASE_URL to use another)",
			"port", paths.Port, "data", paths.Data, "log", paths.Log)
		log.Info("other practicum commands reach it while it runs with this DATABASE_URL", "DATABASE_URL", srv.URL())
		return srv.URL(), func() {
			if err := srv.Stop(); err != nil {
				log.Error("stopping the private Postgres", "err", err)
				return
			}
			log.Info("stopped the private Postgres")
		}, nil
	}
}
