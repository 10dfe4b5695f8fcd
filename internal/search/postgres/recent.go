package postgres

import (
	"context"

	"codna/internal/db"
)

// RecentKeep is how many of the newest entries' words search_recent keeps
// (at least: ties at the oldest instant kept are kept too). A search of one
// word finds its newest readable matches there when the word is in a few
// tenths of a percent of the entries or more (about RecentKeep × the
// word's share × the actor's matches: a page and CountMax to count need
// 121 readable ones); the table and its index cost a copy of those
// entries' words (about 2 KB and 125 index keys each on the issue-13
// corpus), written with the entry (bench/RESULTS.md, "The recent entries").
const RecentKeep = 10_000

// RecentMin is the fewest matches a word must be estimated to have among
// the recent entries (its estimated matches × RecentKeep / the entries)
// for its search to go through them (SearchEntryFindRecent): with fewer,
// the page's other matches would not be found there and every match would
// be read as well, which SearchEntryFindMid does alone.
const RecentMin = 40

// RecentMax is the most matches a word may be estimated to have among the
// recent entries for its search to go through them: a word in more than a
// tenth of the entries has its newest readable matches within a few hundred
// entries of the recency index's walk (SearchEntryFindCommon), cheaper than
// reading its thousand or more recent matches (on the issue-13 corpus, a
// word in 15.7 % of the entries: 3.9 ms walking, 4.4 through the recent
// entries; one in 7.8 %: 6.6 against 2.8; bench/RESULTS.md, "The recent
// entries").
const RecentMax = 1000

// recentWay reports whether a search goes through the recent entries
// (SearchEntryFindRecent): one word or prefix without filters, for an
// actor who reads a broad share of the entries, estimated to have between
// RecentMin and RecentMax matches among the recent entries; and not when
// the backend is told to plan every search (Planned).
func (b *Backend) recentWay(p db.SearchEntryFindParams, w way, recent float64) bool {
	return w.broad && !b.Planned && oneWord(p) && !filtered(p) && recent >= b.RecentMin && recent <= b.RecentMax
}

// findRecent runs SearchEntryFindRecent, a generic plan, for one word or
// prefix without filters, for an actor who reads a broad share of the
// entries.
func (b *Backend) findRecent(ctx context.Context, p db.SearchEntryFindParams) ([]row, error) {
	var rows []row
	err := genericPlans(ctx, b.pool, func(tx db.DBTX) error {
		rs, err := db.Q.SearchEntryFindRecent(ctx, rawRows{tx}, db.SearchEntryFindRecentParams{
			Terms: p.Terms, Groups: p.Groups, Prefixes: p.Prefixes,
			AnyTerms: p.AnyTerms, AnyGroups: p.AnyGroups, AnyPrefixes: p.AnyPrefixes,
			Readers: p.Readers, RowEnd: p.RowEnd, CountMax: p.CountMax, RowOffset: p.RowOffset, RowLimit: p.RowLimit,
		})
		for _, r := range rs {
			rows = append(rows, row(r))
		}
		return err
	})
	return rows, err
}

// trimRecent counts n entries written by this process and, every
// RecentKeep/4 of them, trims search_recent to the newest RecentKeep
// (SearchRecentTrim, in the writer's transaction tx): a sort of about
// 1.25 × RecentKeep instants, a few milliseconds per RecentKeep/4 entries.
func (b *Backend) trimRecent(ctx context.Context, tx db.DBTX, n int) error {
	keep := max(b.RecentKeep, 1)
	b.mu.Lock()
	b.unrecent += n
	due := b.unrecent >= max(keep/4, 1)
	if due {
		b.unrecent = 0
	}
	b.mu.Unlock()
	if !due {
		return nil
	}
	return db.Q.SearchRecentTrim(ctx, tx, int32(min(keep, 1<<30)))
}
