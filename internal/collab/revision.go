package collab

import (
	"context"
	"time"

	"github.com/google/uuid"

	"codna/internal/crdt"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
)

// maxFold is how many log updates one engine call folds.
const maxFold = 500

// compact folds the stored log into the state (docs/design.md "Co-editing:
// persistence") and measures the text again. It returns the document as
// one state and the stored row it was folded into.
func (r *room) compact(ctx context.Context) (crdt.Compacted, db.DocumentCrdtState, error) {
	s := r.svc
	r.mu.Lock()
	before := r.inserted
	r.mu.Unlock()
	st, err := db.Q.DocumentCrdtStateGet(ctx, s.pool, r.id)
	if err != nil {
		return crdt.Compacted{}, st, err
	}
	log, err := db.Q.DocumentCrdtUpdateList(ctx, s.pool, db.DocumentCrdtUpdateListParams{DocumentID: r.id, Generation: st.Generation, AfterSeq: st.ThroughSeq})
	if err != nil {
		return crdt.Compacted{}, st, err
	}
	// The log is folded at most maxFold updates per engine call, each
	// step stored: one call must stay within the engine's wall limit
	// however long the log grew (a busy room appends ~100 a second; the
	// engine folds roughly one a millisecond).
	var c crdt.Compacted
	for first := true; first || len(log) > 0; first = false {
		chunk := log[:min(len(log), maxFold)]
		log = log[len(chunk):]
		updates := make([][]byte, 0, len(chunk)+1)
		updates = append(updates, st.State)
		for _, u := range chunk {
			updates = append(updates, u.Body)
		}
		if c, err = s.engine.Compact(ctx, updates); err != nil {
			return c, st, err
		}
		if len(chunk) == 0 {
			break
		}
		through := chunk[len(chunk)-1].Seq
		err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
			n, err := db.Q.DocumentCrdtStateCompact(ctx, tx, db.DocumentCrdtStateCompactParams{
				DocumentID: r.id, Generation: st.Generation, State: c.State, Vector: c.Vector,
				ThroughSeq: through, TextLength: int32(len(c.Text)),
			})
			if err != nil || n == 0 {
				return err // reset or compacted meanwhile: nothing to drop
			}
			return db.Q.DocumentCrdtUpdateDeleteThrough(ctx, tx, db.DocumentCrdtUpdateDeleteThroughParams{DocumentID: r.id, ThroughSeq: through, Generation: st.Generation})
		})
		if err != nil {
			return c, st, err
		}
		st.ThroughSeq, st.State = through, c.State
	}
	r.mu.Lock()
	// What was stored after the log was read is counted twice at worst:
	// the estimate stays an upper bound.
	r.estBytes = len(c.Text) + r.inserted - before
	r.mu.Unlock()
	return c, st, nil
}

