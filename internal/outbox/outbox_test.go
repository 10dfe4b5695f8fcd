package outbox_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"codna/internal/db"
	"codna/internal/outbox"
	"codna/internal/pgtest"
)

// env is what every test needs: a fresh database and a context.
type env struct {
	t    *testing.T
	ctx  context.Context
	db   *pgtest.DB
	pool *pgxpool.Pool
}

func setup(t *testing.T) *env {
	t.Helper()
	d := pgtest.New(t)
	return &env{t: t, ctx: t.Context(), db: d, pool: d.Pool}
}

// testLogger writes to the test's output (shown on failure or with -v).
func testLogger(t *testing.T) *slog.Logger {
	return slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelInfo}))
}

// worker makes a worker on pool (the env's when nil), stopped when the test
// ends. Register consumers with reg before it is returned.
func (e *env) worker(pool *pgxpool.Pool, cfg outbox.Config, reg func(w *outbox.Worker)) *outbox.Worker {
	e.t.Helper()
	if pool == nil {
		pool = e.pool
	}
	w := outbox.New(pool, cfg, testLogger(e.t))
	if reg != nil {
		reg(w)
	}
	e.t.Cleanup(w.Stop)
	return w
}

// ownPool is a separate pool on the env's database, as a separate replica
// would have, closed when the test ends (after the workers registered later
// are stopped).
func (e *env) ownPool(maxConns int32) *pgxpool.Pool {
	e.t.Helper()
	cfg, err := pgxpool.ParseConfig(e.db.URL)
	require.NoError(e.t, err)
	cfg.MaxConns = maxConns
	db.Configure(cfg)
	pool, err := pgxpool.NewWithConfig(e.ctx, cfg)
	require.NoError(e.t, err)
	e.t.Cleanup(pool.Close)
	return pool
}

// write writes n events with outbox.Write in one transaction.
func (e *env) write(n int) []uuid.UUID {
	e.t.Helper()
	ids := make([]uuid.UUID, 0, n)
	err := db.InTx(e.ctx, e.pool, func(tx db.DBTX) error {
		for i := range n {
			id, err := outbox.Write(e.ctx, tx, outbox.Event{Type: "test.event", SubjectType: "test", Payload: map[string]int{"n": i}})
			if err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return nil
	})
	require.NoError(e.t, err)
	return ids
}

// bulk writes n events in one INSERT … SELECT generate_series; event i has
// payload {"n": i}, i from 1 to n.
func bulk(t testing.TB, ctx context.Context, pool *pgxpool.Pool, n int) {
	t.Helper()
	_, err := pool.Exec(ctx, `
		INSERT INTO events (id, event_type, subject_type, payload)
		SELECT gen_random_uuid(), 'test.bulk', 'test', jsonb_build_object('n', g)
		FROM generate_series(1, $1::int) AS g`, n)
	require.NoError(t, err)
}

// row is the delivery state of one event.
type row struct {
	ProcessedAt *time.Time
	Attempts    int
	LastError   *string
	ClaimedBy   *string
	ClaimedAt   *time.Time
	RetryAt     *time.Time
	HandledBy   []string
}

func (e *env) row(id uuid.UUID) row {
	e.t.Helper()
	var r row
	err := e.pool.QueryRow(e.ctx, `SELECT processed_at, attempts, last_error, claimed_by, claimed_at, retry_at, handled_by
		FROM events WHERE id = $1`, id).Scan(&r.ProcessedAt, &r.Attempts, &r.LastError, &r.ClaimedBy, &r.ClaimedAt, &r.RetryAt, &r.HandledBy)
	require.NoError(e.t, err)
	return r
}

func (e *env) count(query string, args ...any) int {
	e.t.Helper()
	var n int
	require.NoError(e.t, e.pool.QueryRow(e.ctx, query, args...).Scan(&n))
	return n
}

func (e *env) unprocessed() int {
	return e.count(`SELECT count(*) FROM events WHERE processed_at IS NULL`)
}

// recorder is a consumer that counts its calls per event.
type recorder struct {
	mu    sync.Mutex
	calls map[uuid.UUID]int
	err   func(e outbox.Stored, call int) error // nil: always succeed
}

func newRecorder() *recorder { return &recorder{calls: map[uuid.UUID]int{}} }

func (r *recorder) consume(_ context.Context, e outbox.Stored) error {
	r.mu.Lock()
	r.calls[e.ID]++
	n := r.calls[e.ID]
	r.mu.Unlock()
	if r.err != nil {
		return r.err(e, n)
	}
	return nil
}

func (r *recorder) count(id uuid.UUID) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.calls[id]
}

