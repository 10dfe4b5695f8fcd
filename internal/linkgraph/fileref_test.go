package linkgraph_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/linkgraph"
	"codna/internal/pgtest"
)

func (b *bundle) fileRef(t *testing.T, source uuid.UUID, href string) edge {
	t.Helper()
	var e edge
	err := b.pool.QueryRow(context.Background(), `SELECT state::text, target_id, kept_at IS NOT NULL FROM attachment_refs
		WHERE source_id = $1 AND href_as_written = $2`, source, href).Scan(&e.state, &e.target, &e.kept)
	require.NoError(t, err, href)
	return e
}

// fileDecisions lists the types of the owner's open decisions about file
// references.
func (b *bundle) fileDecisions(t *testing.T) []string {
	t.Helper()
	rows, err := b.pool.Query(context.Background(), `SELECT type FROM notifications
		WHERE recipient_id = $1 AND requires_decision AND status IN ('unread', 'read') AND subject_type = 'attachment_ref' ORDER BY id`, b.owner.ID)
	require.NoError(t, err)
	types := []string{}
	for rows.Next() {
		var s string
		require.NoError(t, rows.Scan(&s))
		types = append(types, s)
	}
	require.NoError(t, rows.Err())
	return types
}

func (b *bundle) badge(t *testing.T) int {
	t.Helper()
	rows, err := db.Q.NotificationCountInbox(context.Background(), b.pool, db.NotificationCountInboxParams{
		UserIds: []uuid.UUID{b.owner.ID}, IsPerson: []bool{true},
	})
	require.NoError(t, err)
	require.Len(t, rows, 1)
	return int(rows[0].Decisions)
}

func (b *bundle) fileRefID(t *testing.T, source uuid.UUID, href string) uuid.UUID {
	t.Helper()
	var id uuid.UUID
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT id FROM attachment_refs
		WHERE source_id = $1 AND href_as_written = $2`, source, href).Scan(&id))
	return id
}

func (b *bundle) get(t *testing.T, id uuid.UUID) *document.Doc {
	t.Helper()
	d, err := b.docs.Get(b.ctx, id)
	require.NoError(t, err)
	return d
}

func (b *bundle) body(t *testing.T, id uuid.UUID) string {
	t.Helper()
	var s string
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT content FROM documents WHERE id = $1`, id).Scan(&s))
	return s
}

