package pgcluster

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"
)

// Supervision tunes Supervise. Zero fields take the defaults.
type Supervision struct {
	// GiveUpAfter is how long the supervisor keeps trying to bring a dead
	// server back before it gives up (Failed is closed). Default one minute.
	GiveUpAfter time.Duration

	// MaxBackoff caps the pause between two failed restart attempts (the
	// pause starts at 100 ms and doubles). Default 5 s.
	MaxBackoff time.Duration
}

// Supervisor keeps a cluster running: when its postgres exits without being
// asked to, it is started again (Start, which waits for the dead server's
// remains), with backoff between failed attempts. The socket directory, and
// so DSN, stay the same across restarts; a connection pool reconnects by
// itself. Its methods are safe for concurrent use.
type Supervisor struct {
	o   Options
	sv  Supervision
	log *slog.Logger
	dsn func(string) string

	mu       sync.Mutex
	cur      *Cluster
	lastErr  error // of the last failed restart attempt; nil once up again
	restarts int
	failErr  error

	failed   chan struct{} // closed when the supervisor gave up
	stop     chan struct{}
	stopOnce sync.Once
	loopDone chan struct{}
	stopErr  error
}

// Supervise starts the cluster described by o (as Start does; ctx bounds
// this first start only) and keeps it running until Stop. The first start's
// errors are Start's; later failures are reported by Health and Failed.
func Supervise(ctx context.Context, o Options, sv Supervision) (*Supervisor, error) {
	if sv.GiveUpAfter <= 0 {
		sv.GiveUpAfter = time.Minute
	}
	if sv.MaxBackoff <= 0 {
		sv.MaxBackoff = 5 * time.Second
	}
	c, err := Start(ctx, o)
	if err != nil {
		return nil, err
	}
	log := c.log
	s := &Supervisor{
		o: o, sv: sv, log: log, dsn: c.DSN, cur: c,
		failed: make(chan struct{}), stop: make(chan struct{}), loopDone: make(chan struct{}),
	}
	go s.loop()
	return s, nil
}

// DSN is Cluster.DSN: the same before and after a restart.
func (s *Supervisor) DSN(dbname string) string { return s.dsn(dbname) }

// Cluster returns the cluster currently running (or the last one, while a
// restart is under way).
func (s *Supervisor) Cluster() *Cluster {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cur
}

// Restarts is how many times the server was brought back.
func (s *Supervisor) Restarts() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.restarts
}

// Health is nil while the server runs or is being brought back, and an error
// once an attempt to bring it back has failed (until one succeeds) or the
// supervisor has given up.
func (s *Supervisor) Health() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.failErr != nil {
		return s.failErr
	}
	if s.lastErr != nil {
		return fmt.Errorf("pgcluster: postgres exited and could not be restarted yet: %w", s.lastErr)
	}
	return nil
}

// Failed is closed when the supervisor gave up: the server died and could
// not be started again for Supervision.GiveUpAfter. Err says why.
func (s *Supervisor) Failed() <-chan struct{} { return s.failed }

// Err is the reason the supervisor gave up, or nil.
func (s *Supervisor) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.failErr
}

// Stop stops supervising (a restart under way is abandoned) and then the
// server, as Cluster.Stop. It may be called any number of times,
// concurrently; every call returns the same result: nil after a clean
// shutdown, else the error of the last server (which may have died).
func (s *Supervisor) Stop() error {
	s.stopOnce.Do(func() {
		close(s.stop)
		<-s.loopDone
		s.stopErr = s.Cluster().Stop()
		if err := s.Err(); err != nil {
			s.stopErr = err
		}
	})
	return s.stopErr
}

func (s *Supervisor) loop() {
	defer close(s.loopDone)
	for {
		c := s.Cluster()
		select {
		case <-s.stop:
			return
		case <-c.Done():
		}
		if c.stopping.Load() {
			return
		}
		s.log.Error("postgres exited unexpectedly; restarting it", "err", c.exitErr)
		if !s.restart() {
			return
		}
	}
}

// restart brings the server back, trying until it succeeds (true), Stop is
// called or GiveUpAfter has passed (false).
func (s *Supervisor) restart() bool {
	downSince := time.Now()
	giveUp := downSince.Add(s.sv.GiveUpAfter)
	ctx, cancel := context.WithDeadline(context.Background(), giveUp)
	defer cancel()
	go func() {
		select {
		case <-s.stop:
			cancel()
		case <-ctx.Done():
		}
	}()
	backoff := 100 * time.Millisecond
	// reason is the last error postgres itself gave: an attempt cut short by
	// the give-up deadline says only that, which tells an operator nothing.
	var reason error
	for attempt := 1; ; attempt++ {
		c, err := Start(ctx, s.o)
		if err != nil && (ctx.Err() == nil || reason == nil) {
			reason = err
		}
		if err == nil {
			s.mu.Lock()
			s.cur, s.lastErr = c, nil
			s.restarts++
			s.mu.Unlock()
			s.log.Info("postgres restarted", "pid", c.proc.Pid, "attempt", attempt, "down_for", time.Since(downSince).Round(time.Millisecond))
			return true
		}
		select {
		case <-s.stop:
			return false
		default:
		}
		s.mu.Lock()
		s.lastErr = err
		s.mu.Unlock()
		if ctx.Err() != nil || time.Now().Add(backoff).After(giveUp) {
			s.mu.Lock()
			s.failErr = fmt.Errorf("pgcluster: postgres died and could not be restarted within %v: %w", s.sv.GiveUpAfter, reason)
			s.mu.Unlock()
			s.log.Error("giving up on postgres", "err", s.failErr)
			close(s.failed)
			return false
		}
		s.log.Error("restarting postgres failed; trying again", "attempt", attempt, "in", backoff, "err", err)
		select {
		case <-s.stop:
			return false
		case <-time.After(backoff):
		}
		backoff = min(backoff*2, s.sv.MaxBackoff)
	}
}
