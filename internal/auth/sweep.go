package auth

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"codna/internal/db"
)

// DeleteExpiredSessions deletes every session past its expiry, in one
// statement, and returns how many it deleted. An expired session already
// signs nobody in (SessionGetLive checks the expiry); this keeps the table
// from growing with every abandoned browser. Background work only:
// UNAUTHENTICATED for nobody, FORBIDDEN for anyone but the system actor
// (SystemContext).
func (s *Service) DeleteExpiredSessions(ctx context.Context) (int64, error) {
	if _, err := RequireSystem(ctx); err != nil {
		return 0, err
	}
	n, err := db.Q.SessionDeleteExpired(ctx, s.pool)
	if err != nil {
		return 0, fmt.Errorf("delete expired sessions: %w", err)
	}
	return n, nil
}

// SessionSweeper runs DeleteExpiredSessions at start and then every
// interval, in the background. Several replicas may each run one: the
// DELETE is idempotent.
type SessionSweeper struct {
	svc      *Service
	interval time.Duration
	log      *slog.Logger

	mu     sync.Mutex
	cancel context.CancelFunc
	done   chan struct{}
}

// NewSessionSweeper returns a sweeper over svc that wakes every interval;
// an interval of zero or less never starts.
func NewSessionSweeper(svc *Service, interval time.Duration, log *slog.Logger) *SessionSweeper {
	if log == nil {
		log = slog.Default()
	}
	return &SessionSweeper{svc: svc, interval: interval, log: log}
}

// Start runs the sweeper until ctx ends or Stop is called. Starting a
// running sweeper, or one with no interval, does nothing. It never fails.
func (w *SessionSweeper) Start(ctx context.Context) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.cancel != nil || w.interval <= 0 {
		return nil
	}
	ctx, w.cancel = context.WithCancel(SystemContext(ctx))
	w.done = make(chan struct{})
	go w.run(ctx, w.done)
	return nil
}

func (w *SessionSweeper) run(ctx context.Context, done chan struct{}) {
	defer close(done)
	t := time.NewTicker(w.interval)
	defer t.Stop()
	for {
		n, err := w.svc.DeleteExpiredSessions(ctx)
		if err != nil && ctx.Err() == nil {
			w.log.Error("delete expired sessions", "error", err)
		} else if n > 0 {
			w.log.Info("deleted expired sessions", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Stop ends the sweeper and waits for it. Safe to call twice, and before
// Start.
func (w *SessionSweeper) Stop() {
	w.mu.Lock()
	cancel, done := w.cancel, w.done
	w.cancel = nil
	w.mu.Unlock()
	if cancel != nil {
		cancel()
		<-done
	}
}
