package postgres

import (
	"context"
	"strings"

	"codna/internal/db"
)

// NewestCountedMin is the fewest entries a search's words must be estimated
// to match for SearchEntryFindCommon to count the newest CountMax readable
// matches (walking the recency index, about 2 µs an entry walked) rather
// than the first the words' index finds (whose bitmap holds every match of
// the words, about 1 µs a match). On the issue-13 corpus the two cost the
// same at about 6,000 matches (bench/RESULTS.md, "The reader's common
// words").
const NewestCountedMin = 6000

// findCommon runs the search of words estimated to match n entries, more
// than MidMax, for an actor who reads many entries: for one word (or
// prefix) without filters SearchEntryFindCommon, a generic plan (its head
// matches through head's index, the others by walking the recency index,
// which for such a word finds the newest readable ones early); else
// SearchEntryFind, planned for its values: a selective filter's index beats
// the walk, and a phrase, several words that must all match or an excluded
// word may match far fewer entries than the estimate (that of the rarest
// word), which the walk would read far past. Which way is the planner's to
// say, from the whole query.
func (b *Backend) findCommon(ctx context.Context, p db.SearchEntryFindParams, n float64) ([]row, error) {
	if b.Planned || filtered(p) || !oneWord(p) {
		return db.Q.SearchEntryFind(ctx, customPlans{rawRows{b.pool}}, p)
	}
	var rows []row
	err := genericPlans(ctx, b.pool, func(tx db.DBTX) error {
		rs, err := db.Q.SearchEntryFindCommon(ctx, rawRows{tx}, db.SearchEntryFindCommonParams{
			Terms: p.Terms, Groups: p.Groups, Prefixes: p.Prefixes,
			AnyTerms: p.AnyTerms, AnyGroups: p.AnyGroups, AnyPrefixes: p.AnyPrefixes,
			Readers: p.Readers, RowEnd: p.RowEnd, RowOffset: p.RowOffset, RowLimit: p.RowLimit,
			NewestCounted: n > float64(b.NewestCountedMin), CountMax: p.CountMax,
		})
		for _, r := range rs {
			rows = append(rows, row(r))
		}
		return err
	})
	return rows, err
}

// filtered reports whether a search has a filter (search_entry_passes: an
// empty path prefix is none).
func filtered(p db.SearchEntryFindParams) bool {
	return len(p.Spaces) > 0 || (p.PathPrefix != nil && *p.PathPrefix != "") || len(p.Tags) > 0 ||
		p.OwnerID != nil || p.UpdatedAfter != nil || p.UpdatedBefore != nil || len(p.Statuses) > 0
}

// oneWord reports whether a search is one word or prefix (one term, not
// excluded, of one word: a phrase's words are joined by spaces).
func oneWord(p db.SearchEntryFindParams) bool {
	return len(p.Terms) == 1 && p.Groups[0] != 0 && !strings.Contains(p.Terms[0], " ")
}
