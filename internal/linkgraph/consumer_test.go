package linkgraph_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/linkgraph"
	"codna/internal/outbox"
	"codna/internal/pgtest"
)

type bundle struct {
	pool   *pgxpool.Pool
	docs   *document.Service
	worker *outbox.Worker
	owner  pgtest.Person
	ctx    context.Context
}

func setup(t *testing.T) *bundle {
	t.Helper()
	d := pgtest.New(t)
	w := outbox.New(d.Pool, outbox.Config{}, nil)
	w.Register(linkgraph.ConsumerName, linkgraph.NewConsumer(d.Pool).Handle, outbox.Lane{Budget: time.Minute})
	p := pgtest.CreatePerson(t, d.Pool)
	return &bundle{
		pool: d.Pool, docs: document.New(d.Pool, document.DefaultConfig), worker: w, owner: p,
		ctx: pgtest.ActingAs(p),
	}
}

func (b *bundle) drain(t *testing.T) {
	t.Helper()
	require.NoError(t, b.worker.Drain(context.Background()))
}

func (b *bundle) doc(t *testing.T, path, slug, content string) uuid.UUID {
	t.Helper()
	return pgtest.CreateDocument(t, b.pool, b.owner.ID, pgtest.Doc{Path: path, Slug: slug, Content: content}).ID
}

type edge struct {
	state  string
	target *uuid.UUID
	kept   bool
}

func (b *bundle) edge(t *testing.T, source uuid.UUID, href string) edge {
	t.Helper()
	var e edge
	err := b.pool.QueryRow(context.Background(), `SELECT state::text, target_id, kept_at IS NOT NULL FROM document_links
		WHERE source_id = $1 AND href_as_written = $2`, source, href).Scan(&e.state, &e.target, &e.kept)
	require.NoError(t, err, href)
	return e
}

