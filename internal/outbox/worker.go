package outbox

import (
	"context"
	"encoding/json"
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

// Lane is what a consumer states about its own lane when it registers.
type Lane struct {
	// Budget is the consumer's time budget per event, required: a call's
	// context ends then (a batch call gets the same budget for its whole
	// batch; when it runs out the batch is split and each event gets the
	// budget alone), and a call that has not returned a second later is
	// abandoned and its (event, consumer) pair parked at once. A call that
	// returns with the budget spent is a failure. Config.ConsumerTimeout,
	// when set, caps it.
	Budget time.Duration
	// Events, when not nil, are the only event types the consumer acts on:
	// the lane gets no delivery for any other (an event of none of a
	// worker's lanes' types is processed as soon as it is fanned out).
	// nil: every event.
	Events []string
	// Loops is the least number of delivery loops the lane runs in a
	// started worker: the lane runs max(Loops, Config.Workers). 0: the
	// Config's. For a consumer whose work per event is large and
	// latency-bound (the watch fan-out writes thousands of rows for one
	// save), so that one batch in hand does not hold back the next.
	Loops int
}

// registered is a consumer and its lane.
type registered struct {
	name   string
	fn     Consumer      // a per-event consumer, or
	batch  BatchConsumer // a batch consumer
	budget time.Duration // per call, capped by Config.ConsumerTimeout
	events []string      // the event types of its deliveries; nil: all
	loops  int           // Lane.Loops
	wake   chan struct{} // wakes an idle delivery loop of the lane
}

// Worker delivers outbox events to the registered consumers, each consumer
// in its own lane (see the package comment). Make one with New, Register
// the consumers, then either Start it (background delivery until Stop) or
// call Drain / RunOnce (delivery in the calling goroutine, for tests and
// tools). Its methods are safe for concurrent use.
type Worker struct {
	pool *pgxpool.Pool
	cfg  Config
	log  *slog.Logger

	mu        sync.Mutex
	consumers []*registered
	names     []string
	started   bool

	stopCtx context.Context // ends at Stop
	stop    context.CancelFunc
	wg      sync.WaitGroup
	wake    chan struct{} // wakes the fan-out loop

	metrics *metrics
	settle  *settler // marks processed the events the lanes finished

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
		log:    log.With("component", "outbox", "worker", cfg.WorkerID),
		wake:   make(chan struct{}, 1),
		settle: newSettler(),
	}
	w.stopCtx, w.stop = context.WithCancel(context.Background())
	w.metrics = newMetrics(w)
	return w
}

// Register adds a consumer under a unique name, in a lane of its own (its
// deliveries, leases, retries, parking and delivery loops), with the time
// budget per event that lane states. The name is what outbox_deliveries,
// outbox_parked and handled_by record, so it must stay stable across
// releases (a renamed consumer gets the events not yet fanned out, not the
// old name's deliveries). Lanes run independently: a slow or failing
// consumer delays only its own lane, and an event meets its consumers in no
// set order. Register before Start (or the first Drain / RunOnce): it panics
// on an empty name, a nil consumer, a budget that is not positive, a name
// already registered, or a started worker.
func (w *Worker) Register(name string, c Consumer, lane Lane) {
	if c == nil {
		panic("outbox: Register needs a name and a consumer")
	}
	w.register(&registered{name: name, fn: c}, lane)
}

// RegisterBatch adds a batch consumer (see BatchConsumer), as Register
// adds a per-event one, under the same rules.
func (w *Worker) RegisterBatch(name string, c BatchConsumer, lane Lane) {
	if c == nil {
		panic("outbox: RegisterBatch needs a name and a consumer")
	}
	w.register(&registered{name: name, batch: c}, lane)
}

