package outbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"

	"codna/internal/db"
)

// Defaults of Config, used for every zero (or negative) field.
const (
	DefaultLease           = 30 * time.Second
	DefaultBatchSize       = 100
	DefaultPollInterval    = 2 * time.Second
	DefaultBaseBackoff     = time.Second
	DefaultMaxBackoff      = 10 * time.Minute
	DefaultRetention       = 7 * 24 * time.Hour
	DefaultCleanupInterval = 10 * time.Minute
	DefaultConsumerTimeout = 30 * time.Second
	DefaultMaxAttempts     = 10
	DefaultStopTimeout     = 10 * time.Second
)

const (
	// maxErrorLen bounds last_error, in bytes.
	maxErrorLen = 4000
	// cleanupChunk is how many events one cleanup statement deletes at most.
	cleanupChunk = 1000
	// writeTimeout bounds each statement that records the outcome of a
	// batch; these run even while the worker stops.
	writeTimeout = 15 * time.Second
	// listenRetryMin and listenRetryMax bound the delay before the listen
	// connection is opened again; the delay doubles while attempts fail (or
	// connections die young) and returns to the minimum once a connection
	// has lived listenStable.
	listenRetryMin = 100 * time.Millisecond
	listenRetryMax = 30 * time.Second
	listenStable   = 10 * time.Second
	// abandonAfter is how long a consumer whose context ended (its time
	// budget spent, or the worker stopping) may take to return before the
	// worker stops waiting for it. A Go goroutine cannot be killed: one that
	// ignores its context runs on, its result unused.
	abandonAfter = time.Second
	// pingTimeout bounds the check that the database answers, made before a
	// failure counts towards parking.
	pingTimeout = 2 * time.Second
)

// Error classes of a parked (event, consumer) pair: what management sees of
// the failure, never its text (which may quote content).
const (
	ClassTimeout = "timeout" // the consumer outran its time budget
	ClassPanic   = "panic"
	ClassError   = "error"
)

// ListenerApplicationName prefixes the application_name of a worker's listen
// connection (followed by its WorkerID, cut to 63 bytes), to find it in
// pg_stat_activity.
const ListenerApplicationName = "codna-outbox "

// Errors of Start, RunOnce and Drain.
var (
	// ErrStarted is returned by Start on a worker already started or stopped.
	ErrStarted = errors.New("outbox: worker already started or stopped")
	// ErrNoConsumers is returned by Start, RunOnce and Drain when no consumer
	// is registered: a worker without consumers would mark every event
	// processed with nothing done.
	ErrNoConsumers = errors.New("outbox: no consumer registered")
)

// Config tunes a Worker. Zero fields take the defaults.
type Config struct {
	// WorkerID names the worker in claimed_by; it must be unique among the
	// workers draining one database. Default: hostname-pid-random.
	WorkerID string
	// Lease is how long a claim keeps other workers off an event. A worker
	// renews the lease of the batch it is handling every Lease/3, so only a
	// dead (or stuck-in-the-database) worker loses its events to another.
	// Default 30s.
	Lease time.Duration
	// BatchSize is the most events claimed at once. Default 100.
	BatchSize int
	// PollInterval is how often the worker looks for work without being
	// woken by a notification (missed notifications, expired leases, retries
	// coming due). Default 2s.
	PollInterval time.Duration
	// BaseBackoff and MaxBackoff shape the retry delay after a failed
	// attempt: min(MaxBackoff, BaseBackoff·2^(attempts-1)), plus up to 10 %
	// jitter. Defaults 1s and 10m.
	BaseBackoff time.Duration
	MaxBackoff  time.Duration
	// Retention is how long processed events are kept (counted from
	// processed_at) before the cleanup deletes them. Default 7 days.
	Retention time.Duration
	// CleanupInterval is how often a started worker deletes processed events
	// older than Retention. Default 10m.
	CleanupInterval time.Duration
	// ConsumerTimeout is one consumer call's time budget: its context ends
	// then, and a call that has not returned a second later is abandoned
	// (it runs on, unused) and its (event, consumer) pair parked at once, so
	// a runaway consumer holds neither the queue nor a second goroutine.
	// A call that returns with the budget spent is a failure. Default 30s.
	ConsumerTimeout time.Duration
	// MaxAttempts is how many failed attempts of one consumer on one event
	// park that pair (see Parked). Failures while the database does not
	// answer do not count. Default 10.
	MaxAttempts int
	// StopTimeout bounds Stop: after it, Stop returns without waiting for
	// work still in flight, which the lease gives back to the pool. Default
	// 10s.
	StopTimeout time.Duration
}

