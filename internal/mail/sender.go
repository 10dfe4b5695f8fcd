package mail

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/periodic"
)

// batch is how many due mails a sender claims at once.
const batch = 20

// SenderConfig tunes a Sender; the zero value is what `codna serve` runs.
type SenderConfig struct {
	// Backoff is the delay before the first retry of a mail that failed
	// for now, doubled for each further one up to an hour; 0 is a minute.
	// (Tests shorten it.)
	Backoff time.Duration
}

// Sender sends queued mail (docs/design.md, "Mail"): it claims due rows
// under a lease (FOR UPDATE SKIP LOCKED, renewed while it works, so
// senders on several replicas share the queue), and sends each in one
// transaction that locks the row, renders it from current rows and marks
// it sent, so a row is sent once however many senders run. It also
// deletes finished rows older than Retention.
type Sender struct {
	svc     *Service
	id      string
	log     *slog.Logger
	backoff time.Duration

	pace struct {
		sync.Mutex
		next time.Time
	}

	mu      sync.Mutex
	cancel  context.CancelFunc
	done    chan struct{}
	cleaned time.Time
}

// NewSender returns a sender of s's queue. log may be nil.
func (s *Service) NewSender(cfg SenderConfig, log *slog.Logger) *Sender {
	if log == nil {
		log = s.log
	}
	if cfg.Backoff <= 0 {
		cfg.Backoff = time.Minute
	}
	host, _ := os.Hostname()
	return &Sender{
		svc: s, log: log, backoff: cfg.Backoff,
		id: fmt.Sprintf("%s/%d/%s", host, os.Getpid(), uuid.NewString()[:8]),
	}
}

// Start runs the sender in the background until ctx ends or Stop: it
// sends what is due every Config.Poll. With mail off it does nothing.
// Starting a running sender does nothing. It never fails.
func (w *Sender) Start(ctx context.Context) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.cancel != nil || !w.svc.Enabled() {
		return nil
	}
	ctx, w.cancel = context.WithCancel(auth.SystemContext(ctx))
	w.done = make(chan struct{})
	go w.run(ctx, w.done)
	return nil
}

// Stop stops the sender and waits for the mail in hand; mails it had
// claimed but not reached are released for the next poll. Safe to call
// twice, concurrently, and before Start.
func (w *Sender) Stop() {
	w.mu.Lock()
	cancel, done := w.cancel, w.done
	w.cancel = nil
	w.mu.Unlock()
	if cancel != nil {
		cancel()
		<-done
	}
}