func (b *bundle) openDecisions(t *testing.T) int {
	t.Helper()
	var n int
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT count(*) FROM notifications
		WHERE recipient_id = $1 AND requires_decision AND status IN ('unread', 'read')`, b.owner.ID).Scan(&n))
	return n
}

// Every row of the state table (docs/design.md#link-states), and every
// transition between them (docs/design.md#transitions).
func TestStateTableAndTransitions(t *testing.T) {
	t.Parallel()
	b := setup(t)
	src := b.doc(t, "notes", "index", "[a](../eng/a.md) [b](../eng/b.md)")
	b.drain(t)
	// no target → pending
	require.Equal(t, edge{state: "pending"}, b.edge(t, src, "../eng/a.md"))

	// target created at the address → resolved
	a := b.doc(t, "eng", "a", "A")
	b.drain(t)
	require.Equal(t, edge{state: "resolved", target: &a}, b.edge(t, src, "../eng/a.md"))

	// target moved → stale_text, target kept; a decision is raised
	_, err := b.docs.Move(b.ctx, document.MoveInput{ID: a, Path: pgtest.Ptr("ops")})
	require.NoError(t, err)
	b.drain(t)
	require.Equal(t, edge{state: "stale_text", target: &a}, b.edge(t, src, "../eng/a.md"))
	require.Equal(t, 1, b.openDecisions(t))

	// another document taking the old address does not take over the edge
	b.doc(t, "eng", "a", "An impostor")
	b.drain(t)
	require.Equal(t, edge{state: "stale_text", target: &a}, b.edge(t, src, "../eng/a.md"))

	// kept, then the target is deleted → broken, kept_at cleared, asked again
	_, err = b.pool.Exec(context.Background(), `UPDATE document_links SET kept_at = now() WHERE source_id = $1`, src)
	require.NoError(t, err)
	_, err = b.docs.Delete(b.ctx, a)
	require.NoError(t, err)
	b.drain(t)
	require.Equal(t, edge{state: "broken", target: &a}, b.edge(t, src, "../eng/a.md"))
	require.Equal(t, 1, b.openDecisions(t), "the moved decision was resolved, the deleted one raised")

	// restored elsewhere than the href says → stale_text
	_, err = b.docs.Restore(b.ctx, document.RestoreInput{ID: a})
	require.NoError(t, err)
	b.drain(t)
	require.Equal(t, edge{state: "stale_text", target: &a}, b.edge(t, src, "../eng/a.md"))

	// moved back to the href's address → resolved, decision resolved
	_, err = b.docs.Move(b.ctx, document.MoveInput{ID: a, Path: pgtest.Ptr("eng"), Slug: pgtest.Ptr("a-back")})
	require.NoError(t, err)
	_, _, err = b.docs.Update(b.ctx, document.UpdateInput{ID: src, ExpectedVersion: 1, Content: pgtest.Ptr("[a](../eng/a-back.md) [b](../eng/b.md)")})
	require.NoError(t, err)
	b.drain(t)
	require.Equal(t, edge{state: "resolved", target: &a}, b.edge(t, src, "../eng/a-back.md"))
	require.Zero(t, b.openDecisions(t))

	// deleted then restored at its address → broken, then resolved
	bb := b.doc(t, "eng", "b", "B")
	b.drain(t)
	require.Equal(t, edge{state: "resolved", target: &bb}, b.edge(t, src, "../eng/b.md"))
	_, err = b.docs.Delete(b.ctx, bb)
	require.NoError(t, err)
	b.drain(t)
	require.Equal(t, "broken", b.edge(t, src, "../eng/b.md").state)
	_, err = b.docs.Restore(b.ctx, document.RestoreInput{ID: bb})
	require.NoError(t, err)
	b.drain(t)
	require.Equal(t, edge{state: "resolved", target: &bb}, b.edge(t, src, "../eng/b.md"))

	// purged → pending with no target, decisions resolved
	_, err = b.docs.Delete(b.ctx, bb)
	require.NoError(t, err)
	b.drain(t)
	require.Equal(t, 1, b.openDecisions(t))
	_, err = b.pool.Exec(context.Background(), `UPDATE documents SET purge_after = now() WHERE id = $1`, bb)
	require.NoError(t, err)
	n, err := b.docs.PurgeDue(auth.SystemContext(context.Background()), 10)
	require.NoError(t, err)
	require.Equal(t, 1, n)
	b.drain(t)
	require.Equal(t, edge{state: "pending"}, b.edge(t, src, "../eng/b.md"))
	require.Zero(t, b.openDecisions(t))
}

// A link written against an address a document vacated finds it through
// the address history.
func TestNewLinksFindMovedDocumentsThroughHistory(t *testing.T) {
	t.Parallel()
	b := setup(t)
	a := b.doc(t, "old", "page", "A")
	_, err := b.docs.Move(b.ctx, document.MoveInput{ID: a, Path: pgtest.Ptr("new")})
	require.NoError(t, err)
	src := b.doc(t, "", "linker", "[old link](old/page.md)")
	b.drain(t)
	require.Equal(t, edge{state: "stale_text", target: &a}, b.edge(t, src, "old/page.md"))
}

// Raw sources are never asked about: raw is never edited, so no answer
// could be carried out.
func TestRawSourcesRaiseNoDecisions(t *testing.T) {
	t.Parallel()
	b := setup(t)
	target := b.doc(t, "", "target", "T")
	raw := pgtest.CreateDocument(t, b.pool, b.owner.ID, pgtest.Doc{Space: document.SpaceRaw, Slug: "original", Content: "[t](/wiki/target.md)"})
	b.drain(t)
	_, err := b.docs.Move(b.ctx, document.MoveInput{ID: target, Slug: pgtest.Ptr("moved")})
	require.NoError(t, err)
	b.drain(t)
	require.Equal(t, "stale_text", b.edge(t, raw.ID, "/wiki/target.md").state)
	require.Zero(t, b.openDecisions(t))
}

// Redelivering an event changes nothing: the resolver computes from state.
func TestResyncIsIdempotent(t *testing.T) {
	t.Parallel()
	b := setup(t)
	src := b.doc(t, "", "s", "[t](t.md) [t again](t.md) [u](u.md)")
	b.doc(t, "", "t", "T")
	b.drain(t)
	snapshot := func() string {
		var s string
		require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT string_agg(id::text || state::text || occurrence_count::text || coalesce(target_id::text, '-'), ',' ORDER BY id)
			FROM document_links WHERE source_id = $1`, src).Scan(&s))
		return s
	}
	before := snapshot()
	for range 3 {
		require.NoError(t, db.InTx(context.Background(), b.pool, func(tx db.DBTX) error {
			return linkgraph.ResyncInTx(context.Background(), tx, src)
		}))
	}
	require.Equal(t, before, snapshot())
	require.Equal(t, 2, b.edgeCount(t, src))
	var count int
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT occurrence_count FROM document_links WHERE source_id = $1 AND href_as_written = 't.md'`, src).Scan(&count))
	require.Equal(t, 2, count)
}

func (b *bundle) edgeCount(t *testing.T, src uuid.UUID) int {
	var n int
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT count(*) FROM document_links WHERE source_id = $1`, src).Scan(&n))
	return n
}

// stateChanges lists the link.state_changed events about src's edges, oldest
// first, as "from→to" with the event's ids checked against the edge.
func (b *bundle) stateChanges(t *testing.T, src uuid.UUID) []string {
	t.Helper()
	rows, err := b.pool.Query(context.Background(), `SELECT e.subject_type, e.subject_id, e.document_id, e.payload::text, l.id, l.target_id
		FROM events e LEFT JOIN document_links l ON l.id = e.subject_id
		WHERE e.event_type = $1 AND e.document_id = $2 ORDER BY e.created_at, e.id`, linkgraph.EventLinkStateChanged, src)
	require.NoError(t, err)
	defer rows.Close()
	var out []string
	for rows.Next() {
		var subjectType, payload string
		var subject, doc, edge, target *uuid.UUID
		require.NoError(t, rows.Scan(&subjectType, &subject, &doc, &payload, &edge, &target))
		require.Equal(t, "link", subjectType)
		require.Equal(t, subject, edge, "the subject is the edge")
		var p map[string]string
		require.NoError(t, json.Unmarshal([]byte(payload), &p))
		require.Equal(t, src.String(), p["sourceId"])
		if target != nil {
			require.Equal(t, target.String(), p["targetId"])
		}
		for k := range p {
			require.Contains(t, []string{"from", "to", "sourceId", "targetId"}, k, "ids and states only")
		}
		out = append(out, p["from"]+"→"+p["to"])
	}
	require.NoError(t, rows.Err())
	return out
}