func (c Config) withDefaults() Config {
	if c.WorkerID == "" {
		c.WorkerID = defaultWorkerID()
	}
	if c.Lease <= 0 {
		c.Lease = DefaultLease
	}
	if c.BatchSize <= 0 {
		c.BatchSize = DefaultBatchSize
	}
	if c.PollInterval <= 0 {
		c.PollInterval = DefaultPollInterval
	}
	if c.BaseBackoff <= 0 {
		c.BaseBackoff = DefaultBaseBackoff
	}
	if c.MaxBackoff <= 0 {
		c.MaxBackoff = DefaultMaxBackoff
	}
	if c.MaxBackoff < c.BaseBackoff {
		c.MaxBackoff = c.BaseBackoff
	}
	if c.Retention <= 0 {
		c.Retention = DefaultRetention
	}
	if c.CleanupInterval <= 0 {
		c.CleanupInterval = DefaultCleanupInterval
	}
	if c.ConsumerTimeout <= 0 {
		c.ConsumerTimeout = DefaultConsumerTimeout
	}
	if c.MaxAttempts <= 0 {
		c.MaxAttempts = DefaultMaxAttempts
	}
	if c.StopTimeout <= 0 {
		c.StopTimeout = DefaultStopTimeout
	}
	return c
}

func defaultWorkerID() string {
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "unknown"
	}
	return fmt.Sprintf("%s-%d-%08x", host, os.Getpid(), rand.Uint32())
}

type registered struct {
	name string
	fn   Consumer
}

// Worker delivers outbox events to the registered consumers. Make one with
// New, Register the consumers, then either Start it (background delivery
// until Stop) or call Drain / RunOnce (delivery in the calling goroutine,
// for tests and tools). Its methods are safe for concurrent use.
type Worker struct {
	pool *pgxpool.Pool
	cfg  Config
	log  *slog.Logger

	mu        sync.Mutex
	consumers []registered
	names     []string
	started   bool

	stopCtx context.Context // ends at Stop
	stop    context.CancelFunc
	wg      sync.WaitGroup
	wake    chan struct{}

	metrics *metrics

	// dead is a test hook (export_test.go): the worker behaves as if its
	// process had died — no claims, no lease renewals, no writes.
	dead atomic.Bool
}

// New returns a worker draining the events of pool's database. log may be
// nil (slog.Default()). Nothing runs until Start, Drain or RunOnce.
func New(pool *pgxpool.Pool, cfg Config, log *slog.Logger) *Worker {
	if log == nil {
		log = slog.Default()
	}
	cfg = cfg.withDefaults()
	w := &Worker{
		pool: pool, cfg: cfg,
		log:  log.With("component", "outbox", "worker", cfg.WorkerID),
		wake: make(chan struct{}, 1),
	}
	w.stopCtx, w.stop = context.WithCancel(context.Background())
	w.metrics = newMetrics(w)
	return w
}

// Config is the worker's configuration, defaults filled in.
func (w *Worker) Config() Config { return w.cfg }

