package outbox_test

import (
	"context"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"codna/internal/outbox"
)

// A consumer stuck on one event holds only its own lane: another consumer
// handles the events written after it as they come, and the stuck one
// catches up once it is let go.
func TestBlockedConsumerDelaysOnlyItsOwnLane(t *testing.T) {
	t.Parallel()
	e := setup(t)
	entered := make(chan struct{}, 1)
	release := make(chan struct{})
	slow, fast := newRecorder(), newRecorder()
	slow.err = func(_ outbox.Stored, call int) error {
		if call == 1 {
			select {
			case entered <- struct{}{}:
			default:
			}
			<-release
		}
		return nil
	}
	w := e.worker(nil, outbox.Config{PollInterval: time.Hour}, func(w *outbox.Worker) {
		w.Register("slow", slow.consume, lane)
		w.Register("fast", fast.consume, lane)
	})
	reg := prometheus.NewRegistry()
	reg.MustRegister(w.Collector())
	require.NoError(t, w.Start(e.ctx))
	first := e.write(1)[0]
	select {
	case <-entered:
	case <-time.After(10 * time.Second):
		t.Fatal("the slow consumer was not called")
	}

	// Written while the slow consumer is stuck: the fast one handles them,
	// woken by their notification, not by a poll.
	later := e.write(5)
	require.Eventually(t, func() bool {
		for _, id := range later {
			if fast.count(id) != 1 {
				return false
			}
		}
		return true
	}, 10*time.Second, 5*time.Millisecond, "the fast lane is not held by the slow one")
	require.Equal(t, 1, slow.total(), "the slow lane is still on its first event")
	// The settler records handled_by after the consumer returns: wait for it.
	require.Eventually(t, func() bool {
		for _, id := range append(later, first) {
			if r := e.row(id); len(r.HandledBy) != 1 {
				return false
			}
		}
		return true
	}, 10*time.Second, 5*time.Millisecond, "the fast lane's deliveries are settled")
	for _, id := range append(later, first) {
		r := e.row(id)
		require.Nil(t, r.ProcessedAt, "processed once every lane has handled it")
		require.Equal(t, []string{"fast"}, r.HandledBy)
		require.Equal(t, []string{"slow"}, r.Pending)
	}
	require.Equal(t, 6.0, metric(t, reg, "codna_outbox_lane_depth", "slow"))
	require.Equal(t, 0.0, metric(t, reg, "codna_outbox_lane_depth", "fast"))
	require.Greater(t, metric(t, reg, "codna_outbox_lane_oldest_seconds", "slow"), 0.0)
	require.Equal(t, 6.0, metric(t, reg, "codna_outbox_delivered_total", "fast"))

	close(release)
	require.Eventually(t, func() bool { return e.unprocessed() == 0 }, 10*time.Second, 5*time.Millisecond)
	for _, id := range append(later, first) {
		require.Equal(t, 1, slow.count(id))
		require.Equal(t, 1, fast.count(id))
		require.ElementsMatch(t, []string{"slow", "fast"}, e.row(id).HandledBy)
	}
}

// A lane's retries wait in that lane: a consumer failing on every event
// backs off and parks on its own, while the other consumer's deliveries
// are never retried and its lane stays empty.
func TestRetriesAndParkingArePerConsumer(t *testing.T) {
	t.Parallel()
	e := setup(t)
	failing, fine := newRecorder(), newRecorder()
	failing.err = func(outbox.Stored, int) error { return context.DeadlineExceeded }
	w := e.worker(nil, outbox.Config{MaxAttempts: 2, BaseBackoff: 300 * time.Millisecond, MaxBackoff: 300 * time.Millisecond}, func(w *outbox.Worker) {
		w.Register("failing", failing.consume, lane)
		w.Register("fine", fine.consume, lane)
	})
	ids := e.write(3)
	require.NoError(t, w.Drain(e.ctx))
	for _, id := range ids {
		require.Equal(t, 1, fine.count(id))
		require.Equal(t, "failing:1", e.failures(id), "counted for the failing consumer alone")
	}
	require.Eventually(t, func() bool {
		require.NoError(t, w.Drain(e.ctx))
		return e.unprocessed() == 0
	}, 5*time.Second, 5*time.Millisecond)
	for _, id := range ids {
		require.Equal(t, []parkedRow{{Consumer: "failing", Class: outbox.ClassError, Attempts: 2}}, e.parked(id))
		require.Equal(t, 1, fine.count(id), "never retried")
		require.Equal(t, []string{"fine"}, e.row(id).HandledBy)
	}
}

func TestEveryConsumerStatesItsBudget(t *testing.T) {
	t.Parallel()
	w := outbox.New(nil, outbox.Config{}, nil)
	require.Panics(t, func() { w.Register("none", newRecorder().consume, outbox.Lane{}) })
	require.Panics(t, func() {
		w.RegisterBatch("none", func(context.Context, []outbox.Stored) error { return nil }, outbox.Lane{Budget: -time.Second})
	})
}

// A lane that names its event types gets deliveries of those alone; an
// event no lane takes is processed as soon as it is fanned out.
func TestLaneGetsOnlyItsEventTypes(t *testing.T) {
	t.Parallel()
	e := setup(t)
	picky, all := newRecorder(), newRecorder()
	w := e.worker(nil, outbox.Config{}, func(w *outbox.Worker) {
		w.Register("picky", picky.consume, outbox.Lane{Budget: time.Minute, Events: []string{"test.event"}})
		w.Register("all", all.consume, lane)
	})
	ids := e.write(2)
	bulk(t, e.ctx, e.pool, 3) // test.bulk
	require.NoError(t, w.Drain(e.ctx))
	require.Zero(t, e.unprocessed())
	require.Equal(t, 2, picky.total())
	require.Equal(t, 5, all.total())
	for _, id := range ids {
		require.ElementsMatch(t, []string{"picky", "all"}, e.row(id).HandledBy)
	}
	require.Equal(t, 3, e.count(`SELECT count(*) FROM events WHERE event_type = 'test.bulk' AND handled_by = '{all}'`))

	none := e.worker(nil, outbox.Config{}, func(w *outbox.Worker) {
		w.Register("picky", picky.consume, outbox.Lane{Budget: time.Minute, Events: []string{"test.event"}})
	})
	bulk(t, e.ctx, e.pool, 2)
	require.NoError(t, none.Drain(e.ctx))
	require.Zero(t, e.unprocessed(), "taken by no lane: processed at once")
	require.Zero(t, e.count(`SELECT count(*) FROM outbox_deliveries`))
}
