package webhook

import (
	"net/netip"
	"time"
)

// Config configures people's webhooks: the guard's settings and the
// sender's pace. The zero value is what `codna serve` runs without the two
// settings: https only, no special address allowed.
type Config struct {
	// Allow are the special ranges endpoints may reach anyway
	// (CODNA_WEBHOOK_ALLOW_CIDRS, ParseAllow).
	Allow []netip.Prefix
	// AllowHTTP allows http:// endpoints (CODNA_WEBHOOK_ALLOW_HTTP).
	AllowHTTP bool
	// Resolver, when set, replaces net.DefaultResolver (tests).
	Resolver Resolver
	// RequestTimeout bounds one request; 0 is Timeout (10 s). Tests
	// shorten it.
	RequestTimeout time.Duration
	// MaxAge is how long after its event a delivery may still be sent; 0
	// is 72 h.
	MaxAge time.Duration
	// MaxBackoff caps the wait between two attempts; 0 is an hour. Tests
	// shorten it; the first wait is MaxBackoff/360 (10 s of an hour).
	MaxBackoff time.Duration
	// FailingPause is how long a subscription's attempts may keep failing
	// without a success before it is paused; 0 is 24 h. Tests shorten it.
	FailingPause time.Duration
	// Poll is how often an idle sender looks for deliveries queued by
	// another replica; 0 is a second.
	Poll time.Duration
	// Lease is how long a claimed delivery is kept from other senders;
	// 0 is a minute (more than a request's timeout).
	Lease time.Duration
	// Concurrency is how many requests a sender has in flight at once;
	// 0 is 16.
	Concurrency int
	// OwnerConcurrency is how many of a sender's requests in flight may be
	// to one owner's webhooks (a person's, or management's); 0 is 4, and
	// at most Concurrency. One person's slow or hung endpoints thus leave
	// the other slots to everyone else (docs/design.md, "Webhooks").
	OwnerConcurrency int
	// UnansweredConcurrency is how many of a sender's requests in flight
	// may be to subscriptions whose last attempt got no answer (it timed
	// out or could not connect); 0 is a quarter of Concurrency (4 of 16),
	// at least 1 and at most Concurrency.
	UnansweredConcurrency int
}

func (c Config) withDefaults() Config {
	if c.RequestTimeout <= 0 {
		c.RequestTimeout = Timeout
	}
	if c.MaxAge <= 0 {
		c.MaxAge = 72 * time.Hour
	}
	if c.MaxBackoff <= 0 {
		c.MaxBackoff = time.Hour
	}
	if c.FailingPause <= 0 {
		c.FailingPause = 24 * time.Hour
	}
	if c.Poll <= 0 {
		c.Poll = time.Second
	}
	if c.Lease <= 0 {
		c.Lease = time.Minute
	}
	if c.Lease < 3*c.RequestTimeout {
		c.Lease = 3 * c.RequestTimeout
	}
	if c.Concurrency <= 0 {
		c.Concurrency = 16
	}
	if c.OwnerConcurrency <= 0 {
		c.OwnerConcurrency = 4
	}
	c.OwnerConcurrency = min(c.OwnerConcurrency, c.Concurrency)
	if c.UnansweredConcurrency <= 0 {
		c.UnansweredConcurrency = max(c.Concurrency/4, 1)
	}
	c.UnansweredConcurrency = min(c.UnansweredConcurrency, c.Concurrency)
	return c
}

// guard is the Guard of c.
func (c Config) guard() *Guard {
	return &Guard{Allow: c.Allow, AllowHTTP: c.AllowHTTP, Resolver: c.Resolver}
}
