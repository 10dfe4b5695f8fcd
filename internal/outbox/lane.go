package outbox

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/db"
)

// writeCtx is the context of the statements that record a batch's outcome:
// they must run even when ctx ended (a stopping worker), so that finished
// work is kept and unfinished work is given back at once.
func writeCtx(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), writeTimeout)
}

// runLane claims a batch of consumer c's deliveries as claimer (the
// claimed_by of one delivery loop) and handles it, and returns how many
// deliveries it handled.
func (w *Worker) runLane(ctx context.Context, c *registered, claimer string) (int, error) {
	if w.dead.Load() {
		return 0, nil
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	// The claim runs to its end even if ctx ends meanwhile: a claim committed
	// but never read would keep its deliveries for a whole lease.
	// Leases of dead loops (of any lane) end first, in the same batch, so
	// the claim sees its own lane's.
	cctx, cancel := writeCtx(ctx)
	b := lanePlans(cctx, w.pool)
	_ = db.Q.OutboxDeliveryExpire(cctx, b, w.cfg.Lease.Milliseconds())
	rows, err := db.Q.OutboxDeliveryClaim(cctx, b.Last(), db.OutboxDeliveryClaimParams{
		Worker: claimer, Consumer: c.name, BatchSize: int32(w.cfg.BatchSize),
	})
	cancel()
	if err != nil {
		return 0, fmt.Errorf("outbox: claim for %s: %w", c.name, err)
	}
	if len(rows) == 0 {
		return 0, nil
	}
	if len(rows) == w.cfg.BatchSize {
		// There may be more: let an idle loop of the lane claim the next
		// batch while this one is handled.
		poke(c.wake)
	}
	slices.SortFunc(rows, func(a, b db.OutboxDeliveryClaimRow) int {
		if c := a.CreatedAt.Compare(b.CreatedAt); c != 0 {
			return c
		}
		return bytes.Compare(a.EventID[:], b.EventID[:])
	})
	ids := make([]uuid.UUID, len(rows))
	for i, r := range rows {
		ids[i] = r.EventID
	}
	stopRenew := w.renew(ctx, c.name, ids, claimer)
	defer stopRenew()
	h := &batch{w: w, c: c, claimer: claimer, lastFlush: time.Now()}
	return h.handle(ctx, rows)
}

// lanePlans returns a batch whose statements plan outbox_deliveries through
// its indexes only (OutboxDeliveryPlansIndexed, queued first): every
// statement of a lane runs as the last statement of one (docs/design.md,
// "The worker").
func lanePlans(ctx context.Context, pool *pgxpool.Pool) *db.Batch {
	b := db.NewBatch(pool)
	_ = db.Q.OutboxDeliveryPlansIndexed(ctx, b) // queued: an error is the last statement's
	return b
}

// renew extends the lease of consumer's deliveries ids every Lease/3 until
// the returned function is called (which waits for a renewal in progress).
func (w *Worker) renew(ctx context.Context, consumer string, ids []uuid.UUID, claimer string) (stop func()) {
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
			n, err := db.Q.OutboxDeliveryRenew(rctx, lanePlans(rctx, w.pool).Last(), db.OutboxDeliveryRenewParams{Consumer: consumer, Ids: ids, Worker: claimer})
			if err != nil && rctx.Err() == nil {
				w.log.Warn("outbox: lease renewal failed", "consumer", consumer, "deliveries", len(ids), "err", err)
			} else if err == nil {
				w.log.Debug("outbox: lease renewed", "consumer", consumer, "deliveries", n)
			}
		}
	}()
	return func() { cancel(); <-done }
}

// batch records the outcome of a claimed batch of one lane. Successful
// deliveries are removed together, at the end of the batch (or once the
// last write is Lease/3 old, so a slow batch does not sit on finished work),
// and their events settled; a failure or a parking is recorded at once.
type batch struct {
	w         *Worker
	c         *registered
	claimer   string      // claimed_by of the batch's deliveries
	done      []uuid.UUID // handled, to flush
	created   []time.Time // their events' creation, for the lag
	back      []uuid.UUID // to give back to the lane
	lastFlush time.Time
	handled   int
	err       error // the first write that failed
}

// delivery is one claimed (event, consumer) pair.
type delivery struct {
	r db.OutboxDeliveryClaimRow
	e Stored
}

func (b *batch) handle(ctx context.Context, rows []db.OutboxDeliveryClaimRow) (int, error) {
	var ds []*delivery
	for _, r := range rows {
		if !r.Found {
			// The event was deleted (its document purged): nothing to do.
			b.done = append(b.done, r.EventID)
			b.created = append(b.created, r.CreatedAt)
			continue
		}
		ds = append(ds, &delivery{r: r, e: stored(r)})
	}
	stopped := false
	if len(ds) > 0 {
		if b.c.batch != nil {
			stopped = b.runBatch(ctx, ds)
		} else {
			stopped = b.runEach(ctx, ds)
		}
	}
	b.release(ctx)
	b.flush(ctx)
	if b.err != nil {
		return b.handled, b.err
	}
	if stopped {
		return b.handled, ctx.Err()
	}
	return b.handled, nil
}

