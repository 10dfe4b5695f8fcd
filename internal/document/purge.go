package document

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
	"codna/internal/inbox"
	"codna/internal/outbox"
	"codna/internal/periodic"
)

// EmptyTrashBatch is how many tombstones EmptyTrash purges in one
// transaction: a person with thousands in the trash never holds one long
// transaction (nor the locks of every page at once).
const EmptyTrashBatch = 100

// Why a tombstone was purged (document.purged's payload "by").
const (
	purgedByExpiry = "expiry" // its purge time passed (the purger)
	purgedByOwner  = "owner"  // its owner deleted it for good
)

// tombstone is what purging needs of a locked tombstoned document.
type tombstone struct {
	id         uuid.UUID
	space      db.Space
	path, slug string
	owner      uuid.UUID
	actor      *uuid.UUID // who purged it; nil for the purger
	purgedBy   string
}

// purgeInTx hard-deletes one tombstone the caller locked, the one purge
// path of docs/design.md "Trash, restore and purge" (the purger and the
// owner's purgeDocument and emptyTrash all take it): edges into it become
// pending with no target, open decisions about those edges are resolved
// (and those about link suggestions from or to it, which cascade away), and
// a document.purged event is written with the id in subject_id and
// document_id NULL (events cascade on the document's delete), naming who
// purged it and why. It trusts its caller: the row is locked and a
// tombstone, and the actor may purge it.
func purgeInTx(ctx context.Context, tx db.DBTX, d tombstone) error {
	links, err := db.Q.DocumentLinkOrphanTarget(ctx, tx, &d.id)
	if err != nil {
		return err
	}
	if _, err := inbox.ResolveDecisionsInTx(ctx, tx, "link", links); err != nil {
		return err
	}
	// References to its files go pending like links: their files are gone
	// with it.
	refs, err := db.Q.AttachmentRefOrphanTarget(ctx, tx, &d.id)
	if err != nil {
		return err
	}
	if _, err := inbox.ResolveDecisionsInTx(ctx, tx, "attachment_ref", refs); err != nil {
		return err
	}
	// Its link suggestions cascade away with it: their decisions could
	// never be answered again.
	sugs, err := db.Q.LinkSuggestionListIDsTouching(ctx, tx, d.id)
	if err != nil {
		return err
	}
	if _, err := inbox.ResolveDecisionsInTx(ctx, tx, "link_suggestion", sugs); err != nil {
		return err
	}
	if _, err := db.Q.DocumentHardDelete(ctx, tx, d.id); err != nil {
		return err
	}
	_, err = outbox.WriteInTx(ctx, tx, outbox.Event{
		Type: "document.purged", SubjectType: "document", SubjectID: &d.id, ActorID: d.actor,
		Payload: map[string]any{"address": rowAddress(d.space, d.path, d.slug), "ownerId": d.owner, "orphanedLinks": len(links), "by": d.purgedBy},
	})
	return err
}

// PurgeDue hard-deletes up to limit tombstones whose purge time has passed,
// each in its own transaction, through purgeInTx (its event says "by":
// "expiry" and names no actor). Several workers may run it at once: claimed
// rows are skipped. It returns how many it purged. Only the system actor
// purges due tombstones (auth.SystemContext): anyone else is refused
// (auth.RequireSystem).
func (s *Service) PurgeDue(ctx context.Context, limit int) (int, error) {
	if _, err := auth.RequireSystem(ctx); err != nil {
		return 0, err
	}
	n := 0
	for n < limit {
		purged := false
		err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
			due, err := db.Q.DocumentPurgeClaim(ctx, tx, 1)
			if err != nil || len(due) == 0 {
				return err
			}
			d := due[0]
			purged = true
			return purgeInTx(ctx, tx, tombstone{id: d.ID, space: d.Space, path: d.Path, slug: d.Slug, owner: d.CreatedBy, purgedBy: purgedByExpiry})
		})
		if err != nil {
			return n, err
		}
		if !purged {
			return n, nil
		}
		n++
	}
	return n, nil
}

// Purge deletes a page in the trash for good, now, for its owner: the same
// purge as the purger's (purgeInTx), its document.purged event naming the
// owner as actor and "by": "owner". Errors: UNAUTHENTICATED; FORBIDDEN for
// management; NOT_FOUND for a page the actor cannot read (a tombstone
// exists for its owner alone), or one already purged; FORBIDDEN for a live
// page the actor may read but does not own; BAD_USER_INPUT on documentId
// for the owner's live page (move it to the trash first).
func (s *Service) Purge(ctx context.Context, id uuid.UUID) error {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return err
	}
	return db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		cur, _, err := lockAny(ctx, tx, actor, id, Owner)
		if err != nil {
			return err
		}
		if cur.DeletedAt == nil {
			return fault.Input("documentId", "This page is not in the trash: move it to the trash first.")
		}
		return purgeInTx(ctx, tx, tombstone{id: cur.ID, space: cur.Space, path: cur.Path, slug: cur.Slug,
			owner: cur.CreatedBy, actor: &actor.UserID, purgedBy: purgedByOwner})
	})
}

// EmptyTrash purges every page in the actor's trash, as Purge does each,
// EmptyTrashBatch tombstones a transaction, and returns how many it purged.
// A tombstone another transaction holds meanwhile (being restored, say) is
// skipped. When ctx ends between batches, what is purged stays purged and
// the count so far comes back with the error. Errors: UNAUTHENTICATED;
// FORBIDDEN for management.
func (s *Service) EmptyTrash(ctx context.Context) (int, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	for {
		if err := ctx.Err(); err != nil {
			return n, err
		}
		batch := 0
		err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
			rows, err := db.Q.DocumentTrashClaimOwned(ctx, tx, db.DocumentTrashClaimOwnedParams{OwnerID: actor.UserID, RowLimit: EmptyTrashBatch})
			if err != nil {
				return err
			}
			for _, d := range rows {
				if err := purgeInTx(ctx, tx, tombstone{id: d.ID, space: d.Space, path: d.Path, slug: d.Slug,
					owner: d.CreatedBy, actor: &actor.UserID, purgedBy: purgedByOwner}); err != nil {
					return err
				}
			}
			batch = len(rows)
			return nil
		})
		if err != nil {
			return n, err
		}
		n += batch
		if batch < EmptyTrashBatch {
			return n, nil
		}
	}
}

// NewPurger returns the background job that runs PurgeDue (500 tombstones a
// run) at start and then every interval, as the system actor.
func NewPurger(svc *Service, interval time.Duration, log *slog.Logger) *periodic.Job {
	return periodic.New("purge tombstones", interval, func(ctx context.Context) (int64, error) {
		n, err := svc.PurgeDue(ctx, 500)
		return int64(n), err
	}, log)
}
