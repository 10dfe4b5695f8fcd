// Package webhook will deliver outbox events to the endpoints people and
// management subscribe (docs/design.md, "Webhooks"). This file is its SSRF
// guard: the only way a webhook request reaches the network.
package webhook

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"

	"codna/internal/fault"
)

// Limits of a webhook request (docs/design.md, "Webhooks").
const (
	// Timeout bounds a whole request: connection, TLS, sending, headers.
	Timeout = 10 * time.Second
	// maxURLLen bounds an endpoint's URL.
	maxURLLen = 2048
)

// specialRanges are the addresses no webhook may reach unless the operator
// allows them (CODNA_WEBHOOK_ALLOW_CIDRS): "this network", CGNAT, loopback,
// link-local, private, IETF protocol assignments, documentation,
// benchmarking, reserved, broadcast, discard-only, ULA, and the IPv6
// prefixes that embed or translate IPv4 addresses (IPv4-mapped, NAT64,
// 6to4, Teredo), which could smuggle any of the above. Multicast and
// unspecified addresses fail IsGlobalUnicast.
var specialRanges = func() []netip.Prefix {
	var out []netip.Prefix
	for _, s := range []string{
		"0.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12",
		"192.0.0.0/24", "192.168.0.0/16", "198.18.0.0/15", "240.0.0.0/4", "255.255.255.255/32",
		"10.0.0.0/8", "192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24", "192.88.99.0/24",
		"::1/128", "2001:db8::/32", "100::/64", "fc00::/7", "fe80::/10", "::ffff:0:0/96", "64:ff9b::/96", "64:ff9b:1::/48",
		"2002::/16", "2001::/32",
	} {
		out = append(out, netip.MustParsePrefix(s))
	}
	return out
}()

// Resolver looks names up; *net.Resolver is one. Tests give their own, so
// that no test ever connects to what a name resolves to.
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// Guard decides which endpoints a webhook may reach and connects to them.
// The zero value refuses every special address, allows only https, and
// resolves with net.DefaultResolver.
type Guard struct {
	// Allow are ranges allowed although special (CODNA_WEBHOOK_ALLOW_CIDRS):
	// an address inside one is allowed whatever else it is.
	Allow []netip.Prefix
	// AllowHTTP allows http:// endpoints (CODNA_WEBHOOK_ALLOW_HTTP).
	AllowHTTP bool
	// Resolver, when set, replaces net.DefaultResolver.
	Resolver Resolver
	// Dial, when set, replaces a net.Dialer's DialContext for the
	// connection to the checked address (tests count connections).
	Dial func(ctx context.Context, network, addr string) (net.Conn, error)
}

// ErrRefused is wrapped by every refusal of an address: a webhook request
// failing with it never left the process.
var ErrRefused = errors.New("webhook: endpoint refused")

// CheckURL validates an endpoint's URL as given by a subscriber: absolute,
// https (or http when AllowHTTP), a host, no user information, a valid port,
// at most 2,048 bytes. A literal IP address must itself be allowed; a name
// is checked again at every send (Dial), since what it resolves to can
// change. Errors: BAD_USER_INPUT on field "url" saying what is wrong.
func (g *Guard) CheckURL(raw string) (*url.URL, error) {
	bad := func(why string) (*url.URL, error) { return nil, fault.Input("url", "%s", why) }
	if raw == "" || len(raw) > maxURLLen {
		return bad(fmt.Sprintf("The endpoint must be a URL of 1 to %d bytes.", maxURLLen))
	}
	u, err := url.Parse(raw)
	if err != nil || !u.IsAbs() || u.Opaque != "" {
		return bad("The endpoint must be an absolute URL, like https://example.com/hook.")
	}
	switch u.Scheme {
	case "https":
	case "http":
		if !g.AllowHTTP {
			return bad("The endpoint must use https.")
		}
	default:
		return bad("The endpoint must use https.")
	}
	if u.User != nil {
		return bad("The endpoint may not carry a user name or password; put a secret in its path or verify our signature instead.")
	}
	host := u.Hostname()
	if host == "" {
		return bad("The endpoint has no host.")
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return bad("The endpoint's port must be 1 to 65535.")
		}
	}
	if a, err := netip.ParseAddr(host); err == nil {
		if !g.Allowed(a) {
			return bad(fmt.Sprintf("The endpoint's address %s is private or special; webhooks go to public addresses only.", a))
		}
	}
	return u, nil
}

