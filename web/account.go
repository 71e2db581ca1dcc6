package web

import (
	"cmp"
	"errors"
	"log/slog"
	"math"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5/middleware"
	"github.com/go-chi/httprate"

	"github.com/practicum-dev/practicum/web/auth"
	"github.com/practicum-dev/practicum/web/views"
)

// Sign-up is limited per address: each sign-up costs an argon2id hash
// (19 MiB, two passes), so one address may not ask for them without
// bound. The allowance lets a class signing up together behind one NAT
// address be slowed, not stopped. Sign-in is limited by failures instead
// (auth.SignInLimits).
const (
	signUpsPerIP       = 20
	signUpsPerIPWindow = time.Minute
)

// afterSignIn is where a new session goes when the form names no other
// local page.
const afterSignIn = views.DashboardURL

// maxAccountForm bounds the body of the account forms, which the rate
// limiter may read before the handler does; a few short fields never need
// more.
const maxAccountForm = 16 << 10

const msgBadCredentials = "Email or password is incorrect."

func (s *Server) signUpPage(w http.ResponseWriter, r *http.Request) error {
	next := s.localPath(r.URL.Query().Get("next"))
	if s.currentUser(r) != nil {
		http.Redirect(w, r, cmp.Or(next, afterSignIn), http.StatusSeeOther)
		return nil
	}
	return s.render(w, r, views.SignUp(views.Form{Next: next}))
}

func (s *Server) signUp(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(r); err != nil {
		return err
	}
	// Signed in, one has an account: a sign-up now (a stale tab, a
	// script) would make another and silently switch the session to it.
	if s.currentUser(r) != nil {
		http.Redirect(w, r, cmp.Or(s.localPath(r.PostFormValue("next")), afterSignIn), http.StatusSeeOther)
		return nil
	}
	name, email, password := r.PostFormValue("display_name"), r.PostFormValue("email"), r.PostFormValue("password")
	f := views.Form{
		Values: map[string]string{"display_name": name, "email": email},
		Errors: map[string]string{},
		Next:   s.localPath(r.PostFormValue("next")),
	}
	// Check every field before creating, so one round trip shows every
	// problem; Create checks them again.
	_, errName := auth.NormalizeDisplayName(name)
	_, errEmail := auth.NormalizeEmail(email)
	for _, err := range []error{errName, errEmail, auth.CheckPassword(password, name, email)} {
		addInputError(f.Errors, err)
	}
	if len(f.Errors) > 0 {
		return s.renderStatus(w, r, http.StatusUnprocessableEntity, views.SignUp(f))
	}
	u, err := s.users.Create(r.Context(), email, name, password, auth.Learner)
	switch {
	case errors.Is(err, auth.ErrEmailTaken):
		f.Errors["email"] = "An account with this email already exists. Sign in instead, or use another email."
		return s.renderStatus(w, r, http.StatusUnprocessableEntity, views.SignUp(f))
	case addInputError(f.Errors, err):
		return s.renderStatus(w, r, http.StatusUnprocessableEntity, views.SignUp(f))
	case err != nil:
		return err
	}
	s.log.InfoContext(r.Context(), "account created", "user_id", u.ID)
	if err := s.startSession(w, r, u); err != nil {
		return err
	}
	http.Redirect(w, r, cmp.Or(f.Next, afterSignIn), http.StatusSeeOther)
	return nil
}

func (s *Server) signInPage(w http.ResponseWriter, r *http.Request) error {
	next := s.localPath(r.URL.Query().Get("next"))
	if s.currentUser(r) != nil {
		http.Redirect(w, r, cmp.Or(next, afterSignIn), http.StatusSeeOther)
		return nil
	}
	f := views.Form{Next: next}
	switch {
	case r.URL.Query().Get("signedout") == "everywhere":
		f.Notice = "You are signed out on every device and browser."
	case r.URL.Query().Get("reset") == "done":
		f.Notice = "Your new password is set, and your account is signed out everywhere. Sign in with your new password."
	}
	return s.render(w, r, views.SignIn(f))
}

