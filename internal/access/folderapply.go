package access

// The FolderApplier: folder shares reaching documents that arrive in a
// folder, leave it or move between folders after the rule was made (see
// folder.go for what a rule justifies).

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

// FolderConsumerName is the FolderApplier's name in events.handled_by.
const FolderConsumerName = "folder-share-applier"

// FolderApplier is the outbox consumer that keeps a document's folder
// grants in step with its owner's rules as documents arrive in, leave and
// move between folders.
type FolderApplier struct{ pool *pgxpool.Pool }

// NewFolderApplier returns the applier over pool.
func NewFolderApplier(pool *pgxpool.Pool) *FolderApplier { return &FolderApplier{pool: pool} }

// Handle, for document.created, document.moved, document.renamed and
// document.restored (subject_id = the document; other events are ignored),
// makes the document's folder grants match its owner's rules for its
// current address, in one transaction: a grant (reason folder, granted_by
// the owner, one batch id per call) or a raise to write for every principal
// a covering rule names; a folder write grant lowered to read, or a folder
// grant revoked, where the covering rules no longer justify it (the
// document moved out of a folder, or to a folder shared at read). Grants of
// any other reason, and folder grants someone other than the current owner
// made, are never lowered or revoked. The document row is locked
// FOR NO KEY UPDATE (against its writers; not against rows that reference
// it, which the link resolver inserts concurrently); a tombstoned,
// quarantined or purged document is left alone.
// It computes from current state only, so redelivery, reordering and a
// second run change nothing. Recipients of new or raised grants are told
// (access.granted), and those of revoked ones (access.revoked), one
// notification of each per recipient and call.
//
// Errors: only the database's; the outbox retries the event.
func (a *FolderApplier) Handle(ctx context.Context, e outbox.Stored) error {
	return a.HandleBatch(ctx, []outbox.Stored{e})
}

// folderEvents put a document in a place whose folder rules may apply.
var folderEvents = []string{"document.created", "document.moved", "document.renamed", "document.restored"}

// FolderEvents are the event types the applier acts on (its lane gets no
// other: outbox.Lane.Events).
func FolderEvents() []string { return slices.Clone(folderEvents) }

// HandleBatch (an outbox.BatchConsumer) does what Handle does for every
// document the events of a batch name, each once however many events name
// it, in id order and in one transaction (one commit for the batch; each
// document still gets its own grant batch and notifications). Events of
// other kinds are ignored, and a batch with none opens no transaction.
func (a *FolderApplier) HandleBatch(ctx context.Context, events []outbox.Stored) error {
	var ids []uuid.UUID
	for _, e := range events {
		if e.SubjectType != "document" || e.SubjectID == nil {
			continue
		}
		if slices.Contains(folderEvents, e.Type) {
			ids = append(ids, *e.SubjectID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	slices.SortFunc(ids, compareID)
	ids = slices.Compact(ids)
	return db.InTx(ctx, a.pool, func(tx db.DBTX) error {
		for _, id := range ids {
			if err := applyToDocument(ctx, tx, id); err != nil {
				return err
			}
		}
		return nil
	})
}

func applyToDocument(ctx context.Context, tx db.DBTX, id uuid.UUID) error {
	owner, err := db.Q.DocumentGetOwner(ctx, tx, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil // purged
	} else if err != nil {
		return err
	}
	// The shared owner lock before the row lock (Share and Unshare take them
	// in the same order): a rule whose Share is in flight is committed, and
	// visible, before its owner's documents are judged here.
	if err := db.LockXactShared(ctx, tx, db.LockFolderShares.Of(owner.String())); err != nil {
		return err
	}
	d, err := db.Q.DocumentLockForFolderShare(ctx, tx, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	} else if err != nil {
		return err
	}
	if d.CreatedBy != owner {
		// Handed to someone else meanwhile: judge it by its new owner's rules.
		if err := db.LockXactShared(ctx, tx, db.LockFolderShares.Of(d.CreatedBy.String())); err != nil {
			return err
		}
	}
	if d.DeletedAt != nil || d.QuarantinedAt != nil {
		return nil
	}
	rules, err := db.Q.FolderShareListCovering(ctx, tx, db.FolderShareListCoveringParams{OwnerID: d.CreatedBy, Space: d.Space, Path: d.Path})
	if err != nil {
		return err
	}
	held, err := db.Q.DocumentAccessListFolderGrants(ctx, tx, db.DocumentAccessListFolderGrantsParams{DocumentID: d.ID, OwnerID: d.CreatedBy})
	if err != nil {
		return err
	}
	batch := uuid.Must(uuid.NewV7())
	var changes []folderChangeOf
	seen := map[Principal]bool{}
	for _, r := range rules {
		p := Principal{Type: principalTypeFromDB(r.PrincipalType), ID: r.PrincipalID}
		seen[p] = true
		perm := permissionFromDB(r.Permission)
		c, err := reconcile(ctx, tx, d.ID, p, &perm, true, d.CreatedBy, &batch)
		if err != nil {
			return err
		}
		changes = append(changes, folderChangeOf{doc: d.ID, p: p, change: c, perm: permissionFromDB(r.Permission)})
	}
	for _, h := range held {
		p := Principal{Type: principalTypeFromDB(h.PrincipalType), ID: h.PrincipalID}
		if seen[p] {
			continue
		}
		c, err := reconcile(ctx, tx, d.ID, p, nil, true, d.CreatedBy, &batch)
		if err != nil {
			return err
		}
		changes = append(changes, folderChangeOf{doc: d.ID, p: p, change: c})
	}
	return notifyChanges(ctx, tx, d.CreatedBy, batch, changes, nil)
}