// Register adds a consumer under a unique name; the name is what handled_by
// records, so it must stay stable across releases (renaming a consumer makes
// it run again for every unprocessed event). Consumers run in registration
// order. Register before Start (or the first Drain / RunOnce): it panics on an
// empty name, a nil consumer, a name already registered, or a started worker.
func (w *Worker) Register(name string, c Consumer) {
	if name == "" || c == nil {
		panic("outbox: Register needs a name and a consumer")
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.started {
		panic(fmt.Sprintf("outbox: Register(%q) after Start", name))
	}
	if slices.Contains(w.names, name) {
		panic(fmt.Sprintf("outbox: consumer %q registered twice", name))
	}
	w.consumers = append(w.consumers, registered{name: name, fn: c})
	w.names = append(w.names, name)
	// Export zeros from the start.
	w.metrics.failures.WithLabelValues(name)
	w.metrics.timeouts.WithLabelValues(name)
	w.metrics.parked.WithLabelValues(name)
}

func (w *Worker) registered() ([]registered, []string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.consumers, w.names
}

// Start starts delivering in the background and returns: one dedicated
// connection LISTENs on codna_events (opened before Start returns, reopened
// with capped backoff whenever it drops), a loop drains the claimable events
// at once, on every notification and every PollInterval, and every
// CleanupInterval processed events older than Retention are deleted.
// Delivery runs until Stop is called or ctx ends; consumers get a context
// that ends then.
//
// Errors: ErrStarted when the worker was started or stopped before,
// ErrNoConsumers when no consumer is registered. A failure to open the listen
// connection is not an error: it is logged and retried, and polling goes on
// meanwhile.
func (w *Worker) Start(ctx context.Context) error {
	w.mu.Lock()
	if w.started || w.stopCtx.Err() != nil {
		w.mu.Unlock()
		return ErrStarted
	}
	if len(w.consumers) == 0 {
		w.mu.Unlock()
		return ErrNoConsumers
	}
	w.started = true
	w.wg.Add(1) // under mu: a Stop that comes after waits for it
	w.mu.Unlock()

	runCtx, cancel := context.WithCancel(ctx)
	unhook := context.AfterFunc(w.stopCtx, cancel)
	conn, err := w.connectListener(runCtx)
	if err != nil && runCtx.Err() == nil {
		w.log.Warn("outbox: listen connection failed; polling meanwhile", "err", err)
	}
	var loops sync.WaitGroup
	loops.Add(3)
	go func() {
		defer w.wg.Done()
		loops.Wait()
		unhook()
		cancel()
	}()
	go func() { defer loops.Done(); w.listen(runCtx, conn) }()
	go func() { defer loops.Done(); w.deliver(runCtx) }()
	go func() { defer loops.Done(); w.cleanupLoop(runCtx) }()
	return nil
}

// Stop stops a started worker and waits until it has, for at most
// StopTimeout: no more claims, the consumers running get a cancelled context,
// and the events of the batch in hand that were not finished are given back
// to the pool (their claims cleared, so another worker can take them at once;
// consumers that had succeeded are recorded). A consumer that ignores its
// context is abandoned a second later; if the worker has still not wound down
// at StopTimeout (the database not answering its last writes), Stop returns
// anyway and what it held returns to the pool when its lease expires. Stop may
// be called more than once, concurrently, and on a worker never started
// (which then cannot be started); it also cancels the consumers of running
// Drain and RunOnce calls.
func (w *Worker) Stop() {
	w.mu.Lock()
	w.stop()
	w.mu.Unlock()
	done := make(chan struct{})
	go func() { w.wg.Wait(); close(done) }()
	t := time.NewTimer(w.cfg.StopTimeout)
	defer t.Stop()
	select {
	case <-done:
	case <-t.C:
		w.log.Warn("outbox: stop timed out; work in flight is abandoned and returns to the pool when its lease expires", "timeout", w.cfg.StopTimeout)
	}
}

// Collector returns the worker's Prometheus metrics:
// codna_outbox_queue_depth, codna_outbox_oldest_unprocessed_seconds and
// codna_outbox_parked (parked (event, consumer) pairs of all workers; read
// from the database at each scrape, one query; left out of a scrape when the
// query fails, which is logged), codna_outbox_processed_total (events this
// worker marked processed), codna_outbox_failures_total{consumer} (this
// worker's failed consumer calls, panics and time-outs included),
// codna_outbox_timeouts_total{consumer} (calls that outran ConsumerTimeout)
// and codna_outbox_parked_total{consumer} (pairs this worker parked). Register it once per registry; the collectors of
// two workers cannot share a registry (their metric names are the same).
func (w *Worker) Collector() prometheus.Collector { return w.metrics }

// RunOnce claims one batch (at most BatchSize claimable events) and handles
// it in the calling goroutine, and returns how many events it handled:
// processed, or failed and scheduled for a retry. Consumers get a context
// that ends with ctx or at Stop; if it ends mid-batch the unfinished events
// are given back to the pool and RunOnce returns the context's error.
//
// Errors: ErrNoConsumers, the context's error, and database errors
// (wrapped); events whose outcome could not be recorded return to the pool
// when their lease expires.
func (w *Worker) RunOnce(ctx context.Context) (handled int, err error) {
	consumers, names := w.registered()
	if len(consumers) == 0 {
		return 0, ErrNoConsumers
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	defer context.AfterFunc(w.stopCtx, cancel)()
	return w.runOnce(ctx, consumers, names)
}

// Drain handles batches in the calling goroutine until no event is claimable
// now — all processed, leased to other workers, or waiting for a retry that
// is not yet due. Tests call it after writing events instead of sleeping.
// Errors are those of RunOnce.
func (w *Worker) Drain(ctx context.Context) error {
	for {
		n, err := w.RunOnce(ctx)
		if err != nil || n == 0 {
			return err
		}
	}
}

// Cleanup deletes the events processed more than Retention ago, in chunks of
// at most 1000 rows (one statement each), and returns how many it deleted.
// Unprocessed events are never deleted, however old. A started worker calls
// it every CleanupInterval. Errors are the database's (wrapped), with the
// count deleted before the error.
func (w *Worker) Cleanup(ctx context.Context) (deleted int64, err error) {
	for {
		n, err := db.Q.EventCleanup(ctx, w.pool, db.EventCleanupParams{RetentionMs: w.cfg.Retention.Milliseconds(), Chunk: cleanupChunk})
		deleted += n
		if err != nil {
			return deleted, fmt.Errorf("outbox: cleanup: %w", err)
		}
		if n < cleanupChunk {
			return deleted, nil
		}
	}
}

// signal wakes the delivery loop; wake-ups arriving while one is pending are
// folded into it.
func (w *Worker) signal() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// deliver is the background loop: drain, then wait for a notification or the
// poll interval.
func (w *Worker) deliver(ctx context.Context) {
	consumers, names := w.registered()
	poll := time.NewTicker(w.cfg.PollInterval)
	defer poll.Stop()
	for {
		for ctx.Err() == nil {
			n, err := w.runOnce(ctx, consumers, names)
			if err != nil {
				if ctx.Err() == nil {
					w.log.Error("outbox: delivery failed", "err", err)
				}
				break
			}
			// A short batch means nothing else was claimable; what arrives
			// meanwhile comes with a notification.
			if n < w.cfg.BatchSize {
				break
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-w.wake:
		case <-poll.C:
		}
	}
}

func (w *Worker) cleanupLoop(ctx context.Context) {
	t := time.NewTicker(w.cfg.CleanupInterval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if w.dead.Load() {
			continue
		}
		n, err := w.Cleanup(ctx)
		switch {
		case err != nil && ctx.Err() == nil:
			w.log.Error("outbox: cleanup failed", "deleted", n, "err", err)
		case n > 0:
			w.log.Info("outbox: deleted processed events", "deleted", n, "retention", w.cfg.Retention)
		}
	}
}

// connectListener opens the dedicated LISTEN connection, outside the pool.
func (w *Worker) connectListener(ctx context.Context) (*pgx.Conn, error) {
	cfg := w.pool.Config().ConnConfig.Copy()
	if cfg.RuntimeParams == nil {
		cfg.RuntimeParams = map[string]string{}
	}
	name := ListenerApplicationName + w.cfg.WorkerID
	if len(name) > 63 {
		name = name[:63]
	}
	cfg.RuntimeParams["application_name"] = name
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	conn, err := pgx.ConnectConfig(cctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("outbox: listen connection: %w", err)
	}
	if _, err := conn.Exec(cctx, "LISTEN "+Channel); err != nil {
		closeConn(conn)
		return nil, fmt.Errorf("outbox: listen: %w", err)
	}
	return conn, nil
}

func closeConn(conn *pgx.Conn) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_ = conn.Close(ctx)
}

// listen holds the LISTEN connection (conn, which may be nil when the first
// attempt failed) and turns notifications into wake-ups, reconnecting with a
// capped, doubling delay when the connection drops.
func (w *Worker) listen(ctx context.Context, conn *pgx.Conn) {
	delay := listenRetryMin
	first := true
	for {
		if conn != nil {
			if !first {
				w.log.Info("outbox: listen connection restored")
				w.signal() // notifications sent while it was down are lost
			}
			since := time.Now()
			for {
				if _, err := conn.WaitForNotification(ctx); err != nil {
					if ctx.Err() == nil {
						w.log.Warn("outbox: listen connection lost", "err", err)
					}
					break
				}
				w.signal()
			}
			closeConn(conn)
			conn = nil
			if time.Since(since) >= listenStable {
				delay = listenRetryMin
			}
		}
		first = false
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
		delay = min(2*delay, listenRetryMax)
		var err error
		if conn, err = w.connectListener(ctx); err != nil && ctx.Err() == nil {
			w.log.Warn("outbox: listen connection failed; polling meanwhile", "err", err, "retry_in", delay)
		}
	}
}

// writeCtx is the context of the statements that record a batch's outcome:
// they must run even when ctx ended (a stopping worker), so that finished
// work is kept and unfinished work is given back at once.
func writeCtx(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), writeTimeout)
}