// Allowed reports whether a webhook may connect to a: inside an Allow
// range, or — after unmapping an IPv4-mapped address — a global unicast
// address in none of the special ranges. A zoned address is never allowed.
func (g *Guard) Allowed(a netip.Addr) bool {
	if !a.IsValid() || a.Zone() != "" {
		return false
	}
	a = a.Unmap()
	for _, p := range g.Allow {
		if p.Contains(a) {
			return true
		}
	}
	if !a.IsGlobalUnicast() {
		return false
	}
	for _, p := range specialRanges {
		if p.Contains(a) {
			return false
		}
	}
	return true
}

// DialContext resolves addr's host once, refuses it when any of its
// addresses is not Allowed (a name that also resolves to a private address
// is refused whole: the next lookup could pick that one), and connects to
// a checked address — never looking the name up again, so a rebinding
// name cannot swap the address between check and connection. Errors wrap
// ErrRefused for a refusal, and are the resolver's or the dialer's
// otherwise.
func (g *Guard) DialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrRefused, err)
	}
	var addrs []netip.Addr
	if a, err := netip.ParseAddr(host); err == nil {
		addrs = []netip.Addr{a}
	} else {
		r := g.Resolver
		if r == nil {
			r = net.DefaultResolver
		}
		addrs, err = r.LookupNetIP(ctx, "ip", host)
		if err != nil {
			return nil, fmt.Errorf("webhook: resolve %s: %w", host, err)
		}
		if len(addrs) == 0 {
			return nil, fmt.Errorf("webhook: %s resolves to no address", host)
		}
	}
	for _, a := range addrs {
		if !g.Allowed(a) {
			return nil, fmt.Errorf("%w: %s resolves to %s, a private or special address", ErrRefused, host, a)
		}
	}
	dial := g.Dial
	if dial == nil {
		d := &net.Dialer{Timeout: Timeout}
		dial = d.DialContext
	}
	var last error
	for _, a := range addrs {
		c, err := dial(ctx, network, net.JoinHostPort(a.Unmap().String(), port))
		if err == nil {
			return c, nil
		}
		last = err
	}
	return nil, last
}

// Client is the HTTP client of webhook requests: every connection through
// DialContext, no proxy (a proxy would connect where it likes), no
// redirect followed (a redirect answers as itself), Timeout for the
// request and a bounded TLS handshake. Response bodies are the caller's to
// read within its own cap.
func (g *Guard) Client() *http.Client {
	return &http.Client{
		Timeout: Timeout,
		Transport: &http.Transport{
			Proxy:                 nil,
			DialContext:           g.DialContext,
			TLSHandshakeTimeout:   Timeout,
			ResponseHeaderTimeout: Timeout,
			MaxIdleConnsPerHost:   2,
			IdleConnTimeout:       90 * time.Second,
			ForceAttemptHTTP2:     true,
		},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// ParseAllow parses CODNA_WEBHOOK_ALLOW_CIDRS: comma-separated CIDR
// prefixes or single addresses, spaces ignored (IPv4 ranges are written as
// IPv4: addresses are compared unmapped). Errors name the entry.
func ParseAllow(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil || a.Zone() != "" {
			return nil, fmt.Errorf("%q is neither a CIDR prefix nor an address", f)
		}
		a = a.Unmap() // Allowed compares unmapped addresses
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}