func (r *recorder) total() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, c := range r.calls {
		n += c
	}
	return n
}

func TestWriteAndDeliverAnEvent(t *testing.T) {
	t.Parallel()
	e := setup(t)
	owner := pgtest.CreatePerson(t, e.pool)
	doc := pgtest.CreateDocument(t, e.pool, owner.ID, pgtest.Doc{})
	var revID uuid.UUID
	require.NoError(t, e.pool.QueryRow(e.ctx, `SELECT id FROM document_revisions WHERE document_id = $1`, doc.ID).Scan(&revID))
	subject := uuid.Must(uuid.NewV7())

	var id, bare uuid.UUID
	require.NoError(t, db.InTx(e.ctx, e.pool, func(tx db.DBTX) error {
		var err error
		id, err = outbox.Write(e.ctx, tx, outbox.Event{
			Type: "access.granted", SubjectType: "access", SubjectID: &subject,
			DocumentID: &doc.ID, ActorID: &owner.ID, RevisionID: &revID,
			Payload: map[string]any{"permission": "write"},
		})
		if err != nil {
			return err
		}
		bare, err = outbox.Write(e.ctx, tx, outbox.Event{Type: "link.became_broken", SubjectType: "link"})
		return err
	}))
	require.Equal(t, uuid.Version(7), id.Version(), "ids are UUIDv7")

	_, err := outbox.Write(e.ctx, e.pool, outbox.Event{SubjectType: "document"})
	require.ErrorIs(t, err, outbox.ErrInvalidEvent)
	_, err = outbox.Write(e.ctx, e.pool, outbox.Event{Type: "x", SubjectType: "document", Payload: func() {}})
	require.Error(t, err)
	missing := uuid.Must(uuid.NewV7())
	_, err = outbox.Write(e.ctx, e.pool, outbox.Event{Type: "x", SubjectType: "document", DocumentID: &missing})
	require.Error(t, err, "a document that does not exist")

	var mu sync.Mutex
	seen := map[uuid.UUID]outbox.Stored{}
	w := e.worker(nil, outbox.Config{}, func(w *outbox.Worker) {
		w.Register("record", func(_ context.Context, s outbox.Stored) error {
			mu.Lock()
			defer mu.Unlock()
			seen[s.ID] = s
			return nil
		})
	})
	require.NoError(t, w.Drain(e.ctx))
	require.Len(t, seen, 3, "the document's own event and the two written here")

	got := seen[id]
	require.Equal(t, "access.granted", got.Type)
	require.Equal(t, "access", got.SubjectType)
	require.Equal(t, &subject, got.SubjectID)
	require.Equal(t, &doc.ID, got.DocumentID)
	require.Equal(t, &owner.ID, got.ActorID)
	require.Equal(t, &revID, got.RevisionID)
	require.JSONEq(t, `{"permission":"write"}`, string(got.Payload))
	require.WithinDuration(t, time.Now(), got.CreatedAt, time.Minute)
	require.Zero(t, got.Attempts)
	require.JSONEq(t, `{}`, string(seen[bare].Payload), "no payload is {}")
	require.Nil(t, seen[bare].DocumentID)

	r := e.row(id)
	require.NotNil(t, r.ProcessedAt)
	require.Equal(t, []string{"record"}, r.HandledBy)
	require.Nil(t, r.ClaimedBy)
	require.Nil(t, r.ClaimedAt)
}

