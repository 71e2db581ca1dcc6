package web

import (
	"fmt"
	"net/http"
	"strconv"
	"time"
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
// processes.
func (s *Server) limitAnswers(perAccount, perAddress int) func(http.Handler) http.Handler {
	tooMany := &httpError{http.StatusTooManyRequests, "You're answering faster than anyone can read",
		fmt.Sprintf("Your answer was not saved: this account sent more than %d answers in the last minute. "+
			"Wait a minute, then go back and send it again.", perAccount)}
	byAccountLimit := s.limit("answers-account", perAccount, time.Minute, byAccount,
		s.handle(func(http.ResponseWriter, *http.Request) error { return tooMany }))
	tooManyHere := &httpError{http.StatusTooManyRequests, "Too many answers from your network",
		fmt.Sprintf("Your answer was not saved: more than %d answers were sent without an account from your network address "+
			"in the last minute. Wait a minute, then go back and send it again — or sign in: an account's answers are counted on their own.", perAddress)}
	byAddressLimit := s.limit("answers-address", perAddress, time.Minute, clientIP,
		s.handle(func(http.ResponseWriter, *http.Request) error { return tooManyHere }))
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

// byAccount keys a limit by the signed-in account.
func byAccount(r *http.Request) (string, error) {
	return strconv.FormatInt(accountOf(r).id, 10), nil
}
