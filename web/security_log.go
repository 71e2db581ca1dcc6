package web

import (
	"log/slog"
	"net/http"
	"net/netip"

	"github.com/go-chi/chi/v5/middleware"
)

// clientAddressFrom is the middleware that decides the visitor's address
// for logs and limits. Behind trusted proxies it is the rightmost address
// in X-Forwarded-For that is not one of theirs, and only when the
// connection itself comes from one of them: anyone else could write any
// address there. Without trusted proxies the connection's address is the
// visitor's, and X-Forwarded-For is ignored.
func clientAddressFrom(trusted []netip.Prefix) func(http.Handler) http.Handler {
	if len(trusted) == 0 {
		return middleware.ClientIPFromRemoteAddr
	}
	cidrs := make([]string, len(trusted))
	for i, p := range trusted {
		cidrs[i] = p.String()
	}
	return middleware.ClientIPFromXFF(cidrs...)
}

// securityEvent logs something an operator watching for abuse looks for
// (a failed or delayed sign-in, a denied request, a change of role or
// password) at warn, with the visitor's address, the signed-in account
// if any (session_user_id) and the request id, so that one line can be
// traced to its request and its client. attrs say what happened and to
// which account (user_id).
func (s *Server) securityEvent(r *http.Request, msg string, attrs ...slog.Attr) {
	all := append([]slog.Attr{
		slog.Bool("security", true),
		slog.String("client", clientAddress(r)),
		slog.String("request_id", middleware.GetReqID(r.Context())),
	}, attrs...)
	if id := s.signedInID(r); id != 0 {
		all = append(all, slog.Int64("session_user_id", id))
	}
	s.log.LogAttrs(r.Context(), slog.LevelWarn, msg, all...)
}