// Another page's references to a page's files keep resolving by id when
// the page moves, go stale_text and become a decision for their author —
// never silently rewritten; update rewrites the href, keep keeps it;
// trashing the page breaks them, restoring it mends them, purging it leaves
// them pending.
func TestFileReferencesToAnotherPageFollowItLikeLinks(t *testing.T) {
	t.Parallel()
	b := setup(t)
	svc := linkgraph.New(b.pool, b.docs)
	deploy := b.doc(t, "ops", "deploy", "Deploy")
	src := b.doc(t, "notes", "index",
		"![d](../ops/deploy.files/diagram.png) and [spec](../ops/deploy.files/spec.pdf), again ![d](../ops/deploy.files/diagram.png)\n\n![n](../eng/none.files/x.png)")
	b.drain(t)
	require.Equal(t, edge{state: "resolved", target: &deploy}, b.fileRef(t, src, "../ops/deploy.files/diagram.png"))
	require.Equal(t, edge{state: "resolved", target: &deploy}, b.fileRef(t, src, "../ops/deploy.files/spec.pdf"))
	require.Equal(t, edge{state: "pending"}, b.fileRef(t, src, "../eng/none.files/x.png"))
	require.Equal(t, 2, pgtest.Count(t, b.pool, `SELECT occurrence_count FROM attachment_refs WHERE source_id = $1 AND name = 'diagram.png'`, src))
	require.Equal(t, 0, pgtest.Count(t, b.pool, `SELECT count(*) FROM document_links WHERE source_id = $1`, src), "a file is no link")

	// The page moves: the references go stale, the body is left as it is.
	_, err := b.docs.Move(b.ctx, document.MoveInput{ID: deploy, Path: pgtest.Ptr("runbooks")})
	require.NoError(t, err)
	b.drain(t)
	require.Equal(t, edge{state: "stale_text", target: &deploy}, b.fileRef(t, src, "../ops/deploy.files/diagram.png"))
	require.Contains(t, b.body(t, src), "../ops/deploy.files/diagram.png")
	require.Equal(t, []string{"file.target_moved", "file.target_moved"}, b.fileDecisions(t))
	require.Equal(t, 2, b.badge(t))

	refs, err := svc.FileReferences(b.ctx, []*document.Doc{b.get(t, src)})
	require.NoError(t, err)
	var diagram, spec linkgraph.FileReference
	for _, list := range refs {
		for _, r := range list {
			switch r.Name {
			case "diagram.png":
				diagram = r
			case "spec.pdf":
				spec = r
			}
		}
	}
	require.Equal(t, linkgraph.StaleText, diagram.State)

	// update rewrites both images; keep keeps the other reference.
	_, err = svc.DecideFile(b.ctx, diagram.ID, linkgraph.Update)
	require.NoError(t, err)
	require.Contains(t, b.body(t, src), "![d](../runbooks/deploy.files/diagram.png) and [spec](../ops/deploy.files/spec.pdf), again ![d](../runbooks/deploy.files/diagram.png)")
	require.Equal(t, edge{state: "resolved", target: &deploy}, b.fileRef(t, src, "../runbooks/deploy.files/diagram.png"))
	_, err = svc.DecideFile(b.ctx, spec.ID, linkgraph.Keep)
	require.NoError(t, err)
	require.Equal(t, edge{state: "stale_text", target: &deploy, kept: true}, b.fileRef(t, src, "../ops/deploy.files/spec.pdf"))
	require.Empty(t, b.fileDecisions(t))
	require.Equal(t, 0, b.badge(t))
	_, err = svc.DecideFile(b.ctx, spec.ID, linkgraph.Update)
	pgtest.RequireCode(t, err, fault.Conflict, "id")
	_, err = svc.DecideFile(b.ctx, spec.ID, linkgraph.Drop)
	pgtest.RequireCode(t, err, fault.BadInput, "answer")

	// The page is trashed: broken (kept cleared), asked again; restoring it
	// from the decision mends the updated reference.
	_, err = b.docs.Delete(b.ctx, deploy)
	require.NoError(t, err)
	b.drain(t)
	require.Equal(t, edge{state: "broken", target: &deploy}, b.fileRef(t, src, "../runbooks/deploy.files/diagram.png"))
	require.Equal(t, []string{"file.target_deleted", "file.target_deleted"}, b.fileDecisions(t))
	_, err = svc.DecideFile(b.ctx, b.fileRefID(t, src, "../runbooks/deploy.files/diagram.png"), linkgraph.RestoreTarget)
	require.NoError(t, err)
	require.Equal(t, edge{state: "resolved", target: &deploy}, b.fileRef(t, src, "../runbooks/deploy.files/diagram.png"))
	require.Equal(t, edge{state: "stale_text", target: &deploy}, b.fileRef(t, src, "../ops/deploy.files/spec.pdf"))
	require.Equal(t, []string{"file.target_moved"}, b.fileDecisions(t))

	// Purged: pending, no target, nothing to decide.
	_, err = b.docs.Delete(b.ctx, deploy)
	require.NoError(t, err)
	b.drain(t)
	pgtest.Exec(t, b.pool, `UPDATE documents SET purge_after = now() WHERE id = $1`, deploy)
	_, err = b.docs.PurgeDue(auth.SystemContext(context.Background()), 10)
	require.NoError(t, err)
	require.Equal(t, edge{state: "pending"}, b.fileRef(t, src, "../runbooks/deploy.files/diagram.png"))
	require.Empty(t, b.fileDecisions(t))

	// A reference removed from the body goes with its row.
	_, _, err = b.docs.Update(b.ctx, document.UpdateInput{ID: src, ExpectedVersion: b.get(t, src).Version, Content: pgtest.Ptr("No files.")})
	require.NoError(t, err)
	b.drain(t)
	require.Equal(t, 0, pgtest.Count(t, b.pool, `SELECT count(*) FROM attachment_refs WHERE source_id = $1`, src))
}

