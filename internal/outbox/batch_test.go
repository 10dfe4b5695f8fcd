package outbox_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"codna/internal/outbox"
)

// batchRecorder is a batch consumer that records each call's events.
type batchRecorder struct {
	mu    sync.Mutex
	calls [][]uuid.UUID
	err   func(events []outbox.Stored) error // nil: always succeed
}

func (r *batchRecorder) consume(_ context.Context, events []outbox.Stored) error {
	ids := make([]uuid.UUID, len(events))
	for i, e := range events {
		ids[i] = e.ID
	}
	r.mu.Lock()
	r.calls = append(r.calls, ids)
	r.mu.Unlock()
	if r.err != nil {
		return r.err(events)
	}
	return nil
}

func (r *batchRecorder) snapshot() [][]uuid.UUID {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([][]uuid.UUID(nil), r.calls...)
}

func TestBatchConsumerGetsTheClaimedBatchInOneCall(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ids := e.write(30)
	rec := &batchRecorder{}
	var order []string
	var mu sync.Mutex
	w := e.worker(nil, outbox.Config{BatchSize: 20}, func(w *outbox.Worker) {
		w.RegisterBatch("batch", func(ctx context.Context, events []outbox.Stored) error {
			mu.Lock()
			order = append(order, fmt.Sprintf("batch×%d", len(events)))
			mu.Unlock()
			return rec.consume(ctx, events)
		}, lane)
		w.Register("each", func(context.Context, outbox.Stored) error {
			mu.Lock()
			order = append(order, "each")
			mu.Unlock()
			return nil
		}, lane)
	})
	require.NoError(t, w.Drain(e.ctx))
	calls := rec.snapshot()
	require.Len(t, calls, 2, "one call per claimed batch")
	require.Equal(t, ids[:20], calls[0], "in (created_at, id) order")
	require.Equal(t, ids[20:], calls[1])
	require.Equal(t, "batch×20", order[0], "Drain runs the lanes in registration order: the batch consumer first, for the whole batch")
	require.Equal(t, "each", order[1])
	require.Equal(t, "batch×10", order[21])
	require.Zero(t, e.unprocessed())
	for _, id := range ids {
		require.Equal(t, []string{"batch", "each"}, e.row(id).HandledBy)
	}
}

// One event that makes a batch fail neither blocks nor loses the others:
// the batch is retried one event at a time, the good events are processed,
// and the bad one fails, is retried with backoff and is parked for that
// consumer alone after MaxAttempts.
func TestFailingBatchFallsBackToOneEventAtATime(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ids := e.write(5)
	bad := ids[2]
	rec := &batchRecorder{err: func(events []outbox.Stored) error {
		for _, ev := range events {
			if ev.ID == bad {
				return errors.New("cannot handle this one")
			}
		}
		return nil
	}}
	other := &batchRecorder{}
	w := e.worker(nil, outbox.Config{MaxAttempts: 3, BaseBackoff: 200 * time.Millisecond, MaxBackoff: 200 * time.Millisecond}, func(w *outbox.Worker) {
		w.RegisterBatch("picky", rec.consume, lane)
		w.RegisterBatch("other", other.consume, lane)
	})
	reg := prometheus.NewRegistry()
	reg.MustRegister(w.Collector())

	require.NoError(t, w.Drain(e.ctx))
	calls := rec.snapshot()
	require.Len(t, calls, 1+5, "the batch, then each event alone")
	require.Equal(t, ids, calls[0])
	for i, id := range ids {
		require.Equal(t, []uuid.UUID{id}, calls[1+i])
	}
	require.Equal(t, [][]uuid.UUID{ids}, other.snapshot(), "the next consumer still gets the whole batch")
	for _, id := range ids {
		r := e.row(id)
		if id == bad {
			require.Nil(t, r.ProcessedAt)
			require.Equal(t, 1, r.Attempts)
			require.Equal(t, `consumer "picky": cannot handle this one`, *r.LastError)
			require.Equal(t, []string{"other"}, r.HandledBy)
			continue
		}
		require.NotNil(t, r.ProcessedAt)
		require.ElementsMatch(t, []string{"picky", "other"}, r.HandledBy)
	}
	require.Equal(t, 1.0, metric(t, reg, "codna_outbox_batch_fallbacks_total", "picky"))
	require.Equal(t, 1.0, metric(t, reg, "codna_outbox_failures_total", "picky"), "only the bad event's own call counts as a failure")

	require.Eventually(t, func() bool {
		require.NoError(t, w.Drain(e.ctx))
		return e.row(bad).ProcessedAt != nil
	}, 5*time.Second, 5*time.Millisecond)
	require.Equal(t, []parkedRow{{Consumer: "picky", Class: outbox.ClassError, Attempts: 3}}, e.parked(bad))
	require.Equal(t, []string{"other"}, e.row(bad).HandledBy)
	require.Len(t, other.snapshot(), 1, "the consumer that succeeded is not run again")
}

