package linkgraph

import (
	"context"
	"slices"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/db"
	"codna/internal/outbox"
)

// KeeperConsumerName is the decision keeper's name in events.handled_by.
const KeeperConsumerName = "decision-keeper"

// Keeper is the outbox consumer that keeps decision notifications in step
// with who can answer them. Whenever access to a document changes — a
// grant made, raised, lowered or revoked (one by one, by batch, by folder
// share, by group deletion, by quarantine), someone taken out of a group,
// the document trashed, restored or transferred — it resolves the open
// decisions about links, file references and link suggestions touching that document that
// their recipient can no longer answer, and raises the link and file reference decisions its
// source's owner can answer now but was never (or no longer) told about.
// "Can answer" is NotificationCountInbox's rule, through the access rule (document_level).
type Keeper struct{ pool *pgxpool.Pool }

// NewKeeper returns the decision keeper over pool.
func NewKeeper(pool *pgxpool.Pool) *Keeper { return &Keeper{pool: pool} }

// keeperEvents are the events after which someone may have gained or lost
// the means to answer a decision about the event's document.
var keeperEvents = []string{
	"access.granted", "access.revoked", "access.permission_changed",
	"access.lost", // access.EventLost: someone taken out of a group
	"document.deleted", "document.restored", "document.transferred",
}

// KeeperEvents are the event types the keeper acts on (its lane gets no
// other: outbox.Lane.Events).
func KeeperEvents() []string { return slices.Clone(keeperEvents) }

// Handle reconciles the decisions touching the event's document:
// HandleBatch of one event.
func (k *Keeper) Handle(ctx context.Context, e outbox.Stored) error {
	return k.HandleBatch(ctx, []outbox.Stored{e})
}

// HandleBatch (an outbox.BatchConsumer) reconciles the decisions touching
// the documents of a batch of events, each once, in one transaction
// (ReconcileInTx of them all). It reads only current state, so redelivery and
// reordering are harmless; events of other kinds are ignored, and a batch
// with none opens no transaction.
func (k *Keeper) HandleBatch(ctx context.Context, events []outbox.Stored) error {
	var docs []uuid.UUID
	for _, e := range events {
		if !slices.Contains(keeperEvents, e.Type) {
			continue
		}
		doc := e.DocumentID
		if doc == nil && e.SubjectType == "document" {
			doc = e.SubjectID
		}
		if doc != nil {
			docs = append(docs, *doc)
		}
	}
	if len(docs) == 0 {
		return nil
	}
	return db.InTx(ctx, k.pool, func(tx db.DBTX) error {
		return ReconcileInTx(ctx, tx, docs)
	})
}

// ReconcileInTx brings, inside tx, the decision notifications about links and
// link suggestions touching docs in step with who can answer them now (see
// Keeper): four statements (the locks in one), plus one NotifyInTx per
// decision to raise. It takes the resolver's lock of each document first, so
// it does not race ResyncInTx. It checks no actor: the keeper's transaction
// runs it from current state.
func ReconcileInTx(ctx context.Context, tx db.DBTX, docs []uuid.UUID) error {
	if len(docs) == 0 {
		return nil
	}
	docs = sortedIDs(docs)
	if err := lockLinks(ctx, tx, docs); err != nil {
		return err
	}
	if _, err := db.Q.NotificationResolveUnanswerable(ctx, tx, docs); err != nil {
		return err
	}
	raise, err := db.Q.NotificationListLinkDecisionsUnraised(ctx, tx, docs)
	if err != nil {
		return err
	}
	for _, r := range raise {
		if err := raiseDecision(ctx, tx, linkDecision(r.DocumentLink), r.OwnerID); err != nil {
			return err
		}
	}
	files, err := db.Q.AttachmentRefListUnraised(ctx, tx, docs)
	if err != nil {
		return err
	}
	for _, r := range files {
		if err := raiseDecision(ctx, tx, fileDecision(r.AttachmentRef), r.OwnerID); err != nil {
			return err
		}
	}
	return nil
}
