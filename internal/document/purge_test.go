package document_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/pgtest"
)

// The owner's purge of a page in the trash takes the purger's path: the
// page, its revisions and its files' rows go (their bytes queued for
// deletion), links to it go pending with their decisions resolved, and a
// document.purged event names the owner and "by": "owner".
func TestOwnerPurgesATrashedPageThroughThePurgePath(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	ctx := context.Background()
	p := pgtest.CreatePerson(t, b.pool)
	reader := pgtest.CreatePerson(t, b.pool)
	stranger := pgtest.CreatePerson(t, b.pool)
	target := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Slug: "gone"})
	source := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Slug: "links-to-gone"})
	pgtest.Grant(t, b.pool, target.ID, "user", reader.ID, "read")
	pgtest.Exec(t, b.pool, `INSERT INTO attachments (id, document_id, name, mime_type, byte_size, sha256, storage_key)
		VALUES (gen_random_uuid(), $1, 'diagram.png', 'image/png', 3, '\x00', 'files/purge-test.png')`, target.ID)

	// A live page: the owner is told to trash it first; a reader may not;
	// a stranger learns nothing.
	err := b.svc.Purge(pgtest.ActingAs(p), target.ID)
	pgtest.RequireCode(t, err, fault.BadInput, "documentId")
	require.Contains(t, err.Error(), "move it to the trash first")
	pgtest.RequireCode(t, b.svc.Purge(pgtest.ActingAs(reader), target.ID), fault.Forbidden, "")
	pgtest.RequireCode(t, b.svc.Purge(pgtest.ActingAs(stranger), target.ID), fault.NotFound, "")

	_, err = b.svc.Delete(pgtest.ActingAs(p), target.ID)
	require.NoError(t, err)
	var linkID uuid.UUID
	require.NoError(t, b.pool.QueryRow(ctx, `INSERT INTO document_links (id, source_id, target_id, href_as_written, state)
		VALUES (gen_random_uuid(), $1, $2, 'gone.md', 'broken') RETURNING id`, source.ID, target.ID).Scan(&linkID))
	pgtest.Exec(t, b.pool, `INSERT INTO notifications (id, recipient_id, type, subject_type, subject_id, requires_decision)
		VALUES (gen_random_uuid(), $1, 'link.target_deleted', 'link', $2, true)`, p.ID, linkID)

	// In the trash it exists for its owner alone.
	pgtest.RequireCode(t, b.svc.Purge(pgtest.ActingAs(reader), target.ID), fault.NotFound, "")
	pgtest.RequireCode(t, b.svc.Purge(pgtest.ActingAs(stranger), target.ID), fault.NotFound, "")
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM documents WHERE id = $1`, target.ID))

	require.NoError(t, b.svc.Purge(pgtest.ActingAs(p), target.ID))
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM documents WHERE id = $1`, target.ID))
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM document_revisions WHERE document_id = $1`, target.ID))
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM attachments WHERE document_id = $1`, target.ID))
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM file_deletions WHERE storage_key = 'files/purge-test.png'`), "its file's bytes are queued for deletion")
	var state string
	var tgt *uuid.UUID
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT state, target_id FROM document_links WHERE id = $1`, linkID).Scan(&state, &tgt))
	require.Equal(t, "pending", state)
	require.Nil(t, tgt)
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM notifications WHERE subject_id = $1 AND status = 'resolved'`, linkID))
	evs := b.events(t, target.ID)
	require.Len(t, evs, 1)
	require.Equal(t, "document.purged", evs[0].Type)
	require.Nil(t, evs[0].DocumentID)
	require.Equal(t, p.ID, *evs[0].ActorID, "the audit names who purged it")
	require.Equal(t, "owner", evs[0].Payload["by"])
	require.Equal(t, p.ID.String(), evs[0].Payload["ownerId"])

	pgtest.RequireCode(t, b.svc.Purge(pgtest.ActingAs(p), target.ID), fault.NotFound, "")
}

// Emptying the trash purges every tombstone of the caller's, in batches
// beyond EmptyTrashBatch, and nobody else's, and says how many.
func TestEmptyTrashPurgesTheCallersTombstonesInBatches(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	p := pgtest.CreatePerson(t, b.pool)
	other := pgtest.CreatePerson(t, b.pool)
	n := document.EmptyTrashBatch + 3
	for i := range n {
		d := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Slug: fmt.Sprintf("t-%d", i)})
		_, err := b.svc.Delete(pgtest.ActingAs(p), d.ID)
		require.NoError(t, err)
	}
	live := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Slug: "live"})
	theirs := pgtest.CreateDocument(t, b.pool, other.ID, pgtest.Doc{Slug: "theirs"})
	_, err := b.svc.Delete(pgtest.ActingAs(other), theirs.ID)
	require.NoError(t, err)

	got, err := b.svc.EmptyTrash(pgtest.ActingAs(p))
	require.NoError(t, err)
	require.Equal(t, n, got)
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM documents WHERE created_by = $1 AND deleted_at IS NOT NULL`, p.ID))
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM documents WHERE id = $1`, live.ID), "live pages stay")
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM documents WHERE id = $1`, theirs.ID), "another's trash stays")
	require.Equal(t, n, pgtest.Count(t, b.pool, `SELECT count(*) FROM events WHERE event_type = 'document.purged' AND actor_id = $1 AND payload->>'by' = 'owner'`, p.ID))

	again, err := b.svc.EmptyTrash(pgtest.ActingAs(p))
	require.NoError(t, err)
	require.Zero(t, again)
	_, err = b.svc.EmptyTrash(context.Background())
	pgtest.RequireCode(t, err, fault.Unauthenticated, "")
}
