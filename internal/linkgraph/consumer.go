// Package linkgraph keeps the link graph in step with the documents: the
// resolver (an outbox consumer) extracts edges and moves them between
// states, raises and clears decisions; the service answers decisions,
// handles link suggestions and reads links and backlinks for an actor.
package linkgraph

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/inbox"
	"codna/internal/link"
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

// Handle resyncs the document an event is about. It computes from current
// state, so redelivery and reordering are harmless.
func (c *Consumer) Handle(ctx context.Context, e outbox.Stored) error {
	if e.SubjectType != "document" || e.SubjectID == nil {
		return nil
	}
	switch e.Type {
	case "document.created", "document.updated", "document.moved", "document.renamed",
		"document.deleted", "document.restored":
	default:
		return nil
	}
	return db.InTx(ctx, c.pool, func(tx db.DBTX) error {
		return Resync(ctx, tx, *e.SubjectID)
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

// lockLinks takes, until tx ends, the lock that serialises work on one
// document's edges and decisions (Resync, Reconcile) across workers and
// replicas.
func lockLinks(ctx context.Context, tx db.DBTX, id uuid.UUID) error {
	_, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(hashtextextended('codna.links:' || $1::text, 0))", id)
	return err
}

func isDecision(s State) bool { return s == StaleText || s == Broken }

// Resync recomputes, inside tx, every edge touching one document: its own
// outgoing edges from its body, the edges into it, and the pending edges
// that name its address. Runs on one document are serialised by an advisory
// lock, so two workers handling two events of one document do not race.
func Resync(ctx context.Context, tx db.DBTX, id uuid.UUID) error {
	if err := lockLinks(ctx, tx, id); err != nil {
		return err
	}
	d, err := db.Q.DocumentGetForResolver(ctx, tx, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil // purged: the purge moved its edges already
	} else if err != nil {
		return err
	}
	rs := &resync{ctx: ctx, tx: tx, targets: map[uuid.UUID]*target{}}
	if d.DeletedAt == nil {
		if err := rs.outgoing(d); err != nil {
			return err
		}
	}
	if err := rs.incoming(d); err != nil {
		return err
	}
	return nil
}

type resync struct {
	ctx     context.Context
	tx      db.DBTX
	targets map[uuid.UUID]*target
}

func (rs *resync) target(id uuid.UUID) (*target, error) {
	if t, ok := rs.targets[id]; ok {
		return t, nil
	}
	rows, err := db.Q.DocumentListLinkTargets(rs.ctx, rs.tx, []uuid.UUID{id})
	if err != nil {
		return nil, err
	}
	var t *target
	if len(rows) == 1 {
		r := rows[0]
		t = &target{id: r.ID, address: document.FormatAddress(spaceFromDB(r.Space), r.Path, r.Slug), deleted: r.DeletedAt != nil}
	}
	rs.targets[id] = t
	return t, nil
}

// find is how a new or pending edge finds its target: the live document at
// the address, else the one that most recently vacated it, else none.
func (rs *resync) find(addr link.Address) (*uuid.UUID, error) {
	sp := db.Space(addr.Space)
	id, err := db.Q.DocumentGetLiveAt(rs.ctx, rs.tx, db.DocumentGetLiveAtParams{Space: sp, Path: addr.Path, Slug: addr.Slug})
	if err == nil {
		return &id, nil
	} else if !errors.Is(err, pgx.ErrNoRows) {
		return nil, err
	}
	id, err = db.Q.DocumentPathHistoryGetLastAt(rs.ctx, rs.tx, db.DocumentPathHistoryGetLastAtParams{Space: sp, Path: addr.Path, Slug: addr.Slug})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	return &id, nil
}

func (rs *resync) outgoing(d db.DocumentGetForResolverRow) error {
	existing, err := db.Q.DocumentLinkListBySource(rs.ctx, rs.tx, d.ID)
	if err != nil {
		return err
	}
	byHref := make(map[string]db.DocumentLink, len(existing))
	for _, e := range existing {
		byHref[e.HrefAsWritten] = e
	}
	seen := map[string]bool{}
	for _, edge := range link.Extract(d.Content) {
		addr, ok := link.Resolve(string(d.Space), d.Path, edge.Href)
		if !ok {
			continue
		}
		seen[edge.Href] = true
		text := edge.Text
		if cur, ok := byHref[edge.Href]; ok {
			if err := db.Q.DocumentLinkUpdateText(rs.ctx, rs.tx, db.DocumentLinkUpdateTextParams{ID: cur.ID, OccurrenceCount: int32(edge.Count), LinkText: &text}); err != nil {
				return err
			}
			continue // its state is recomputed below, with the target it keeps
		}
		tid, err := rs.find(addr)
		if err != nil {
			return err
		}
		var t *target
		if tid != nil {
			if t, err = rs.target(*tid); err != nil {
				return err
			}
		}
		state, targetID := stateFor(t, addr.String())
		resolved := addr.String()
		row, err := db.Q.DocumentLinkCreate(rs.ctx, rs.tx, db.DocumentLinkCreateParams{
			ID: uuid.Must(uuid.NewV7()), SourceID: d.ID, TargetID: targetID, HrefAsWritten: edge.Href,
			ResolvedAddress: &resolved, LinkText: &text, OccurrenceCount: int32(edge.Count), State: dbState(state),
		})
		if errors.Is(err, pgx.ErrNoRows) {
			continue // created meanwhile
		} else if err != nil {
			return err
		}
		if err := rs.transition(row, "", state); err != nil {
			return err
		}
	}
	var gone []uuid.UUID
	for href, e := range byHref {
		if !seen[href] {
			gone = append(gone, e.ID)
		}
	}
	if len(gone) > 0 {
		if _, err := inbox.ResolveDecisions(rs.ctx, rs.tx, "link", gone); err != nil {
			return err
		}
		if err := db.Q.DocumentLinkDelete(rs.ctx, rs.tx, gone); err != nil {
			return err
		}
	}
	// Edges that stayed: a pending one may have a target now; the others
	// follow their target's current state.
	for href, e := range byHref {
		if seen[href] {
			if err := rs.recompute(e); err != nil {
				return err
			}
		}
	}
	return nil
}

// incoming recomputes the edges into d, and resolves pending edges naming
// its current address.
func (rs *resync) incoming(d db.DocumentGetForResolverRow) error {
	in, err := db.Q.DocumentLinkListByTargetForUpdate(rs.ctx, rs.tx, &d.ID)
	if err != nil {
		return err
	}
	for _, e := range in {
		if err := rs.recompute(e); err != nil {
			return err
		}
	}
	if d.DeletedAt != nil {
		return nil
	}
	addr := document.FormatAddress(spaceFromDB(d.Space), d.Path, d.Slug)
	pending, err := db.Q.DocumentLinkListPendingAt(rs.ctx, rs.tx, &addr)
	if err != nil {
		return err
	}
	for _, e := range pending {
		row, err := db.Q.DocumentLinkSetState(rs.ctx, rs.tx, db.DocumentLinkSetStateParams{ID: e.ID, TargetID: &d.ID, State: dbState(Resolved)})
		if err != nil {
			return err
		}
		if err := rs.transition(row, stateFromDB(e.State), Resolved); err != nil {
			return err
		}
	}
	return nil
}

// recompute applies the state table to an existing edge. An edge keeps its
// target while its href is unchanged; a pending one looks for one.
func (rs *resync) recompute(e db.DocumentLink) error {
	if e.ResolvedAddress == nil {
		return nil
	}
	var t *target
	var err error
	if e.TargetID != nil {
		t, err = rs.target(*e.TargetID)
	} else if addr, ok := link.ParseAddress(*e.ResolvedAddress); ok {
		var tid *uuid.UUID
		if tid, err = rs.find(addr); err == nil && tid != nil {
			t, err = rs.target(*tid)
		}
	}
	if err != nil {
		return err
	}
	state, targetID := stateFor(t, *e.ResolvedAddress)
	if state == stateFromDB(e.State) && sameID(targetID, e.TargetID) {
		return nil
	}
	row, err := db.Q.DocumentLinkSetState(rs.ctx, rs.tx, db.DocumentLinkSetStateParams{ID: e.ID, TargetID: targetID, State: dbState(state)})
	if err != nil {
		return err
	}
	return rs.transition(row, stateFromDB(e.State), state)
}

func sameID(a, b *uuid.UUID) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// transition raises or clears the decision an edge's state change calls
// for. A decision goes to the source's owner, only where they can read the
// target, and never about a raw source (raw is never edited).
func (rs *resync) transition(e db.DocumentLink, from, to State) error {
	if from == to {
		return nil
	}
	if isDecision(from) || from == "" {
		if _, err := inbox.ResolveDecisions(rs.ctx, rs.tx, "link", []uuid.UUID{e.ID}); err != nil {
			return err
		}
	}
	if !isDecision(to) || e.TargetID == nil || e.KeptAt != nil {
		return nil
	}
	src, err := db.Q.DocumentGetForResolver(rs.ctx, rs.tx, e.SourceID)
	if err != nil {
		return err
	}
	if src.Space == db.SpaceRaw || src.DeletedAt != nil {
		return nil
	}
	readable, err := db.Q.DocumentIsReadableBy(rs.ctx, rs.tx, db.DocumentIsReadableByParams{DocumentID: *e.TargetID, UserID: src.CreatedBy})
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	if !readable {
		return nil
	}
	return raiseDecision(rs.ctx, rs.tx, e, src.CreatedBy)
}

// raiseDecision notifies owner of the decision an edge in a decision state
// needs. The payload holds ids only: the inbox resolves addresses when the
// notification is read, through its reader's permission.
func raiseDecision(ctx context.Context, tx db.DBTX, e db.DocumentLink, owner uuid.UUID) error {
	typ := inbox.TypeLinkTargetMoved
	if stateFromDB(e.State) == Broken {
		typ = inbox.TypeLinkTargetDeleted
	}
	_, err := inbox.Notify(ctx, tx, inbox.New{
		RecipientID: owner, Type: typ, SubjectType: "link", SubjectID: &e.ID, RequiresDecision: true,
		Payload: map[string]any{
			"sourceId": e.SourceID.String(), "targetId": e.TargetID.String(), "at": time.Now().UTC().Format(time.RFC3339),
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
