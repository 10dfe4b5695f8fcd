package linkgraph

import (
	"bytes"
	"context"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/inbox"
	"codna/internal/outbox"
)

// ConsumerName is the link consumer's name in events.handled_by.
const ConsumerName = "link-resolver"

// State is an edge's state (the link_state enum). It is this package's own
// type: callers outside the data layer never see internal/db, and the
// package converts at the database boundary (dbState, stateFromDB).
type State string

// States of an edge.
const (
	Resolved  State = "resolved"
	StaleText State = "stale_text"
	Pending   State = "pending"
	Broken    State = "broken"
)

func dbState(s State) db.LinkState     { return db.LinkState(s) }
func stateFromDB(s db.LinkState) State { return State(s) }

// spaceFromDB names a row's space in internal/document's type.
func spaceFromDB(s db.Space) document.Space { return document.Space(s) }

// Consumer is the outbox consumer that keeps document_links in step (the
// link resolver: it resolves hrefs to documents; it is no GraphQL
// resolver).
type Consumer struct{ pool *pgxpool.Pool }

// NewConsumer returns the link consumer over pool.
func NewConsumer(pool *pgxpool.Pool) *Consumer { return &Consumer{pool: pool} }

// linkEvents are the events after which the subject document's edges may
// have changed.
var linkEvents = []string{
	"document.created", "document.updated", "document.moved", "document.renamed",
	"document.deleted", "document.restored",
}

// ConsumerEvents are the event types the link consumer acts on (its lane
// gets no other: outbox.Lane.Events).
func ConsumerEvents() []string { return slices.Clone(linkEvents) }

// Handle resyncs the document an event is about: HandleBatch of one event.
func (c *Consumer) Handle(ctx context.Context, e outbox.Stored) error {
	return c.HandleBatch(ctx, []outbox.Stored{e})
}

// HandleBatch (an outbox.BatchConsumer) resyncs the documents a batch of
// events is about, each once however many events name it, in one
// transaction (ResyncInTx of them all). It computes from current state, so
// redelivery and reordering are harmless; events of other kinds are
// ignored, and a batch with none to resync opens no transaction.
func (c *Consumer) HandleBatch(ctx context.Context, events []outbox.Stored) error {
	var ids []uuid.UUID
	for _, e := range events {
		if e.SubjectType == "document" && e.SubjectID != nil && slices.Contains(linkEvents, e.Type) {
			ids = append(ids, *e.SubjectID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	return db.InTx(ctx, c.pool, func(tx db.DBTX) error {
		return ResyncInTx(ctx, tx, ids...)
	})
}

// target is what the state table needs of a link target.
type target struct {
	id      uuid.UUID
	address string
	deleted bool
}

// stateFor is the state table (docs/design.md#link-states) for an edge whose href names
// hrefAddress and whose target is t (nil: none).
func stateFor(t *target, hrefAddress string) (State, *uuid.UUID) {
	switch {
	case t == nil:
		return Pending, nil
	case t.deleted:
		return Broken, &t.id
	case t.address == hrefAddress:
		return Resolved, &t.id
	}
	return StaleText, &t.id
}

// lockLinks takes, until tx ends, the locks that serialise work on each of
// ids' edges and decisions (ResyncInTx, ReconcileInTx) across workers and replicas,
// in one statement and in id order, so that two transactions locking
// overlapping sets cannot deadlock on them.
func lockLinks(ctx context.Context, tx db.DBTX, ids []uuid.UUID) error {
	return db.LockXactEach(ctx, tx, db.LockLinks, ids)
}

// sortedIDs returns ids sorted (as Postgres orders uuids) without repeats.
func sortedIDs(ids []uuid.UUID) []uuid.UUID {
	ids = slices.Clone(ids)
	slices.SortFunc(ids, func(a, b uuid.UUID) int { return bytes.Compare(a[:], b[:]) })
	return slices.Compact(ids)
}

func isDecision(s State) bool { return s == StaleText || s == Broken }

// The subject types of decisions the resolver raises.
const (
	subjectLink = "link"
	subjectFile = "attachment_ref"
)

// decision is what a decision notification is about: an edge or a file
// reference (subjectType) in a decision state, from source to target.
type decision struct {
	subjectType string
	id, source  uuid.UUID
	target      *uuid.UUID
	state       State
}

// linkDecision is the decision an edge's row calls for.
func linkDecision(e db.DocumentLink) decision {
	return decision{subjectType: subjectLink, id: e.ID, source: e.SourceID, target: e.TargetID, state: stateFromDB(e.State)}
}

// raiseDecision notifies owner of the decision d needs. The payload holds
// ids only: the inbox resolves addresses (and a file's name) when the
// notification is read, through its reader's permission.
func raiseDecision(ctx context.Context, tx db.DBTX, d decision, owner uuid.UUID) error {
	moved, deleted := inbox.TypeLinkTargetMoved, inbox.TypeLinkTargetDeleted
	if d.subjectType == subjectFile {
		moved, deleted = inbox.TypeFileTargetMoved, inbox.TypeFileTargetDeleted
	}
	typ := moved
	if d.state == Broken {
		typ = deleted
	}
	_, err := inbox.NotifyInTx(ctx, tx, inbox.Notice{
		RecipientID: owner, Type: typ, SubjectType: d.subjectType, SubjectID: &d.id, RequiresDecision: true,
		Payload: map[string]any{
			"sourceId": d.source.String(), "targetId": d.target.String(), "at": time.Now().UTC().Format(time.RFC3339),
		},
	})
	return err
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