func (w *Worker) register(r *registered, lane Lane) {
	name := r.name
	if name == "" {
		panic("outbox: Register needs a name and a consumer")
	}
	if lane.Budget <= 0 {
		panic(fmt.Sprintf("outbox: consumer %q states no time budget (Lane.Budget)", name))
	}
	r.budget = lane.Budget
	r.loops = lane.Loops
	if lane.Events != nil {
		r.events = slices.Clone(lane.Events)
	}
	if w.cfg.ConsumerTimeout > 0 {
		r.budget = min(r.budget, w.cfg.ConsumerTimeout)
	}
	r.wake = make(chan struct{}, 1)
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
	w.metrics.delivered.WithLabelValues(name)
	w.metrics.lag.WithLabelValues(name)
	if r.batch != nil {
		w.metrics.batchFallbacks.WithLabelValues(name)
	}
}

func (w *Worker) registered() ([]*registered, []string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.consumers, w.names
}

// Start starts delivering in the background and returns: one dedicated
// connection LISTENs on codna_events (opened before Start returns, reopened
// with capped backoff whenever it drops); a fan-out loop turns new events
// into deliveries, on every notification and every PollInterval; each
// consumer's lane runs Config.Workers delivery loops that claim and handle
// its deliveries, woken by the fan-out and every PollInterval; one settle
// loop marks processed the events the lanes finished, as they hand them
// over; and every CleanupInterval processed events older than Retention are
// deleted.
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
	consumers := w.consumers
	w.mu.Unlock()

	runCtx, cancel := context.WithCancel(ctx)
	unhook := context.AfterFunc(w.stopCtx, cancel)
	conn, err := w.connectListener(runCtx)
	if err != nil && runCtx.Err() == nil {
		w.log.Warn("outbox: listen connection failed; polling meanwhile", "err", err)
	}
	var loops sync.WaitGroup
	loops.Add(4)
	for _, c := range consumers {
		loops.Add(w.loopsOf(c))
	}
	go func() {
		defer w.wg.Done()
		loops.Wait()
		// What the lanes finished on their way out.
		w.settleNow(runCtx)
		unhook()
		cancel()
	}()
	go func() { defer loops.Done(); w.listen(runCtx, conn) }()
	go func() { defer loops.Done(); w.fanOutLoop(runCtx) }()
	for _, c := range consumers {
		n := w.loopsOf(c)
		for i := range n {
			go func() { defer loops.Done(); w.deliver(runCtx, c, w.claimer(i, n)) }()
		}
	}
	go func() { defer loops.Done(); w.cleanupLoop(runCtx) }()
	go func() { defer loops.Done(); w.settleLoop(runCtx) }()
	return nil
}

// Stop stops a started worker and waits until it has, for at most
// StopTimeout: no more claims, the consumers running get a cancelled context,
// and the deliveries in hand that were not finished are given back to their
// lanes (their leases cleared, so another worker can take them at once). A
// consumer that ignores its context is abandoned a second later; if the
// worker has still not wound down at StopTimeout (the database not answering
// its last writes), Stop returns anyway and what it held returns to the
// lanes when its leases expire. Stop may be called more than once,
// concurrently, and on a worker never started (which then cannot be
// started); it also cancels the consumers of running Drain and RunOnce calls.
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
		w.log.Warn("outbox: stop timed out; work in flight is abandoned and returns to the lanes when its leases expire", "timeout", w.cfg.StopTimeout)
	}
}

// Collector returns the worker's Prometheus metrics:
// codna_outbox_queue_depth, codna_outbox_oldest_unprocessed_seconds and
// codna_outbox_parked (unprocessed events and parked (event, consumer)
// pairs of all workers), codna_outbox_lane_depth{consumer} and
// codna_outbox_lane_oldest_seconds{consumer} (each registered consumer's
// deliveries waiting, and the age of the oldest; all read from the database
// at each scrape, two queries, left out of a scrape when they fail, which is
// logged), codna_outbox_processed_total (events this worker marked
// processed), codna_outbox_delivered_total{consumer} (deliveries this
// worker's lanes handled successfully), codna_outbox_lag_seconds{consumer}
// (a histogram: from each event's creation to its delivery's success
// recorded, by the database's clock for the creation and the worker's for
// the end), codna_outbox_failures_total{consumer}
// (failed consumer calls, panics and time-outs included),
// codna_outbox_timeouts_total{consumer} (calls that outran their budget),
// codna_outbox_parked_total{consumer} (pairs this worker parked) and
// codna_outbox_batch_fallbacks_total{consumer} (failed batch calls split
// into one call per event). Depths are counted up to 100,000. Register it
// once per registry; the collectors of two workers cannot share a registry
// (their metric names are the same).
func (w *Worker) Collector() prometheus.Collector { return w.metrics }

