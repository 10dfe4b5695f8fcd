package outbox

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"

	"codna/internal/db"
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

// Errors of Start, RunOnce and Drain.
var (
	// ErrStarted is returned by Start on a worker already started or stopped.
	ErrStarted = errors.New("outbox: worker already started or stopped")
	// ErrNoConsumers is returned by Start, RunOnce and Drain when no consumer
	// is registered: a worker without consumers would mark every event
	// processed with nothing done.
	ErrNoConsumers = errors.New("outbox: no consumer registered")
)

type registered struct {
	name  string
	fn    Consumer      // a per-event consumer, or
	batch BatchConsumer // a batch consumer
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

// Register adds a consumer under a unique name; the name is what handled_by
// records, so it must stay stable across releases (renaming a consumer makes
// it run again for every unprocessed event). Consumers run in registration
// order: each event meets them in that order (a run of batch consumers
// registered one after the other handles the whole batch consumer by
// consumer, a run of per-event consumers event by event). Register before
// Start (or the first Drain / RunOnce): it panics on an empty name, a nil
// consumer, a name already registered, or a started worker.
func (w *Worker) Register(name string, c Consumer) {
	if c == nil {
		panic("outbox: Register needs a name and a consumer")
	}
	w.register(registered{name: name, fn: c})
}

// RegisterBatch adds a batch consumer (see BatchConsumer), as Register
// adds a per-event one, under the same rules.
func (w *Worker) RegisterBatch(name string, c BatchConsumer) {
	if c == nil {
		panic("outbox: RegisterBatch needs a name and a consumer")
	}
	w.register(registered{name: name, batch: c})
}

func (w *Worker) register(r registered) {
	name := r.name
	if name == "" {
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
	w.consumers = append(w.consumers, r)
	w.names = append(w.names, name)
	// Export zeros from the start.
	w.metrics.failures.WithLabelValues(name)
	w.metrics.timeouts.WithLabelValues(name)
	w.metrics.parked.WithLabelValues(name)
	if r.batch != nil {
		w.metrics.batchFallbacks.WithLabelValues(name)
	}
}

func (w *Worker) registered() ([]registered, []string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.consumers, w.names
}

// Start starts delivering in the background and returns: one dedicated
// connection LISTENs on codna_events (opened before Start returns, reopened
// with capped backoff whenever it drops), Config.Workers delivery loops
// drain the claimable events at once, on every notification and every
// PollInterval, each claiming and handling its own batches, and every
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
	loops.Add(2 + w.cfg.Workers)
	go func() {
		defer w.wg.Done()
		loops.Wait()
		unhook()
		cancel()
	}()
	go func() { defer loops.Done(); w.listen(runCtx, conn) }()
	for i := range w.cfg.Workers {
		go func() { defer loops.Done(); w.deliver(runCtx, w.claimer(i)) }()
	}
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
// codna_outbox_parked_total{consumer} (pairs this worker parked) and
// codna_outbox_batch_fallbacks_total{consumer} (failed batch calls split
// into one call per event). The queue depth is counted up to 100,000.
// Register it once per registry; the collectors of
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
	return w.runOnce(ctx, consumers, names, w.cfg.WorkerID)
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

// claimer is the claimed_by of delivery loop i: the WorkerID itself when
// there is one loop, else the WorkerID and the loop's number, so that each
// loop holds its own leases.
func (w *Worker) claimer(i int) string {
	if w.cfg.Workers == 1 {
		return w.cfg.WorkerID
	}
	return fmt.Sprintf("%s/%d", w.cfg.WorkerID, i)
}

// deliver is a background delivery loop, claiming as claimer: drain, then
// wait for a notification or the poll interval. A notification wakes one
// idle loop; a loop that claims a full batch wakes another.
func (w *Worker) deliver(ctx context.Context, claimer string) {
	consumers, names := w.registered()
	poll := time.NewTicker(w.cfg.PollInterval)
	defer poll.Stop()
	for {
		for ctx.Err() == nil {
			n, err := w.runOnce(ctx, consumers, names, claimer)
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
