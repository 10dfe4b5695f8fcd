package postgres

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/jackc/pgx/v5"

	"codna/internal/db"
	"codna/internal/search"
)

// MidMax is the most entries a search's words may be estimated to match for
// an actor who reads many entries to be searched through every match at
// once (SearchEntryFindMid, a generic plan: about a microsecond a match and
// no planning) rather than by SearchEntryFind, planned for its values (about
// a millisecond of planning, and its parts read the matches twice, but for a
// common word it walks the recency index instead of reading every match).
// On the issue-13 corpus the two cost the same at about 2,000 matches
// (bench/RESULTS.md, "Issue 31: search's expensive queries").
const MidMax = 1500

// statsTTL is how long the words' statistics are reused before they are read
// again: they change only when Postgres analyzes search_entries.
const statsTTL = 5 * time.Minute

// estimate is how many entries a search's words are estimated to match
// (the words' statistics, read at most once per statsTTL), and how many of
// them among the recent entries (search_recent: RecentKeep of the entries,
// the matches taken as spread evenly over them; all of them before the
// first ANALYZE, when the table's size is not known).
func (b *Backend) estimate(ctx context.Context, p db.SearchEntryFindParams) (n, recent float64, err error) {
	stats, err := b.words.get(ctx, b.pool)
	if err != nil {
		return 0, 0, err
	}
	n = stats.matches(terms{text: p.Terms, groups: p.Groups, prefix: p.Prefixes})
	recent = n
	if stats.total > 0 {
		recent = n * min(1, float64(b.RecentKeep)/stats.total)
	}
	return n, recent, nil
}

// wordStats is ANALYZE's view of the entries' words: the most common
// lexemes of search_entries.tsv in lexical order, each with the estimated
// number of entries holding it. A lexeme outside them is rarer than any of
// them (estimated 0 here: it is an estimate that chooses a plan).
type wordStats struct {
	words   []string
	entries []float64
	total   float64 // the table's entries (pg_class.reltuples), 0 before the first ANALYZE
	at      time.Time
}

// wordCache holds the words' statistics for the backend, read at most once
// per statsTTL.
type wordCache struct {
	mu    sync.Mutex
	stats *wordStats
}

// get returns the words' statistics, reading them (SearchEntryWordFrequencies)
// when they are missing or older than statsTTL.
func (c *wordCache) get(ctx context.Context, q db.DBTX) (*wordStats, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.stats != nil && time.Since(c.stats.at) < statsTTL {
		return c.stats, nil
	}
	r, err := db.Q.SearchEntryWordFrequencies(ctx, q)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return nil, err
	}
	c.stats = newWordStats(r.Words, r.Freqs, r.Entries)
	return c.stats, nil
}

// newWordStats is the statistics of words with their frequencies (freqs
// may carry pg_stats' three summary figures after the words' own).
func newWordStats(words []string, freqs []float32, entries float64) *wordStats {
	n := min(len(words), len(freqs))
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return strings.Compare(words[a], words[b]) })
	s := &wordStats{words: make([]string, n), entries: make([]float64, n), total: max(entries, 0), at: time.Now()}
	for i, j := range idx {
		s.words[i], s.entries[i] = words[j], float64(freqs[j])*max(entries, 0)
	}
	return s
}

// word is how many entries hold the lexeme w, or, for a prefix, any
// lexeme starting with w (the sum of theirs: an upper bound).
func (s *wordStats) word(w string, prefix bool) float64 {
	i, found := slices.BinarySearch(s.words, w)
	if !prefix {
		if found {
			return s.entries[i]
		}
		return 0
	}
	sum := 0.0
	for ; i < len(s.words) && strings.HasPrefix(s.words[i], w); i++ {
		sum += s.entries[i]
	}
	return sum
}

// matches estimates how many entries a query's words match (SearchEntryFind's
// terms): each term's words folded as the codna_search configuration folds
// them (search.Fold), a phrase matching at most what its rarest word does
// (the last word a prefix when the term is), a group any of its terms (the
// sum), the query all of its groups (the smallest); excluded terms ignored.
func (s *wordStats) matches(t terms) float64 {
	groups := map[int32]float64{}
	for i, text := range t.text {
		if t.groups[i] == 0 {
			continue
		}
		ws := strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		est := -1.0
		for j, w := range ws {
			n := s.word(search.Fold(w), t.prefix[i] && j == len(ws)-1)
			if est < 0 || n < est {
				est = n
			}
		}
		groups[t.groups[i]] += max(est, 0)
	}
	out := -1.0
	for _, n := range groups {
		if out < 0 || n < out {
			out = n
		}
	}
	return max(out, 0)
}
