package outbox_test

import (
	"context"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
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

// write writes n events with outbox.WriteInTx in one transaction.
func (e *env) write(n int) []uuid.UUID {
	e.t.Helper()
	ids := make([]uuid.UUID, 0, n)
	err := db.InTx(e.ctx, e.pool, func(tx db.DBTX) error {
		for i := range n {
			id, err := outbox.WriteInTx(e.ctx, tx, outbox.Event{Type: "test.event", SubjectType: "test", Payload: map[string]int{"n": i}})
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

// row is the delivery state of one event: whether it is processed, the
// consumers that have handled it (handled_by once processed; before, the
// consumers it was fanned out to that have neither a delivery left nor a
// parking), and its deliveries' state summed or taken from the one
// delivery left (the tests fail one consumer at a time).
type row struct {
	ProcessedAt *time.Time
	HandledBy   []string
	Pending     []string // consumers with a delivery left
	Attempts    int      // of the deliveries left, summed
	LastError   *string
	ClaimedBy   *string
	ClaimedAt   *time.Time
	RetryAt     *time.Time
}

func (e *env) row(id uuid.UUID) row {
	e.t.Helper()
	var r row
	err := e.pool.QueryRow(e.ctx, `SELECT e.processed_at,
		CASE WHEN e.processed_at IS NOT NULL THEN e.handled_by ELSE e.handled_by || ARRAY(SELECT n FROM unnest(e.fanned_to) n
			WHERE n <> ALL(e.handled_by)
			  AND NOT EXISTS (SELECT 1 FROM outbox_deliveries d WHERE d.event_id = e.id AND d.consumer = n)
			  AND NOT EXISTS (SELECT 1 FROM outbox_parked p WHERE p.event_id = e.id AND p.consumer = n)) END,
		ARRAY(SELECT d.consumer FROM outbox_deliveries d WHERE d.event_id = e.id ORDER BY d.consumer),
		(SELECT coalesce(sum(d.attempts), 0) FROM outbox_deliveries d WHERE d.event_id = e.id)::int,
		(SELECT max(d.last_error) FROM outbox_deliveries d WHERE d.event_id = e.id),
		(SELECT max(d.claimed_by) FROM outbox_deliveries d WHERE d.event_id = e.id),
		(SELECT max(d.claimed_at) FROM outbox_deliveries d WHERE d.event_id = e.id),
		(SELECT max(d.retry_at) FROM outbox_deliveries d WHERE d.event_id = e.id)
		FROM events e WHERE e.id = $1`, id).Scan(&r.ProcessedAt, &r.HandledBy, &r.Pending, &r.Attempts, &r.LastError, &r.ClaimedBy, &r.ClaimedAt, &r.RetryAt)
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

// lane is the lane of the tests' consumers: a generous budget, which
// Config.ConsumerTimeout caps where a test wants a short one.
var lane = outbox.Lane{Budget: time.Minute}
