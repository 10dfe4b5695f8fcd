package document_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/pgtest"
)

// The document side of docs/design.md#trace-delete-a-linked-document, then
// restore, then restore elsewhere.
func TestDeleteAndRestore(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	p := pgtest.CreatePerson(t, b.pool)
	d := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Path: "finance", Slug: "payroll-2027"})

	del, err := b.svc.Delete(pgtest.ActingAs(p), d.ID)
	require.NoError(t, err)
	require.NotNil(t, del.DeletedAt)
	require.NotNil(t, del.PurgeAfter)
	require.WithinDuration(t, time.Now().Add(30*24*time.Hour), *del.PurgeAfter, time.Minute)
	require.Equal(t, []string{"create", "delete"}, b.revisionKinds(t, d.ID))
	evs := b.events(t, d.ID)
	require.Equal(t, "document.deleted", evs[len(evs)-1].Type)
	b.requireCurrentIsNewestRevision(t, d.ID)

	again, err := b.svc.Delete(pgtest.ActingAs(p), d.ID)
	require.NoError(t, err)
	require.Equal(t, del.Version, again.Version, "deleting a tombstone changes nothing")

	_, _, err = b.svc.Update(pgtest.ActingAs(p), document.UpdateInput{ID: d.ID, ExpectedVersion: del.Version, Content: pgtest.Ptr("x")})
	pgtest.RequireCode(t, err, fault.Conflict, "id")
	trash, _, err := b.svc.Trash(pgtest.ActingAs(p), nil, nil, 10)
	require.NoError(t, err)
	require.Len(t, trash, 1)
	got, err := b.svc.Get(pgtest.ActingAs(p), d.ID)
	require.NoError(t, err, "the owner still sees a tombstone by id")
	require.NotNil(t, got.DeletedAt)

	back, err := b.svc.Restore(pgtest.ActingAs(p), document.RestoreInput{ID: d.ID})
	require.NoError(t, err)
	require.Nil(t, back.DeletedAt)
	require.Nil(t, back.PurgeAfter)
	require.Equal(t, "finance", back.Path)
	require.Equal(t, []string{"create", "delete", "restore"}, b.revisionKinds(t, d.ID))
	evs = b.events(t, d.ID)
	require.Equal(t, "document.restored", evs[len(evs)-1].Type)
	_, err = b.svc.Restore(pgtest.ActingAs(p), document.RestoreInput{ID: d.ID})
	pgtest.RequireCode(t, err, fault.Conflict, "id")

	// Deleted again, and meanwhile someone took the address.
	_, err = b.svc.Delete(pgtest.ActingAs(p), d.ID)
	require.NoError(t, err)
	pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Path: "finance", Slug: "payroll-2027"})
	_, err = b.svc.Restore(pgtest.ActingAs(p), document.RestoreInput{ID: d.ID})
	pgtest.RequireCode(t, err, fault.Conflict, "slug")
	elsewhere, err := b.svc.Restore(pgtest.ActingAs(p), document.RestoreInput{ID: d.ID, Slug: pgtest.Ptr("payroll-2027-old")})
	require.NoError(t, err)
	require.Equal(t, "payroll-2027-old", elsewhere.Slug)
	hist, err := b.svc.PathHistory(pgtest.ActingAs(p), elsewhere)
	require.NoError(t, err)
	require.Len(t, hist, 1)
	require.Equal(t, "payroll-2027", hist[0].Slug)
	b.requireCurrentIsNewestRevision(t, d.ID)
}

func TestPurgeHardDeletesExpiredTombstones(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	ctx := context.Background()
	p := pgtest.CreatePerson(t, b.pool)
	target := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Slug: "gone"})
	source := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Slug: "links-to-gone"})
	keep := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Slug: "deleted-recently"})
	_, err := b.svc.Delete(pgtest.ActingAs(p), target.ID)
	require.NoError(t, err)
	_, err = b.svc.Delete(pgtest.ActingAs(p), keep.ID)
	require.NoError(t, err)
	var linkID uuid.UUID
	require.NoError(t, b.pool.QueryRow(ctx, `INSERT INTO document_links (id, source_id, target_id, href_as_written, state)
		VALUES (gen_random_uuid(), $1, $2, 'gone.md', 'broken') RETURNING id`, source.ID, target.ID).Scan(&linkID))
	_, err = b.pool.Exec(ctx, `INSERT INTO notifications (id, recipient_id, type, subject_type, subject_id, requires_decision)
		VALUES (gen_random_uuid(), $1, 'link.target_deleted', 'link', $2, true)`, p.ID, linkID)
	require.NoError(t, err)
	_, err = b.pool.Exec(ctx, `UPDATE documents SET purge_after = now() - interval '1 second' WHERE id = $1`, target.ID)
	require.NoError(t, err)

	n, err := b.svc.PurgeDue(auth.SystemContext(ctx), 10)
	require.NoError(t, err)
	require.Equal(t, 1, n, "only the expired tombstone goes")
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM documents WHERE id = $1`, target.ID))
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM document_revisions WHERE document_id = $1`, target.ID))
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM documents WHERE id = $1`, keep.ID))

	var state string
	var tgt *uuid.UUID
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT state, target_id FROM document_links WHERE id = $1`, linkID).Scan(&state, &tgt))
	require.Equal(t, "pending", state)
	require.Nil(t, tgt)
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM notifications WHERE subject_id = $1 AND status = 'resolved'`, linkID))

	evs := b.events(t, target.ID)
	require.Len(t, evs, 1, "the document's own events cascaded away; the purge event remains")
	require.Equal(t, "document.purged", evs[0].Type)
	require.Nil(t, evs[0].DocumentID)
	require.Equal(t, target.ID, *evs[0].SubjectID)

	n, err = b.svc.PurgeDue(auth.SystemContext(ctx), 10)
	require.NoError(t, err)
	require.Zero(t, n)
}

func TestPurgerRunsAndStops(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	p := pgtest.CreatePerson(t, b.pool)
	d := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{})
	_, err := b.svc.Delete(pgtest.ActingAs(p), d.ID)
	require.NoError(t, err)
	_, err = b.pool.Exec(context.Background(), `UPDATE documents SET purge_after = now() WHERE id = $1`, d.ID)
	require.NoError(t, err)
	pg := document.NewPurger(b.svc, 20*time.Millisecond, nil)
	require.NoError(t, pg.Start(context.Background()))
	require.Eventually(t, func() bool {
		return pgtest.Count(t, b.pool, `SELECT count(*) FROM documents WHERE id = $1`, d.ID) == 0
	}, 5*time.Second, 20*time.Millisecond)
	pg.Stop()
	pg.Stop()
}