func TestSixWorkersDeliverTenThousandEventsOnce(t *testing.T) {
	t.Parallel()
	e := setup(t)
	const events, workers = 10_000, 6
	bulk(t, e.ctx, e.pool, events)

	// calls[c][n] counts consumer c's calls for the event with payload n.
	var calls [2][events + 1]atomic.Int32
	var perWorker [workers]atomic.Int32
	var inflight sync.Map // event id → worker handling it now
	var overlaps atomic.Int32
	number := func(s outbox.Stored) int {
		var p struct{ N int }
		if err := json.Unmarshal(s.Payload, &p); err != nil || p.N < 1 || p.N > events {
			t.Errorf("payload %s: %v", s.Payload, err)
			return 0
		}
		return p.N
	}
	var ws []*outbox.Worker
	for i := range workers {
		w := e.worker(e.ownPool(3), outbox.Config{WorkerID: fmt.Sprintf("w%d", i)}, func(w *outbox.Worker) {
			w.Register("a", func(_ context.Context, s outbox.Stored) error {
				if other, busy := inflight.LoadOrStore(s.ID, i); busy {
					overlaps.Add(1)
					t.Errorf("event %s handled by worker %d while worker %v handles it", s.ID, i, other)
				}
				calls[0][number(s)].Add(1)
				return nil
			})
			w.Register("b", func(_ context.Context, s outbox.Stored) error {
				calls[1][number(s)].Add(1)
				perWorker[i].Add(1)
				inflight.Delete(s.ID)
				return nil
			})
		})
		ws = append(ws, w)
	}
	start := time.Now()
	for _, w := range ws {
		require.NoError(t, w.Start(e.ctx))
	}
	require.Eventually(t, func() bool { return e.unprocessed() == 0 }, 20*time.Second, 20*time.Millisecond)
	t.Logf("%d events, %d workers: %v", events, workers, time.Since(start))

	require.Zero(t, overlaps.Load())
	for c := range calls {
		for n := 1; n <= events; n++ {
			require.EqualValues(t, 1, calls[c][n].Load(), "consumer %d, event %d", c, n)
		}
	}
	busy := 0
	for i := range perWorker {
		if perWorker[i].Load() > 0 {
			busy++
		}
	}
	t.Logf("events per worker: %v", func() (s []int32) {
		for i := range perWorker {
			s = append(s, perWorker[i].Load())
		}
		return s
	}())
	require.GreaterOrEqual(t, busy, 2, "the workers shared the work")
	require.Zero(t, e.count(`SELECT count(*) FROM events
		WHERE processed_at IS NULL OR claimed_by IS NOT NULL OR claimed_at IS NOT NULL OR handled_by <> '{a,b}' OR attempts <> 0`))
}

func TestKilledWorkersEventsAreTakenAfterTheLease(t *testing.T) {
	t.Parallel()
	e := setup(t)
	const lease = 500 * time.Millisecond
	ids := e.write(5)

	entered := make(chan struct{}, 1)
	dying := e.worker(nil, outbox.Config{WorkerID: "dying", Lease: lease, PollInterval: 50 * time.Millisecond}, func(w *outbox.Worker) {
		w.Register("c", func(ctx context.Context, _ outbox.Stored) error {
			select {
			case entered <- struct{}{}:
			default:
			}
			<-ctx.Done() // blocks until the worker is stopped
			return ctx.Err()
		})
	})
	rescuer := newRecorder()
	other := e.worker(nil, outbox.Config{WorkerID: "rescuer", Lease: lease, PollInterval: 50 * time.Millisecond}, func(w *outbox.Worker) {
		w.Register("c", rescuer.consume)
	})

	require.NoError(t, dying.Start(e.ctx))
	select {
	case <-entered:
	case <-time.After(5 * time.Second):
		t.Fatal("the consumer was not called")
	}
	require.Equal(t, 5, e.count(`SELECT count(*) FROM events WHERE claimed_by = 'dying'`), "one batch holds all five")

	// While the dying worker lives, it renews its lease: a slow batch is not stolen.
	require.NoError(t, other.Start(e.ctx))
	time.Sleep(4 * lease)
	require.Zero(t, rescuer.total(), "a live worker's lease is renewed")

	outbox.Kill(dying) // no more renewals, as if the process had died
	require.Eventually(t, func() bool { return e.unprocessed() == 0 }, 5*time.Second, 20*time.Millisecond)
	for _, id := range ids {
		require.Equal(t, 1, rescuer.count(id))
		r := e.row(id)
		require.Equal(t, []string{"c"}, r.HandledBy)
		require.Nil(t, r.ClaimedBy)
	}
	dying.Stop() // its blocked consumer returns; a dead worker records nothing
	for _, id := range ids {
		require.NotNil(t, e.row(id).ProcessedAt)
	}
}

