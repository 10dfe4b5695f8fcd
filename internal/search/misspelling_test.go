package search_test

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/document"
	"codna/internal/pgtest"
	"codna/internal/search"
	pgsearch "codna/internal/search/postgres"
)

// Misspelled titles are suggested only while the words find fewer than
// TypoBelow matches: once they find enough, the suggestion is not looked for.
func TestMisspelledTitlesOnlyWhenExactMatchesAreFew(t *testing.T) {
	t.Parallel()
	withBundle(t, func(t *testing.T, b *bundle) {
		similar := b.doc(t, pgtest.Doc{Title: "Zqfallbak runbook", Content: "nothing here"})
		var exact []uuid.UUID
		for range pgsearch.TypoBelow - 1 {
			exact = append(exact, b.doc(t, pgtest.Doc{Title: "Notes", Content: "the zqfallback word"}).ID)
		}
		b.drain(t)
		p := b.find(t, b.ownerCx, "zqfallback ")
		got := ids(p)
		require.Len(t, got, pgsearch.TypoBelow)
		require.ElementsMatch(t, exact, got[:len(exact)], "fewer than TypoBelow: every exact match first")
		require.Equal(t, similar.ID, got[len(exact)], "then the misspelled title")
		require.Equal(t, pgsearch.TypoBelow, p.Total)

		// One more exact match: enough, no suggestion.
		exact = append(exact, b.doc(t, pgtest.Doc{Title: "Notes", Content: "one more zqfallback"}).ID)
		b.drain(t)
		p = b.find(t, b.ownerCx, "zqfallback ")
		require.ElementsMatch(t, exact, ids(p))
		require.NotContains(t, ids(p), similar.ID)
		require.Equal(t, pgsearch.TypoBelow, p.Total)

		// The titles' words reach the suggestion after a rebuild too, and a
		// title written or changed since, with its new words.
		_, err := b.svc.Reindex(pgtest.ActingAsManagement(), false, nil)
		require.NoError(t, err)
		added := b.doc(t, pgtest.Doc{Title: "Kwartermaster ledger", Content: "nothing"})
		renamed := b.doc(t, pgtest.Doc{Title: "Plain", Content: "nothing"})
		b.drain(t)
		title := "Zqlighthouse keeper"
		_, _, err = b.docs.Update(b.ownerCx, document.UpdateInput{ID: renamed.ID, ExpectedVersion: renamed.Version, Title: &title})
		require.NoError(t, err)
		b.drain(t)
		require.Equal(t, []uuid.UUID{similar.ID}, ids(b.find(t, b.ownerCx, "zqfalback ")))
		require.Equal(t, []uuid.UUID{added.ID}, ids(b.find(t, b.ownerCx, "kwartermastr ")))
		require.Equal(t, []uuid.UUID{renamed.ID}, ids(b.find(t, b.ownerCx, "zqlighthose ")))
	})
}

// Misspellings follow the permission rule and the filters like every match:
// a title the actor may not read, or outside the filter, is never suggested.
func TestMisspelledTitlesKeepPermissionsAndFilters(t *testing.T) {
	t.Parallel()
	withBundle(t, func(t *testing.T, b *bundle) {
		other := pgtest.CreatePerson(t, b.pool)
		mine := b.doc(t, pgtest.Doc{Title: "Quarterly zqbudgetting", Path: "finance", Tags: []string{"money"}})
		pgtest.CreateDocument(t, b.pool, other.ID, pgtest.Doc{Title: "Secret zqbudgetting", Content: "theirs"})
		b.drain(t)
		require.Equal(t, []uuid.UUID{mine.ID}, ids(b.find(t, b.ownerCx, "zqbudgeting ")))
		require.Equal(t, []uuid.UUID{mine.ID}, ids(b.find(t, b.ownerCx, "zqbudgeting ", search.SearchFilter{Tags: []string{"money"}})))
		require.Empty(t, b.find(t, b.ownerCx, "zqbudgeting ", search.SearchFilter{PathPrefix: pgtest.Ptr("ops")}).Results)
	})
}
