package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"codna/internal/auth"
	"codna/internal/sandbox"
)

// lifecycle is where an App is: built, started, or stopped (for good).
type lifecycle int

const (
	built lifecycle = iota
	started
	stopped
)

// Start starts the background work, in this order: the tombstone purger,
// the live hub (subscriptions), the outbox worker, the session sweep and the
// usage-count flush, the search back-fill, then the workers (startWorkers).
// It runs them until Stop; their contexts derive from ctx. Errors, with
// what was started stopped again: the automation sandbox's directory cannot
// be made; the database cannot be reached for LISTEN; the outbox worker or
// the search back-fill cannot start; the App was started or stopped before.
func (a *App) Start(ctx context.Context) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.state != built {
		return errors.New("app: Start on an App started or stopped before")
	}
	if err := a.sandbox.Prepare(); err != nil {
		return fmt.Errorf("start the automation sandbox: %w", err)
	}
	_ = a.purger.Start(ctx) // never fails
	if err := a.Live.Start(ctx); err != nil {
		a.purger.Stop()
		return fmt.Errorf("start live updates: %w", err)
	}
	if a.consumers > 0 {
		if err := a.Outbox.Start(ctx); err != nil {
			a.Live.Stop()
			a.purger.Stop()
			return fmt.Errorf("start the outbox worker: %w", err)
		}
	}
	_ = a.sessions.Start(ctx) // never fails
	_ = a.counts.Start(ctx)
	_ = a.views.Start(ctx)
	_ = a.activity.Start(ctx)
	if err := a.backfill.Start(ctx); err != nil {
		a.sessions.Stop()
		a.counts.Stop()
		a.views.Stop()
		a.activity.Stop()
		a.Outbox.Stop()
		a.Live.Stop()
		a.purger.Stop()
		return fmt.Errorf("start the search back-fill: %w", err)
	}
	a.startWorkers(ctx)
	a.state = started
	a.stopped = make(chan struct{})
	return nil
}

// startWorkers starts the background workers beside the outbox: the
// sandbox (compiling the script engine, or loading it from the cache
// directory, in the background: a run or dry run before then compiles it
// itself), the automation run worker and scheduler, the ingestion worker,
// the files' maintenance, the file reference back-fill, and the import and
// export workers, the mail sender and its notification mail queuer, the webhook sender, and the co-editing rooms.
func (a *App) startWorkers(ctx context.Context) {
	go func() {
		if err := a.sandbox.Start(ctx); err != nil && !errors.Is(err, sandbox.ErrStopped) {
			a.log.Error("automation sandbox: start", "error", err)
		}
	}()
	_ = a.AutomationRunner.Start(ctx) // never fails
	_ = a.AutomationScheduler.Start(ctx)
	_ = a.IngestWorker.Start(ctx)
	_ = a.FileMaintenance.Start(ctx)
	_ = a.FileRefBackfill.Start(ctx)
	_ = a.ImportWorker.Start(ctx)
	_ = a.ExportWorker.Start(ctx)
	_ = a.MailSender.Start(ctx)    // never fails; does nothing with mail off
	_ = a.notices.Start(ctx)       // never fails; never starts with mail off
	_ = a.WebhookSender.Start(ctx) // never fails
	_ = a.Collab.Start(ctx)        // fails only after Stop
}

// stopWorkers stops the notification mail queuer, the mail sender, the webhook sender (its requests in
// flight are cancelled and their deliveries given back), the export and
// import workers, the file reference
// back-fill, the files' maintenance, the ingestion worker, the scheduler,
// then the run worker (runs in hand end by their wall time), then the
// sandbox.
func (a *App) stopWorkers() {
	a.notices.Stop()
	a.MailSender.Stop()
	a.WebhookSender.Stop()
	a.ExportWorker.Stop()
	a.ImportWorker.Stop()
	a.FileRefBackfill.Stop()
	a.FileMaintenance.Stop()
	a.IngestWorker.Stop()
	a.AutomationScheduler.Stop()
	a.AutomationRunner.Stop()
	a.Collab.Stop()
	a.crdt.Close()
	a.sandbox.Stop()
}

// Stop stops what Start started within Config.ShutdownTimeout (Shutdown
// without requests). An App never started only releases what its
// services made on first use (the sandbox's directory). Stop may be called
// any number of times, concurrently; every call returns once the first one
// has.
func (a *App) Stop() {
	timeout := a.cfg.ShutdownTimeout
	if timeout <= 0 {
		timeout = DefaultConfig.ShutdownTimeout
	}
	a.Shutdown(timeout, nil)
}

// Shutdown stops what Start started within timeout, with requests — the
// HTTP server's shutdown, given the deadline's context, or nil — run in
// the middle: the outbox worker (whose consumers' contexts are cancelled)
// starts stopping first, beside requests, since it does not depend on
// them; once requests has returned, the periodic jobs and the workers stop,
// the usage counts the requests left are written, the search back-fill
// stops and the live hub stops. The outbox worker and the live hub get
// until the deadline; whatever is still running then is abandoned and
// logged (outbox events in hand go back to the queue when their lease
// expires). Like Stop, Shutdown is idempotent and safe to call
// concurrently; requests runs at most once.
func (a *App) Shutdown(timeout time.Duration, requests func(ctx context.Context)) {
	a.mu.Lock()
	state, done := a.state, a.stopped
	a.state = stopped
	a.mu.Unlock()
	switch state {
	case built:
		a.sandbox.Stop() // a dry run may have made its directory
		return
	case stopped:
		if done != nil {
			<-done
		}
		return
	}
	defer close(done)
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	outboxDone := make(chan struct{})
	go func() {
		defer close(outboxDone)
		a.Outbox.Stop()
	}()
	if requests != nil {
		requests(ctx)
	}
	a.sessions.Stop()
	a.counts.Stop()
	a.views.Stop()
	a.activity.Stop()
	a.purger.Stop()
	a.stopWorkers()
	// The requests are done: write the counts they left.
	if _, err := a.Auth.FlushCounts(auth.SystemContext(ctx)); err != nil {
		a.log.Warn("shutdown: usage counts not written", "error", err)
	}
	if _, err := a.Favorite.FlushViews(auth.SystemContext(ctx)); err != nil {
		a.log.Warn("shutdown: page views not written", "error", err)
	}
	a.backfill.Stop()
	hubDone := make(chan struct{})
	go func() {
		defer close(hubDone)
		a.Live.Stop()
	}()
	for name, ch := range map[string]chan struct{}{"outbox worker": outboxDone, "live hub": hubDone} {
		select {
		case <-ch:
		case <-ctx.Done():
			a.log.Warn("shutdown: abandoning the "+name+", still busy at the deadline (unfinished outbox events go back to the queue when their lease expires)", "timeout", timeout)
		}
	}
}