// runOnce claims a batch and handles it; see RunOnce.
func (w *Worker) runOnce(ctx context.Context, consumers []registered, names []string) (int, error) {
	if w.dead.Load() {
		return 0, nil
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	// The claim runs to its end even if ctx ends meanwhile: a claim committed
	// but never read would keep its events for a whole lease.
	cctx, cancel := writeCtx(ctx)
	rows, err := db.Q.EventClaim(cctx, w.pool, db.EventClaimParams{
		Worker: w.cfg.WorkerID, LeaseMs: w.cfg.Lease.Milliseconds(), BatchSize: int32(w.cfg.BatchSize),
	})
	cancel()
	if err != nil {
		return 0, fmt.Errorf("outbox: claim: %w", err)
	}
	if len(rows) == 0 {
		return 0, nil
	}
	slices.SortFunc(rows, func(a, b db.EventClaimRow) int {
		if c := a.CreatedAt.Compare(b.CreatedAt); c != 0 {
			return c
		}
		return bytes.Compare(a.ID[:], b.ID[:])
	})
	ids := make([]uuid.UUID, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	stopRenew := w.renew(ctx, ids)
	defer stopRenew()
	b := &batch{w: w, names: names, lastFlush: time.Now()}
	return b.handle(ctx, consumers, rows)
}

// renew extends the lease of ids every Lease/3 until the returned function
// is called (which waits for a renewal in progress).
func (w *Worker) renew(ctx context.Context, ids []uuid.UUID) (stop func()) {
	rctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(max(w.cfg.Lease/3, time.Millisecond))
		defer t.Stop()
		for {
			select {
			case <-rctx.Done():
				return
			case <-t.C:
			}
			if w.dead.Load() {
				continue
			}
			n, err := db.Q.EventRenew(rctx, w.pool, db.EventRenewParams{Ids: ids, Worker: w.cfg.WorkerID})
			if err != nil && rctx.Err() == nil {
				w.log.Warn("outbox: lease renewal failed", "events", len(ids), "err", err)
			} else if err == nil {
				w.log.Debug("outbox: lease renewed", "events", n)
			}
		}
	}()
	return func() { cancel(); <-done }
}

// batch records the outcome of a claimed batch. Events whose consumers all
// succeeded are marked processed together, at the end of the batch (or once
// the last write is Lease/3 old, so a slow batch does not sit on finished
// work); a failed event is recorded at once, with the consumers that did
// succeed.
type batch struct {
	w         *Worker
	names     []string // every registered consumer
	done      []uuid.UUID
	lastFlush time.Time
	handled   int
	err       error // the first write that failed
}

func (b *batch) handle(ctx context.Context, consumers []registered, rows []db.EventClaimRow) (int, error) {
	w := b.w
	flushEvery := min(time.Second, max(w.cfg.Lease/3, time.Millisecond))
	for i, r := range rows {
		if ctx.Err() != nil {
			b.release(ctx, rows[i:], nil)
			break
		}
		e := stored(r)
		counts := failureCounts(r.Failures)
		var ok, failed []string
		var parks []park
		stopped := false
		for _, c := range consumers {
			if slices.Contains(r.HandledBy, c.name) || slices.Contains(r.Parked, c.name) {
				continue
			}
			res := w.call(ctx, c, e)
			if ctx.Err() != nil {
				// Stopping: keep a success, but an error may be the
				// cancellation itself and is no failure of the consumer.
				if res.err == nil {
					ok = append(ok, c.name)
				}
				stopped = true
				break
			}
			if res.err == nil {
				ok = append(ok, c.name)
				continue
			}
			w.metrics.failures.WithLabelValues(c.name).Inc()
			if res.class == ClassTimeout {
				w.metrics.timeouts.WithLabelValues(c.name).Inc()
			}
			w.log.Warn("outbox: consumer failed", "consumer", c.name, "event", e.ID, "type", e.Type, "attempt", e.Attempts+1,
				"class", res.class, "abandoned", res.abandoned, "err", res.err)
			if !res.abandoned && w.unreachable(ctx, res.err) {
				// The database, not the event: retry, without counting.
				failed = append(failed, fmt.Sprintf("consumer %q (database unreachable): %v", c.name, res.err))
				continue
			}
			counts[c.name]++
			if res.abandoned || counts[c.name] >= w.cfg.MaxAttempts {
				parks = append(parks, park{consumer: c.name, attempts: counts[c.name], class: res.class})
				continue
			}
			failed = append(failed, fmt.Sprintf("consumer %q: %v", c.name, res.err))
		}
		if len(parks) > 0 && !b.park(ctx, r, parks) {
			// Not recorded: the event stays as it is, to be delivered again.
			b.release(ctx, rows[i:i+1], ok)
			if stopped {
				b.release(ctx, rows[i+1:], nil)
				break
			}
			continue
		}
		switch {
		case stopped:
			b.release(ctx, rows[i:i+1], ok)
			b.release(ctx, rows[i+1:], nil)
		case len(failed) > 0:
			b.fail(ctx, r, ok, failed, counts)
		case len(parks) > 0 || len(r.Parked) > 0:
			// Done for every consumer that is not parked: processed, with
			// the parked ones left out of handled_by so that a retry by
			// management runs them.
			parked := append(slices.Clone(r.Parked), parkedNames(parks)...)
			b.completeOne(ctx, r.ID, slices.DeleteFunc(slices.Clone(b.names), func(n string) bool { return slices.Contains(parked, n) }))
		default:
			b.done = append(b.done, r.ID)
			if time.Since(b.lastFlush) >= flushEvery {
				b.flush(ctx)
			}
		}
		if stopped {
			break
		}
	}
	b.flush(ctx)
	if b.err != nil {
		return b.handled, b.err
	}
	return b.handled, ctx.Err()
}

// park is a consumer to park on an event.
type park struct {
	consumer string
	attempts int
	class    string
}

func parkedNames(ps []park) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.consumer
	}
	return out
}

