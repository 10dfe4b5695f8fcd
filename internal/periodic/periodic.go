// Package periodic runs one background task at start and then on an
// interval, as the system actor, with the Start/Stop lifecycle every
// long-running component has. The purger and the session sweeper are
// periodic tasks; later schedulers can be too.
package periodic

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"codna/internal/auth"
)

// Task is one run of the work. It returns how many things it did (logged
// when non-zero) and an error (logged unless the job is stopping); either
// way the job runs it again at the next tick.
type Task func(ctx context.Context) (int64, error)

// Job runs a Task at Start and then every interval until Stop.
type Job struct {
	name     string
	interval time.Duration
	task     Task
	log      *slog.Logger

	mu     sync.Mutex
	cancel context.CancelFunc
	done   chan struct{}
}

// New returns a job that runs task every interval; name says what it does in
// log lines ("purge tombstones"). An interval of zero or less never starts.
// log may be nil.
func New(name string, interval time.Duration, task Task, log *slog.Logger) *Job {
	if log == nil {
		log = slog.Default()
	}
	return &Job{name: name, interval: interval, task: task, log: log}
}

// Start runs the job in the background until ctx ends or Stop is called. The
// task's ctx carries the system actor (auth.SystemContext): background work
// is nobody's request. Starting a running job, or one with no interval, does
// nothing. It never fails.
func (j *Job) Start(ctx context.Context) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.cancel != nil || j.interval <= 0 {
		return nil
	}
	ctx, j.cancel = context.WithCancel(auth.SystemContext(ctx))
	j.done = make(chan struct{})
	go j.run(ctx, j.done)
	return nil
}

func (j *Job) run(ctx context.Context, done chan struct{}) {
	defer close(done)
	t := time.NewTicker(j.interval)
	defer t.Stop()
	for {
		n, err := j.task(ctx)
		if err != nil && ctx.Err() == nil {
			j.log.Error(j.name, "error", err)
		} else if n > 0 {
			j.log.Info(j.name, "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Stop ends the job and waits for the run in progress to return. Safe to
// call twice, concurrently, and before Start.
func (j *Job) Stop() {
	j.mu.Lock()
	cancel, done := j.cancel, j.done
	j.cancel = nil
	j.mu.Unlock()
	if cancel != nil {
		cancel()
		<-done
	}
}
