package postgres

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/pgtest"
	"codna/internal/search"
)

// TestRecentAnswersAsEveryMatchRead: SearchEntryFindRecent, which looks for
// a word's newest matches among the recent entries' words (search_recent)
// and falls back to every match when they are too few, answers every page
// and count exactly as SearchEntryFindMid, which reads every match — for
// words in every entry, in some and in two, prefixes, titles holding them,
// two readers, deep pages, with search_recent trimmed to a few entries as
// the entries are written, after older pages are saved again (they become
// recent) and after entries are taken out of the index. And the table keeps
// its invariant: every live entry from the cutoff on has its row, with its
// instant.
func TestRecentAnswersAsEveryMatchRead(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := pgtest.New(t)
	alice, bob := pgtest.CreatePerson(t, d.Pool), pgtest.CreatePerson(t, d.Pool)
	docs := document.New(d.Pool, document.DefaultConfig)
	b := New(d.Pool)
	b.RecentKeep = 12

	body := func(i int) string {
		words := []string{"alpha", fmt.Sprintf("filler%d", i)}
		if i%3 == 0 {
			words = append(words, "beta")
		}
		if i%7 == 0 {
			words = append(words, "gamma", "gammaray")
		}
		if i == 11 || i == 50 {
			words = append(words, "delta")
		}
		return strings.Join(words, " ")
	}
	title := func(i int) string {
		if i%10 == 0 {
			return "Beta notes"
		}
		return fmt.Sprintf("Page %d", i)
	}
	var all []*document.Doc
	var batch []search.Entry
	for i := range 60 {
		owner := alice
		if i%2 == 1 {
			owner = bob
		}
		doc := pgtest.CreateDocument(t, d.Pool, owner.ID, pgtest.Doc{Space: document.SpaceWiki, Title: title(i), Content: body(i)})
		all = append(all, doc)
		batch = append(batch, entryOf(doc, body(i)))
		if len(batch) == 5 {
			require.NoError(t, b.Apply(ctx, d.Pool, batch, nil))
			batch = nil
		}
	}

	same := func(stage string) {
		t.Helper()
		require.Zero(t, pgtest.Count(t, d.Pool, `SELECT count(*) FROM search_entries e
			WHERE e.live AND e.updated_at >= (SELECT cutoff FROM search_recent_state)
			  AND NOT EXISTS (SELECT 1 FROM search_recent r WHERE r.document_id = e.document_id AND r.updated_at = e.updated_at AND r.words = strip(e.tsv))`),
			"%s: every live entry from the cutoff on is recent", stage)
		require.Less(t, pgtest.Count(t, d.Pool, "SELECT count(*) FROM search_entries e WHERE e.live AND e.updated_at >= (SELECT cutoff FROM search_recent_state)"), 40,
			"%s: most entries are older than the cutoff", stage)
		for _, text := range []string{"alpha", "beta", "gamma", "gamma*", "delta", "alp*", "filler3", "nowhere"} {
			all, any := queryTerms(search.Parse(text))
			for _, readers := range [][]uuid.UUID{{alice.ID}, {alice.ID, bob.ID}} {
				for _, pg := range []struct{ offset, limit, countMax int32 }{{0, 6, 8}, {0, 21, 100}, {5, 6, 12}, {15, 6, 22}} {
					p := db.SearchEntryFindParams{
						Terms: all.text, Groups: all.groups, Prefixes: all.prefix,
						AnyTerms: any.text, AnyGroups: any.groups, AnyPrefixes: any.prefix,
						Spaces: []string{}, Tags: []string{}, Statuses: []string{}, Readers: readers,
						RowEnd: pg.offset + pg.limit, RowOffset: pg.offset, RowLimit: pg.limit, CountMax: pg.countMax,
					}
					recent, err := b.findRecent(ctx, p)
					require.NoError(t, err)
					mid, err := db.Q.SearchEntryFindMid(ctx, rawRows{d.Pool}, db.SearchEntryFindMidParams{
						Terms: p.Terms, Groups: p.Groups, Prefixes: p.Prefixes,
						AnyTerms: p.AnyTerms, AnyGroups: p.AnyGroups, AnyPrefixes: p.AnyPrefixes,
						Readers: p.Readers, Spaces: p.Spaces, Tags: p.Tags, Statuses: p.Statuses,
						RowOffset: p.RowOffset, RowLimit: p.RowLimit, CountMax: p.CountMax,
					})
					require.NoError(t, err)
					var want []row
					for _, r := range mid {
						want = append(want, row(r))
					}
					name := fmt.Sprintf("%s: %q read by %d, rows %d+%d", stage, text, len(readers), pg.offset, pg.limit)
					require.Equal(t, hitsOf(want), hitsOf(recent), name)
					require.Equal(t, total(want), total(recent), name)
				}
			}
		}
	}
	same("written")

	// Older pages saved again are the newest.
	for _, i := range []int{0, 3, 7, 14, 21} {
		content := body(i) + " delta"
		doc, _, err := docs.Update(pgtest.ActingAs(map[bool]pgtest.Person{true: alice, false: bob}[i%2 == 0]), document.UpdateInput{
			ID: all[i].ID, ExpectedVersion: all[i].Version, Content: &content,
		})
		require.NoError(t, err)
		require.NoError(t, b.Apply(ctx, d.Pool, []search.Entry{entryOf(doc, content)}, nil))
	}
	same("saved again")

	// Entries taken out of the index, recent and not.
	require.NoError(t, b.Apply(ctx, d.Pool, nil, []uuid.UUID{all[59].ID, all[21].ID, all[2].ID}))
	same("taken out")
}

// hitsOf is the page of a statement's rows: each hit's document and score.
func hitsOf(rows []row) []string {
	var out []string
	for _, r := range rows {
		if r.Kind == "hit" {
			out = append(out, fmt.Sprintf("%s %.4f", r.DocumentID, r.Score))
		}
	}
	return out
}
