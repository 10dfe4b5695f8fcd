package favorite

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
)

// ViewThrottle is how often one view of a page by a person is recorded at
// most: opening it again within the minute records nothing.
const ViewThrottle = time.Minute

// maxPendingViews bounds the views kept in memory between flushes; past it
// new ones are dropped (and logged at the flush) rather than memory grown.
const maxPendingViews = 100_000

// MaxRecent is the most recentDocuments answers.
const MaxRecent = 100

type viewKey struct{ user, document uuid.UUID }

type viewTally struct {
	n    int64
	last time.Time
}

// RecordView records that the acting person opened the document: in
// memory, written by FlushViews in the background, so opening a page never
// waits for the write. A view within ViewThrottle of the last one recorded
// for the same person and page is not recorded (and costs no statement);
// an agent's or management's is never recorded. Otherwise it checks, in
// one statement, that the person can read the page. Errors:
// UNAUTHENTICATED; NOT_FOUND when the document does not exist or the
// person cannot read it.
func (s *Service) RecordView(ctx context.Context, documentID uuid.UUID) error {
	a, ok, err := person(ctx)
	if err != nil || !ok {
		return err
	}
	k := viewKey{a.UserID, documentID}
	now := s.now()
	s.mu.Lock()
	last, seen := s.recorded[k]
	s.mu.Unlock()
	if seen && now.Sub(last) < ViewThrottle {
		return nil
	}
	levels, err := document.Levels(ctx, s.pool, a, []uuid.UUID{documentID})
	if err != nil {
		return err
	}
	if !levels[documentID].CanRead() {
		return errNotFound
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if last, seen := s.recorded[k]; seen && now.Sub(last) < ViewThrottle {
		return nil // another request recorded it meanwhile
	}
	if _, pending := s.views[k]; !pending && len(s.views) >= maxPendingViews {
		return nil
	}
	s.recorded[k] = now
	t := s.views[k]
	t.n++
	t.last = now
	s.views[k] = t
	return nil
}

// FlushViews writes the views recorded since the last flush in one
// statement (none when there are none) and returns how many rows it wrote
// to; views of a page purged meanwhile are dropped. When the write fails
// they are kept for the next flush. It also forgets throttle entries older
// than ViewThrottle. Only background work calls it. Errors: FORBIDDEN for
// anyone but the system actor; the database's.
func (s *Service) FlushViews(ctx context.Context) (int64, error) {
	if _, err := auth.RequireSystem(ctx); err != nil {
		return 0, err
	}
	s.mu.Lock()
	views := s.views
	s.views = map[viewKey]viewTally{}
	now := s.now()
	for k, at := range s.recorded {
		if now.Sub(at) >= ViewThrottle {
			delete(s.recorded, k)
		}
	}
	s.mu.Unlock()
	if len(views) == 0 {
		return 0, nil
	}
	p := db.DocumentViewAddManyParams{}
	for k, t := range views {
		p.UserIds, p.DocumentIds = append(p.UserIds, k.user), append(p.DocumentIds, k.document)
		p.LastViewedAts, p.Counts = append(p.LastViewedAts, t.last), append(p.Counts, t.n)
	}
	if err := db.Q.DocumentViewAddMany(ctx, s.pool, p); err != nil {
		s.mu.Lock()
		for k, t := range views {
			kept := s.views[k]
			kept.n += t.n
			if t.last.After(kept.last) {
				kept.last = t.last
			}
			s.views[k] = kept
		}
		s.mu.Unlock()
		return 0, fmt.Errorf("favorite: write page views: %w", fault.FromConn(err))
	}
	return int64(len(views)), nil
}

// Recent returns up to first (1 to MaxRecent) live documents the acting
// person viewed and can read now, without bodies, most recently viewed
// first: one statement. Views not yet flushed are not among them. An
// agent's and management's are empty (whatever first). Errors:
// UNAUTHENTICATED; BAD_USER_INPUT for first out of range.
func (s *Service) Recent(ctx context.Context, first int) ([]*document.Doc, error) {
	a, ok, err := person(ctx)
	if err != nil {
		return nil, err
	}
	if !ok {
		return []*document.Doc{}, nil
	}
	if first < 1 || first > MaxRecent {
		return nil, fault.Input("first", "first must be between 1 and %d.", MaxRecent)
	}
	rows, err := db.Q.DocumentViewListRecent(ctx, s.pool, db.DocumentViewListRecentParams{UserID: a.UserID, RowLimit: int32(first)})
	if err != nil {
		return nil, err
	}
	out := make([]*document.Doc, 0, len(rows))
	for _, r := range rows {
		out = append(out, document.FromHead(document.Head(r)))
	}
	return out, nil
}

// FlushEvery is how often the App writes the recorded views (FlushViews):
// a view shows in recentDocuments within it.
const FlushEvery = 5 * time.Second