// A page's references to its own files follow it through a rename and a
// move (its body is rebased in the same revision), so they never need a
// decision; relative references to other pages' files are rebased too.
func TestOwnFileReferencesFollowTheirPage(t *testing.T) {
	t.Parallel()
	b := setup(t)
	other := b.doc(t, "ops", "deploy", "Deploy")
	guide := b.doc(t, "eng", "guide", "![a](guide.files/a.png) [b](./guide.files/b.pdf) ![c](../ops/deploy.files/c.png)")
	b.drain(t)
	require.Equal(t, edge{state: "resolved", target: &guide}, b.fileRef(t, guide, "guide.files/a.png"))

	_, err := b.docs.Move(b.ctx, document.MoveInput{ID: guide, Path: pgtest.Ptr("handbook/eng"), Slug: pgtest.Ptr("onboarding")})
	require.NoError(t, err)
	b.drain(t)
	require.Equal(t, "![a](onboarding.files/a.png) [b](./onboarding.files/b.pdf) ![c](../../ops/deploy.files/c.png)", b.body(t, guide))
	require.Equal(t, edge{state: "resolved", target: &guide}, b.fileRef(t, guide, "onboarding.files/a.png"))
	require.Equal(t, edge{state: "resolved", target: &guide}, b.fileRef(t, guide, "./onboarding.files/b.pdf"))
	require.Equal(t, edge{state: "resolved", target: &other}, b.fileRef(t, guide, "../../ops/deploy.files/c.png"))
	require.Equal(t, 3, pgtest.Count(t, b.pool, `SELECT count(*) FROM attachment_refs WHERE source_id = $1`, guide))
	require.Empty(t, b.fileDecisions(t))
}

// A reference to a file of a page its reader cannot read shows as pending
// with no page, and raises no decision when that page moves.
func TestFileReferenceToAnUnreadablePageShowsNothing(t *testing.T) {
	t.Parallel()
	b := setup(t)
	svc := linkgraph.New(b.pool, b.docs)
	stranger := pgtest.CreatePerson(t, b.pool)
	secret := pgtest.CreateDocument(t, b.pool, stranger.ID, pgtest.Doc{Path: "secret", Slug: "plan", Content: "Plan"}).ID
	src := b.doc(t, "notes", "index", "![x](../secret/plan.files/x.png)")
	b.drain(t)
	refs, err := svc.FileReferences(b.ctx, []*document.Doc{b.get(t, src)})
	require.NoError(t, err)
	for _, list := range refs {
		require.Len(t, list, 1)
		require.Equal(t, linkgraph.Pending, list[0].State)
		require.Nil(t, list[0].TargetID)
	}
	_, err = b.docs.Move(pgtest.ActingAs(stranger), document.MoveInput{ID: secret, Path: pgtest.Ptr("hidden")})
	require.NoError(t, err)
	b.drain(t)
	require.Equal(t, "stale_text", b.fileRef(t, src, "../secret/plan.files/x.png").state)
	require.Empty(t, b.fileDecisions(t))
	require.Equal(t, 0, b.badge(t))
	_, err = svc.DecideFile(b.ctx, b.fileRefID(t, src, "../secret/plan.files/x.png"), linkgraph.Update)
	pgtest.RequireCode(t, err, fault.NotFound, "")

	// Given read access, the keeper raises the decision they can now answer.
	pgtest.Grant(t, b.pool, secret, "user", b.owner.ID, "read")
	require.NoError(t, db.InTx(context.Background(), b.pool, func(tx db.DBTX) error {
		return linkgraph.ReconcileInTx(context.Background(), tx, []uuid.UUID{secret})
	}))
	require.Equal(t, []string{"file.target_moved"}, b.fileDecisions(t))
}

// Bodies written before file references were tracked get theirs from the
// back-fill list, which empties.
func TestBackfillRecordsExistingFileReferences(t *testing.T) {
	t.Parallel()
	b := setup(t)
	deploy := b.doc(t, "ops", "deploy", "Deploy")
	src := b.doc(t, "notes", "index", "![d](../ops/deploy.files/diagram.png)")
	b.drain(t)
	pgtest.Exec(t, b.pool, `DELETE FROM attachment_refs`)
	pgtest.Exec(t, b.pool, `INSERT INTO attachment_ref_backfill (document_id) VALUES ($1), ($2)`, src, deploy)
	n, err := linkgraph.Backfill(context.Background(), b.pool, 1)
	require.NoError(t, err)
	require.Equal(t, 1, n)
	n, err = linkgraph.Backfill(context.Background(), b.pool, 10)
	require.NoError(t, err)
	require.Equal(t, 1, n)
	n, err = linkgraph.Backfill(context.Background(), b.pool, 10)
	require.NoError(t, err)
	require.Zero(t, n)
	require.Equal(t, edge{state: "resolved", target: &deploy}, b.fileRef(t, src, "../ops/deploy.files/diagram.png"))
}
