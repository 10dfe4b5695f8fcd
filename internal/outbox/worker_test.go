package outbox_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"codna/internal/outbox"
)

func TestRetentionDeletesOnlyOldProcessedEvents(t *testing.T) {
	t.Parallel()
	e := setup(t)
	rec := newRecorder()
	w := e.worker(nil, outbox.Config{Retention: 24 * time.Hour, CleanupInterval: 50 * time.Millisecond}, func(w *outbox.Worker) {
		w.Register("rec", rec.consume, lane)
	})
	ids := e.write(4)
	oldProcessed, recentProcessed, oldUnprocessed, fresh := ids[0], ids[1], ids[2], ids[3]
	_, err := e.pool.Exec(e.ctx, `UPDATE events SET processed_at = now() - interval '25 hours', created_at = now() - interval '26 hours' WHERE id = $1`, oldProcessed)
	require.NoError(t, err)
	_, err = e.pool.Exec(e.ctx, `UPDATE events SET processed_at = now() - interval '23 hours', created_at = now() - interval '30 days' WHERE id = $1`, recentProcessed)
	require.NoError(t, err)
	_, err = e.pool.Exec(e.ctx, `UPDATE events SET created_at = now() - interval '30 days' WHERE id = $1`, oldUnprocessed)
	require.NoError(t, err)
	// More than one chunk of old processed events.
	bulk(t, e.ctx, e.pool, 2500)
	_, err = e.pool.Exec(e.ctx, `UPDATE events SET processed_at = now() - interval '8 days' WHERE event_type = 'test.bulk'`)
	require.NoError(t, err)

	n, err := w.Cleanup(e.ctx)
	require.NoError(t, err)
	require.EqualValues(t, 2501, n)
	remaining := func() (ids []uuid.UUID) {
		rows, err := e.pool.Query(e.ctx, `SELECT id FROM events`)
		require.NoError(t, err)
		ids, err = pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
		require.NoError(t, err)
		return ids
	}
	require.ElementsMatch(t, []uuid.UUID{recentProcessed, oldUnprocessed, fresh}, remaining())

	// A started worker cleans up every CleanupInterval.
	_, err = e.pool.Exec(e.ctx, `UPDATE events SET processed_at = now() - interval '2 days' WHERE id = $1`, recentProcessed)
	require.NoError(t, err)
	require.NoError(t, w.Start(e.ctx))
	require.Eventually(t, func() bool {
		return e.count(`SELECT count(*) FROM events WHERE id = $1`, recentProcessed) == 0
	}, 5*time.Second, 20*time.Millisecond)
	// The worker delivers the two unprocessed events on its own schedule.
	require.Eventually(t, func() bool { return rec.total() == 2 }, 5*time.Second, 20*time.Millisecond)
	require.ElementsMatch(t, []uuid.UUID{oldUnprocessed, fresh}, remaining(), "delivered just now: kept")
}

func TestStopIsSafeAndDrainLeavesNothingClaimable(t *testing.T) {
	t.Parallel()
	e := setup(t)

	idle := outbox.New(e.pool, outbox.Config{}, testLogger(t))
	require.ErrorIs(t, idle.Start(e.ctx), outbox.ErrNoConsumers)
	require.ErrorIs(t, idle.Drain(e.ctx), outbox.ErrNoConsumers)
	_, err := idle.RunOnce(e.ctx)
	require.ErrorIs(t, err, outbox.ErrNoConsumers)
	idle.Stop()
	idle.Stop()
	idle.Register("late", newRecorder().consume, lane)
	require.ErrorIs(t, idle.Start(e.ctx), outbox.ErrStarted, "a stopped worker stays stopped")

	rec := newRecorder()
	w := e.worker(nil, outbox.Config{BatchSize: 100}, func(w *outbox.Worker) {
		w.Register("rec", rec.consume, lane)
	})
	require.Panics(t, func() { w.Register("rec", rec.consume, lane) }, "names are unique")
	ids := e.write(250)
	require.NoError(t, w.Drain(e.ctx))
	require.Equal(t, 250, rec.total())
	require.Zero(t, e.count(`SELECT count(*) FROM events WHERE processed_at IS NULL`))
	require.Zero(t, e.count(`SELECT count(*) FROM outbox_deliveries`))
	for _, id := range ids {
		require.Equal(t, 1, rec.count(id))
	}
	n, err := w.RunOnce(e.ctx)
	require.NoError(t, err)
	require.Zero(t, n, "nothing claimable")

	require.NoError(t, w.Start(e.ctx))
	require.ErrorIs(t, w.Start(e.ctx), outbox.ErrStarted)
	require.Panics(t, func() { w.Register("after", rec.consume, lane) })
	var stops sync.WaitGroup
	for range 3 {
		stops.Go(w.Stop)
	}
	stops.Wait()
	w.Stop()
}