func TestFailingConsumerIsRetriedAloneWithBackoff(t *testing.T) {
	t.Parallel()
	e := setup(t)
	first, last := newRecorder(), newRecorder()
	flaky := newRecorder()
	var id uuid.UUID
	var second row // the event as the second attempt finds it
	flaky.err = func(_ outbox.Stored, call int) error {
		if call == 2 {
			second = e.row(id)
		}
		if call <= 3 {
			return fmt.Errorf("failure %d", call)
		}
		return nil
	}
	w := e.worker(nil, outbox.Config{BaseBackoff: time.Millisecond, MaxBackoff: 10 * time.Millisecond}, func(w *outbox.Worker) {
		w.Register("first", first.consume)
		w.Register("flaky", flaky.consume)
		w.Register("last", last.consume)
	})
	id = e.write(1)[0]

	require.Eventually(t, func() bool {
		require.NoError(t, w.Drain(e.ctx))
		return e.row(id).ProcessedAt != nil
	}, 5*time.Second, 5*time.Millisecond)

	require.Equal(t, 1, second.Attempts)
	require.Equal(t, `consumer "flaky": failure 1`, *second.LastError)
	require.ElementsMatch(t, []string{"first", "last"}, second.HandledBy, "the consumers that succeeded are recorded with the failure")

	r := e.row(id)
	require.Equal(t, 3, r.Attempts)
	require.NotNil(t, r.LastError)
	require.Equal(t, `consumer "flaky": failure 3`, *r.LastError)
	require.ElementsMatch(t, []string{"first", "flaky", "last"}, r.HandledBy)
	require.Nil(t, r.ClaimedBy)
	require.Equal(t, 4, flaky.count(id))
	require.Equal(t, 1, first.count(id), "not run again")
	require.Equal(t, 1, last.count(id), "not run again")
}

func TestFailedEventWaitsForItsRetry(t *testing.T) {
	t.Parallel()
	e := setup(t)
	failing := newRecorder()
	failing.err = func(outbox.Stored, int) error { return errors.New("down") }
	w := e.worker(nil, outbox.Config{BaseBackoff: time.Hour}, func(w *outbox.Worker) {
		w.Register("failing", failing.consume)
	})
	id := e.write(1)[0]
	require.NoError(t, w.Drain(e.ctx))
	r := e.row(id)
	require.Equal(t, 1, r.Attempts)
	require.NotNil(t, r.RetryAt)
	require.WithinRange(t, *r.RetryAt, time.Now().Add(59*time.Minute), time.Now().Add(67*time.Minute), "BaseBackoff plus at most 10 %")
	n, err := w.RunOnce(e.ctx)
	require.NoError(t, err)
	require.Zero(t, n, "not claimable before retry_at")
	require.Equal(t, 1, failing.count(id))
}

func TestPanickingConsumerIsAFailure(t *testing.T) {
	t.Parallel()
	e := setup(t)
	var panics atomic.Int32
	other := newRecorder()
	w := e.worker(nil, outbox.Config{BaseBackoff: time.Millisecond}, func(w *outbox.Worker) {
		w.Register("panicky", func(context.Context, outbox.Stored) error {
			if panics.Add(1) == 1 {
				panic("boom")
			}
			return nil
		})
		w.Register("other", other.consume)
	})
	reg := prometheus.NewRegistry()
	reg.MustRegister(w.Collector())
	id := e.write(1)[0]

	require.NoError(t, w.Drain(e.ctx))
	require.Eventually(t, func() bool {
		require.NoError(t, w.Drain(e.ctx))
		return e.row(id).ProcessedAt != nil
	}, 5*time.Second, 5*time.Millisecond)
	r := e.row(id)
	require.Equal(t, 1, r.Attempts)
	require.Contains(t, *r.LastError, `consumer "panicky": panic: boom`)
	require.Equal(t, 1, other.count(id), "the other consumer ran despite the panic, once")
	require.Equal(t, 1.0, metric(t, reg, "codna_outbox_failures_total", "panicky"))
	require.Equal(t, 0.0, metric(t, reg, "codna_outbox_failures_total", "other"))
}

// listenerPID is the backend pid of a worker's LISTEN connection (0 if none).
func (e *env) listenerPID(workerID string) int {
	e.t.Helper()
	return e.count(`SELECT coalesce(max(pid), 0) FROM pg_stat_activity
		WHERE datname = current_database() AND application_name = $1`, outbox.ListenerApplicationName+workerID)
}

func TestNotificationWakesTheWorkerAndSurvivesAKilledListener(t *testing.T) {
	t.Parallel()
	e := setup(t)
	rec := newRecorder()
	w := e.worker(nil, outbox.Config{WorkerID: "listener", PollInterval: time.Minute}, func(w *outbox.Worker) {
		w.Register("rec", rec.consume)
	})
	require.NoError(t, w.Start(e.ctx))
	pid := e.listenerPID("listener")
	require.NotZero(t, pid, "Start returns with the LISTEN connection open")
	time.Sleep(200 * time.Millisecond) // the drain at start is over: only a notification can wake it now

	id := e.write(1)[0]
	require.Eventually(t, func() bool { return rec.count(id) == 1 }, 2*time.Second, 10*time.Millisecond, "woken by the notification")

	require.Equal(t, 1, e.count(`SELECT count(*) FROM (SELECT pg_terminate_backend($1)) t`, pid))
	require.Eventually(t, func() bool {
		// Listening again, not merely connected: the connection's last
		// statement was its LISTEN.
		return e.count(`SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()
			AND application_name = $1 AND pid <> $2 AND query LIKE 'LISTEN%'`, outbox.ListenerApplicationName+"listener", pid) == 1
	}, 10*time.Second, 10*time.Millisecond, "the listen connection is opened again")
	time.Sleep(200 * time.Millisecond) // the catch-up drain after reconnecting is over

	id = e.write(1)[0]
	require.Eventually(t, func() bool { return rec.count(id) == 1 }, 5*time.Second, 10*time.Millisecond, "woken by the notification after the reconnect")
}