// RunOnce does one round of work in the calling goroutine: it fans out one
// batch of new events (at most BatchSize) to the registered consumers, then
// claims and handles one batch of each consumer's deliveries, lane by lane in
// registration order, and returns how much it did: events fanned out plus
// deliveries handled (succeeded, failed and scheduled for a retry, or
// parked); 0 means nothing was claimable. Consumers get a context that ends
// with ctx or at Stop; if it ends mid-batch the unfinished deliveries are
// given back to their lane and RunOnce returns the context's error.
//
// Errors: ErrNoConsumers, the context's error, and database errors
// (wrapped); deliveries whose outcome could not be recorded return to their
// lane when their lease expires.
func (w *Worker) RunOnce(ctx context.Context) (handled int, err error) {
	consumers, _ := w.registered()
	if len(consumers) == 0 {
		return 0, ErrNoConsumers
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	defer context.AfterFunc(w.stopCtx, cancel)()
	fanned, _, err := w.fanOut(ctx, w.lanes(consumers))
	if err != nil {
		return 0, err
	}
	handled = fanned
	for _, c := range consumers {
		n, err := w.runLane(ctx, c, w.cfg.WorkerID)
		handled += n
		if err != nil {
			w.settleNow(ctx)
			return handled, err
		}
	}
	w.settleNow(ctx)
	return handled, nil
}

// Drain works in the calling goroutine until nothing is claimable now —
// every event fanned out, every delivery handled, leased to other workers,
// or waiting for a retry that is not yet due. Tests call it after writing
// events instead of sleeping. Errors are those of RunOnce.
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

// Sweep marks processed the events fanned out more than a second ago whose
// deliveries are all gone but which were never marked (a worker that died
// between the two writes), up to 1000 at a time, and returns how many. A
// started worker calls it every Lease. Errors are the database's (wrapped).
func (w *Worker) Sweep(ctx context.Context) (int64, error) {
	var settled int64
	for {
		ids, err := db.Q.EventSweep(ctx, w.pool, db.EventSweepParams{MinAgeMs: time.Second.Milliseconds(), Chunk: cleanupChunk})
		if err != nil {
			return settled, fmt.Errorf("outbox: sweep: %w", err)
		}
		if len(ids) == 0 {
			return settled, nil
		}
		n, err := db.Q.EventSettle(ctx, lanePlans(ctx, w.pool).Last(), ids)
		settled += n
		if err != nil {
			return settled, fmt.Errorf("outbox: sweep: %w", err)
		}
		w.metrics.processed.Add(float64(n))
		if len(ids) < cleanupChunk {
			return settled, nil
		}
	}
}

// signal wakes the fan-out loop; wake-ups arriving while one is pending are
// folded into it.
func (w *Worker) signal() { poke(w.wake) }

func poke(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}

// loopsOf is how many delivery loops a started worker runs for c's lane.
func (w *Worker) loopsOf(c *registered) int { return max(c.loops, w.cfg.Workers) }

// claimer is the claimed_by of delivery loop i of a lane of loops: the WorkerID
// itself when the lane has one loop, else the WorkerID and the loop's
// number, so that each loop holds its own leases.
func (w *Worker) claimer(i, loops int) string {
	if loops == 1 {
		return w.cfg.WorkerID
	}
	return fmt.Sprintf("%s/%d", w.cfg.WorkerID, i)
}

// fanOutLoop fans new events out to the lanes, waking the lanes that got
// deliveries: on a notification, at every poll, and again at once after a
// full batch.
func (w *Worker) fanOutLoop(ctx context.Context) {
	consumers, _ := w.registered()
	lanes := w.lanes(consumers)
	poll := time.NewTicker(w.cfg.PollInterval)
	defer poll.Stop()
	for {
		for ctx.Err() == nil && !w.dead.Load() {
			n, _, err := w.fanOut(ctx, lanes)
			if err != nil {
				if ctx.Err() == nil {
					w.log.Error("outbox: fan-out failed", "err", err)
				}
				break
			}
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

// lanes is EventFanOut's description of the consumers' lanes: a JSON array
// of {"c": name, "t": event types, null for all}.
func (w *Worker) lanes(consumers []*registered) []byte {
	type lane struct {
		C string   `json:"c"`
		T []string `json:"t"`
	}
	out := make([]lane, len(consumers))
	for i, c := range consumers {
		out[i] = lane{C: c.name, T: c.events}
	}
	raw, err := json.Marshal(out)
	if err != nil {
		panic(fmt.Sprintf("outbox: lanes: %v", err)) // strings only: cannot fail
	}
	return raw
}

// fanOut fans out one batch of new events to the lanes (see lanes), wakes
// the lanes that got deliveries, and returns how many events it took and
// those lanes.
func (w *Worker) fanOut(ctx context.Context, lanes []byte) (int, []string, error) {
	if w.dead.Load() {
		return 0, nil, nil
	}
	if err := ctx.Err(); err != nil {
		return 0, nil, err
	}
	// Runs to its end even if ctx ends meanwhile: it holds no lease.
	cctx, cancel := writeCtx(ctx)
	defer cancel()
	rows, err := db.Q.EventFanOut(cctx, w.pool, db.EventFanOutParams{BatchSize: int32(w.cfg.BatchSize), Lanes: lanes})
	if err != nil {
		return 0, nil, fmt.Errorf("outbox: fan out: %w", err)
	}
	var woken []string
	for _, r := range rows {
		if len(r.Consumers) == 0 {
			w.metrics.processed.Inc() // no lane takes it
		}
		for _, n := range r.Consumers {
			if !slices.Contains(woken, n) {
				woken = append(woken, n)
			}
		}
	}
	consumers, _ := w.registered()
	for _, c := range consumers {
		if slices.Contains(woken, c.name) {
			poke(c.wake)
		}
	}
	return len(rows), woken, nil
}

// deliver is a background delivery loop of consumer c's lane, claiming as
// claimer: drain the lane, then wait for a wake-up or the poll interval. A
// wake-up reaches one idle loop of the lane; a loop that claims a full batch
// wakes another.
func (w *Worker) deliver(ctx context.Context, c *registered, claimer string) {
	poll := time.NewTicker(w.cfg.PollInterval)
	defer poll.Stop()
	for {
		for ctx.Err() == nil {
			n, err := w.runLane(ctx, c, claimer)
			if err != nil {
				if ctx.Err() == nil {
					w.log.Error("outbox: delivery failed", "consumer", c.name, "err", err)
				}
				break
			}
			// A short batch means nothing else was claimable; what arrives
			// meanwhile comes with a wake-up.
			if n < w.cfg.BatchSize {
				break
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-c.wake:
		case <-poll.C:
		}
	}
}

func (w *Worker) cleanupLoop(ctx context.Context) {
	t := time.NewTicker(w.cfg.CleanupInterval)
	defer t.Stop()
	sweep := time.NewTicker(w.cfg.Lease)
	defer sweep.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-sweep.C:
			if w.dead.Load() {
				continue
			}
			if n, err := w.Sweep(ctx); err != nil && ctx.Err() == nil {
				w.log.Error("outbox: sweep failed", "settled", n, "err", err)
			} else if n > 0 {
				w.log.Info("outbox: swept events left unsettled", "settled", n)
			}
			continue
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