func (w *Sender) run(ctx context.Context, done chan struct{}) {
	defer close(done)
	t := time.NewTicker(w.svc.cfg.Poll)
	defer t.Stop()
	for {
		if time.Since(w.cleaned) > time.Hour {
			w.cleaned = time.Now()
			if n, err := w.Cleanup(ctx); err != nil && ctx.Err() == nil {
				w.log.Error("delete old mail rows", "error", err)
			} else if n > 0 {
				w.log.Info("deleted old mail rows", "count", n)
			}
		}
		for {
			n, err := w.Drain(ctx)
			if err != nil && ctx.Err() == nil {
				w.log.Error("send mail", "error", err)
			}
			if err != nil || n < batch {
				break
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Drain claims up to a batch of due mails and sends them; it returns how
// many it claimed. The sender's loop calls it; tests may too.
func (w *Sender) Drain(ctx context.Context) (int, error) {
	lease := w.svc.cfg.Lease
	rows, err := db.Q.MailOutboxClaim(ctx, w.svc.pool, db.MailOutboxClaimParams{
		WorkerID: w.id, LeaseMs: lease.Milliseconds(), RowLimit: batch,
	})
	if err != nil || len(rows) == 0 {
		return 0, err
	}
	// The row being sent is locked by its transaction; the renewal keeps
	// the rest of the batch this sender's while it waits (rate, SMTP).
	work, stop := periodic.Renew(ctx, lease/4, func(ctx context.Context) (bool, error) {
		_, err := db.Q.MailOutboxRenew(ctx, w.svc.pool, w.id)
		return true, err
	}, w.log)
	for _, r := range rows {
		if work.Err() != nil {
			break
		}
		w.deliver(work, r)
	}
	stop()
	if err := db.Q.MailOutboxRelease(context.WithoutCancel(ctx), w.svc.pool, w.id); err != nil {
		w.log.Warn("release claimed mail", "error", err)
	}
	return len(rows), nil
}

// errNotSent rolls a send's transaction back when the server did not
// take the mail (what rendering wrote, a new secret, goes with it).
var errNotSent = errors.New("mail: not sent")

// deliver sends one claimed row and records the outcome.
func (w *Sender) deliver(ctx context.Context, row db.MailOutbox) {
	var sendErr error
	outcome := ""
	err := db.InTx(ctx, w.svc.pool, func(tx db.DBTX) error {
		r, err := db.Q.MailOutboxLock(ctx, tx, db.MailOutboxLockParams{ID: row.ID, WorkerID: w.id})
		if errors.Is(err, pgx.ErrNoRows) {
			return nil // another sender took it over, or it is done
		} else if err != nil {
			return err
		}
		row = r
		rend, drop, err := w.svc.render(ctx, tx, r)
		if err != nil {
			return fmt.Errorf("render: %w", err)
		}
		if drop != "" {
			outcome = "dropped: " + drop
			return db.Q.MailOutboxFinish(ctx, tx, db.MailOutboxFinishParams{ID: r.ID, Status: "dropped", LastError: &drop})
		}
		out, err := w.svc.compose(rend)
		if err != nil {
			return err
		}
		if err := w.wait(ctx); err != nil {
			return err
		}
		if sendErr = w.svc.send(ctx, out); sendErr != nil {
			return errNotSent
		}
		outcome = "sent"
		return db.Q.MailOutboxFinish(ctx, tx, db.MailOutboxFinishParams{ID: r.ID, Status: "sent"})
	})
	switch {
	case sendErr != nil && ctx.Err() != nil:
		// Stopping: not the server's fault; Drain releases the row.
	case sendErr != nil:
		w.failed(ctx, row, sendErr)
	case err != nil && ctx.Err() == nil:
		// Rendering or recording failed (the database); a commit that
		// failed after the server took the mail sends it again later.
		w.log.Error("send mail", "mail", row.ID, "kind", row.Kind, "error", err, "sent", outcome == "sent")
		w.failed(ctx, row, err)
	case err != nil:
	case outcome == "sent":
		w.svc.metrics.sent.Inc()
		w.log.Info("mail sent", "mail", row.ID, "kind", row.Kind, "attempts", row.Attempts+1)
	case outcome != "":
		w.svc.metrics.dropped.Inc()
		w.log.Info("mail dropped", "mail", row.ID, "kind", row.Kind, "reason", strings.TrimPrefix(outcome, "dropped: "))
	}
}

// failed records a send that failed: a permanent error fails the mail; any
// other puts it back with a backoff of min(Backoff·2^attempts, 1 h), until
// GiveUpAfter after it was queued, when it fails.
func (w *Sender) failed(ctx context.Context, row db.MailOutbox, sendErr error) {
	ctx = context.WithoutCancel(ctx)
	msg := lastError(sendErr)
	next := time.Now().Add(backoff(w.backoff, int(row.Attempts)))
	if !permanent(sendErr) && next.Before(row.CreatedAt.Add(GiveUpAfter)) {
		if err := db.Q.MailOutboxRetry(ctx, w.svc.pool, db.MailOutboxRetryParams{ID: row.ID, NextAttemptAt: next, LastError: &msg}); err != nil {
			w.log.Error("mail: record a retry", "mail", row.ID, "error", err)
		}
		w.log.Warn("mail not sent, will retry", "mail", row.ID, "kind", row.Kind, "attempts", row.Attempts+1, "next", next, "error", msg)
		return
	}
	if err := db.Q.MailOutboxFinish(ctx, w.svc.pool, db.MailOutboxFinishParams{ID: row.ID, Status: "failed", LastError: &msg}); err != nil {
		w.log.Error("mail: record a failure", "mail", row.ID, "error", err)
		return
	}
	w.svc.metrics.failed.Inc()
	w.log.Warn("mail failed", "mail", row.ID, "kind", row.Kind, "attempts", row.Attempts+1, "error", msg)
}

// backoff is min(base·2^n, 1 h).
func backoff(base time.Duration, n int) time.Duration {
	if n > 20 {
		return time.Hour
	}
	return min(base<<n, time.Hour)
}

// lastError is err's text as last_error keeps it: valid UTF-8, one line,
// at most 255 characters.
func lastError(err error) string {
	return headerValue(strings.ToValidUTF8(err.Error(), "?"), 255)
}

// wait holds a send back so that this sender sends at most Config.Rate
// mails a second.
func (w *Sender) wait(ctx context.Context) error {
	every := time.Duration(float64(time.Second) / w.svc.cfg.Rate)
	w.pace.Lock()
	now := time.Now()
	if w.pace.next.Before(now) {
		w.pace.next = now
	}
	d := w.pace.next.Sub(now)
	w.pace.next = w.pace.next.Add(every)
	w.pace.Unlock()
	if d <= 0 {
		return nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Cleanup deletes sent, failed and dropped rows queued more than
// Retention ago, a thousand at a time; it returns how many it deleted.
func (w *Sender) Cleanup(ctx context.Context) (int64, error) {
	var total int64
	for {
		n, err := db.Q.MailOutboxDeleteFinished(ctx, w.svc.pool, db.MailOutboxDeleteFinishedParams{
			Before: time.Now().Add(-Retention), RowLimit: 1000,
		})
		total += n
		if err != nil || n < 1000 {
			return total, err
		}
	}
}
