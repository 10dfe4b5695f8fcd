package auth

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestLimiterCountsFailuresAndSaysWhenToRetry: Wait is zero until limit
// failures are in the window, then the time until the oldest leaves it;
// Clear forgets a key; other keys are untouched.
func TestLimiterCountsFailuresAndSaysWhenToRetry(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 12, 6, 9, 0, 0, 0, time.UTC)
	l := NewLimiter(3, 10*time.Minute)
	l.now = func() time.Time { return now }
	for i := range 3 {
		require.Zero(t, l.Wait("a"), "before failure %d", i+1)
		l.Fail("a")
		now = now.Add(time.Minute)
	}
	require.Equal(t, 7*time.Minute, l.Wait("a"), "the first failure (at 9:00) leaves at 9:10; it is 9:03")
	require.Zero(t, l.Wait("b"))
	now = now.Add(7 * time.Minute)
	require.Zero(t, l.Wait("a"), "the first failure left the window")
	l.Fail("a")
	require.Equal(t, time.Minute, l.Wait("a"))
	l.Clear("a")
	require.Zero(t, l.Wait("a"))

	var off *Limiter
	off.Fail("a")
	require.Zero(t, off.Wait("a"), "a nil limiter limits nothing")
	require.True(t, NewLimiter(0, time.Minute).Allow("a"), "limit 0 limits nothing")
}

func TestDeviceName(t *testing.T) {
	t.Parallel()
	for ua, want := range map[string]string{
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0": "Edge on Windows",
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15":            "Safari on macOS",
		"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36":                 "Headless Chrome on Linux",
		"curl/8.5.0": "curl",
		"":           "Unknown device",
	} {
		require.Equal(t, want, DeviceName(ua), ua)
	}
}
