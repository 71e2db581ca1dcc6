package embedded

import (
	"net"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// Reachable reports whether anything listens where connString (with
// libpq's defaults and PG* variables) would connect: a Unix socket or a
// TCP port that accepts. It does not log in: a server that answers but
// refuses the login is still the operator's server, and its error is
// more useful than a private one started behind their back.
func Reachable(connString string) bool {
	cfg, err := pgconn.ParseConfig(connString)
	if err != nil {
		return false
	}
	targets := []struct {
		host string
		port uint16
	}{{cfg.Host, cfg.Port}}
	for _, f := range cfg.Fallbacks {
		targets = append(targets, struct {
			host string
			port uint16
		}{f.Host, f.Port})
	}
	for _, t := range targets {
		network, addr := "tcp", net.JoinHostPort(t.host, strconv.Itoa(int(t.port)))
		if strings.HasPrefix(t.host, "/") {
			network, addr = "unix", filepath.Join(t.host, ".s.PGSQL."+strconv.Itoa(int(t.port)))
		}
		c, err := net.DialTimeout(network, addr, time.Second)
		if err == nil {
			c.Close()
			return true
		}
	}
	return false
}
