package main

import (
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
)

// TestMetricsListener: -metrics-addr serves the registry at /metrics on a
// listener of its own; without it there is none.
func TestMetricsListener(t *testing.T) {
	t.Parallel()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	reg := prometheus.NewRegistry()
	c := prometheus.NewCounter(prometheus.CounterOpts{Name: "practicum_test_total", Help: "a test counter"})
	reg.MustRegister(c)
	c.Inc()

	m, err := serveMetrics("127.0.0.1:0", reg, log)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	resp, err := http.Get("http://" + m.Addr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), "practicum_test_total 1") {
		t.Errorf("GET /metrics: %d %q", resp.StatusCode, body)
	}
	if resp, err := http.Get("http://" + m.Addr + "/"); err != nil || resp.StatusCode != http.StatusNotFound {
		t.Errorf("GET / on the metrics listener: %v %v, want 404", resp, err)
	} else {
		resp.Body.Close()
	}

	none, err := serveMetrics("", reg, log)
	if err != nil || none != nil {
		t.Errorf("no address: %v, %v; want no listener", none, err)
	}
	none.Close() // a nil server closes quietly
}
