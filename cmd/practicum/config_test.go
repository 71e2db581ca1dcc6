package main

import (
	"context"
	"errors"
	"io"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestParseCIDRs(t *testing.T) {
	t.Parallel()
	got, err := parseCIDRs(" 10.0.0.0/8, 192.0.2.7 ,2001:db8::/32,::ffff:198.51.100.1,,172.16.5.4/12")
	if err != nil {
		t.Fatal(err)
	}
	want := []netip.Prefix{
		netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("192.0.2.7/32"),
		netip.MustParsePrefix("2001:db8::/32"), netip.MustParsePrefix("198.51.100.1/32"),
		netip.MustParsePrefix("172.16.0.0/12"),
	}
	if !slices.Equal(got, want) {
		t.Errorf("parseCIDRs = %v, want %v", got, want)
	}
	if got, err := parseCIDRs(""); err != nil || len(got) != 0 {
		t.Errorf(`parseCIDRs("") = %v, %v; want none`, got, err)
	}
}

// TestServeRefusesBadTrustedProxies: a typo in -trusted-proxies stops the
// server before it listens, rather than trusting nobody (or everybody).
func TestServeRefusesBadTrustedProxies(t *testing.T) {
	t.Parallel()
	for _, bad := range []string{"10.0.0.0/33", "proxy.internal", "10.0.0.0/8,nonsense"} {
		err := run(context.Background(), []string{"serve", "-trusted-proxies", bad}, strings.NewReader(""), io.Discard, io.Discard)
		var usage usageError
		if !errors.As(err, &usage) || !strings.Contains(err.Error(), "trusted proxies") {
			t.Errorf("-trusted-proxies %q: %v, want a usage error about trusted proxies", bad, err)
		}
	}
}

// TestServeRefusesBadCacheFlags: a mistyped invalidation mode or poll
// interval stops the server before it listens.
func TestServeRefusesBadCacheFlags(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-cache-invalidation", "listen"}, "cache invalidation"},
		{[]string{"-cache-invalidation", "poll", "-cache-poll", "0s"}, "cache poll"},
	} {
		err := run(context.Background(), append([]string{"serve"}, c.args...), strings.NewReader(""), io.Discard, io.Discard)
		var usage usageError
		if !errors.As(err, &usage) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want a usage error about %s", c.args, err, c.want)
		}
	}
}

// TestServeRefusesBadJobFlags: job settings River would refuse, or that
// would rescue jobs still running, stop the server before it listens.
func TestServeRefusesBadJobFlags(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"-job-workers", "-1"},
		{"-job-timeout", "0s"},
		{"-job-timeout", "5m", "-job-rescue-after", "1m"},
	} {
		err := run(context.Background(), append([]string{"serve"}, args...), strings.NewReader(""), io.Discard, io.Discard)
		var usage usageError
		if !errors.As(err, &usage) || !strings.Contains(err.Error(), "job workers") {
			t.Errorf("%v: %v, want a usage error about the job settings", args, err)
		}
	}
}

// TestServeRefusesBadSessionTimes: session limits that would sign people
// out at once, or never before the idle timeout, stop the server before
// it listens.
func TestServeRefusesBadSessionTimes(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"-session-idle-timeout", "10s"},
		{"-session-idle-timeout", "2h", "-session-lifetime", "1h"},
		{"-session-lifetime", "soon"},
		{"-anonymous-idle-timeout", "10s"},
		{"-anonymous-idle-timeout", "2h", "-anonymous-lifetime", "1h"},
		{"-anonymous-lifetime", "soon"},
		{"-anonymous-answers-per-minute", "0"},
	} {
		err := run(context.Background(), append([]string{"serve"}, args...), strings.NewReader(""), io.Discard, io.Discard)
		var usage usageError
		if !errors.As(err, &usage) {
			t.Errorf("%q: %v, want a usage error", args, err)
		}
	}
}

// TestDurationFlagReadsTheEnvironment: the variable sets the default, a
// flag overrides it, and a malformed value is a usage error naming it.
//
//pgtest:serial sets environment variables, which t.Setenv forbids in parallel tests
func TestDurationFlagReadsTheEnvironment(t *testing.T) {
	for _, tc := range []struct {
		env, flag string
		want      time.Duration
		wantErr   bool
	}{
		{env: "", want: 30 * time.Minute},
		{env: "45m", want: 45 * time.Minute},
		{env: "45m", flag: "2h", want: 2 * time.Hour},
		{env: "half an hour", wantErr: true},
	} {
		t.Setenv("SESSION_IDLE_TIMEOUT", tc.env)
		fs := newFlagSet("serve", io.Discard)
		d, err := durationFlag(fs, "session-idle-timeout", "SESSION_IDLE_TIMEOUT", 30*time.Minute, "idle")
		if tc.wantErr {
			if err == nil || !strings.Contains(err.Error(), "SESSION_IDLE_TIMEOUT") {
				t.Errorf("env %q: err %v, want one naming the variable", tc.env, err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		var args []string
		if tc.flag != "" {
			args = []string{"-session-idle-timeout", tc.flag}
		}
		if err := fs.Parse(args); err != nil {
			t.Fatal(err)
		}
		if *d != tc.want {
			t.Errorf("env %q, flag %q: %v, want %v", tc.env, tc.flag, *d, tc.want)
		}
	}
}
