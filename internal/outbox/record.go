package outbox

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/google/uuid"

	"codna/internal/db"
)

// park parks the consumer on the event of d (its delivery removed, the
// pair recorded in outbox_parked) after counted failures, the last of class,
// and hands the event to the worker's settler.
func (b *batch) park(ctx context.Context, d *delivery, counted int, class string) {
	if b.w.dead.Load() {
		return
	}
	name := b.c.name
	wctx, cancel := writeCtx(ctx)
	defer cancel()
	n, err := db.Q.OutboxParkedCreate(wctx, b.w.pool, db.OutboxParkedCreateParams{
		Consumer: name, EventID: d.r.EventID, Worker: b.claimer, Attempts: int32(counted), ErrorClass: class,
	})
	if err != nil {
		b.setErr(fmt.Errorf("outbox: park event %s for %s: %w", d.r.EventID, name, err))
		return
	}
	b.handled++
	if n == 0 {
		b.w.log.Warn("outbox: lease lost before the event was parked; another worker delivers it again", "consumer", name, "event", d.r.EventID)
		return
	}
	b.w.metrics.parked.WithLabelValues(name).Inc()
	b.w.log.Error("outbox: event parked for a consumer; management can retry it", "event", d.r.EventID, "type", d.e.Type,
		"consumer", name, "attempts", counted, "class", class)
	b.w.settle.add([]uuid.UUID{d.r.EventID})
}

// flush removes the handled deliveries and hands their events to the
// worker's settler.
func (b *batch) flush(ctx context.Context) {
	b.lastFlush = time.Now()
	defer func() { b.done, b.created = b.done[:0], b.created[:0] }()
	if len(b.done) == 0 || b.w.dead.Load() {
		return
	}
	wctx, cancel := writeCtx(ctx)
	defer cancel()
	name := b.c.name
	gone, err := db.Q.OutboxDeliveryDelete(wctx, lanePlans(wctx, b.w.pool).Last(), db.OutboxDeliveryDeleteParams{Consumer: name, Ids: b.done, Worker: b.claimer})
	if err != nil {
		b.setErr(fmt.Errorf("outbox: remove %d deliveries of %s: %w", len(b.done), name, err))
	} else {
		b.handled += len(b.done)
		b.w.metrics.delivered.WithLabelValues(name).Add(float64(len(gone)))
		lag := b.w.metrics.lag.WithLabelValues(name)
		now := time.Now()
		for _, c := range b.created {
			lag.Observe(now.Sub(c).Seconds())
		}
		if len(gone) < len(b.done) {
			b.w.log.Warn("outbox: lease lost before deliveries were recorded; another worker delivers them again", "consumer", name, "deliveries", len(b.done)-len(gone))
		}
		// After the removal committed: of two lanes finishing one event,
		// the settle after the later sees both removals.
		b.w.settle.add(gone)
	}
}

// fail records a failed attempt of one delivery; counted says whether it
// counts towards parking.
func (b *batch) fail(ctx context.Context, d *delivery, counted bool, msg string) {
	if b.w.dead.Load() {
		return
	}
	attempts := int(d.r.Attempts) + 1
	c := int32(0)
	if counted {
		c = 1
	}
	wctx, cancel := writeCtx(ctx)
	defer cancel()
	_, err := db.Q.OutboxDeliveryFail(wctx, lanePlans(wctx, b.w.pool).Last(), db.OutboxDeliveryFailParams{
		Counted: c, LastError: lastError([]string{msg}), RetryMs: b.w.backoff(attempts).Milliseconds(),
		Consumer: b.c.name, EventID: d.r.EventID, Worker: b.claimer,
	})
	if err != nil {
		b.setErr(fmt.Errorf("outbox: record failure of event %s for %s: %w", d.r.EventID, b.c.name, err))
		return
	}
	b.handled++
}

// release gives the deliveries set aside back to the lane.
func (b *batch) release(ctx context.Context) {
	if len(b.back) == 0 || b.w.dead.Load() {
		return
	}
	wctx, cancel := writeCtx(ctx)
	defer cancel()
	if _, err := db.Q.OutboxDeliveryRelease(wctx, lanePlans(wctx, b.w.pool).Last(), db.OutboxDeliveryReleaseParams{Consumer: b.c.name, Ids: b.back, Worker: b.claimer}); err != nil {
		b.setErr(fmt.Errorf("outbox: release %d deliveries of %s: %w", len(b.back), b.c.name, err))
	}
	b.back = nil
}

func (b *batch) setErr(err error) {
	b.w.log.Error("outbox: recording a batch failed; its deliveries return to the lane when the lease expires", "err", err)
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
