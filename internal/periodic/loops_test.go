package periodic

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/auth"
)

// Loops drain what is queued when woken, poll for what others queue, act
// as the system, survive a failing step, and stop idempotently.
func TestLoopsDrainOnWakeAndPoll(t *testing.T) {
	t.Parallel()
	var queue, done, failures atomic.Int64
	var system atomic.Bool
	step := func(ctx context.Context, worker string) (bool, error) {
		system.Store(auth.ActorFrom(ctx).IsSystem())
		if failures.Load() > 0 {
			failures.Add(-1)
			return true, errors.New("a failing step")
		}
		if queue.Load() == 0 {
			return false, nil
		}
		queue.Add(-1)
		done.Add(1)
		return true, nil
	}
	l := NewLoops("test", 2, 50*time.Millisecond, "", step, nil)
	require.NotEmpty(t, l.Prefix())
	require.NoError(t, l.Start(context.Background()))
	require.NoError(t, l.Start(context.Background()), "starting again does nothing")
	failures.Store(1)
	queue.Store(10)
	l.Wake()
	require.Eventually(t, func() bool { return done.Load() == 10 }, 5*time.Second, 5*time.Millisecond)
	queue.Store(3) // queued by "another replica": no wake-up, the poll finds it
	require.Eventually(t, func() bool { return done.Load() == 13 }, 5*time.Second, 5*time.Millisecond)
	require.True(t, system.Load())
	l.Stop()
	l.Stop()
}

// Drain does the steps in the calling goroutine, as the system and as the
// "<prefix>/drain" worker, until one finds nothing or fails.
func TestLoopsDrainInTheCaller(t *testing.T) {
	t.Parallel()
	var queue atomic.Int64
	fail := errors.New("a failing step")
	var failing atomic.Bool
	step := func(ctx context.Context, worker string) (bool, error) {
		if !auth.ActorFrom(ctx).IsSystem() || worker != "p/drain" {
			return false, errors.New("not the system's drain worker: " + worker)
		}
		if failing.Load() {
			return true, fail
		}
		if queue.Load() == 0 {
			return false, nil
		}
		queue.Add(-1)
		return true, nil
	}
	l := NewLoops("test", 1, time.Hour, "p", step, nil)
	queue.Store(5)
	require.NoError(t, l.Drain(context.Background()))
	require.Zero(t, queue.Load())
	failing.Store(true)
	require.ErrorIs(t, l.Drain(context.Background()), fail)
}