// failureCounts decodes events.failures (consumer → counted failures).
func failureCounts(raw []byte) map[string]int {
	m := map[string]int{}
	if len(raw) > 0 {
		_ = json.Unmarshal(raw, &m) // written by this package: an object of numbers
	}
	return m
}

// callResult is the outcome of one consumer call.
type callResult struct {
	err   error
	class string // of a failure: ClassTimeout, ClassPanic or ClassError
	// abandoned: the consumer had not returned abandonAfter after its
	// context ended; it runs on, its result unused.
	abandoned bool
}

// call runs one consumer with its time budget, turning a panic into an
// error. The consumer runs in its own goroutine so that the worker can stop
// waiting for it: abandonAfter after its context ended (budget spent or
// worker stopping), the call returns without it.
func (w *Worker) call(ctx context.Context, c registered, e Stored) callResult {
	cctx, cancel := context.WithTimeout(ctx, w.cfg.ConsumerTimeout)
	defer cancel()
	done := make(chan callResult, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				w.log.Error("outbox: consumer panicked", "consumer", c.name, "event", e.ID, "type", e.Type, "panic", p, "stack", string(debug.Stack()))
				done <- callResult{err: fmt.Errorf("panic: %v", p), class: ClassPanic}
			}
		}()
		err := c.fn(cctx, e)
		done <- callResult{err: err, class: ClassError}
	}()
	timedOut := func(r callResult) callResult {
		if r.err != nil && r.class == ClassError && ctx.Err() == nil && errors.Is(cctx.Err(), context.DeadlineExceeded) {
			r.class = ClassTimeout
		}
		return r
	}
	select {
	case r := <-done:
		return timedOut(r)
	case <-cctx.Done():
	}
	t := time.NewTimer(abandonAfter)
	defer t.Stop()
	select {
	case r := <-done:
		return timedOut(r)
	case <-t.C:
		w.log.Error("outbox: consumer did not return after its context ended; abandoned", "consumer", c.name, "event", e.ID, "type", e.Type, "budget", w.cfg.ConsumerTimeout)
		return callResult{err: fmt.Errorf("abandoned %v after its context ended: %w", abandonAfter, context.Cause(cctx)), class: ClassTimeout, abandoned: true}
	}
}

