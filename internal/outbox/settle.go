package outbox

import (
	"bytes"
	"context"
	"slices"
	"sync"

	"github.com/google/uuid"

	"codna/internal/db"
)

// settler marks processed the events whose deliveries a worker's lanes
// removed (or parked). The lanes hand it the events of each removal once
// that removal has committed, and it settles what has gathered in one
// EventSettle statement per chunk: an event fanned out to five lanes is
// settled once rather than once per lane, and the settle of many lanes'
// batches is one statement, not one per batch (docs/design.md, Outbox).
//
// Every event handed over is settled by a statement that starts after the
// hand-over, hence after the removal committed; of two lanes (of any
// workers) finishing one event, the settle that follows the later removal
// sees both. Events handed over to a worker that dies before settling them
// are settled by a sweep (Worker.Sweep).
type settler struct {
	mu      sync.Mutex
	pending map[uuid.UUID]struct{}
	wake    chan struct{} // wakes the settle loop
	run     sync.Mutex    // one settle at a time per worker
}

func newSettler() *settler {
	return &settler{pending: map[uuid.UUID]struct{}{}, wake: make(chan struct{}, 1)}
}

// add hands events over to be settled and wakes the settle loop.
func (s *settler) add(ids []uuid.UUID) {
	if len(ids) == 0 {
		return
	}
	s.mu.Lock()
	for _, id := range ids {
		s.pending[id] = struct{}{}
	}
	s.mu.Unlock()
	poke(s.wake)
}

// take removes and returns the events handed over, in id order (settles
// of several workers lock the rows they share in one order).
func (s *settler) take() []uuid.UUID {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.pending) == 0 {
		return nil
	}
	ids := make([]uuid.UUID, 0, len(s.pending))
	for id := range s.pending {
		ids = append(ids, id)
	}
	clear(s.pending)
	slices.SortFunc(ids, func(a, b uuid.UUID) int { return bytes.Compare(a[:], b[:]) })
	return ids
}

// settleNow settles every event handed over so far, in chunks of at most
// cleanupChunk, and returns how many it marked processed. Runs to its end
// even if ctx ends meanwhile (writeCtx): the removals it follows are
// committed. A failure is logged; the sweep settles those events later.
func (w *Worker) settleNow(ctx context.Context) int64 {
	w.settle.run.Lock()
	defer w.settle.run.Unlock()
	ids := w.settle.take()
	if len(ids) == 0 || w.dead.Load() {
		return 0
	}
	wctx, cancel := writeCtx(ctx)
	defer cancel()
	var settled int64
	for chunk := range slices.Chunk(ids, cleanupChunk) {
		n, err := db.Q.EventSettle(wctx, lanePlans(wctx, w.pool).Last(), chunk)
		if err != nil {
			w.log.Warn("outbox: marking events processed failed; the sweep will", "events", len(chunk), "err", err)
			continue
		}
		settled += n
	}
	w.metrics.processed.Add(float64(settled))
	return settled
}

// settleLoop settles the events the lanes hand over, as they come: while
// one settle runs, the next gathers.
func (w *Worker) settleLoop(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return // Start settles what the lanes finish on their way out
		case <-w.settle.wake:
		}
		w.settleNow(ctx)
	}
}