// The resolver writes a link.state_changed event for every existing edge
// whose state it changes, none for edges it creates or removes, and none
// when a resync changes nothing.
func TestStateChangesAreEvents(t *testing.T) {
	t.Parallel()
	b := setup(t)
	src := b.doc(t, "", "src", "[a](a.md) [gone](gone.md)")
	b.drain(t)
	require.Empty(t, b.stateChanges(t, src), "new edges are no state change")

	a := b.doc(t, "", "a", "A")
	b.drain(t)
	require.Equal(t, []string{"pending→resolved"}, b.stateChanges(t, src))

	_, err := b.docs.Move(b.ctx, document.MoveInput{ID: a, Slug: pgtest.Ptr("a2")})
	require.NoError(t, err)
	_, err = b.docs.Delete(b.ctx, a)
	require.NoError(t, err)
	// Both events in one batch: one resync of a, one event per change it makes.
	b.drain(t)
	require.Equal(t, []string{"pending→resolved", "resolved→broken"}, b.stateChanges(t, src))

	_, _, err = b.docs.Update(b.ctx, document.UpdateInput{ID: src, ExpectedVersion: 1, Content: pgtest.Ptr("[a](a.md)")})
	require.NoError(t, err)
	b.drain(t)
	require.NoError(t, db.InTx(context.Background(), b.pool, func(tx db.DBTX) error {
		return linkgraph.ResyncInTx(context.Background(), tx, src, a, src)
	}))
	require.Len(t, b.stateChanges(t, src), 2, "a removed edge and a resync that changes nothing write none")

	// The events go through the outbox like any other.
	b.drain(t)
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM events WHERE processed_at IS NULL`))
}

// A batch resyncs the documents it names together: documents linking to
// each other, named by several events each, end as docs/design.md's
// transitions say, with one decision per edge that needs one.
func TestBatchResyncOfLinkedDocuments(t *testing.T) {
	t.Parallel()
	b := setup(t)
	const n = 6
	var ids []uuid.UUID
	for i := range n {
		ids = append(ids, b.doc(t, "w", fmt.Sprintf("d%d", i), fmt.Sprintf("[next](d%d.md) [prev](d%d.md) [nowhere](x%d.md)", (i+1)%n, (i+n-1)%n, i)))
	}
	b.drain(t) // the six created events in one batch
	for i, id := range ids {
		next, prev := ids[(i+1)%n], ids[(i+n-1)%n]
		require.Equal(t, edge{state: "resolved", target: &next}, b.edge(t, id, fmt.Sprintf("d%d.md", (i+1)%n)))
		require.Equal(t, edge{state: "resolved", target: &prev}, b.edge(t, id, fmt.Sprintf("d%d.md", (i+n-1)%n)))
		require.Equal(t, edge{state: "pending"}, b.edge(t, id, fmt.Sprintf("x%d.md", i)))
	}

	// d0 moves, d1 is deleted, d2 is saved twice: one batch.
	_, err := b.docs.Move(b.ctx, document.MoveInput{ID: ids[0], Slug: pgtest.Ptr("moved")})
	require.NoError(t, err)
	_, err = b.docs.Delete(b.ctx, ids[1])
	require.NoError(t, err)
	for v := 1; v <= 2; v++ {
		_, _, err = b.docs.Update(b.ctx, document.UpdateInput{ID: ids[2], ExpectedVersion: v, Content: pgtest.Ptr(fmt.Sprintf("[next](d3.md) [prev](d1.md) [new](d0.md) v%d", v))})
		require.NoError(t, err)
	}
	b.drain(t)
	require.Equal(t, edge{state: "stale_text", target: &ids[0]}, b.edge(t, ids[5], "d0.md"))
	require.Equal(t, edge{state: "stale_text", target: &ids[0]}, b.edge(t, ids[1], "d0.md"), "a tombstone's edges are kept as they are computed")
	require.Equal(t, edge{state: "stale_text", target: &ids[0]}, b.edge(t, ids[2], "d0.md"), "a new link to a vacated address finds the document that left it")
	require.Equal(t, edge{state: "broken", target: &ids[1]}, b.edge(t, ids[0], "d1.md"))
	require.Equal(t, edge{state: "broken", target: &ids[1]}, b.edge(t, ids[2], "d1.md"))
	require.Equal(t, 3, b.edgeCount(t, ids[2]), "next, prev and new: d2's nowhere link left its body")
	// Decisions: the two edges to the moved d0 from live sources (d5, d2), and the two to the deleted d1 (d0, d2).
	require.Equal(t, 4, b.openDecisions(t))
}
