package webhook

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/fault"
)

// names is a test resolver: every name maps to the addresses given, and
// each lookup is counted. No test resolves through the network.
type names struct {
	m     map[string][]netip.Addr
	calls atomic.Int32
	// next, when set, replaces the answer after the first lookup (a name
	// rebinding between check and connection).
	next []netip.Addr
}

func (r *names) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	if r.calls.Add(1) > 1 && r.next != nil {
		return r.next, nil
	}
	a, ok := r.m[host]
	if !ok {
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	return a, nil
}

func addrs(ss ...string) []netip.Addr {
	var out []netip.Addr
	for _, s := range ss {
		out = append(out, netip.MustParseAddr(s))
	}
	return out
}

// noDial fails the test if the guard tries to connect anywhere.
func noDial(t *testing.T) func(context.Context, string, string) (net.Conn, error) {
	return func(_ context.Context, _, addr string) (net.Conn, error) {
		t.Errorf("the guard connected to %s", addr)
		return nil, errors.New("no connection in this test")
	}
}

// Every special-purpose range is refused when a name resolves into it, and
// the guard never opens a connection to it.
func TestGuardRefusesEverySpecialRange(t *testing.T) {
	t.Parallel()
	var inside []string
	for _, p := range specialRanges {
		inside = append(inside, p.Addr().String())
		if n := p.Addr().Next(); n.IsValid() && p.Contains(n) {
			inside = append(inside, n.String())
		}
	}
	// Multicast, unspecified and broadcast, which the list leaves to IsGlobalUnicast.
	inside = append(inside, "224.0.0.1", "239.255.255.250", "0.0.0.0", "::", "ff02::1", "ff0e::1",
		"10.1.2.3", "172.31.255.254", "192.168.1.1", "127.0.0.1", "169.254.169.254", "::ffff:127.0.0.1",
		"::ffff:10.0.0.1", "fd00::1", "fe80::1", "100.100.100.100", "198.19.0.1", "64:ff9b::a00:1")
	for _, ip := range inside {
		t.Run(ip, func(t *testing.T) {
			t.Parallel()
			r := &names{m: map[string][]netip.Addr{"hook.example": addrs(ip)}}
			g := &Guard{Resolver: r, Dial: noDial(t)}
			_, err := g.DialContext(context.Background(), "tcp", "hook.example:443")
			require.ErrorIs(t, err, ErrRefused)
			require.False(t, g.Allowed(netip.MustParseAddr(ip)))
		})
	}
}

// A name that resolves to a public and a private address is refused whole:
// another lookup could pick the private one.
func TestGuardRefusesANameWithAnyPrivateAddress(t *testing.T) {
	t.Parallel()
	r := &names{m: map[string][]netip.Addr{"mixed.example": addrs("93.184.216.34", "10.0.0.5")}}
	g := &Guard{Resolver: r, Dial: noDial(t)}
	_, err := g.DialContext(context.Background(), "tcp", "mixed.example:443")
	require.ErrorIs(t, err, ErrRefused)
}

// A public address passes the check and is what the guard dials (here a
// dialer that records it and connects nowhere).
func TestGuardDialsTheCheckedPublicAddress(t *testing.T) {
	t.Parallel()
	r := &names{m: map[string][]netip.Addr{"hook.example": addrs("93.184.216.34", "2606:2800:220:1::1")}}
	var dialed []string
	g := &Guard{Resolver: r, Dial: func(_ context.Context, _, addr string) (net.Conn, error) {
		dialed = append(dialed, addr)
		return nil, errors.New("recorded, not connected")
	}}
	_, err := g.DialContext(context.Background(), "tcp", "hook.example:8443")
	require.Error(t, err)
	require.NotErrorIs(t, err, ErrRefused)
	require.Equal(t, []string{"93.184.216.34:8443", "[2606:2800:220:1::1]:8443"}, dialed)
	require.True(t, g.Allowed(netip.MustParseAddr("::ffff:93.184.216.34")), "an IPv4-mapped public address is its IPv4 address")
}

