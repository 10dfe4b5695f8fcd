package document

import (
	"context"

	"github.com/google/uuid"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
	"codna/internal/link"
)

// MoveInput gives a document a new address. Nil fields stay as they are.
type MoveInput struct {
	ID              uuid.UUID
	ExpectedVersion *int
	Space           *Space
	Path            *string
	Slug            *string
}

// Move changes a document's address: a "move" revision when the space or
// path changes, "rename" when only the slug does, the vacated address in
// document_path_history (and free for others), and a document.moved or
// document.renamed event. Moving to the current address changes nothing.
// Errors: NOT_FOUND, FORBIDDEN (read only), CONFLICT on expectedVersion, on
// id (in the trash) or on slug (address taken); BAD_USER_INPUT naming the
// field, and on space for moving an original out of raw or into it;
// FORBIDDEN on space for an agent moving its own page out of output.
func (s *Service) Move(ctx context.Context, in MoveInput) (*Doc, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	var out *Doc
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		cur, level, err := lockForWrite(ctx, tx, actor, in.ID, Write)
		if err != nil {
			return err
		}
		if in.ExpectedVersion != nil && int(cur.Version) != *in.ExpectedVersion {
			return staleVersion(*in.ExpectedVersion, cur.Version)
		}
		to, err := targetAddress(cur, in.Space, in.Path, in.Slug)
		if err != nil {
			return err
		}
		if (cur.Space == db.SpaceRaw) != (to.space == db.SpaceRaw) {
			return fault.Input("space", "Originals stay in raw, and only originals live there: a document cannot move into or out of raw.")
		}
		if cur.CreatedBy == actor.UserID && to.space != cur.Space {
			// An agent's own pages stay in output: moving one out would be
			// creating it elsewhere.
			if err := agentSpace(actor, spaceFromDB(to.space)); err != nil {
				return err
			}
		}
		if to.space == cur.Space && to.path == cur.Path && to.slug == cur.Slug {
			out = fromRow(cur, level)
			return nil
		}
		row, err := s.relocate(ctx, tx, cur, to, actor.UserID, false)
		if err != nil {
			return err
		}
		out = fromRow(row, level)
		return nil
	})
	return out, err
}

type address struct {
	space      db.Space
	path, slug string
}

func targetAddress(cur db.Document, space *Space, path, slug *string) (address, error) {
	to := address{cur.Space, cur.Path, cur.Slug}
	var err error
	if space != nil {
		sp, err := ParseSpace("space", string(*space))
		if err != nil {
			return to, err
		}
		to.space = dbSpace(sp)
	}
	if path != nil {
		if to.path, err = NormalizePath(*path); err != nil {
			return to, err
		}
	}
	if slug != nil {
		if err := CheckSlug(*slug); err != nil {
			return to, err
		}
		to.slug = *slug
	}
	return to, nil
}

// relocate writes a document's new address, its revision, the vacated
// address and the event. restoring says the document comes back from the
// trash at the same time.
func (s *Service) relocate(ctx context.Context, q db.DBTX, cur db.Document, to address, actor uuid.UUID, restoring bool) (db.Document, error) {
	since, err := db.Q.DocumentPathHistoryGetSince(ctx, q, cur.ID)
	if err != nil {
		return db.Document{}, err
	}
	// The document's own relative links are rebased so they still reach the
	// same addresses from its new folder; its edges keep their targets.
	content, hash := cur.Content, cur.ContentHash
	var renamed map[string]string
	if cur.Space != db.SpaceRaw && (to.space != cur.Space || to.path != cur.Path) {
		content, renamed = rebase(cur.Content, cur.Space, cur.Path, to.space, to.path)
	}
	// Its files' folder is named after its address: references to its own
	// files follow it, and relative references to other pages' files are
	// rebased like links.
	if cur.Space != db.SpaceRaw {
		content = link.RebaseFiles(content,
			link.Address{Space: string(cur.Space), Path: cur.Path, Slug: cur.Slug},
			link.Address{Space: string(to.space), Path: to.path, Slug: to.slug})
	}
	if content != cur.Content {
		hash = ContentHash(cur.Title, content, nonNil(cur.Tags))
	}
	var row db.Document
	if restoring {
		row, err = db.Q.DocumentUntombstone(ctx, q, db.DocumentUntombstoneParams{
			ID: cur.ID, Space: to.space, Path: to.path, Slug: to.slug, Content: content, ContentHash: hash, UpdatedBy: &actor,
		})
	} else {
		row, err = db.Q.DocumentUpdateAddress(ctx, q, db.DocumentUpdateAddressParams{
			ID: cur.ID, Space: to.space, Path: to.path, Slug: to.slug, Content: content, ContentHash: hash, UpdatedBy: &actor,
		})
	}
	if err != nil {
		return db.Document{}, err
	}
	for old, new := range renamed {
		if _, err := db.Q.DocumentLinkRenameHref(ctx, q, db.DocumentLinkRenameHrefParams{SourceID: cur.ID, OldHref: old, NewHref: new}); err != nil {
			return db.Document{}, err
		}
	}
	moved := to.space != cur.Space || to.path != cur.Path || to.slug != cur.Slug
	kind, event := "move", "document.moved"
	switch {
	case restoring:
		kind, event = "restore", "document.restored"
	case to.space == cur.Space && to.path == cur.Path:
		kind, event = "rename", "document.renamed"
	}
	rev, err := writeRevision(ctx, q, row, kind, nil, actor)
	if err != nil {
		return db.Document{}, err
	}
	payload := map[string]any{
		"from": rowAddress(cur.Space, cur.Path, cur.Slug),
		"to":   rowAddress(row.Space, row.Path, row.Slug),
	}
	if moved {
		if err := db.Q.DocumentPathHistoryCreate(ctx, q, db.DocumentPathHistoryCreateParams{
			ID: uuid.Must(uuid.NewV7()), DocumentID: cur.ID, Space: cur.Space, Path: cur.Path, Slug: cur.Slug,
			ValidFrom: since, RevisionID: &rev.ID,
		}); err != nil {
			return db.Document{}, err
		}
	}
	if err := writeEvent(ctx, q, event, row.ID, actor, &rev.ID, payload); err != nil {
		return db.Document{}, err
	}
	return row, nil
}