// unreachable reports whether a consumer's failure is the database's: the
// error says a connection failed, or the database does not answer a ping
// now. Such failures do not count towards parking.
func (w *Worker) unreachable(ctx context.Context, err error) bool {
	var ce *pgconn.ConnectError
	var ne *net.OpError
	if errors.As(err, &ce) || errors.As(err, &ne) || errors.Is(err, io.ErrUnexpectedEOF) {
		return true
	}
	pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), pingTimeout)
	defer cancel()
	return w.pool.Ping(pctx) != nil
}

// park records consumers parked on the event of r, and reports whether it
// was recorded.
func (b *batch) park(ctx context.Context, r db.EventClaimRow, ps []park) bool {
	if b.w.dead.Load() {
		return false
	}
	p := db.OutboxParkedCreateParams{EventID: r.ID, Worker: b.w.cfg.WorkerID}
	for _, x := range ps {
		p.Consumers = append(p.Consumers, x.consumer)
		p.Attempts = append(p.Attempts, int32(x.attempts))
		p.ErrorClasses = append(p.ErrorClasses, x.class)
	}
	wctx, cancel := writeCtx(ctx)
	defer cancel()
	if _, err := db.Q.OutboxParkedCreate(wctx, b.w.pool, p); err != nil {
		b.setErr(fmt.Errorf("outbox: park event %s: %w", r.ID, err))
		return false
	}
	for _, x := range ps {
		b.w.metrics.parked.WithLabelValues(x.consumer).Inc()
		b.w.log.Error("outbox: event parked for a consumer; management can retry it", "event", r.ID, "type", r.EventType,
			"consumer", x.consumer, "attempts", x.attempts, "class", x.class)
	}
	return true
}

