package postgres

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestWordStatsEstimatesMatches(t *testing.T) {
	t.Parallel()
	// pg_stats' frequencies carry three summary figures after the words'.
	s := newWordStats([]string{"the", "theory", "cafe", "zebra"}, []float32{0.5, 0.01, 0.02, 0.001, 0.001, 0.5, 0}, 100_000)
	one := func(text string, prefix bool) terms {
		return terms{text: []string{text}, groups: []int32{1}, prefix: []bool{prefix}}
	}
	require.InDelta(t, 50_000, s.matches(one("the", false)), 0.5, "a common word: its share of the entries")
	require.InDelta(t, 51_000, s.matches(one("The", true)), 0.5, "a prefix: every word it starts, folded")
	require.InDelta(t, 2_000, s.matches(one("Café", false)), 0.5, "accents folded as unaccent folds them")
	require.Zero(t, s.matches(one("quokka", false)), "a word outside the statistics is rarer than any in them")
	require.InDelta(t, 100, s.matches(one("the zebra", false)), 0.5, "a phrase: at most its rarest word")
	require.InDelta(t, 2_000, s.matches(terms{
		text: []string{"the", "cafe", "zebra"}, groups: []int32{1, 2, 0}, prefix: []bool{false, false, false},
	}), 0.5, "all of the groups: the smallest; an excluded term ignored")
	require.InDelta(t, 1_000, s.matches(terms{
		text: []string{"the", "cafe", "theory"}, groups: []int32{1, 1, 2}, prefix: []bool{false, false, true},
	}), 0.5, "a group: the sum of its terms (52,000); the query: its smallest group")
	require.Zero(t, newWordStats(nil, nil, 0).matches(one("the", false)), "no statistics yet: every query rare")
}
