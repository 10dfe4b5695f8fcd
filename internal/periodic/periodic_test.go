package periodic_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/periodic"
)

// TestJobRunsAsTheSystemUntilStopped: the task runs at start and on every
// tick, as the system actor; Stop waits for it and may be called again.
func TestJobRunsAsTheSystemUntilStopped(t *testing.T) {
	t.Parallel()
	var runs, asSystem atomic.Int64
	j := periodic.New("count", 5*time.Millisecond, func(ctx context.Context) (int64, error) {
		runs.Add(1)
		if _, err := auth.RequireSystem(ctx); err == nil {
			asSystem.Add(1)
		}
		return 0, nil
	}, nil)
	j.Stop() // before Start: nothing to stop
	require.NoError(t, j.Start(context.Background()))
	require.NoError(t, j.Start(context.Background()), "a running job ignores another Start")
	require.Eventually(t, func() bool { return runs.Load() >= 3 }, 5*time.Second, time.Millisecond)
	j.Stop()
	j.Stop()
	n := runs.Load()
	require.Equal(t, n, asSystem.Load())
	time.Sleep(20 * time.Millisecond)
	require.Equal(t, n, runs.Load(), "nothing runs after Stop")
}

// TestJobWithNoIntervalNeverStarts: a zero interval means the job is off.
func TestJobWithNoIntervalNeverStarts(t *testing.T) {
	t.Parallel()
	var runs atomic.Int64
	j := periodic.New("off", 0, func(context.Context) (int64, error) { runs.Add(1); return 0, nil }, nil)
	require.NoError(t, j.Start(context.Background()))
	time.Sleep(10 * time.Millisecond)
	j.Stop()
	require.Zero(t, runs.Load())
}
