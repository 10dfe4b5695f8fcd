package outbox

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"codna/internal/db"
)

// writeCtx is the context of the statements that record a batch's outcome:
// they must run even when ctx ended (a stopping worker), so that finished
// work is kept and unfinished work is given back at once.
func writeCtx(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), writeTimeout)
}

// runOnce claims a batch as claimer (the claimed_by of one delivery loop)
// and handles it; see RunOnce.
func (w *Worker) runOnce(ctx context.Context, consumers []registered, names []string, claimer string) (int, error) {
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
		Worker: claimer, LeaseMs: w.cfg.Lease.Milliseconds(), BatchSize: int32(w.cfg.BatchSize),
	})
	cancel()
	if err != nil {
		return 0, fmt.Errorf("outbox: claim: %w", err)
	}
	if len(rows) == 0 {
		return 0, nil
	}
	if len(rows) == w.cfg.BatchSize {
		// There may be more: let an idle delivery loop claim the next batch
		// while this one is handled.
		w.signal()
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
	stopRenew := w.renew(ctx, ids, claimer)
	defer stopRenew()
	b := &batch{w: w, claimer: claimer, names: names, lastFlush: time.Now()}
	return b.handle(ctx, consumers, rows)
}

// renew extends the lease of ids every Lease/3 until the returned function
// is called (which waits for a renewal in progress).
func (w *Worker) renew(ctx context.Context, ids []uuid.UUID, claimer string) (stop func()) {
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
			n, err := db.Q.EventRenew(rctx, w.pool, db.EventRenewParams{Ids: ids, Worker: claimer})
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
// work); a failed event is recorded as soon as its last consumer ran, with
// the consumers that did succeed.
type batch struct {
	w         *Worker
	claimer   string      // claimed_by of the batch's events
	names     []string    // every registered consumer
	done      []uuid.UUID // processed, to flush
	back      []*delivery // to give back to the pool
	lastFlush time.Time
	handled   int
	err       error // the first write that failed
}

// delivery is the state of one event of the batch as its consumers run.
type delivery struct {
	r        db.EventClaimRow
	e        Stored
	counts   map[string]int // consumer → counted failures
	ok       []string       // consumers that succeeded in this delivery
	failed   []string       // failures to retry, for last_error
	parks    []park         // consumers to park
	stopped  bool           // the worker stopped before its consumers all ran
	recorded bool
}

// owes reports whether consumer name has still to handle the event.
func (d *delivery) owes(name string) bool {
	return !slices.Contains(d.r.HandledBy, name) && !slices.Contains(d.r.Parked, name)
}

// segments splits consumers into runs of the same kind, in registration
// order: a run of batch consumers handles the batch consumer by consumer,
// a run of per-event consumers event by event, so that every event still
// meets its consumers in registration order.
func segments(consumers []registered) [][]registered {
	var out [][]registered
	for i, c := range consumers {
		if i > 0 && (c.batch != nil) == (consumers[i-1].batch != nil) {
			out[len(out)-1] = append(out[len(out)-1], c)
			continue
		}
		out = append(out, []registered{c})
	}
	return out
}

func (b *batch) handle(ctx context.Context, consumers []registered, rows []db.EventClaimRow) (int, error) {
	ds := make([]*delivery, len(rows))
	for i, r := range rows {
		ds[i] = &delivery{r: r, e: stored(r), counts: failureCounts(r.Failures)}
	}
	segs := segments(consumers)
	stopped := false
	for si, seg := range segs {
		last := si == len(segs)-1
		if seg[0].batch != nil {
			for _, c := range seg {
				if stopped = ctx.Err() != nil || b.runBatch(ctx, c, ds); stopped {
					break
				}
			}
		} else {
			for _, d := range ds {
				if stopped = ctx.Err() != nil || b.runEach(ctx, seg, d); stopped {
					break
				}
				if last {
					b.finish(ctx, d)
				}
			}
		}
		if stopped {
			break
		}
	}
	for _, d := range ds {
		if d.recorded {
			continue
		}
		if stopped {
			d.stopped = true
		}
		b.finish(ctx, d)
	}
	b.releaseAll(ctx)
	b.flush(ctx)
	if b.err != nil {
		return b.handled, b.err
	}
	return b.handled, ctx.Err()
}

// runEach runs a run of per-event consumers on one event, and reports
// whether the worker is stopping.
func (b *batch) runEach(ctx context.Context, seg []registered, d *delivery) bool {
	for _, c := range seg {
		if !d.owes(c.name) {
			continue
		}
		res := b.w.call(ctx, c.name, []any{"event", d.e.ID, "type", d.e.Type}, func(cctx context.Context) error { return c.fn(cctx, d.e) })
		if ctx.Err() != nil {
			// Stopping: keep a success, but an error may be the
			// cancellation itself and is no failure of the consumer.
			if res.err == nil {
				d.ok = append(d.ok, c.name)
			}
			d.stopped = true
			return true
		}
		b.account(ctx, c.name, d, res)
	}
	return false
}

// runBatch runs a batch consumer on the events that owe it, falling back to
// one call per event when the batch fails, and reports whether the worker
// is stopping.
func (b *batch) runBatch(ctx context.Context, c registered, ds []*delivery) bool {
	w := b.w
	var owing []*delivery
	var events []Stored
	for _, d := range ds {
		if d.owes(c.name) {
			owing = append(owing, d)
			events = append(events, d.e)
		}
	}
	if len(owing) == 0 {
		return false
	}
	run := func(events []Stored, attrs []any) callResult {
		return w.call(ctx, c.name, attrs, func(cctx context.Context) error { return c.batch(cctx, events) })
	}
	one := func(d *delivery) callResult {
		return run([]Stored{d.e}, []any{"event", d.e.ID, "type", d.e.Type})
	}
	var res callResult
	if len(owing) == 1 {
		res = one(owing[0])
	} else {
		res = run(events, []any{"events", len(events)})
	}
	if res.err == nil {
		// Kept even when stopping: a success is no less one.
		for _, d := range owing {
			d.ok = append(d.ok, c.name)
		}
	}
	if ctx.Err() != nil {
		return true
	}
	if res.err == nil {
		return false
	}
	if len(owing) == 1 {
		b.account(ctx, c.name, owing[0], res)
		return false
	}
	w.metrics.batchFallbacks.WithLabelValues(c.name).Inc()
	w.log.Warn("outbox: batch consumer failed; handling its events one by one", "consumer", c.name, "events", len(owing),
		"class", res.class, "abandoned", res.abandoned, "err", res.err)
	if !res.abandoned && w.unreachable(ctx, res.err) {
		// The database, not an event: retry them all, without counting.
		for _, d := range owing {
			d.failed = append(d.failed, fmt.Sprintf("consumer %q (database unreachable): %v", c.name, res.err))
		}
		return false
	}
	for _, d := range owing {
		if ctx.Err() != nil {
			return true
		}
		r := one(d)
		if ctx.Err() != nil {
			if r.err == nil {
				d.ok = append(d.ok, c.name)
			}
			return true
		}
		b.account(ctx, c.name, d, r)
	}
	return false
}

// account records the outcome of one consumer's call on one event.
func (b *batch) account(ctx context.Context, name string, d *delivery, res callResult) {
	w := b.w
	if res.err == nil {
		d.ok = append(d.ok, name)
		return
	}
	w.metrics.failures.WithLabelValues(name).Inc()
	if res.class == ClassTimeout {
		w.metrics.timeouts.WithLabelValues(name).Inc()
	}
	w.log.Warn("outbox: consumer failed", "consumer", name, "event", d.e.ID, "type", d.e.Type, "attempt", d.e.Attempts+1,
		"class", res.class, "abandoned", res.abandoned, "err", res.err)
	if !res.abandoned && w.unreachable(ctx, res.err) {
		// The database, not the event: retry, without counting.
		d.failed = append(d.failed, fmt.Sprintf("consumer %q (database unreachable): %v", name, res.err))
		return
	}
	d.counts[name]++
	if res.abandoned || d.counts[name] >= w.cfg.MaxAttempts {
		d.parks = append(d.parks, park{consumer: name, attempts: d.counts[name], class: res.class})
		return
	}
	d.failed = append(d.failed, fmt.Sprintf("consumer %q: %v", name, res.err))
}

// finish records the outcome of one event, or sets it aside for releaseAll
// to give back to the pool.
func (b *batch) finish(ctx context.Context, d *delivery) {
	d.recorded = true
	if len(d.parks) > 0 && !b.park(ctx, d.r, d.parks) {
		// Not recorded: the event stays as it is, to be delivered again.
		b.back = append(b.back, d)
		return
	}
	switch {
	case d.stopped:
		b.back = append(b.back, d)
	case len(d.failed) > 0:
		b.fail(ctx, d.r, d.ok, d.failed, d.counts)
	case len(d.parks) > 0 || len(d.r.Parked) > 0:
		// Done for every consumer that is not parked: processed, with
		// the parked ones left out of handled_by so that a retry by
		// management runs them.
		parked := append(slices.Clone(d.r.Parked), parkedNames(d.parks)...)
		b.completeOne(ctx, d.r.ID, slices.DeleteFunc(slices.Clone(b.names), func(n string) bool { return slices.Contains(parked, n) }))
	default:
		b.done = append(b.done, d.r.ID)
		if time.Since(b.lastFlush) >= min(time.Second, max(b.w.cfg.Lease/3, time.Millisecond)) {
			b.flush(ctx)
		}
	}
}

// releaseAll gives the events set aside back to the pool, one statement
// per set of consumers that succeeded on them.
func (b *batch) releaseAll(ctx context.Context) {
	var keys []string
	groups := map[string][]db.EventClaimRow{}
	oks := map[string][]string{}
	for _, d := range b.back {
		k := strings.Join(d.ok, "\x00")
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
			oks[k] = d.ok
		}
		groups[k] = append(groups[k], d.r)
	}
	for _, k := range keys {
		b.release(ctx, groups[k], oks[k])
	}
}

// failureCounts decodes events.failures (consumer → counted failures).
func failureCounts(raw []byte) map[string]int {
	m := map[string]int{}
	if len(raw) > 0 {
		_ = json.Unmarshal(raw, &m) // written by this package: an object of numbers
	}
	return m
}

func stored(r db.EventClaimRow) Stored {
	return Stored{
		ID: r.ID, Type: r.EventType, SubjectType: r.SubjectType, SubjectID: r.SubjectID,
		DocumentID: r.DocumentID, ActorID: r.ActorID, RevisionID: r.RevisionID,
		Payload: r.Payload, CreatedAt: r.CreatedAt, Attempts: int(r.Attempts),
	}
}
