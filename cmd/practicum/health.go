package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// runHealth asks a running serve whether it is ready, for container
// healthchecks: the image has no shell or curl, only this binary.
func runHealth(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("health", stderr)
	url := fs.String("url", readyURL(envOr("ADDR", ":8080")), "address to ask; exit 0 when it answers 200 (default: /readyz on ADDR)")
	timeout := fs.Duration("timeout", 3*time.Second, "how long to wait for the answer")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := refuseArguments(fs); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, *url, nil)
	if err != nil {
		return usageError{fmt.Sprintf("url %q: %v", *url, err)}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("not healthy: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("not healthy: %s answered %s", *url, resp.Status)
	}
	fmt.Fprintln(stdout, "ok")
	return nil
}

// readyURL is /readyz on the address serve listens on; a listen address
// without a host (":8080", all interfaces) is asked on loopback.
func readyURL(addr string) string {
	if strings.HasPrefix(addr, ":") {
		addr = "127.0.0.1" + addr
	}
	return "http://" + addr + "/readyz"
}
