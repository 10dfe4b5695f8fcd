package periodic

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"time"

	"codna/internal/auth"
)

// Step claims and does one piece of queued work as the loop named worker
// (its lease name) and reports whether there was any. An error is logged;
// the loop then waits for the next wake-up or poll.
type Step func(ctx context.Context, worker string) (did bool, err error)

// Loops runs a number of loops draining a queue kept in Postgres (the
// automation run worker, the ingestion worker): each calls its Step until
// the queue is empty, then waits for Wake (work queued by this replica) or
// the poll interval (work queued by others, leases that ran out, retries
// come due). The steps' ctx carries the system actor.
type Loops struct {
	name   string
	n      int
	poll   time.Duration
	prefix string
	step   Step
	log    *slog.Logger

	wake chan struct{}
	mu   sync.Mutex
	stop context.CancelFunc
	wg   sync.WaitGroup
}

// NewLoops returns n loops (at least 1) doing step, polling every poll;
// prefix names their leases ("<prefix>/<i>"), "" is the host name and pid;
// name says what they do in log lines.
func NewLoops(name string, n int, poll time.Duration, prefix string, step Step, log *slog.Logger) *Loops {
	if log == nil {
		log = slog.Default()
	}
	if prefix == "" {
		host, _ := os.Hostname()
		prefix = fmt.Sprintf("%s/%d", host, os.Getpid())
	}
	return &Loops{name: name, n: max(n, 1), poll: poll, prefix: prefix, step: step, log: log, wake: make(chan struct{}, 1)}
}

// Prefix is what the loops' lease names start with.
func (l *Loops) Prefix() string { return l.prefix }

// Wake tells an idle loop that work was queued.
func (l *Loops) Wake() {
	select {
	case l.wake <- struct{}{}:
	default:
	}
}

// Start starts the loops until ctx ends or Stop. Starting started loops
// does nothing. It never fails.
func (l *Loops) Start(ctx context.Context) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.stop != nil {
		return nil
	}
	ctx, l.stop = context.WithCancel(auth.SystemContext(ctx))
	for i := range l.n {
		l.wg.Add(1)
		go l.loop(ctx, fmt.Sprintf("%s/%d", l.prefix, i))
	}
	return nil
}

// Stop stops the loops and waits for the steps in hand. Idempotent.
func (l *Loops) Stop() {
	l.mu.Lock()
	stop := l.stop
	l.mu.Unlock()
	if stop != nil {
		stop()
	}
	l.wg.Wait()
}

// Drain does the steps in the calling goroutine, as the system actor and as
// the worker "<prefix>/drain", until one finds nothing to do or fails, and
// returns that step's error (tests, benchmarks and the CLI call it instead
// of waiting for the loops).
func (l *Loops) Drain(ctx context.Context) error {
	ctx = auth.SystemContext(ctx)
	for {
		did, err := l.step(ctx, l.prefix+"/drain")
		if err != nil || !did {
			return err
		}
	}
}

func (l *Loops) loop(ctx context.Context, worker string) {
	defer l.wg.Done()
	poll := time.NewTimer(0)
	defer poll.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-l.wake:
		case <-poll.C:
		}
		for ctx.Err() == nil {
			did, err := l.step(ctx, worker)
			if err != nil && ctx.Err() == nil {
				l.log.Warn(l.name, "error", err)
			}
			if !did || err != nil {
				break
			}
			l.Wake() // there may be more: let an idle loop help
		}
		poll.Reset(l.poll)
	}
}

// Backoff is how long work the host failed on waits before it is claimed
// again, by how many times it was claimed: 1 s, doubling, at most a minute.
func Backoff(attempts int) time.Duration {
	return min(time.Minute, time.Second<<min(max(attempts-1, 0), 6))
}
