package webhook

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/inbox"
)

const (
	// maxResponse is how much of a response body is read (and dropped:
	// nothing of it is stored).
	maxResponse = 64 << 10
	// maxError bounds a delivery's last_error, in characters.
	maxError = 255
	// retention is how long delivered and dead deliveries are kept.
	retention = 30 * 24 * time.Hour
	// sweepEvery is how often a sender deletes deliveries past retention.
	sweepEvery = 10 * time.Minute
)

// errLeaseLost rolls back an outcome whose delivery another sender holds
// now (its lease ended), or whose subscription was deleted.
var errLeaseLost = errors.New("webhook: lease lost")

// Sender sends the queued deliveries: it leases the head of each active
// subscription (its lowest pending seq, so a subscription's deliveries go
// out in order and one at a time), least recently served subscriptions
// first, up to Config.Concurrency requests at once — of which at most
// Config.OwnerConcurrency to one owner's webhooks and at most
// Config.UnansweredConcurrency to subscriptions whose last attempt got no
// answer — and records each outcome (docs/design.md, "Webhooks"). Any number of senders, in one
// process or many, may work one database: a lease keeps a delivery to one.
type Sender struct {
	s       *Service
	client  *http.Client
	name    string
	metrics *metrics

	// flight counts the requests in flight, by owner and unanswered (the
	// claim's fairness bounds).
	flight inFlight
	// writes bounds the outcomes recorded at once (recordConcurrency): with
	// fast receivers every slot ends in a write, and sixteen at once took
	// the pool's connections from the requests saving pages.
	writes chan struct{}

	mu      sync.Mutex
	cancel  context.CancelFunc
	done    chan struct{}
	started bool
}

// NewSender returns a sender of the service's deliveries, not started.
func (s *Service) NewSender() *Sender {
	host, _ := os.Hostname()
	c := s.guard.Client()
	c.Timeout = s.cfg.RequestTimeout
	return &Sender{
		s: s, client: c, metrics: newMetrics(s),
		name:   fmt.Sprintf("%s/%d/%s", host, os.Getpid(), uuid.NewString()[:8]),
		writes: make(chan struct{}, recordConcurrency),
	}
}

// recordConcurrency is how many outcomes a sender records at once: derived
// work keeps to a small share of the pool, whatever the receivers' pace
// (bench/RESULTS.md, "Issue 32").
const recordConcurrency = 2

// Start starts sending until Stop or the end of ctx. It never fails;
// starting twice is a no-op.
func (x *Sender) Start(ctx context.Context) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.started {
		return nil
	}
	x.started = true
	ctx, x.cancel = context.WithCancel(ctx)
	x.done = make(chan struct{})
	go x.run(ctx)
	return nil
}

// Stop stops sending and waits for the requests in flight to end (they are
// cancelled; their deliveries go back to the queue unattempted). It may be
// called any number of times, and before Start.
func (x *Sender) Stop() {
	x.mu.Lock()
	cancel, done := x.cancel, x.done
	x.mu.Unlock()
	if cancel == nil {
		return
	}
	cancel()
	<-done
}

func (x *Sender) run(ctx context.Context) {
	defer close(x.done)
	var wg sync.WaitGroup
	defer wg.Wait()
	slots := make(chan struct{}, x.s.cfg.Concurrency)
	poll := time.NewTicker(x.s.cfg.Poll)
	defer poll.Stop()
	lastSweep := time.Time{}
	for {
		free := cap(slots) - len(slots)
		claimed := 0
		if free > 0 {
			owners, counts, unanswered := x.flight.snapshot()
			unansweredFree := max(x.s.cfg.UnansweredConcurrency-unanswered, 0)
			rows, err := db.Q.WebhookDeliveryClaim(ctx, x.s.pool, db.WebhookDeliveryClaimParams{
				BusyOwners: owners, BusyCounts: counts,
				PerOwner: int32(x.s.cfg.OwnerConcurrency), UnansweredFree: int32(unansweredFree),
				BatchSize: int32(free), LeaseMs: x.s.cfg.Lease.Milliseconds(), Worker: x.name,
			})
			if err != nil && ctx.Err() == nil {
				x.s.log.Warn("webhook: claim failed", "err", err)
			}
			claimed = len(rows)
			for _, r := range rows {
				slots <- struct{}{}
				x.flight.add(r.OwnerID, r.Unanswered)
				wg.Add(1)
				go func() {
					defer wg.Done()
					x.deliver(ctx, r)
					x.flight.done(r.OwnerID, r.Unanswered)
					<-slots
					x.s.poke()
				}()
			}
		}
		if time.Since(lastSweep) > sweepEvery {
			lastSweep = time.Now()
			if _, err := db.Q.WebhookDeliveryDeleteOld(ctx, x.s.pool, db.WebhookDeliveryDeleteOldParams{Before: time.Now().Add(-retention), N: 1000}); err != nil && ctx.Err() == nil {
				x.s.log.Warn("webhook: retention sweep failed", "err", err)
			}
		}
		if claimed > 0 && claimed == free {
			continue // there may be more
		}
		select {
		case <-ctx.Done():
			return
		case <-x.s.wake:
		case <-poll.C:
		}
	}
}

