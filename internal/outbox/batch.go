package outbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgconn"

	"codna/internal/db"
)

// Error classes of a parked (event, consumer) pair: what management sees of
// the failure, never its text (which may quote content).
const (
	ClassTimeout = "timeout" // the consumer outran its time budget
	ClassPanic   = "panic"
	ClassError   = "error"
)

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
