package postgres

import (
	"context"
	"errors"
	"io"
	"net"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
)

// Unavailable reports whether err means the database could not be reached
// or went away under a query, so the request may succeed if tried again
// shortly (the web layer answers 503): a failed connect, the request's
// deadline, a dropped connection, or the server shutting down.
func Unavailable(err error) bool {
	var pgErr *pgconn.PgError
	var connErr *pgconn.ConnectError
	switch {
	case errors.As(err, &connErr), errors.Is(err, context.DeadlineExceeded), pgconn.SafeToRetry(err), lostConnection(err):
		return true
	case errors.As(err, &pgErr) && unavailableCode(pgErr.Code):
		return true
	}
	return false
}

// lostConnection is a database connection that broke under a query: the
// server restarted or crashed, or the network dropped it. Stores make no
// other network calls.
func lostConnection(err error) bool {
	var netErr net.Error
	return errors.As(err, &netErr) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
}

// unavailableCode is an SQLSTATE that means the server is going away or
// not yet back: connection exceptions (class 08), admin_shutdown,
// crash_shutdown and cannot_connect_now.
func unavailableCode(code string) bool {
	return strings.HasPrefix(code, "08") || code == "57P01" || code == "57P02" || code == "57P03"
}