// Endpoint URLs are checked when subscribing: scheme, user information,
// port, length, and literal addresses.
func TestGuardChecksURLs(t *testing.T) {
	t.Parallel()
	g := &Guard{}
	for _, raw := range []string{
		"", "hook.example/x", "ftp://hook.example/", "http://hook.example/", "https://user:pw@hook.example/",
		"https://hook.example:0/", "https://hook.example:70000/", "https:///path", "mailto:a@b.c",
		"https://127.0.0.1/", "https://[::1]/", "https://[::ffff:10.0.0.1]/", "https://169.254.169.254/latest",
		"https://[fe80::1%25eth0]/", "https://0.0.0.0/", "https://example.com/" + string(make([]byte, 2100)),
	} {
		_, err := g.CheckURL(raw)
		require.Error(t, err, raw)
		fe := fault.As(err)
		require.NotNil(t, fe, raw)
		require.Equal(t, fault.BadInput, fe.Code, raw)
	}
	for _, raw := range []string{"https://hook.example/x?y=1", "https://93.184.216.34:8443/", "https://[2606:2800:220:1::1]/"} {
		u, err := g.CheckURL(raw)
		require.NoError(t, err, raw)
		require.Equal(t, "https", u.Scheme)
	}
	_, err := (&Guard{AllowHTTP: true}).CheckURL("http://hook.example/")
	require.NoError(t, err)
}

// With 127.0.0.1 allowed (as tests and local setups do), a request by name
// reaches the local receiver; the name is looked up once per connection,
// so a name that rebinds after the check still connects where it was
// checked; redirects are answered as themselves; no proxy is used.
func TestGuardClientReachesAnAllowedReceiver(t *testing.T) {
	t.Parallel()
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		if r.URL.Path == "/moved" {
			http.Redirect(w, r, "http://10.0.0.1/", http.StatusFound)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(srv.Close)
	u, err := url.Parse(srv.URL)
	require.NoError(t, err)
	allow, err := ParseAllow(" 127.0.0.1 , ::1/128")
	require.NoError(t, err)
	r := &names{m: map[string][]netip.Addr{"receiver.test": addrs("127.0.0.1")}, next: addrs("10.0.0.1")}
	g := &Guard{Allow: allow, AllowHTTP: true, Resolver: r}
	c := g.Client()
	require.Nil(t, c.Transport.(*http.Transport).Proxy, "no proxy: it would connect where it likes")

	resp, err := c.Get("http://receiver.test:" + u.Port() + "/hook")
	require.NoError(t, err)
	require.NoError(t, resp.Body.Close())
	require.Equal(t, http.StatusNoContent, resp.StatusCode)

	resp, err = c.Get("http://receiver.test:" + u.Port() + "/moved")
	require.NoError(t, err)
	require.NoError(t, resp.Body.Close())
	require.Equal(t, http.StatusFound, resp.StatusCode, "the redirect is the answer, not followed")
	require.EqualValues(t, 2, hits.Load())
	require.EqualValues(t, 1, r.calls.Load(), "one lookup: the kept-alive connection went where it was checked")

	// A fresh guard on the rebinding resolver, now answering 10.0.0.1: refused.
	g2 := &Guard{Allow: allow, AllowHTTP: true, Resolver: &names{m: map[string][]netip.Addr{"receiver.test": addrs("10.0.0.1")}}, Dial: noDial(t)}
	_, err = g2.Client().Get("http://receiver.test:" + u.Port() + "/hook")
	require.ErrorIs(t, err, ErrRefused)
}

func TestParseAllow(t *testing.T) {
	t.Parallel()
	p, err := ParseAllow("10.0.0.0/8, 192.168.1.7, ::ffff:127.0.0.1,,")
	require.NoError(t, err)
	require.Equal(t, []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("192.168.1.7/32"), netip.MustParsePrefix("127.0.0.1/32")}, p)
	_, err = ParseAllow("10.0.0.0/33")
	require.Error(t, err)
	_, err = ParseAllow("example.com")
	require.Error(t, err)
	g := &Guard{Allow: p}
	require.True(t, g.Allowed(netip.MustParseAddr("10.9.9.9")))
	require.True(t, g.Allowed(netip.MustParseAddr("::ffff:127.0.0.1")))
	require.False(t, g.Allowed(netip.MustParseAddr("127.0.0.2")))
}
