package linkgraph_test

import (
	"context"
	"testing"

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
	w.Register(linkgraph.ConsumerName, linkgraph.NewConsumer(d.Pool).Handle)
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
			return linkgraph.Resync(context.Background(), tx, src)
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
