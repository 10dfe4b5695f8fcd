package periodic

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A dead worker's lease runs out within 30 s of its last renewal, and a
// live one renews it several times within a lease.
func TestLeaseLengths(t *testing.T) {
	t.Parallel()
	require.LessOrEqual(t, DefaultLease, 20*time.Second)
	require.LessOrEqual(t, RenewEvery, DefaultLease/4)
}

// Renew renews until stopped, a failed renewal is tried again, and a lost
// lease cancels the work with ErrLeaseLost.
func TestRenew(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	work, stop := Renew(context.Background(), 10*time.Millisecond, func(context.Context) (bool, error) {
		if calls.Add(1) == 2 {
			return false, errors.New("the database blinked")
		}
		return true, nil
	}, nil)
	require.Eventually(t, func() bool { return calls.Load() >= 5 }, 5*time.Second, 5*time.Millisecond)
	require.NoError(t, work.Err())
	stop()
	n := calls.Load()
	time.Sleep(50 * time.Millisecond)
	require.Equal(t, n, calls.Load(), "stop ends the renewals")
	require.ErrorIs(t, work.Err(), context.Canceled)
	require.NotErrorIs(t, context.Cause(work), ErrLeaseLost, "stopped, not lost")

	var lost atomic.Int32
	work, stop = Renew(context.Background(), 10*time.Millisecond, func(context.Context) (bool, error) {
		return lost.Add(1) < 3, nil
	}, nil)
	defer stop()
	select {
	case <-work.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("a lost lease does not cancel the work")
	}
	require.ErrorIs(t, context.Cause(work), ErrLeaseLost)
	require.EqualValues(t, 3, lost.Load())
}
