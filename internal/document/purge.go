package document

import (
	"context"
	"log/slog"
	"time"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/inbox"
	"codna/internal/outbox"
	"codna/internal/periodic"
)

// PurgeDue hard-deletes up to limit tombstones whose purge time has passed,
// each in its own transaction, as docs/design.md#purge says: edges into it
// become pending with no target, open decisions about those edges are
// resolved (and those about link suggestions from or to it, which cascade
// away), and a document.purged event is written with the id in
// subject_id and document_id NULL (events cascade on the document's
// delete). Several workers may run it at once: claimed rows are skipped. It
// returns how many it purged. Only the system actor purges
// (auth.SystemContext): anyone else is refused (auth.RequireSystem).
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
			links, err := db.Q.DocumentLinkOrphanTarget(ctx, tx, &d.ID)
			if err != nil {
				return err
			}
			if _, err := inbox.ResolveDecisionsInTx(ctx, tx, "link", links); err != nil {
				return err
			}
			// References to its files go pending like links: their files
			// are gone with it.
			refs, err := db.Q.AttachmentRefOrphanTarget(ctx, tx, &d.ID)
			if err != nil {
				return err
			}
			if _, err := inbox.ResolveDecisionsInTx(ctx, tx, "attachment_ref", refs); err != nil {
				return err
			}
			// Its link suggestions cascade away with it: their decisions
			// could never be answered again.
			sugs, err := db.Q.LinkSuggestionListIDsTouching(ctx, tx, d.ID)
			if err != nil {
				return err
			}
			if _, err := inbox.ResolveDecisionsInTx(ctx, tx, "link_suggestion", sugs); err != nil {
				return err
			}
			if _, err := db.Q.DocumentHardDelete(ctx, tx, d.ID); err != nil {
				return err
			}
			purged = true
			_, err = outbox.WriteInTx(ctx, tx, outbox.Event{
				Type: "document.purged", SubjectType: "document", SubjectID: &d.ID,
				Payload: map[string]any{"address": rowAddress(d.Space, d.Path, d.Slug), "ownerId": d.CreatedBy, "orphanedLinks": len(links)},
			})
			return err
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

// NewPurger returns the background job that runs PurgeDue (500 tombstones a
// run) at start and then every interval, as the system actor.
func NewPurger(svc *Service, interval time.Duration, log *slog.Logger) *periodic.Job {
	return periodic.New("purge tombstones", interval, func(ctx context.Context) (int64, error) {
		n, err := svc.PurgeDue(ctx, 500)
		return int64(n), err
	}, log)
}