// runEach runs a per-event consumer on each delivery in turn, and reports
// whether the worker is stopping.
func (b *batch) runEach(ctx context.Context, ds []*delivery) bool {
	c := b.c
	for i, d := range ds {
		if ctx.Err() != nil {
			b.giveBack(ds[i:])
			return true
		}
		res := b.w.call(ctx, c, []any{"event", d.e.ID, "type", d.e.Type}, func(cctx context.Context) error { return c.fn(cctx, d.e) })
		if ctx.Err() != nil {
			// Stopping: keep a success, but an error may be the
			// cancellation itself and is no failure of the consumer.
			if res.err == nil {
				b.succeed(ctx, d)
			} else {
				b.giveBack(ds[i : i+1])
			}
			b.giveBack(ds[i+1:])
			return true
		}
		b.account(ctx, d, res)
	}
	return false
}

// runBatch runs a batch consumer on the deliveries, falling back to one
// call per event when the batch fails, and reports whether the worker is
// stopping.
func (b *batch) runBatch(ctx context.Context, ds []*delivery) bool {
	w, c := b.w, b.c
	run := func(events []Stored, attrs []any) callResult {
		return w.call(ctx, c, attrs, func(cctx context.Context) error { return c.batch(cctx, events) })
	}
	one := func(d *delivery) callResult {
		return run([]Stored{d.e}, []any{"event", d.e.ID, "type", d.e.Type})
	}
	var res callResult
	if len(ds) == 1 {
		res = one(ds[0])
	} else {
		events := make([]Stored, len(ds))
		for i, d := range ds {
			events[i] = d.e
		}
		res = run(events, []any{"events", len(events)})
	}
	if res.err == nil {
		// Kept even when stopping: a success is no less one.
		for _, d := range ds {
			b.succeed(ctx, d)
		}
		return ctx.Err() != nil
	}
	if ctx.Err() != nil {
		b.giveBack(ds)
		return true
	}
	if len(ds) == 1 {
		b.account(ctx, ds[0], res)
		return false
	}
	w.metrics.batchFallbacks.WithLabelValues(c.name).Inc()
	w.log.Warn("outbox: batch consumer failed; handling its events one by one", "consumer", c.name, "events", len(ds),
		"class", res.class, "abandoned", res.abandoned, "err", res.err)
	if !res.abandoned && w.unreachable(ctx, res.err) {
		// The database, not an event: retry them all, without counting.
		for _, d := range ds {
			b.fail(ctx, d, false, fmt.Sprintf("consumer %q (database unreachable): %v", c.name, res.err))
		}
		return false
	}
	for i, d := range ds {
		if ctx.Err() != nil {
			b.giveBack(ds[i:])
			return true
		}
		r := one(d)
		if ctx.Err() != nil {
			if r.err == nil {
				b.succeed(ctx, d)
			} else {
				b.giveBack(ds[i : i+1])
			}
			b.giveBack(ds[i+1:])
			return true
		}
		b.account(ctx, d, r)
	}
	return false
}

// account records the outcome of one consumer call on one delivery.
func (b *batch) account(ctx context.Context, d *delivery, res callResult) {
	w, name := b.w, b.c.name
	if res.err == nil {
		b.succeed(ctx, d)
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
		b.fail(ctx, d, false, fmt.Sprintf("consumer %q (database unreachable): %v", name, res.err))
		return
	}
	counted := int(d.r.Failures) + 1
	if res.abandoned || counted >= w.cfg.MaxAttempts {
		b.park(ctx, d, counted, res.class)
		return
	}
	b.fail(ctx, d, true, fmt.Sprintf("consumer %q: %v", name, res.err))
}

// succeed sets a handled delivery aside for flush.
func (b *batch) succeed(ctx context.Context, d *delivery) {
	b.done = append(b.done, d.r.EventID)
	b.created = append(b.created, d.r.CreatedAt)
	if time.Since(b.lastFlush) >= min(time.Second, max(b.w.cfg.Lease/3, time.Millisecond)) {
		b.flush(ctx)
	}
}

// giveBack sets deliveries aside for release.
func (b *batch) giveBack(ds []*delivery) {
	for _, d := range ds {
		b.back = append(b.back, d.r.EventID)
	}
}

func stored(r db.OutboxDeliveryClaimRow) Stored {
	return Stored{
		ID: r.EventID, Type: r.EventType, SubjectType: r.SubjectType, SubjectID: r.SubjectID,
		DocumentID: r.DocumentID, ActorID: r.ActorID, RevisionID: r.RevisionID,
		Payload: r.Payload, CreatedAt: r.CreatedAt, Attempts: int(r.Attempts),
	}
}
