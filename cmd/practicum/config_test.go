package main

import (
	"context"
	"errors"
	"io"
	"net/netip"
	"slices"
	"strings"
	"testing"
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
