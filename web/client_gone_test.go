package web_test

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/practicum-dev/practicum/web"
	"github.com/practicum-dev/practicum/web/auth"
)

// TestClientThatLeftIsNotAnError: a signed-in lesson page whose client
// closed the connection before the page was ready is recorded as 499 at
// info, not as a 500 with an error line: under load (wrk ending a run, a
// browser navigating away) those lines buried the real errors.
func TestClientThatLeftIsNotAnError(t *testing.T) {
	t.Parallel()
	logs := &logLines{}
	var deps web.Deps
	s := newSiteWith(t, func(d *web.Deps) {
		d.Log = slog.New(slog.NewJSONHandler(logs, nil))
		deps = *d
	})
	createAccount(t, s, "Lea", auth.Learner)
	lea := signedInAs(t, s, "lea@example.com")
	u, err := url.Parse(s.URL + lesson3)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req := httptest.NewRequest("GET", lesson3, nil).WithContext(ctx)
	for _, c := range lea.client.Jar.Cookies(u) {
		req.AddCookie(c)
	}
	rec := httptest.NewRecorder()
	deps.Registry = prometheus.NewRegistry() // a second handler over the same site
	web.New(deps).ServeHTTP(rec, req)

	if rec.Code != 499 {
		t.Errorf("status %d, want 499 (client closed the request)", rec.Code)
	}
	for _, msg := range []string{"request failed", "rendering failed"} {
		if lines := logs.find(t, msg); len(lines) != 0 {
			t.Errorf("%q logged for a client that left: %v", msg, lines)
		}
	}
	for _, l := range logs.find(t, "request") {
		if l["path"] == lesson3 && l["level"] == "ERROR" {
			t.Errorf("the request line is an error: %v", l)
		}
	}
}
