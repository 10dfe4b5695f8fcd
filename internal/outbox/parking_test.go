package outbox_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"codna/internal/outbox"
)

// parkedRow is an outbox_parked row.
type parkedRow struct {
	Consumer, Class string
	Attempts        int
}

func (e *env) parked(id uuid.UUID) []parkedRow {
	e.t.Helper()
	rows, err := e.pool.Query(e.ctx, `SELECT consumer, error_class, attempts FROM outbox_parked WHERE event_id = $1 ORDER BY consumer`, id)
	require.NoError(e.t, err)
	defer rows.Close()
	var out []parkedRow
	for rows.Next() {
		var p parkedRow
		require.NoError(e.t, rows.Scan(&p.Consumer, &p.Class, &p.Attempts))
		out = append(out, p)
	}
	require.NoError(e.t, rows.Err())
	return out
}

// runaway returns a consumer that, on the event *bad, ignores its context
// and runs until the test ends, as goldmark did on a pathological body; it
// succeeds on every other event.
func runaway(t *testing.T, bad *uuid.UUID, calls *atomic.Int32) outbox.Consumer {
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	return func(_ context.Context, s outbox.Stored) error {
		if s.ID == *bad {
			calls.Add(1)
			<-release
		}
		return nil
	}
}

func TestRunawayConsumerIsParkedAndTheQueueMovesOn(t *testing.T) {
	t.Parallel()
	e := setup(t)
	var bad uuid.UUID
	var runs atomic.Int32
	other := newRecorder()
	w := e.worker(nil, outbox.Config{BaseBackoff: time.Millisecond}, func(w *outbox.Worker) {
		w.Register("links", runaway(t, &bad, &runs), outbox.Lane{Budget: 100 * time.Millisecond}) // its own budget
		w.Register("other", other.consume, lane)
	})
	reg := prometheus.NewRegistry()
	reg.MustRegister(w.Collector())
	ids := e.write(3)
	bad = ids[0]

	start := time.Now()
	require.NoError(t, w.Drain(e.ctx))
	require.Less(t, time.Since(start), 10*time.Second, "the budget and the abandon delay bound the call")

	require.Equal(t, []parkedRow{{Consumer: "links", Class: outbox.ClassTimeout, Attempts: 1}}, e.parked(bad))
	r := e.row(bad)
	require.NotNil(t, r.ProcessedAt, "done for everyone but the parked consumer")
	require.Equal(t, []string{"other"}, r.HandledBy, "the parked consumer is not recorded as handled")
	for _, id := range ids[1:] {
		require.NotNil(t, e.row(id).ProcessedAt, "the events after it are delivered")
		require.ElementsMatch(t, []string{"links", "other"}, e.row(id).HandledBy)
	}
	require.Equal(t, int32(1), runs.Load(), "a runaway consumer is not started a second time")
	require.Zero(t, e.unprocessed())

	require.Equal(t, 1.0, metric(t, reg, "codna_outbox_parked_total", "links"))
	require.Equal(t, 1.0, metric(t, reg, "codna_outbox_timeouts_total", "links"))
	require.Equal(t, 1.0, metric(t, reg, "codna_outbox_parked", ""))
	require.Equal(t, 0.0, metric(t, reg, "codna_outbox_parked_total", "other"))
}

func TestSlowConsumerOutOfBudgetIsAFailure(t *testing.T) {
	t.Parallel()
	e := setup(t)
	var calls atomic.Int32
	// Config.ConsumerTimeout caps the lane's budget.
	w := e.worker(nil, outbox.Config{ConsumerTimeout: 50 * time.Millisecond, BaseBackoff: time.Hour}, func(w *outbox.Worker) {
		w.Register("slow", func(ctx context.Context, _ outbox.Stored) error {
			if calls.Add(1) == 1 {
				<-ctx.Done() // honours its context: returns at the budget
				return ctx.Err()
			}
			return nil
		}, lane)
	})
	id := e.write(1)[0]
	require.NoError(t, w.Drain(e.ctx))
	r := e.row(id)
	require.Nil(t, r.ProcessedAt)
	require.Equal(t, 1, r.Attempts, "a failure, retried later")
	require.Empty(t, e.parked(id), "returned at the budget: not parked")
	require.Equal(t, "slow:1", e.failures(id))
}

