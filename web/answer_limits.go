package web

import (
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/practicum-dev/practicum/web/auth"
)

// defaultAnswersPerMinute bounds the answers (checkpoints and written
// answers) one account may post in a minute. Reading a question and
// choosing or writing an answer takes a person far longer than two
// seconds, while each written answer costs the scorer and the reviewers'
// queue; a script posting in a loop is stopped within a minute's worth.
const defaultAnswersPerMinute = 30

// defaultAnonymousAnswersPerMinute bounds the answers posted without an
// account from one address (an IPv6 /64) in a minute. Each can start a
// new visitor with up to progress.MaxAnonymousBytes kept until it
// expires, so this bounds what one address can make the database hold;
// it is twice an account's, because a classroom or an office shares one
// address.
const defaultAnonymousAnswersPerMinute = 60

// limitAnswers limits answer posts per signed-in account, and anonymous
// ones per client address (clientIP: through -trusted-proxies), each
// counted in Postgres (the rate_limits table) so the limit holds across
// processes. Anonymous refusals are remembered by the flood gate, which
// refuses the same visitors' next posts before their session is read.
func (s *Server) limitAnswers(perAccount, perAddress int, gate *floodGate) func(http.Handler) http.Handler {
	tooMany := &httpError{http.StatusTooManyRequests, "You're answering faster than anyone can read",
		fmt.Sprintf("Your answer was not saved: this account sent more than %d answers in the last minute. "+
			"Wait a minute, then go back and send it again.", perAccount)}
	byAccountLimit := s.limitEach(s.users.RateCounter("answers-account"), perAccount, time.Minute, byAccount,
		s.handle(func(http.ResponseWriter, *http.Request) error { return tooMany }))
	byAddressLimit := s.limitEach(gate.counter, perAddress, gate.window, clientIP,
		http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			gate.rememberAnonymous(r)
			gate.refuse(w, r)
		}))
	return func(next http.Handler) http.Handler {
		signedIn, anonymous := byAccountLimit(next), byAddressLimit(next)
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if s.signedInID(r) == 0 {
				anonymous.ServeHTTP(w, r)
				return
			}
			signedIn.ServeHTTP(w, r)
		})
	}
}

// limitEach is s.limit for a path every answer takes: each request is one
// statement on its own key's row (auth.RateCounter.Hit), under the
// request's deadline, and no request waits for another's. httprate's
// limiter, which s.limit uses, holds one mutex across its counter's two
// queries, so under a database hiccup every answer post of the server
// queued behind the slowest (TestPostgresOutage caught a 6 s wait).
func (s *Server) limitEach(counter *auth.RateCounter, n int, window time.Duration, key func(*http.Request) (string, error), limited http.Handler) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			k, err := key(r)
			if err != nil {
				s.renderError(w, r, err)
				return
			}
			ok, err := counter.Hit(r.Context(), k, n, window, time.Now())
			switch {
			case err != nil:
				s.renderError(w, r, err)
			case !ok:
				w.Header().Set("Retry-After", strconv.Itoa(int(window.Seconds())))
				limited.ServeHTTP(w, r)
			default:
				next.ServeHTTP(w, r)
			}
		})
	}
}

// byAccount keys a limit by the signed-in account.
func byAccount(r *http.Request) (string, error) {
	return strconv.FormatInt(accountOf(r).id, 10), nil
}
