package document

import (
	"context"
	"time"

	"github.com/google/uuid"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
)

// Delete moves a document to the trash: it keeps its address in its row,
// stops being visible to anyone but its owner, and is purged after the
// configured time. Deleting a tombstone again changes nothing. Errors:
// NOT_FOUND; FORBIDDEN for anyone but the owner.
func (s *Service) Delete(ctx context.Context, id uuid.UUID) (*Doc, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	var out *Doc
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		cur, level, err := lockAny(ctx, tx, actor, id, Owner)
		if err != nil {
			return err
		}
		if cur.DeletedAt != nil {
			out = fromRow(cur, level)
			return nil
		}
		purge := time.Now().Add(s.cfg.PurgeAfter)
		row, err := db.Q.DocumentTombstone(ctx, tx, db.DocumentTombstoneParams{ID: id, PurgeAfter: &purge, UpdatedBy: &actor.UserID})
		if err != nil {
			return err
		}
		rev, err := writeRevision(ctx, tx, row, "delete", nil, actor.UserID)
		if err != nil {
			return err
		}
		if err := writeEvent(ctx, tx, "document.deleted", row.ID, actor.UserID, &rev.ID, map[string]any{"address": rowAddress(row.Space, row.Path, row.Slug)}); err != nil {
			return err
		}
		out = fromRow(row, level)
		return nil
	})
	return out, err
}

// RestoreInput brings a document back from the trash, at its old address
// or, when given, another one.
type RestoreInput struct {
	ID    uuid.UUID
	Space *Space
	Path  *string
	Slug  *string
}

// Restore brings a tombstoned document back: a "restore" revision and a
// document.restored event (and a path history row when it comes back
// elsewhere). Errors: NOT_FOUND (tombstones exist for their owner alone);
// CONFLICT on id when it is not in the trash, on slug when a live document
// took the address meanwhile (restore it to another address instead);
// BAD_USER_INPUT naming the field.
func (s *Service) Restore(ctx context.Context, in RestoreInput) (*Doc, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	var out *Doc
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		cur, level, err := lockAny(ctx, tx, actor, in.ID, Owner)
		if err != nil {
			return err
		}
		if cur.DeletedAt == nil {
			return errNotInTrash
		}
		to, err := targetAddress(cur, in.Space, in.Path, in.Slug)
		if err != nil {
			return err
		}
		if (cur.Space == db.SpaceRaw) != (to.space == db.SpaceRaw) {
			return fault.Input("space", "Originals stay in raw, and only originals live there.")
		}
		taken, err := db.Q.DocumentIsAddressTaken(ctx, tx, db.DocumentIsAddressTakenParams{Space: to.space, Path: to.path, Slug: to.slug, ID: cur.ID})
		if err != nil {
			return err
		}
		if taken {
			return fault.Conflicting("slug", "Another document now lives at %s. Restore this one to another address.", rowAddress(to.space, to.path, to.slug))
		}
		row, err := s.relocate(ctx, tx, cur, to, actor.UserID, true)
		if err != nil {
			return err
		}
		out = fromRow(row, level)
		return nil
	})
	return out, err
}
