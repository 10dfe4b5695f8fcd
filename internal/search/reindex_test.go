package search_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"codna/internal/access"
	"codna/internal/document"
	"codna/internal/outbox"
	"codna/internal/pgtest"
	"codna/internal/search"
)

func TestReindexRebuildsFromTheDocuments(t *testing.T) {
	t.Parallel()
	b := setup(t)
	for range 3 {
		b.doc(t, pgtest.Doc{Content: "rebuilt word"})
	}
	gone := b.doc(t, pgtest.Doc{Content: "rebuilt word"})
	b.drain(t)
	// The index loses entries, keeps one of a document deleted since
	// (around the trigger that would take it out), and holds a stale title.
	pgtest.Exec(t, b.pool, "ALTER TABLE documents DISABLE TRIGGER search_entries_follow")
	_, err := b.docs.Delete(b.ownerCx, gone.ID)
	require.NoError(t, err)
	pgtest.Exec(t, b.pool, "ALTER TABLE documents ENABLE TRIGGER search_entries_follow")
	pgtest.Exec(t, b.pool, "DELETE FROM search_entries WHERE document_id <> $1", gone.ID)
	require.Len(t, b.find(t, b.ownerCx, "rebuilt").Results, 0) // the deleted one fails the re-check

	mcx := pgtest.ActingAsManagement()
	dry, err := b.svc.Reindex(mcx, true, nil)
	require.NoError(t, err)
	require.Equal(t, search.ReindexReport{Backend: "postgres", Documents: 3, Took: dry.Took}, dry)
	require.Equal(t, 1, pgtest.Count(t, b.pool, "SELECT count(*) FROM search_entries"), "a dry run writes nothing")

	var mu sync.Mutex
	var seen []search.Progress
	rep, err := b.svc.Reindex(mcx, false, func(p search.Progress) { mu.Lock(); seen = append(seen, p); mu.Unlock() })
	require.NoError(t, err)
	require.Equal(t, 3, rep.Documents)
	require.Equal(t, 1, rep.CaughtUp, "the documents of events processed since the rebuild began or not yet processed: the deletion")
	require.Equal(t, []search.Progress{{Done: 3, Total: 3}}, seen)
	require.Len(t, b.find(t, b.ownerCx, "rebuilt").Results, 3)
	require.Equal(t, 3, pgtest.Count(t, b.pool, "SELECT count(*) FROM search_entries"))
	require.Equal(t, 1, pgtest.Count(t, b.pool, "SELECT count(*) FROM search_builds WHERE backend = 'postgres'"))

	// One at a time.
	conn, err := b.pool.Acquire(context.Background())
	require.NoError(t, err)
	defer conn.Release()
	_, err = conn.Exec(context.Background(), "SELECT pg_advisory_lock(hashtextextended('codna.search.rebuild', 0))")
	require.NoError(t, err)
	_, err = b.svc.Reindex(mcx, false, nil)
	require.ErrorIs(t, err, search.ErrReindexRunning)
	_, err = conn.Exec(context.Background(), "SELECT pg_advisory_unlock(hashtextextended('codna.search.rebuild', 0))")
	require.NoError(t, err)
	// Rebuilt twice, the index answers the same.
	_, err = b.svc.Reindex(mcx, false, nil)
	require.NoError(t, err)
	require.Len(t, b.find(t, b.ownerCx, "rebuilt").Results, 3)
}

func TestServeBackfillsDocumentsThatPredateTheIndex(t *testing.T) {
	t.Parallel()
	b := setup(t)
	for range 5 {
		b.doc(t, pgtest.Doc{Content: "older than search"})
	}
	// As if written before migration 000012: no entries, no events left.
	pgtest.Exec(t, b.pool, "DELETE FROM events")
	require.Empty(t, b.find(t, b.ownerCx, "older").Results)
	bf := search.NewBackfill(b.svc, nil)
	require.NoError(t, bf.Start(context.Background()))
	bf.Wait()
	bf.Stop()
	bf.Stop()
	require.Len(t, b.find(t, b.ownerCx, "older").Results, 5)
	// Once built, a start does nothing.
	pgtest.Exec(t, b.pool, "DELETE FROM search_entries")
	again := search.NewBackfill(b.svc, nil)
	require.NoError(t, again.Start(context.Background()))
	again.Wait()
	again.Stop()
	require.Empty(t, b.find(t, b.ownerCx, "older").Results)
}

// Grants the folder-share applier makes for a page that arrives in a
// shared folder reach search like any other grant.
func TestFolderShareGrantsReachSearch(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := outbox.New(b.pool, outbox.Config{}, nil)
	w.RegisterBatch(access.FolderConsumerName, access.NewFolderApplier(b.pool).HandleBatch, outbox.Lane{Budget: time.Minute})
	w.RegisterBatch(search.IndexerName, b.svc.Indexer().HandleBatch, outbox.Lane{Budget: time.Minute})
	reader := pgtest.CreatePerson(t, b.pool)
	_, _, err := access.NewFolderService(b.pool).Share(b.ownerCx, document.SpaceWiki, "team", pgtest.UserPrincipal(reader.ID), access.PermissionRead)
	require.NoError(t, err)
	b.doc(t, pgtest.Doc{Path: "team/notes", Title: "Arrived later", Content: "folder word"})
	require.NoError(t, w.Drain(context.Background()))
	require.Equal(t, []string{"Arrived later"}, titles(b.find(t, pgtest.ActingAs(reader), "folder")))
}

// The rebuild's swap builds search_entries' indexes itself: it must build
// the ones the migrations made (any change to one must be made to both),
// among them the recency index carrying what a listing's walk checks, so
// that the walk is an index-only scan.
func TestTheRebuildMakesTheIndexesTheMigrationsMade(t *testing.T) {
	t.Parallel()
	b := setup(t)
	for range 3 {
		b.doc(t, pgtest.Doc{Content: "covered"})
	}
	b.drain(t)
	indexes := func() []string {
		rows, err := b.pool.Query(context.Background(), "SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'search_entries' ORDER BY indexname")
		require.NoError(t, err)
		defs, err := pgx.CollectRows(rows, pgx.RowTo[string])
		require.NoError(t, err)
		return defs
	}
	migrated := indexes()
	require.Contains(t, migrated, "CREATE INDEX search_entries_updated_idx ON public.search_entries USING btree (updated_at DESC, document_id DESC) INCLUDE (live, readers, space, path, tags, owner_id, status)")
	_, err := b.svc.Reindex(pgtest.ActingAsManagement(), false, nil)
	require.NoError(t, err)
	require.Equal(t, migrated, indexes(), "the rebuild's swap builds what the migrations built")
	require.Len(t, b.find(t, b.ownerCx, "covered").Results, 3)

	// The swap fills the recent entries' words again from the new table:
	// the newest keep (migration 000048).
	pgtest.Exec(t, b.pool, "DELETE FROM search_recent")
	pgtest.Exec(t, b.pool, "UPDATE search_recent_state SET keep = 2")
	_, err = b.svc.Reindex(pgtest.ActingAsManagement(), false, nil)
	require.NoError(t, err)
	require.Equal(t, 2, pgtest.Count(t, b.pool, `SELECT count(*) FROM search_recent r JOIN search_entries e USING (document_id)
		WHERE r.updated_at = e.updated_at AND r.words = strip(e.tsv) AND r.updated_at >= (SELECT cutoff FROM search_recent_state)`))
	require.Equal(t, 2, pgtest.Count(t, b.pool, "SELECT count(*) FROM search_entries WHERE updated_at >= (SELECT cutoff FROM search_recent_state)"))
}
