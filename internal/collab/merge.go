package collab

import (
	"context"
	"errors"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/db"
)

// merge applies into the room's document what was saved through the API
// since the version it holds (an agent over MCP, an integrator, an
// automation, a restore): the change from the version those saves were
// based on to the latest, carried to today's text by the engine, so the
// people typing see it merged with their typing (docs/design.md
// "Co-editing: API writes during a session"). The stored document's row
// lock makes one replica do it.
func (s *Service) merge(ctx context.Context, r *room) error {
	var body []byte
	var seq int64
	var author *uuid.UUID
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		st, err := db.Q.DocumentCrdtStateLock(ctx, tx, r.id)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil // purged
		}
		if err != nil {
			return err
		}
		rng, err := db.Q.DocumentCrdtRevisionMergeRange(ctx, tx, db.DocumentCrdtRevisionMergeRangeParams{DocumentID: r.id, Version: st.Version})
		if err != nil || rng.HeadVersion <= st.Version {
			return err
		}
		head, err := db.Q.DocumentRevisionGet(ctx, tx, db.DocumentRevisionGetParams{DocumentID: r.id, Version: rng.HeadVersion})
		if err != nil {
			return err
		}
		baseText := ""
		var snapshot []byte
		if rng.BaseVersion > 0 {
			base, err := db.Q.DocumentRevisionGet(ctx, tx, db.DocumentRevisionGetParams{DocumentID: r.id, Version: rng.BaseVersion})
			if err != nil {
				return err
			}
			baseText = base.Content
			snapshot, err = db.Q.DocumentCrdtRevisionGet(ctx, tx, db.DocumentCrdtRevisionGetParams{DocumentID: r.id, Version: rng.BaseVersion})
			if err != nil && !errors.Is(err, pgx.ErrNoRows) {
				return err
			}
		}
		log, err := db.Q.DocumentCrdtUpdateList(ctx, tx, db.DocumentCrdtUpdateListParams{DocumentID: r.id, Generation: st.Generation, AfterSeq: st.ThroughSeq})
		if err != nil {
			return err
		}
		updates := [][]byte{st.State}
		for _, u := range log {
			updates = append(updates, u.Body)
		}
		body, err = s.engine.Edit(ctx, updates, snapshot, baseText, head.Content, serverClient())
		if err != nil {
			return err
		}
		author = head.AuthorID
		authorID := uuid.Nil
		if author != nil {
			authorID = *author
		}
		seqs, err := db.Q.DocumentCrdtUpdateAppend(ctx, tx, db.DocumentCrdtUpdateAppendParams{
			DocumentID: r.id, Generation: st.Generation, Bodies: [][]byte{body}, AuthorIds: []uuid.UUID{authorID},
		})
		if err != nil {
			return err
		}
		seq = seqs[0]
		if err := db.Q.DocumentCrdtStateSetVersion(ctx, tx, db.DocumentCrdtStateSetVersionParams{DocumentID: r.id, Version: rng.HeadVersion}); err != nil {
			return err
		}
		// Every replica relays it, this one included ("-" is no replica).
		return db.Q.DocumentCrdtUpdateNotify(ctx, tx, []string{updateNote(r.id, seq, "-", body)})
	})
	return err
}