// writeRevision writes the room's text as a revision when it changed,
// through the document service, as the last typist who may still write
// (docs/design.md "Co-editing: revisions stay the truth"). Nothing is
// written when the text is what the page holds. When the page moved on
// through the API and that change is not merged in yet, the room stays
// dirty and tries again later.
func (s *Service) writeRevision(ctx context.Context, r *room) {
	r.mu.Lock()
	if r.writing || r.dirtySince.IsZero() {
		r.mu.Unlock()
		return
	}
	r.writing = true
	last := r.lastTypist
	contributors := r.contributors
	since := r.dirtySince
	r.dirtySince, r.contributors = time.Time{}, map[uuid.UUID]*typist{}
	r.mu.Unlock()

	written := false
	defer func() {
		r.mu.Lock()
		r.writing = false
		if !written {
			// Try again later with the same people.
			if r.dirtySince.IsZero() || since.Before(r.dirtySince) {
				r.dirtySince = since
			}
			for id, t := range contributors {
				if _, ok := r.contributors[id]; !ok {
					r.contributors[id] = t
				}
			}
		}
		r.mu.Unlock()
	}()

	c, st, err := r.compact(ctx)
	if err != nil {
		s.log.Error("collab: compacting before a revision", "document", r.id, "err", err)
		return
	}
	ids := make([]uuid.UUID, 0, len(contributors))
	for id := range contributors {
		ids = append(ids, id)
	}
	// The last typist first, then anyone else who typed.
	order := []*typist{}
	if last != nil {
		order = append(order, last)
	}
	for _, t := range contributors {
		if last == nil || t.actor.UserID != last.actor.UserID {
			order = append(order, t)
		}
	}
	if len(order) == 0 {
		written = true // typed on another replica: its room writes the revision
		return
	}
	for _, t := range order {
		text := c.Text
		_, _, err := s.docs.Update(t.ctx, document.UpdateInput{
			ID: r.id, ExpectedVersion: int(st.Version), Content: &text,
			Coedit: &document.Coedit{Contributors: ids, Then: func(ctx context.Context, tx db.DBTX, d *document.Doc) error {
				if err := db.Q.DocumentCrdtRevisionInsert(ctx, tx, db.DocumentCrdtRevisionInsertParams{DocumentID: r.id, Version: int32(d.Version), Snapshot: c.Snapshot}); err != nil {
					return err
				}
				return db.Q.DocumentCrdtStateSetVersion(ctx, tx, db.DocumentCrdtStateSetVersionParams{DocumentID: r.id, Version: int32(d.Version)})
			}},
		})
		if err == nil {
			written = true
			return
		}
		switch fault.CodeOf(err) {
		case fault.Conflict:
			return // an API write is being merged in: later
		case fault.Forbidden, fault.NotFound, fault.Unauthenticated:
			continue // this typist may no longer write: the next one
		default:
			s.log.Error("collab: writing a revision from the room", "document", r.id, "err", err)
			return
		}
	}
	written = true // nobody who typed may write any more: their text waits for the next writer
}

// flush writes a room's revision now (its last socket left), once the
// room's writer stored what the last sockets sent (or after a second, when
// a new socket keeps the room open).
func (s *Service) flush(r *room) {
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		select {
		case <-r.drained:
		case <-time.After(time.Second):
		}
		s.writeRevision(context.Background(), r)
	}()
}

// tick writes the revisions that are due (quiet or busy for long enough).
func (s *Service) tick(ctx context.Context, now time.Time) {
	for _, r := range s.openRooms() {
		r.mu.Lock()
		due := !r.dirtySince.IsZero() && !r.writing &&
			(now.Sub(r.lastUpdate) >= s.cfg.QuietRevision || now.Sub(r.dirtySince) >= s.cfg.BusyRevision)
		r.mu.Unlock()
		if due {
			s.writeRevision(ctx, r)
		}
	}
}

// compactLogs folds the log of every room whose log outgrew its stored
// state, so the stored log stays within twice the compacted state
// (docs/design.md "Co-editing: persistence").
func (s *Service) compactLogs(ctx context.Context) {
	for _, r := range s.openRooms() {
		r.mu.Lock()
		gen := r.gen
		r.mu.Unlock()
		size, err := db.Q.DocumentCrdtUpdateLogSize(ctx, s.pool, db.DocumentCrdtUpdateLogSizeParams{DocumentID: r.id, Generation: gen})
		if err != nil {
			s.log.Warn("collab: measuring a room's log", "document", r.id, "err", err)
			continue
		}
		if size.Bytes == 0 || size.Bytes < int64(size.StateBytes) {
			continue
		}
		if _, _, err := r.compact(ctx); err != nil {
			s.log.Error("collab: compacting a room's log", "document", r.id, "err", err)
		}
	}
}

// openRooms lists this replica's rooms.
func (s *Service) openRooms() []*room {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*room, 0, len(s.rooms))
	for _, r := range s.rooms {
		out = append(out, r)
	}
	return out
}