// failures is the failures counted towards parking of the event's
// deliveries left, as consumer:count, comma-separated.
func (e *env) failures(id uuid.UUID) string {
	e.t.Helper()
	var s string
	require.NoError(e.t, e.pool.QueryRow(e.ctx, `SELECT coalesce(string_agg(consumer || ':' || failures, ',' ORDER BY consumer), '')
		FROM outbox_deliveries WHERE event_id = $1`, id).Scan(&s))
	return s
}

func TestConsumerThatKeepsFailingIsParked(t *testing.T) {
	t.Parallel()
	e := setup(t)
	failing, fine := newRecorder(), newRecorder()
	failing.err = func(outbox.Stored, int) error { return errors.New("cannot resolve") }
	w := e.worker(nil, outbox.Config{MaxAttempts: 3, BaseBackoff: time.Millisecond, MaxBackoff: 5 * time.Millisecond, Retention: time.Millisecond},
		func(w *outbox.Worker) {
			w.Register("failing", failing.consume, lane)
			w.Register("fine", fine.consume, lane)
		})
	id := e.write(1)[0]
	require.Eventually(t, func() bool {
		require.NoError(t, w.Drain(e.ctx))
		return e.row(id).ProcessedAt != nil
	}, 5*time.Second, 5*time.Millisecond)

	require.Equal(t, []parkedRow{{Consumer: "failing", Class: outbox.ClassError, Attempts: 3}}, e.parked(id))
	require.Equal(t, 3, failing.count(id))
	require.Equal(t, 1, fine.count(id))
	require.Equal(t, []string{"fine"}, e.row(id).HandledBy)

	// Cleanup keeps a parked event, however old.
	_, err := e.pool.Exec(e.ctx, `UPDATE events SET processed_at = now() - interval '1 day' WHERE id = $1`, id)
	require.NoError(t, err)
	n, err := w.Cleanup(e.ctx)
	require.NoError(t, err)
	require.Zero(t, n)
	require.Equal(t, 1, e.count(`SELECT count(*) FROM events WHERE id = $1`, id))
}

func TestDatabaseFailuresDoNotCountTowardsParking(t *testing.T) {
	t.Parallel()
	e := setup(t)
	// A real connection failure, as a consumer meets it when the database
	// goes away.
	_, connErr := pgconn.Connect(e.ctx, "postgres://nobody@127.0.0.1:1/none?connect_timeout=2")
	var ce *pgconn.ConnectError
	require.ErrorAs(t, connErr, &ce)
	flaky := newRecorder()
	var id uuid.UUID
	var fifth row            // the event as the fifth call finds it
	var fifthFailures string // and its counted failures
	flaky.err = func(_ outbox.Stored, call int) error {
		if call <= 4 {
			return connErr
		}
		fifth, fifthFailures = e.row(id), e.failures(id)
		return nil
	}
	w := e.worker(nil, outbox.Config{MaxAttempts: 2, BaseBackoff: time.Millisecond, MaxBackoff: 5 * time.Millisecond}, func(w *outbox.Worker) {
		w.Register("flaky", flaky.consume, lane)
	})
	id = e.write(1)[0]
	require.Eventually(t, func() bool {
		require.NoError(t, w.Drain(e.ctx))
		return e.row(id).ProcessedAt != nil
	}, 5*time.Second, 5*time.Millisecond)
	require.Empty(t, e.parked(id))
	require.Equal(t, 5, flaky.count(id), "retried past MaxAttempts")
	require.Equal(t, 4, fifth.Attempts)
	require.Equal(t, "flaky:0", fifthFailures, "none counted")
}

func TestStopIsBoundedWithAStuckConsumer(t *testing.T) {
	t.Parallel()
	e := setup(t)
	entered := make(chan struct{}, 1)
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	w := e.worker(nil, outbox.Config{WorkerID: "stuck", StopTimeout: 5 * time.Second}, func(w *outbox.Worker) {
		w.Register("stuck", func(context.Context, outbox.Stored) error {
			select {
			case entered <- struct{}{}:
			default:
			}
			<-release // ignores its context
			return nil
		}, lane)
	})
	ids := e.write(3)
	require.NoError(t, w.Start(e.ctx))
	<-entered
	start := time.Now()
	w.Stop()
	require.Less(t, time.Since(start), 5*time.Second)
	require.Equal(t, 3, e.count(`SELECT count(*) FROM events e WHERE e.processed_at IS NULL
		AND EXISTS (SELECT 1 FROM outbox_deliveries d WHERE d.event_id = e.id AND d.claimed_by IS NULL AND d.attempts = 0)`),
		"the batch is given back at once, without a failure")
	require.Empty(t, e.parked(ids[0]), "stopping parks nothing")
}