func (s *Server) signIn(w http.ResponseWriter, r *http.Request) error {
	if err := parseForm(r); err != nil {
		return err
	}
	email, password := r.PostFormValue("email"), r.PostFormValue("password")
	f := views.Form{
		Values: map[string]string{"email": email},
		Errors: map[string]string{},
		Next:   s.localPath(r.PostFormValue("next")),
	}
	// An empty field says nothing about any account, so it can be named.
	if strings.TrimSpace(email) == "" {
		f.Errors["email"] = "Enter your email address."
	}
	if password == "" {
		f.Errors["password"] = "Enter your password."
	}
	if len(f.Errors) > 0 {
		return s.renderStatus(w, r, http.StatusUnprocessableEntity, views.SignIn(f))
	}
	addr, _ := clientIP(r)
	attempt, wait, err := s.signInLimits.Begin(r.Context(), email, addr)
	if err != nil {
		return err
	}
	if wait > 0 {
		s.securityEvent(r, "sign-in delayed", append(s.namedAccount(r, email), slog.Duration("wait", wait))...)
		return s.tooManySignIns(w, r, f, wait)
	}
	u, err := s.users.Authenticate(r.Context(), email, password)
	if errors.Is(err, auth.ErrBadCredentials) {
		// The failure is already counted (Begin). Which account was
		// named goes to the log, not the page.
		s.securityEvent(r, "sign-in failed", s.namedAccount(r, email)...)
		f.Problem = msgBadCredentials
		return s.renderStatus(w, r, http.StatusUnprocessableEntity, views.SignIn(f))
	}
	if errors.Is(err, auth.ErrAccountDisabled) {
		// The password was right: its owner may know why they cannot
		// come in. The failure stays counted, so it is no free oracle.
		s.securityEvent(r, "sign-in refused: account disabled", s.namedAccount(r, email)...)
		f.Problem = "This account is disabled. Ask an administrator to enable it."
		return s.renderStatus(w, r, http.StatusForbidden, views.SignIn(f))
	}
	if err != nil {
		attempt.Abandon(r.Context())
		return err
	}
	if err := attempt.Succeeded(r.Context()); err != nil {
		return err
	}
	if err := s.startSession(w, r, u); err != nil {
		return err
	}
	s.log.InfoContext(r.Context(), "signed in", "user_id", u.ID)
	http.Redirect(w, r, cmp.Or(f.Next, afterSignIn), http.StatusSeeOther)
	return nil
}

// namedAccount says, for the log, which account a sign-in named: its id,
// or that it named none. The typed email itself is not logged: people
// type passwords into the wrong field.
func (s *Server) namedAccount(r *http.Request, email string) []slog.Attr {
	if u, err := s.users.ByEmail(r.Context(), email); err == nil {
		return []slog.Attr{slog.Int64("user_id", u.ID)}
	}
	return []slog.Attr{slog.Bool("no_such_account", true)}
}

func (s *Server) signOut(w http.ResponseWriter, r *http.Request) error {
	if err := s.endSession(w, r); err != nil {
		return err
	}
	http.Redirect(w, r, views.HomeURL, http.StatusSeeOther)
	return nil
}

// tooManySignIns answers a sign-in that must wait after earlier failures
// with the form again, the email kept, and how long to wait.
func (s *Server) tooManySignIns(w http.ResponseWriter, r *http.Request, f views.Form, wait time.Duration) error {
	secs := strconv.Itoa(int(math.Ceil(wait.Seconds())))
	f.Problem = "Too many failed sign-ins from your network. Try again in " + secs + " seconds."
	w.Header().Set("Retry-After", secs)
	w.Header().Set("Cache-Control", "no-store")
	return s.renderStatus(w, r, http.StatusTooManyRequests, views.SignIn(f))
}

func (s *Server) tooManySignUps(w http.ResponseWriter, r *http.Request) {
	f := views.Form{
		Values:  map[string]string{"display_name": r.PostFormValue("display_name"), "email": r.PostFormValue("email")},
		Problem: "Too many sign-up attempts from your network. Try again in " + retryAfter(w) + " seconds.",
		Next:    s.localPath(r.PostFormValue("next")),
	}
	w.Header().Set("Cache-Control", "no-store")
	_ = s.renderStatus(w, r, http.StatusTooManyRequests, views.SignUp(f))
}

func retryAfter(w http.ResponseWriter) string {
	return cmp.Or(w.Header().Get("Retry-After"), "60")
}

// limit is an httprate limiter whose counts live in Postgres, so that it
// holds across every server process. name keeps its counts apart from
// other limiters'.
func (s *Server) limit(name string, n int, window time.Duration, key httprate.KeyFunc, limited http.HandlerFunc) func(http.Handler) http.Handler {
	return httprate.LimitBy(n, window, key,
		httprate.WithLimitCounter(s.users.RateCounter(name)),
		httprate.WithLimitHandler(limited),
		// Without this, httprate answers a failed counter query with its
		// own plain-text page and the error's text.
		httprate.WithErrorHandler(s.renderError),
	)
}

// clientIP keys a limit by the visitor's address (clientAddress). IPv6
// addresses count by /64, which one client usually controls in full.
func clientIP(r *http.Request) (string, error) {
	return httprate.CanonicalizeIP(clientAddress(r)), nil
}

// clientAddress is the visitor's address: the one the client-address
// middleware resolved (from X-Forwarded-For only through trusted
// proxies), else the connection's.
func clientAddress(r *http.Request) string {
	if ip := middleware.GetClientIP(r.Context()); ip != "" {
		return ip
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// addInputError puts err's message beside its field and reports whether
// err was an *auth.InputError.
func addInputError(fields map[string]string, err error) bool {
	var ie *auth.InputError
	if !errors.As(err, &ie) {
		return false
	}
	if _, ok := fields[ie.Field]; !ok {
		fields[ie.Field] = ie.Msg
	}
	return true
}