// outcome is what one attempt ended in.
type outcome struct {
	status   DeliveryStatus // pending (retry), delivered or dead
	code     *int32
	err      string
	after    time.Duration // a retry's wait when the receiver asked for one
	attempt  bool          // a request was made (or refused by the guard)
	disable  bool          // 410: disable the subscription
	released bool          // not attempted: given back (stopping)
}

// deliver makes one attempt of a claimed delivery and records it.
func (x *Sender) deliver(ctx context.Context, r db.WebhookDeliveryClaimRow) {
	o := x.attempt(ctx, r)
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	select {
	case x.writes <- struct{}{}:
		defer func() { <-x.writes }()
	case <-wctx.Done():
		x.s.log.Warn("webhook: outcome not recorded in time (the delivery is sent again when its lease ends)", "delivery", r.ID)
		return
	}
	if o.released {
		if err := db.Q.WebhookDeliveryRelease(wctx, x.s.pool, db.WebhookDeliveryReleaseParams{ID: r.ID, Worker: x.name}); err != nil {
			x.s.log.Warn("webhook: release failed", "delivery", r.ID, "err", err)
		}
		return
	}
	if err := x.record(wctx, r, o); err != nil {
		x.s.log.Warn("webhook: outcome not recorded (the delivery is sent again when its lease ends)", "delivery", r.ID, "err", err)
	}
}

func (x *Sender) attempt(ctx context.Context, r db.WebhookDeliveryClaimRow) outcome {
	now := time.Now()
	switch {
	case !now.Before(r.ExpiresAt):
		return outcome{status: DeliveryDead, err: "expired: not delivered within 72 hours"}
	case !r.OwnerActive:
		return outcome{status: DeliveryDead, err: "the owner is deactivated"}
	case !r.Readable:
		// Checked at send time: the owner lost access since the event.
		return outcome{status: DeliveryDead, err: "no longer readable"}
	}
	keys := [][]byte{r.SigningKey}
	if len(r.PreviousKey) > 0 {
		keys = append(keys, r.PreviousKey)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.Url, bytes.NewReader(r.Body))
	if err != nil {
		return outcome{status: DeliveryDead, err: "bad endpoint: " + err.Error(), attempt: true}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "CoDNA-Webhooks/1")
	Sign(req.Header, keys, r.ID.String(), now, r.Body)
	resp, err := x.client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return outcome{released: true}
		}
		if errors.Is(err, ErrRefused) {
			return outcome{status: DeliveryDead, err: err.Error(), attempt: true}
		}
		return outcome{status: DeliveryPending, err: err.Error(), attempt: true}
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, maxResponse))
	_ = resp.Body.Close()
	code := int32(resp.StatusCode)
	o := outcome{code: &code, attempt: true}
	switch c := resp.StatusCode; {
	case c >= 200 && c < 300:
		o.status = DeliveryDelivered
	case c == http.StatusGone:
		o.status, o.err, o.disable = DeliveryDead, "410 Gone: the endpoint is gone; the webhook is disabled", true
	case c >= 300 && c < 400:
		o.status, o.err = DeliveryPending, fmt.Sprintf("%d redirect to %q not followed", c, resp.Header.Get("Location"))
	case c == http.StatusRequestTimeout || c == http.StatusTooManyRequests:
		o.status, o.err = DeliveryPending, resp.Status
		o.after = retryAfter(resp.Header.Get("Retry-After"), now)
	case c >= 400 && c < 500:
		o.status, o.err = DeliveryDead, resp.Status
	default:
		o.status, o.err = DeliveryPending, resp.Status
	}
	return o
}

// retryAfter reads a Retry-After header (seconds or an HTTP date), at most
// an hour; 0 when absent or unreadable.
func retryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	var d time.Duration
	if n, err := strconv.Atoi(v); err == nil && n > 0 {
		d = time.Duration(n) * time.Second
	} else if t, err := http.ParseTime(v); err == nil {
		d = t.Sub(now)
	}
	return min(max(d, 0), time.Hour)
}

// backoff is the wait after the n-th failed attempt (n from 0):
// min(10·2^n, 3600) seconds at the default MaxBackoff of an hour.
func (x *Sender) backoff(n int32) time.Duration {
	base := x.s.cfg.MaxBackoff / 360
	if n > 20 {
		return x.s.cfg.MaxBackoff
	}
	return min(base<<n, x.s.cfg.MaxBackoff)
}

