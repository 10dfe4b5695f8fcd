package transfer

import (
	"context"
	"log/slog"
	"time"

	"codna/internal/periodic"
)

// WorkerConfig tunes a worker (imports' or exports').
type WorkerConfig struct {
	Concurrency int           // loops per replica (1)
	Lease       time.Duration // renewed every Lease/4 as the work goes (periodic.DefaultLease)
	Poll        time.Duration // how often idle loops look for work (2 s)
	WorkerID    string        // lease name prefix ("" is the host and pid)
}

func (c WorkerConfig) withDefaults() WorkerConfig {
	if c.Concurrency <= 0 {
		c.Concurrency = 1
	}
	if c.Lease <= 0 {
		c.Lease = periodic.DefaultLease
	}
	if c.Poll <= 0 {
		c.Poll = 2 * time.Second
	}
	return c
}

// worker is what both workers are: loops that claim one piece of work at
// a time with a step, with the Start/Stop lifecycle and a Drain for tests
// and the CLI.
type worker struct {
	cfg   WorkerConfig
	loops *periodic.Loops
	step  periodic.Step
	log   *slog.Logger
}

// renew renews the lease of the work in hand every Lease/4 while it runs
// (periodic.Renew); renew reports how many rows it renewed.
func (w *worker) renew(ctx context.Context, renew func(context.Context) (int64, error)) (context.Context, func()) {
	return periodic.Renew(ctx, w.cfg.Lease/4, func(ctx context.Context) (bool, error) {
		n, err := renew(ctx)
		return n > 0, err
	}, w.log)
}

func newWorker(name string, cfg WorkerConfig, step periodic.Step, log *slog.Logger) worker {
	cfg = cfg.withDefaults()
	if log == nil {
		log = slog.Default()
	}
	loops := periodic.NewLoops(name, cfg.Concurrency, cfg.Poll, cfg.WorkerID, step, log)
	cfg.WorkerID = loops.Prefix()
	return worker{cfg: cfg, loops: loops, step: step, log: log}
}

// Start starts the loops until ctx ends or Stop. It never fails.
func (w *worker) Start(ctx context.Context) error { return w.loops.Start(ctx) }

// Stop stops the loops and waits for the work in hand: an import stops at
// its next page (its lease then runs out and another worker resumes it),
// an export finishes. Idempotent.
func (w *worker) Stop() { w.loops.Stop() }

// Drain does queued work in this goroutine, as the system actor, until
// none can be claimed (tests, and `codna import`).
func (w *worker) Drain(ctx context.Context) error { return w.loops.Drain(ctx) }
