package search

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"codna/internal/auth"
	"codna/internal/db"
)

// ErrReindexRunning is Reindex's answer while another reindex (serve's
// back-fill, or `codna reindex` elsewhere) holds the rebuild lock.
var ErrReindexRunning = errors.New("another reindex of the search index is running; wait for it to finish")

// ReindexReport is what a reindex did (or, dry, would do).
type ReindexReport struct {
	Backend   string
	Documents int // live documents (written, or to write)
	CaughtUp  int // documents re-indexed after the rebuild, changed while it ran
	Took      time.Duration
}

// Reindex rebuilds the backend's index from every live document
// (Backend.Rebuild, calling progress per batch), then re-indexes every
// document the indexer may have written to the old index meanwhile (those
// of the outbox events processed since the rebuild began, or not processed
// yet), and records the build (search_builds). It is safe while serve
// runs: searches keep answering from the complete old index, and the
// indexer keeps going. One reindex runs at a time (a session advisory lock
// held throughout). With dry it only counts.
//
// Errors: UNAUTHENTICATED for nobody; FORBIDDEN for anyone but management
// (the CLI acts as management) and the system (serve's back-fill);
// ErrReindexRunning while another runs.
func (s *Service) Reindex(ctx context.Context, dry bool, progress func(Progress)) (ReindexReport, error) {
	if a := auth.ActorFrom(ctx); !a.IsSystem() {
		if _, err := auth.RequireManagement(ctx); err != nil {
			return ReindexReport{}, err
		}
	}
	start := time.Now()
	rep := ReindexReport{Backend: s.backend.Name()}
	src := pgSource{pool: s.pool}
	if dry {
		n, err := src.Count(ctx)
		rep.Documents, rep.Took = n, time.Since(start)
		return rep, err
	}
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return rep, err
	}
	defer conn.Release()
	got, err := db.TryLockSession(ctx, conn, db.LockSearchRebuild)
	if err != nil {
		return rep, err
	}
	if !got {
		return rep, ErrReindexRunning
	}
	defer func() { _, _ = db.UnlockSession(context.WithoutCancel(ctx), conn, db.LockSearchRebuild) }()
	var began time.Time
	if err := conn.QueryRow(ctx, "SELECT clock_timestamp()").Scan(&began); err != nil {
		return rep, err
	}
	counted := &countingSource{Source: src}
	if err := s.backend.Rebuild(ctx, counted, progress); err != nil {
		return rep, fmt.Errorf("rebuild the %s index: %w", s.backend.Name(), err)
	}
	rep.Documents = counted.n
	changed, err := db.Q.SearchEntryListChanged(ctx, s.pool, began)
	if err != nil {
		return rep, err
	}
	for lo := 0; lo < len(changed); lo += SourceBatch {
		if err := s.indexer.Index(ctx, changed[lo:min(lo+SourceBatch, len(changed))]); err != nil {
			return rep, fmt.Errorf("re-index the documents changed during the rebuild: %w", err)
		}
	}
	rep.CaughtUp = len(changed)
	if err := db.Q.SearchBuildRecord(ctx, s.pool, db.SearchBuildRecordParams{Backend: s.backend.Name(), StartedAt: began}); err != nil {
		return rep, err
	}
	rep.Took = time.Since(start)
	return rep, nil
}

// countingSource counts the entries a rebuild was given.
type countingSource struct {
	Source
	n int
}

func (c *countingSource) Each(ctx context.Context, fn func([]Entry) error) error {
	return c.Source.Each(ctx, func(b []Entry) error {
		c.n += len(b)
		return fn(b)
	})
}

// Backfill is serve's back-fill: when the running backend's index has
// never been built from every document (no search_builds row: the first
// start after the migration, or a backend newly chosen), it runs Reindex
// in the background. One replica does it (Reindex's lock); the others
// skip it, and a replica that stops half-way leaves no row, so the next
// start does it again.
type Backfill struct {
	svc *Service
	log *slog.Logger

	mu      sync.Mutex
	cancel  context.CancelFunc
	done    chan struct{}
	stopped bool
}

// NewBackfill returns the back-fill of svc's backend.
func NewBackfill(svc *Service, log *slog.Logger) *Backfill {
	if log == nil {
		log = slog.Default()
	}
	return &Backfill{svc: svc, log: log}
}

// Start begins the back-fill in the background when it is needed and
// returns at once. Errors: only a database that does not answer.
func (b *Backfill) Start(ctx context.Context) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.done != nil || b.stopped {
		return nil
	}
	built, err := db.Q.SearchBuildExists(ctx, b.svc.pool, b.svc.backend.Name())
	if err != nil {
		return err
	}
	b.done = make(chan struct{})
	if built {
		close(b.done)
		return nil
	}
	run, cancel := context.WithCancel(auth.SystemContext(context.WithoutCancel(ctx)))
	b.cancel = cancel
	go func() {
		defer close(b.done)
		if err := b.run(run); err != nil && !errors.Is(err, context.Canceled) {
			b.log.Error("search back-fill failed; run `codna reindex`", "backend", b.svc.backend.Name(), "error", err)
		}
	}()
	return nil
}

func (b *Backfill) run(ctx context.Context) error {
	b.log.Info("search back-fill started", "backend", b.svc.backend.Name())
	rep, err := b.svc.Reindex(ctx, false, nil)
	if errors.Is(err, ErrReindexRunning) {
		b.log.Info("search back-fill running elsewhere (another replica, or codna reindex)", "backend", b.svc.backend.Name())
		return nil
	}
	if err != nil {
		return err
	}
	b.log.Info("search back-fill done", "backend", rep.Backend, "documents", rep.Documents, "caught_up", rep.CaughtUp, "took", rep.Took.Round(time.Millisecond))
	return nil
}

// Wait blocks until a started back-fill has finished (tests, tools).
func (b *Backfill) Wait() {
	b.mu.Lock()
	done := b.done
	b.mu.Unlock()
	if done != nil {
		<-done
	}
}

// Stop cancels a running back-fill and waits for it. It is idempotent.
func (b *Backfill) Stop() {
	b.mu.Lock()
	b.stopped = true
	cancel, done := b.cancel, b.done
	b.mu.Unlock()
	if cancel != nil {
		cancel()
	}
	if done != nil {
		<-done
	}
}