// A batch consumer that panics on a batch is split too, and a stop in the
// middle of a batch gives the events back with the consumers that finished.
func TestPanickingBatchIsSplitAndStopGivesBack(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ids := e.write(4)
	var calls atomic.Int32
	entered := make(chan struct{}, 1)
	w := e.worker(nil, outbox.Config{BaseBackoff: time.Hour}, func(w *outbox.Worker) {
		w.RegisterBatch("panicky", func(_ context.Context, events []outbox.Stored) error {
			if calls.Add(1) == 1 {
				panic("boom")
			}
			return nil
		}, lane)
		w.RegisterBatch("block", func(ctx context.Context, _ []outbox.Stored) error {
			select {
			case entered <- struct{}{}:
			default:
			}
			<-ctx.Done()
			return ctx.Err()
		}, lane)
	})
	require.NoError(t, w.Start(e.ctx))
	<-entered
	// The lanes run side by side: the panicky one finishes on its own.
	require.Eventually(t, func() bool { return len(e.row(ids[3]).HandledBy) == 1 }, 10*time.Second, 5*time.Millisecond)
	w.Stop()
	require.EqualValues(t, 1+4, calls.Load(), "the batch, then each event alone")
	for _, id := range ids {
		r := e.row(id)
		require.Nil(t, r.ProcessedAt)
		require.Nil(t, r.ClaimedBy, "given back at once")
		require.Equal(t, []string{"block"}, r.Pending)
		require.Zero(t, r.Attempts, "a stop is no failure")
		require.Equal(t, []string{"panicky"}, r.HandledBy, "the consumer that finished is recorded")
	}
}

func TestSeveralDeliveryLoopsShareTheWorkOnce(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name    string
		workers int // Config.Workers
		loops   int // Lane.Loops
		claimer string
	}{
		{"config", 4, 0, `^loops/[0-3]$`},
		{"lane", 1, 3, `^loops/[0-2]$`}, // a lane's own loops beat the Config's one
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			severalLoops(t, c.workers, c.loops, c.claimer)
		})
	}
}

// severalLoops delivers 3,000 events through one lane of a worker with
// workers loops per lane and the lane's own loops, and checks each event
// was handled once, by more than one loop, whose claims match claimer.
func severalLoops(t *testing.T, workers, loops int, claimer string) {
	e := setup(t)
	const events = 3000
	bulk(t, e.ctx, e.pool, events)
	var mu sync.Mutex
	seen := map[uuid.UUID]int{}
	claimers := map[string]bool{}
	w := e.worker(e.ownPool(8), outbox.Config{WorkerID: "loops", Workers: workers, BatchSize: 50}, func(w *outbox.Worker) {
		w.RegisterBatch("count", func(ctx context.Context, evs []outbox.Stored) error {
			var by string
			if err := e.pool.QueryRow(ctx, `SELECT claimed_by FROM outbox_deliveries WHERE event_id = $1 AND consumer = 'count'`, evs[0].ID).Scan(&by); err != nil {
				return err
			}
			mu.Lock()
			defer mu.Unlock()
			claimers[by] = true
			for _, ev := range evs {
				seen[ev.ID]++
			}
			time.Sleep(5 * time.Millisecond) // long enough for the loops to overlap
			return nil
		}, outbox.Lane{Budget: lane.Budget, Loops: loops})
	})
	require.NoError(t, w.Start(e.ctx))
	require.Eventually(t, func() bool { return e.unprocessed() == 0 }, 20*time.Second, 20*time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	require.Len(t, seen, events)
	for id, n := range seen {
		require.Equal(t, 1, n, id)
	}
	require.Greater(t, len(claimers), 1, "more than one loop claimed: %v", claimers)
	for c := range claimers {
		require.Regexp(t, claimer, c)
	}
}