// completeOne marks one event processed, recording consumers in handled_by.
func (b *batch) completeOne(ctx context.Context, id uuid.UUID, consumers []string) {
	if b.w.dead.Load() {
		return
	}
	wctx, cancel := writeCtx(ctx)
	defer cancel()
	n, err := db.Q.EventComplete(wctx, b.w.pool, db.EventCompleteParams{Consumers: nonNil(consumers), Ids: []uuid.UUID{id}, Worker: b.w.cfg.WorkerID})
	if err != nil {
		b.setErr(fmt.Errorf("outbox: mark event %s processed: %w", id, err))
		return
	}
	b.handled++
	b.w.metrics.processed.Add(float64(n))
}

// flush marks the finished events processed.
func (b *batch) flush(ctx context.Context) {
	b.lastFlush = time.Now()
	if len(b.done) == 0 || b.w.dead.Load() {
		b.done = b.done[:0]
		return
	}
	wctx, cancel := writeCtx(ctx)
	defer cancel()
	n, err := db.Q.EventComplete(wctx, b.w.pool, db.EventCompleteParams{Consumers: b.names, Ids: b.done, Worker: b.w.cfg.WorkerID})
	if err != nil {
		b.setErr(fmt.Errorf("outbox: mark %d events processed: %w", len(b.done), err))
	} else {
		b.handled += len(b.done)
		b.w.metrics.processed.Add(float64(n))
		if int(n) < len(b.done) {
			b.w.log.Warn("outbox: lease lost before events were marked processed; another worker delivers them again", "events", len(b.done)-int(n))
		}
	}
	b.done = b.done[:0]
}

