package postgres

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/pgtest"
	"codna/internal/search"
)

// TestCommonWordsFromTheStatistics: after ANALYZE the backend estimates a
// word's matches from pg_stats, so a word in every entry goes to the
// statement planned for its values and a word in one entry, or a word
// unknown to the statistics, to the one reading every match.
func TestCommonWordsFromTheStatistics(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := pgtest.New(t)
	owner := pgtest.CreatePerson(t, d.Pool)
	b := New(d.Pool)
	const n = 30
	var entries []search.Entry
	for i := range n {
		body := "everywhere lantern"
		if i == 0 {
			body = "everywhere solitary"
		}
		doc := pgtest.CreateDocument(t, d.Pool, owner.ID, pgtest.Doc{Space: document.SpaceWiki, Title: "Page", Content: body})
		entries = append(entries, entryOf(doc, body))
	}
	require.NoError(t, b.Apply(ctx, d.Pool, entries, nil))
	require.Equal(t, n, pgtest.Count(t, d.Pool, "SELECT count(*) FROM search_entries WHERE live"))

	words := func(w string, prefix bool) db.SearchEntryFindParams {
		return db.SearchEntryFindParams{Terms: []string{w}, Groups: []int32{1}, Prefixes: []bool{prefix}}
	}
	b.MidMax = n / 2
	est, recent, err := b.estimate(ctx, words("everywhere", false))
	require.NoError(t, err)
	require.False(t, est > float64(b.MidMax), "no statistics before ANALYZE: every word is taken for rare")
	require.Equal(t, est, recent, "the table's size unknown: every match is taken for recent")

	pgtest.Exec(t, d.Pool, "ANALYZE search_entries")
	b.words = wordCache{} // forget what was read before ANALYZE
	for _, c := range []struct {
		word   string
		prefix bool
		common bool
	}{
		{"everywhere", false, true},
		{"Lantern", false, true},
		{"lant", true, true},
		{"solitary", false, false},
		{"unheard", false, false},
	} {
		b.RecentKeep = n / 4
		est, recent, err := b.estimate(ctx, words(c.word, c.prefix))
		require.NoError(t, err)
		require.Equal(t, c.common, est > float64(b.MidMax), c.word)
		require.InDelta(t, est/4, recent, est/20, "%s: a quarter of the entries are recent, so about a quarter of the matches", c.word)
	}
}

// TestBroadReadersOnlyWalkForCommonWords: an actor who reads more than
// SparseMax entries but less than BroadShare of them is not searched by
// walking the recency index for common words (the walk would read
// CountMax / (their share × the word's) entries), and one who reads a broad
// share is; before the first ANALYZE (no table size) everyone is broad.
func TestBroadReadersOnlyWalkForCommonWords(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := pgtest.New(t)
	owner := pgtest.CreatePerson(t, d.Pool)
	narrow := pgtest.CreatePerson(t, d.Pool)
	b := New(d.Pool)
	b.SparseMax, b.BroadShare = 1, 0.5
	const n = 12
	var entries []search.Entry
	for i := range n {
		doc := pgtest.CreateDocument(t, d.Pool, owner.ID, pgtest.Doc{Space: document.SpaceWiki, Title: "Page", Content: "lantern"})
		if i < 3 {
			pgtest.Grant(t, d.Pool, doc.ID, "user", narrow.ID, "read")
		}
		entries = append(entries, entryOf(doc, "lantern"))
	}
	require.NoError(t, b.Apply(ctx, d.Pool, entries, nil))
	wayOf := func(u uuid.UUID) way {
		b.ways = map[uuid.UUID]way{} // counted afresh
		w, err := b.way(ctx, search.Searcher{UserID: u, IsPerson: true})
		require.NoError(t, err)
		return w
	}
	require.Equal(t, way{sparse: false, broad: true}, clock(wayOf(narrow.ID)), "no table size before ANALYZE: as before")

	pgtest.Exec(t, d.Pool, "ANALYZE search_entries")
	b.words = wordCache{}
	require.Equal(t, way{sparse: false, broad: false}, clock(wayOf(narrow.ID)), "3 of 12: many, not a broad share")
	require.Equal(t, way{sparse: false, broad: true}, clock(wayOf(owner.ID)), "12 of 12")
	b.BroadShare = 2
	require.Equal(t, way{sparse: false, broad: false}, clock(wayOf(owner.ID)), "above 1: nobody is broad")
}

// clock is w without the time it was counted at.
func clock(w way) way {
	w.at = time.Time{}
	return w
}

// entryOf is doc's search entry with body as its text.
func entryOf(doc *document.Doc, body string) search.Entry {
	return search.Entry{
		ID: doc.ID, Space: string(doc.Space), Path: doc.Path, Slug: doc.Slug, Title: doc.Title, Status: string(doc.Status),
		OwnerID: doc.OwnerID, UpdatedAt: doc.UpdatedAt, Body: body, Version: int64(doc.Version),
	}
}
