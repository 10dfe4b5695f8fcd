package outbox

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/google/uuid"

	"codna/internal/db"
)

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

// park records consumers parked on the event of r, and reports whether it
// was recorded.
func (b *batch) park(ctx context.Context, r db.EventClaimRow, ps []park) bool {
	if b.w.dead.Load() {
		return false
	}
	p := db.OutboxParkedCreateParams{EventID: r.ID, Worker: b.claimer}
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
	n, err := db.Q.EventComplete(wctx, b.w.pool, db.EventCompleteParams{Consumers: nonNil(consumers), Ids: []uuid.UUID{id}, Worker: b.claimer})
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
	n, err := db.Q.EventComplete(wctx, b.w.pool, db.EventCompleteParams{Consumers: b.names, Ids: b.done, Worker: b.claimer})
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
		Consumers: nonNil(ok), LastError: lastError(failed), Failures: failures, ID: r.ID, Worker: b.claimer,
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
	if _, err := db.Q.EventRelease(wctx, b.w.pool, db.EventReleaseParams{Consumers: nonNil(ok), Ids: ids, Worker: b.claimer}); err != nil {
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
