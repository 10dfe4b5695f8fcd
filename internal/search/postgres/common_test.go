package postgres

import (
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/db"
	"codna/internal/search"
)

// TestCommonStatementOnlyForOneUnfilteredWord: SearchEntryFindCommon's
// walk is for one word or prefix without filters; a phrase, words that
// must all match, an excluded word or a filter go to the statement planned
// for its values.
func TestCommonStatementOnlyForOneUnfilteredWord(t *testing.T) {
	t.Parallel()
	params := func(text string) db.SearchEntryFindParams {
		all, _ := queryTerms(search.Parse(text))
		return db.SearchEntryFindParams{Terms: all.text, Groups: all.groups, Prefixes: all.prefix}
	}
	for text, one := range map[string]bool{
		"lantern": true, "lant*": true,
		`"lantern light"`: false, "lantern light": false, "lantern -light": false, "lantern OR light": false,
	} {
		require.Equal(t, one, oneWord(params(text)), text)
	}
	p := params("lantern")
	require.False(t, filtered(p))
	empty := ""
	p.PathPrefix = &empty
	require.False(t, filtered(p), "an empty path prefix is no filter")
	p.Spaces = []string{"wiki"}
	require.True(t, filtered(p))
}