// record writes an outcome in one transaction: the delivery's, and its
// subscription's — a success ends its run of failures; a failed attempt
// (only those that reached for the endpoint count) extends it, and pauses
// the subscription, with an inbox notice to its owner, at PauseAfter dead
// in a row or after Config.FailingPause of failures; a 410 disables it.
func (x *Sender) record(ctx context.Context, r db.WebhookDeliveryClaimRow, o outcome) error {
	next := time.Now()
	if o.status == DeliveryPending {
		next = next.Add(max(x.backoff(r.Attempts), o.after))
		if !next.Before(r.ExpiresAt) {
			o.status, o.err = DeliveryDead, "gave up after 72 hours: "+o.err
		}
	}
	attempted := int32(0)
	if o.attempt {
		attempted = 1
	}
	// The subscription's row first, then the delivery's: the order in
	// which a subscription's deletion (cascading to its deliveries) and the
	// consumer (locking subscriptions to enqueue) take them, so none of
	// them deadlocks with this.
	err := db.InTx(ctx, x.s.pool, func(tx db.DBTX) error {
		var paused *db.WebhookSubscriptionFailedRow
		switch {
		case o.status == DeliveryDelivered:
			if err := db.Q.WebhookSubscriptionDelivered(ctx, tx, r.SubscriptionID); err != nil {
				return err
			}
		case o.attempt:
			// Only attempts that reached for the endpoint count: an expiry
			// while paused, a page no longer readable or a deactivated
			// owner says nothing about it.
			if o.disable {
				if err := db.Q.WebhookSubscriptionDisable(ctx, tx, db.WebhookSubscriptionDisableParams{ID: r.SubscriptionID, Reason: "the endpoint answered 410 Gone"}); err != nil {
					return err
				}
			}
			st, err := db.Q.WebhookSubscriptionFailed(ctx, tx, db.WebhookSubscriptionFailedParams{
				ID: r.SubscriptionID, Dead: o.status == DeliveryDead, PauseAfter: PauseAfter, FailingMs: x.s.cfg.FailingPause.Milliseconds(),
				DeadReason:    fmt.Sprintf("paused after %d deliveries in a row failed", PauseAfter),
				FailingReason: "paused after " + span(x.s.cfg.FailingPause) + " of failing deliveries",
			})
			if errors.Is(err, pgx.ErrNoRows) {
				return errLeaseLost // deleted meanwhile
			} else if err != nil {
				return err
			}
			if st.Paused {
				paused = &st
			}
		}
		n, err := db.Q.WebhookDeliveryFinish(ctx, tx, db.WebhookDeliveryFinishParams{
			ID: r.ID, Worker: x.name, Status: string(o.status), Attempted: attempted, NextAttemptAt: next,
			LastStatus: o.code, LastError: cleanError(o.err),
		})
		if err != nil {
			return err
		}
		if n == 0 {
			return errLeaseLost // its new holder records; undo the subscription's part
		}
		if o.disable {
			// This one is dead already: the others die with the subscription.
			if err := db.Q.WebhookDeliveryKillPending(ctx, tx, db.WebhookDeliveryKillPendingParams{SubscriptionID: r.SubscriptionID, Reason: "the webhook was disabled (410 Gone)"}); err != nil {
				return err
			}
		}
		if paused == nil {
			return nil
		}
		if paused.OwnerID == auth.ManagementID {
			// Management has no inbox: its console and `codna manage
			// webhook list` show the status and its reason.
			x.s.log.Warn("webhook: management's webhook paused", "webhook", r.SubscriptionID, "url", paused.Url)
			return nil
		}
		sub := r.SubscriptionID
		_, err = inbox.NotifyInTx(ctx, tx, inbox.Notice{
			RecipientID: paused.OwnerID, Type: inbox.TypeWebhookPaused, SubjectType: "webhook", SubjectID: &sub,
			Payload: map[string]any{"webhookId": sub, "url": paused.Url},
		})
		return err
	})
	if errors.Is(err, errLeaseLost) {
		return nil
	}
	if err != nil {
		return err
	}
	switch o.status {
	case DeliveryDelivered:
		x.metrics.delivered.Inc()
	case DeliveryDead:
		x.metrics.dead.Inc()
	}
	return nil
}

// span writes a duration for people: "24 hours", or Go's form.
func span(d time.Duration) string {
	if d >= time.Hour && d%time.Hour == 0 {
		return fmt.Sprintf("%d hours", d/time.Hour)
	}
	return d.String()
}

// cleanError keeps an error fit for last_error: control characters
// replaced by spaces, at most maxError characters.
func cleanError(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
	if r := []rune(s); len(r) > maxError {
		s = string(r[:maxError-1]) + "…"
	}
	return s
}