func TestOneNotificationPerTransaction(t *testing.T) {
	t.Parallel()
	e := setup(t)
	conn, err := pgx.Connect(e.ctx, e.db.URL)
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close(context.Background()) })
	_, err = conn.Exec(e.ctx, "LISTEN "+outbox.Channel)
	require.NoError(t, err)

	// count waits for notifications until none comes for quiet.
	count := func(quiet time.Duration) int {
		n := 0
		for {
			ctx, cancel := context.WithTimeout(e.ctx, quiet)
			note, err := conn.WaitForNotification(ctx)
			cancel()
			if err != nil {
				require.ErrorIs(t, err, context.DeadlineExceeded)
				return n
			}
			require.Equal(t, outbox.Channel, note.Channel)
			require.Empty(t, note.Payload)
			n++
		}
	}

	e.write(100) // 100 INSERT statements in one transaction
	require.Equal(t, 1, count(500*time.Millisecond))
	bulk(t, e.ctx, e.pool, 1000) // one statement, 1000 rows
	require.Equal(t, 1, count(500*time.Millisecond))
	e.write(1)
	e.write(1)
	require.Equal(t, 2, count(500*time.Millisecond), "one per transaction")
	require.Equal(t, 1102, e.unprocessed())
}

func TestRetentionDeletesOnlyOldProcessedEvents(t *testing.T) {
	t.Parallel()
	e := setup(t)
	rec := newRecorder()
	w := e.worker(nil, outbox.Config{Retention: 24 * time.Hour, CleanupInterval: 50 * time.Millisecond}, func(w *outbox.Worker) {
		w.Register("rec", rec.consume)
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
	idle.Register("late", newRecorder().consume)
	require.ErrorIs(t, idle.Start(e.ctx), outbox.ErrStarted, "a stopped worker stays stopped")

	rec := newRecorder()
	w := e.worker(nil, outbox.Config{BatchSize: 100}, func(w *outbox.Worker) {
		w.Register("rec", rec.consume)
	})
	require.Panics(t, func() { w.Register("rec", rec.consume) }, "names are unique")
	ids := e.write(250)
	require.NoError(t, w.Drain(e.ctx))
	require.Equal(t, 250, rec.total())
	require.Zero(t, e.count(`SELECT count(*) FROM events WHERE processed_at IS NULL OR claimed_by IS NOT NULL`))
	for _, id := range ids {
		require.Equal(t, 1, rec.count(id))
	}
	n, err := w.RunOnce(e.ctx)
	require.NoError(t, err)
	require.Zero(t, n, "nothing claimable")

	require.NoError(t, w.Start(e.ctx))
	require.ErrorIs(t, w.Start(e.ctx), outbox.ErrStarted)
	require.Panics(t, func() { w.Register("after", rec.consume) })
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
		w.Register("done", done.consume)
		w.Register("block", func(ctx context.Context, _ outbox.Stored) error {
			select {
			case entered <- struct{}{}:
			default:
			}
			<-ctx.Done()
			return ctx.Err()
		})
	})
	require.NoError(t, stopping.Start(e.ctx))
	<-entered
	stopping.Stop()

	require.Equal(t, 5, e.count(`SELECT count(*) FROM events WHERE processed_at IS NULL AND claimed_by IS NULL AND claimed_at IS NULL AND attempts = 0`),
		"released unprocessed, and a cancelled consumer is no failure")
	require.Equal(t, []string{"done"}, e.row(ids[0]).HandledBy, "the consumer that succeeded is recorded")
	require.Empty(t, e.row(ids[1]).HandledBy)

	// Another worker takes them at once (the lease is 30 s).
	again := newRecorder()
	next := e.worker(nil, outbox.Config{}, func(w *outbox.Worker) {
		w.Register("done", done.consume)
		w.Register("block", again.consume)
	})
	require.NoError(t, next.Drain(e.ctx))
	require.Equal(t, 1, done.count(ids[0]), "not run again")
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
		})
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
