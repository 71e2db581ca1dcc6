package web_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/practicum-dev/practicum/lessons/catalog"
	"github.com/practicum-dev/practicum/web"
)

func TestMetricsByRoutePattern(t *testing.T) {
	t.Parallel()
	s := newSite(t)
	// Two lessons, one route pattern: counted by status as each was
	// answered (a machine under heavy load may time one out). Served
	// in-process, so that the middleware has counted each request before
	// /metrics is read: over HTTP the client can hold the whole response
	// before the handler's deferred count runs.
	byStatus := map[int]int{}
	for _, path := range []string{"/courses/serving-incidents/work-a-serving-incident", "/courses/serving-incidents/read-the-request-timeline"} {
		rec := httptest.NewRecorder()
		s.Config.Handler.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		byStatus[rec.Code]++
	}
	rec := httptest.NewRecorder()
	promhttp.HandlerFor(s.registry, promhttp.HandlerOpts{}).ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	body := rec.Body.String()
	var counts []string
	for status, n := range byStatus {
		counts = append(counts, fmt.Sprintf(`practicum_http_requests_total{method="GET",route="/courses/{course}/{lesson}",status="%d"} %d`, status, n))
	}
	for _, want := range append(counts,
		`practicum_http_request_duration_seconds_bucket{route="/courses/{course}/{lesson}"`,
		`practicum_db_pool_connections{state="idle"}`,
	) {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
}

// TestHealthWithoutDatabase points the pool at a port nothing listens on:
// liveness must not care; readiness and pages must say the database is
// unavailable, quickly.
func TestHealthWithoutDatabase(t *testing.T) {
	t.Parallel()
	pool, err := pgxpool.New(t.Context(), "host=127.0.0.1 port=1 dbname=none connect_timeout=2")
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	h := web.New(siteDeps(pool, catalog.New(pool)))
	srv := httptest.NewServer(h)
	defer srv.Close()

	tests := []struct {
		path string
		want int
	}{
		{"/healthz", http.StatusOK},
		{"/readyz", http.StatusServiceUnavailable},
		{"/courses/serving-incidents", http.StatusServiceUnavailable},
	}
	for _, tt := range tests {
		resp, err := srv.Client().Get(srv.URL + tt.path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tt.want {
			t.Errorf("GET %s with the database gone: %d, want %d", tt.path, resp.StatusCode, tt.want)
		}
	}
}
