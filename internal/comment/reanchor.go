package comment

import (
	"context"
	"errors"
	"slices"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/db"
	"codna/internal/outbox"
)

// ReanchorerName is the re-anchoring consumer's name in the outbox.
const ReanchorerName = "comment-anchors"

// ReanchorerEvents are the events that land a new revision of a page (a
// save, a revision restored, an ingestion's update): the re-anchoring
// consumer's lane gets only these.
func ReanchorerEvents() []string { return []string{"document.updated"} }

// Reanchorer is the outbox consumer that places each open attached thread
// of a page in its new revision (docs/design.md, "Re-anchoring"): found, it
// stays attached with fresh offsets and context; not found, it is detached
// with the quote it had, never moved elsewhere.
type Reanchorer struct{ pool *pgxpool.Pool }

// NewReanchorer returns the consumer over pool.
func NewReanchorer(pool *pgxpool.Pool) *Reanchorer { return &Reanchorer{pool: pool} }

// HandleBatch re-anchors, in one transaction, the threads of every page a
// batch's events name, against each page's current revision: N saves of a
// page need one pass. Threads already placed in that revision are left
// alone, so a repeated delivery changes nothing.
func (r *Reanchorer) HandleBatch(ctx context.Context, events []outbox.Stored) error {
	var docs []uuid.UUID
	for _, e := range events {
		if e.DocumentID != nil && !slices.Contains(docs, *e.DocumentID) {
			docs = append(docs, *e.DocumentID)
		}
	}
	if len(docs) == 0 {
		return nil
	}
	return db.InTx(ctx, r.pool, func(tx db.DBTX) error {
		// Most saved pages have no anchored thread: one statement finds
		// those that do, so the others cost nothing more (not even a read
		// of their body).
		docs, err := db.Q.ThreadListAnchoredDocuments(ctx, tx, docs)
		if err != nil {
			return err
		}
		for _, d := range docs {
			if _, err := ReanchorInTx(ctx, tx, d); err != nil {
				return err
			}
		}
		return nil
	})
}

// ReanchorInTx places the open attached threads of a page whose anchors
// refer to an older revision in its current revision, inside the caller's
// transaction, and says how many threads it looked at. A purged page has
// nothing to do. It trusts its caller (the consumer; tests).
func ReanchorInTx(ctx context.Context, tx db.DBTX, documentID uuid.UUID) (int, error) {
	rev, err := db.Q.DocumentRevisionGetLatest(ctx, tx, documentID)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	} else if err != nil {
		return 0, err
	}
	threads, err := db.Q.ThreadListAttachedBefore(ctx, tx, db.ThreadListAttachedBeforeParams{DocumentID: documentID, Version: rev.Version})
	if err != nil || len(threads) == 0 {
		return 0, err
	}
	p := NewPage(AnchorText(rev.Content))
	u := db.ThreadSetAnchorsParams{RevisionID: rev.ID}
	for _, t := range threads {
		q := Quote{}
		if t.AnchorExact != nil {
			q.Exact = *t.AnchorExact
		}
		if t.AnchorPrefix != nil {
			q.Prefix = *t.AnchorPrefix
		}
		if t.AnchorSuffix != nil {
			q.Suffix = *t.AnchorSuffix
		}
		if t.AnchorStart != nil {
			q.Start = int(*t.AnchorStart)
		}
		if t.AnchorEnd != nil {
			q.End = int(*t.AnchorEnd)
		}
		at, m := p.Locate(q)
		state := AnchorAttached
		if m == NotFound {
			state = AnchorDetached
		}
		u.Ids = append(u.Ids, t.ID)
		u.States = append(u.States, string(state))
		u.Exacts = append(u.Exacts, at.Exact)
		u.Prefixes = append(u.Prefixes, at.Prefix)
		u.Suffixes = append(u.Suffixes, at.Suffix)
		u.Starts = append(u.Starts, int32(at.Start))
		u.Ends = append(u.Ends, int32(at.End))
	}
	if err := db.Q.ThreadSetAnchors(ctx, tx, u); err != nil {
		return 0, err
	}
	return len(threads), db.Q.ThreadNotifyDocument(ctx, tx, documentID)
}