func TestStopGivesTheBatchBackAtOnce(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ids := e.write(5)
	entered := make(chan struct{}, 1)
	done := newRecorder()
	stopping := e.worker(nil, outbox.Config{WorkerID: "stopping"}, func(w *outbox.Worker) {
		w.Register("done", done.consume, lane)
		w.Register("block", func(ctx context.Context, _ outbox.Stored) error {
			select {
			case entered <- struct{}{}:
			default:
			}
			<-ctx.Done()
			return ctx.Err()
		}, lane)
	})
	require.NoError(t, stopping.Start(e.ctx))
	<-entered
	// The other lane is not held up by the blocked one.
	require.Eventually(t, func() bool { return done.total() == 5 }, 10*time.Second, 5*time.Millisecond)
	require.Eventually(t, func() bool { return len(e.row(ids[4]).HandledBy) == 1 }, 10*time.Second, 5*time.Millisecond)
	stopping.Stop()

	require.Equal(t, 5, e.count(`SELECT count(*) FROM events e WHERE e.processed_at IS NULL AND EXISTS (SELECT 1 FROM outbox_deliveries d
		WHERE d.event_id = e.id AND d.consumer = 'block' AND d.claimed_by IS NULL AND d.claimed_at IS NULL AND d.attempts = 0)`),
		"released unprocessed, and a cancelled consumer is no failure")
	for _, id := range ids {
		require.Equal(t, []string{"done"}, e.row(id).HandledBy, "the consumer that succeeded is recorded")
		require.Equal(t, []string{"block"}, e.row(id).Pending)
	}

	// Another worker takes them at once (the lease is 30 s).
	again := newRecorder()
	next := e.worker(nil, outbox.Config{}, func(w *outbox.Worker) {
		w.Register("done", done.consume, lane)
		w.Register("block", again.consume, lane)
	})
	require.NoError(t, next.Drain(e.ctx))
	for _, id := range ids {
		require.Equal(t, 1, done.count(id), "not run again")
	}
	require.Equal(t, 5, again.total())
	require.Zero(t, e.unprocessed())
}

func TestMetrics(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ids := e.write(3)
	w := e.worker(nil, outbox.Config{BaseBackoff: time.Hour}, func(w *outbox.Worker) {
		w.Register("picky", func(_ context.Context, s outbox.Stored) error {
			if s.ID == ids[1] {
				return errors.New("not this one")
			}
			return nil
		}, lane)
	})
	reg := prometheus.NewRegistry()
	reg.MustRegister(w.Collector())
	_, err := e.pool.Exec(e.ctx, `UPDATE events SET created_at = now() - interval '1 hour' WHERE id = $1`, ids[0])
	require.NoError(t, err)

	require.Equal(t, 3.0, metric(t, reg, "codna_outbox_queue_depth", ""))
	require.InDelta(t, 3600, metric(t, reg, "codna_outbox_oldest_unprocessed_seconds", ""), 60)
	require.Equal(t, 0.0, metric(t, reg, "codna_outbox_failures_total", "picky"))

	require.NoError(t, w.Drain(e.ctx))
	require.Equal(t, 1.0, metric(t, reg, "codna_outbox_queue_depth", ""))
	require.Less(t, metric(t, reg, "codna_outbox_oldest_unprocessed_seconds", ""), 60.0)
	require.Equal(t, 2.0, metric(t, reg, "codna_outbox_processed_total", ""))
	require.Equal(t, 1.0, metric(t, reg, "codna_outbox_failures_total", "picky"))
}

// metric gathers reg and returns the value of name (with consumer=label when
// label is not empty).
func metric(t *testing.T, reg *prometheus.Registry, name, label string) float64 {
	t.Helper()
	families, err := reg.Gather()
	require.NoError(t, err)
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
		for _, m := range f.GetMetric() {
			if label != "" && !hasLabel(m, "consumer", label) {
				continue
			}
			switch {
			case m.Gauge != nil:
				return m.GetGauge().GetValue()
			case m.Counter != nil:
				return m.GetCounter().GetValue()
			}
		}
	}
	assert.Failf(t, "metric not found", "%s{consumer=%q}", name, label)
	return -1
}

func hasLabel(m *dto.Metric, name, value string) bool {
	for _, l := range m.GetLabel() {
		if l.GetName() == name && l.GetValue() == value {
			return true
		}
	}
	return false
}
