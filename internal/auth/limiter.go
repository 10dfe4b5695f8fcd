package auth

import (
	"sync"
	"time"
)

// Limiter counts events per key in a sliding window. It belongs to one
// server instance; with several replicas each limits on its own, which bounds
// an attacker to replicas × limit — acceptable for a sign-in throttle.
//
// It is used two ways: Allow counts every request (password reset requests,
// password changes), while Wait, Fail and Clear count only failures (sign-in:
// docs/design.md#sign-in-throttle), so people signing in correctly are never
// refused.
type Limiter struct {
	mu     sync.Mutex
	limit  int
	window time.Duration
	hits   map[string][]time.Time
	now    func() time.Time
}

// NewLimiter allows limit events per key per window. limit <= 0 disables it.
func NewLimiter(limit int, window time.Duration) *Limiter {
	return &Limiter{limit: limit, window: window, hits: map[string][]time.Time{}, now: time.Now}
}

// Allow records an event for key and reports whether it is within the limit
// (a refused event is not recorded).
func (l *Limiter) Allow(key string) bool {
	if l.disabled() {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if kept := l.recent(key, now); len(kept) >= l.limit {
		return false
	}
	l.record(key, now)
	return true
}

// Wait reports how long key stays over its limit: zero when another event is
// allowed now, else the time until its oldest counted event leaves the window.
// It records nothing.
func (l *Limiter) Wait(key string) time.Duration {
	if l.disabled() {
		return 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	kept := l.recent(key, now)
	if len(kept) < l.limit {
		return 0
	}
	// The oldest events leave first; the limit is reached again once
	// len(kept)-limit+1 of them have left.
	return kept[len(kept)-l.limit].Add(l.window).Sub(now)
}

// Fail records an event (a failed attempt) for key.
func (l *Limiter) Fail(key string) {
	if l.disabled() {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.recent(key, now)
	l.record(key, now)
}

// Clear forgets key's events (a successful sign-in clears its e-mail's
// failures).
func (l *Limiter) Clear(key string) {
	if l.disabled() {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.hits, key)
}

func (l *Limiter) disabled() bool { return l == nil || l.limit <= 0 }

// recent drops key's events that left the window and returns the others,
// oldest first. The caller holds mu.
func (l *Limiter) recent(key string, now time.Time) []time.Time {
	cut := now.Add(-l.window)
	kept := l.hits[key][:0]
	for _, t := range l.hits[key] {
		if t.After(cut) {
			kept = append(kept, t)
		}
	}
	if len(kept) == 0 {
		delete(l.hits, key)
		return nil
	}
	l.hits[key] = kept
	return kept
}

// record appends an event at now. The caller holds mu.
func (l *Limiter) record(key string, now time.Time) {
	l.hits[key] = append(l.hits[key], now)
	if len(l.hits) > 100_000 { // bound memory under a spray of keys
		cut := now.Add(-l.window)
		for k, ts := range l.hits {
			if len(ts) == 0 || !ts[len(ts)-1].After(cut) {
				delete(l.hits, k)
			}
		}
	}
}