// fail records a failed attempt of one event, with the per-consumer failure
// counts.
func (b *batch) fail(ctx context.Context, r db.EventClaimRow, ok, failed []string, counts map[string]int) {
	if b.w.dead.Load() {
		return
	}
	attempts := int(r.Attempts) + 1
	failures, err := json.Marshal(counts)
	if err != nil {
		failures = []byte("{}")
	}
	wctx, cancel := writeCtx(ctx)
	defer cancel()
	_, err = db.Q.EventFail(wctx, b.w.pool, db.EventFailParams{
		Consumers: nonNil(ok), LastError: lastError(failed), Failures: failures, ID: r.ID, Worker: b.w.cfg.WorkerID,
		RetryMs: b.w.backoff(attempts).Milliseconds(),
	})
	if err != nil {
		b.setErr(fmt.Errorf("outbox: record failure of event %s: %w", r.ID, err))
		return
	}
	b.handled++
}

// release gives events back to the pool unprocessed, recording ok (the
// consumers that succeeded on all of them).
func (b *batch) release(ctx context.Context, rows []db.EventClaimRow, ok []string) {
	if len(rows) == 0 || b.w.dead.Load() {
		return
	}
	ids := make([]uuid.UUID, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	wctx, cancel := writeCtx(ctx)
	defer cancel()
	if _, err := db.Q.EventRelease(wctx, b.w.pool, db.EventReleaseParams{Consumers: nonNil(ok), Ids: ids, Worker: b.w.cfg.WorkerID}); err != nil {
		b.setErr(fmt.Errorf("outbox: release %d events: %w", len(ids), err))
	}
}

func (b *batch) setErr(err error) {
	b.w.log.Error("outbox: recording a batch failed; its events return to the pool when the lease expires", "err", err)
	if b.err == nil {
		b.err = err
	}
}

// backoff is the retry delay after the attempts-th failed attempt.
func (w *Worker) backoff(attempts int) time.Duration {
	d := w.cfg.BaseBackoff
	for i := 1; i < attempts && d < w.cfg.MaxBackoff; i++ {
		d *= 2
	}
	d = min(d, w.cfg.MaxBackoff)
	if j := d / 10; j > 0 {
		d += rand.N(j)
	}
	return d
}

// lastError joins the failures of one attempt into a last_error value: valid
// UTF-8 without NUL bytes (which text columns refuse), at most maxErrorLen
// bytes.
func lastError(failed []string) string {
	s := strings.ReplaceAll(strings.Join(failed, "; "), "\x00", "")
	if len(s) > maxErrorLen {
		s = s[:maxErrorLen-len("…")] + "…"
	}
	return strings.ToValidUTF8(s, "")
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func stored(r db.EventClaimRow) Stored {
	return Stored{
		ID: r.ID, Type: r.EventType, SubjectType: r.SubjectType, SubjectID: r.SubjectID,
		DocumentID: r.DocumentID, ActorID: r.ActorID, RevisionID: r.RevisionID,
		Payload: r.Payload, CreatedAt: r.CreatedAt, Attempts: int(r.Attempts),
	}
}
