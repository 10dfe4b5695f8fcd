package search

import (
	"context"
	"slices"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/db"
	"codna/internal/outbox"
)

// IndexerName is the indexer's name in events.handled_by.
const IndexerName = "search-indexer"

// indexEvents are the events after which what the index holds of their
// document may differ from its current state: what it says, where it is,
// whether it lives, who owns it, who may read it. (Membership changes,
// access.lost, change no entry: entries name groups, not their members;
// access.permission_changed turns read into write, which reads the same.)
var indexEvents = []string{
	"document.created", "document.updated", "document.moved", "document.renamed",
	"document.deleted", "document.restored", "document.purged", "document.transferred",
	"document.quarantined", "document.released",
	"access.granted", "access.revoked",
}

// IndexerEvents are the event types the indexer acts on (its lane gets no
// other: outbox.Lane.Events).
func IndexerEvents() []string { return slices.Clone(indexEvents) }

// Indexer is the outbox consumer that keeps a Backend in step with the
// documents (docs/design.md#search).
type Indexer struct {
	pool    *pgxpool.Pool
	backend Backend
}

// NewIndexer returns the indexer writing to backend.
func NewIndexer(pool *pgxpool.Pool, backend Backend) *Indexer {
	return &Indexer{pool: pool, backend: backend}
}

// Handle indexes the document an event is about: HandleBatch of one event.
func (x *Indexer) Handle(ctx context.Context, e outbox.Stored) error {
	return x.HandleBatch(ctx, []outbox.Stored{e})
}

// HandleBatch (an outbox.BatchConsumer) brings the index in step with the
// current state of the documents a batch of events is about, each once
// however many events name it, in one transaction: Index of them all.
// Events of other kinds are ignored, and a batch with none opens no
// transaction.
func (x *Indexer) HandleBatch(ctx context.Context, events []outbox.Stored) error {
	var ids []uuid.UUID
	for _, e := range events {
		if !slices.Contains(indexEvents, e.Type) {
			continue
		}
		switch {
		case e.DocumentID != nil:
			ids = append(ids, *e.DocumentID)
		case e.SubjectType == "document" && e.SubjectID != nil: // document.purged has no document_id
			ids = append(ids, *e.SubjectID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	return x.Index(ctx, ids)
}

// Index brings the index in step with the current state of documents by
// id, in one transaction: it locks them for indexing (so no two indexers
// write about one document at once), reads their state, and hands the live
// ones' entries and the others' ids to the backend. Reading current state
// makes it idempotent and order-free; the backend's conditional writes
// keep a slower transaction from regressing an entry.
func (x *Indexer) Index(ctx context.Context, ids []uuid.UUID) error {
	ids = sortedIDs(ids)
	return db.InTx(ctx, x.pool, func(tx db.DBTX) error {
		if err := lockIndexing(ctx, tx, ids); err != nil {
			return err
		}
		upserts, removes, err := readState(ctx, tx, ids)
		if err != nil {
			return err
		}
		return x.backend.Apply(ctx, tx, upserts, removes)
	})
}

// lockIndexing takes, until tx ends, the advisory locks that serialise
// indexing each of ids across workers and replicas, in one statement and
// in id order (so two indexers with overlapping batches cannot deadlock).
func lockIndexing(ctx context.Context, tx db.DBTX, ids []uuid.UUID) error {
	return db.LockXactEach(ctx, tx, db.LockSearch, ids)
}

// sortedIDs returns ids sorted (as Postgres orders uuids) without repeats.
func sortedIDs(ids []uuid.UUID) []uuid.UUID {
	ids = slices.Clone(ids)
	slices.SortFunc(ids, func(a, b uuid.UUID) int { return slices.Compare(a[:], b[:]) })
	return slices.Compact(ids)
}
