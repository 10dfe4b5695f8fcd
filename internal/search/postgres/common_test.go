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

// TestRecentWayForOneWordOfSomeRecentMatches: a search goes through the
// recent entries' words for one unfiltered word of an actor who reads a
// broad share, estimated at RecentMin to RecentMax recent matches; a rarer
// word reads every match, a commoner one walks the recency index, and a
// filter, two words, an actor who reads less or a planned backend go their
// own ways.
func TestRecentWayForOneWordOfSomeRecentMatches(t *testing.T) {
	t.Parallel()
	b := New(nil)
	params := func(text string) db.SearchEntryFindParams {
		all, _ := queryTerms(search.Parse(text))
		return db.SearchEntryFindParams{Terms: all.text, Groups: all.groups, Prefixes: all.prefix}
	}
	broad := way{broad: true}
	require.True(t, b.recentWay(params("lantern"), broad, RecentMin))
	require.True(t, b.recentWay(params("lant*"), broad, RecentMax))
	require.False(t, b.recentWay(params("lantern"), broad, RecentMin-1), "rarer: every match read")
	require.False(t, b.recentWay(params("lantern"), broad, RecentMax+1), "commoner: the walk")
	require.False(t, b.recentWay(params("lantern light"), broad, RecentMin))
	require.False(t, b.recentWay(params("lantern"), way{}, RecentMin), "not a broad share")
	p := params("lantern")
	p.Spaces = []string{"wiki"}
	require.False(t, b.recentWay(p, broad, RecentMin))
	b.Planned = true
	require.False(t, b.recentWay(params("lantern"), broad, RecentMin))
}
