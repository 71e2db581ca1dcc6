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

// limitAnswers limits answer posts per signed-in account, counted in
// Postgres (the rate_limits table) so the limit holds across processes.
// Anonymous visitors pass: their answers stay in their session, and
// limiting them by address is the session's business.
func (s *Server) limitAnswers(perMinute int) func(http.Handler) http.Handler {
	tooMany := &httpError{http.StatusTooManyRequests, "You're answering faster than anyone can read",
		fmt.Sprintf("Your answer was not saved: this account sent more than %d answers in the last minute. "+
			"Wait a minute, then go back and send it again.", perMinute)}
	limited := s.limit("answers-account", perMinute, time.Minute, byAccount,
		s.handle(func(http.ResponseWriter, *http.Request) error { return tooMany }))
	return func(next http.Handler) http.Handler {
		withLimit := limited(next)
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if s.signedInID(r) == 0 {
				next.ServeHTTP(w, r)
				return
			}
			withLimit.ServeHTTP(w, r)
		})
	}
}

// byAccount keys a limit by the signed-in account.
func byAccount(r *http.Request) (string, error) {
	return strconv.FormatInt(accountOf(r).id, 10), nil
}
