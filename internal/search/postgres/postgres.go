// Package postgres is the default search backend: full-text search inside
// CoDNA's own database (docs/design.md#search). Entries live in
// search_entries (migrations 000012, 000013, 000021) with a weighted tsvector
// (title A, tags B, path and slug C, body D) under GIN and the readers of
// each entry under GIN; misspelled titles are found through the distinct
// title words (search_title_words, pg_trgm). Totals and facets count at most
// CountMax readable matches, in the same statement as the page.
package postgres

import (
	"cmp"
	"context"
	"math"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/db"
	"codna/internal/search"
)

// Name is the backend's name (search.Backend.Name, `codna reindex --backend`).
const Name = "postgres"

// Backend is the postgres search backend.
type Backend struct {
	pool *pgxpool.Pool
	// SparseMax is the most level sources an actor may have and be searched
	// as one who reads few entries (SparseMax, the constant, unless a test
	// sets it to choose the way).
	SparseMax int
	// MidMax is the most entries a search's words may be estimated to
	// match to be searched through every match at once (MidMax, the
	// constant, unless a test sets it to choose the way).
	MidMax int
	// NewestCountedMin is the fewest entries a search's words must be
	// estimated to match for SearchEntryFindCommon to count the newest
	// readable matches rather than the first the words' index finds
	// (NewestCountedMin, the constant, unless a test sets it to choose the
	// way).
	NewestCountedMin int
	// BroadShare is the least share of the entries an actor's level sources
	// must reach for their searches of common words to walk the recency
	// index (SearchEntryFindCommon, SearchEntryFind); one with fewer, but
	// more than SparseMax, has them found as one who reads few entries does
	// (BroadShare, the constant, unless a test sets it to choose the way;
	// above 1, no actor reads a broad share).
	BroadShare float64
	// Planned makes every search of words estimated above MidMax run
	// SearchEntryFind, planned for its values, as filtered and multi-word
	// ones do (false, unless a test sets it to choose the way).
	Planned bool
	// RecentMin is the fewest matches a word must be estimated to have
	// among the recent entries for its search to go through them
	// (SearchEntryFindRecent; RecentMin, the constant, unless a test sets
	// it to choose the way).
	RecentMin float64
	// RecentMax is the most matches a word may be estimated to have among
	// the recent entries for its search to go through them (RecentMax, the
	// constant, unless a test sets it).
	RecentMax float64
	// RecentKeep is how many of the newest entries' words search_recent
	// keeps (RecentKeep, the constant, unless a test sets it).
	RecentKeep int

	words wordCache // the words' statistics, for MidMax's estimate
	mu    sync.Mutex
	ways  map[uuid.UUID]way // by actor: which way their searches go, for wayTTL
	// unrecent is how many entries this process wrote since it last
	// trimmed search_recent.
	unrecent int
}

// way is whether an actor reads few entries, and whether they read a
// broad share of them, as counted at a time.
type way struct {
	sparse bool
	broad  bool
	at     time.Time
}

// wayTTL is how long an actor's way is reused before it is counted again,
// and wayMax how many actors' ways are kept (all are forgotten when more
// search). The way only chooses a plan: a stale one costs time, never a
// wrong answer.
const (
	wayTTL = time.Minute
	wayMax = 10_000
)

// New returns the postgres backend over pool (the database CoDNA runs on).
func New(pool *pgxpool.Pool) *Backend {
	return &Backend{
		pool: pool, SparseMax: SparseMax, MidMax: MidMax, NewestCountedMin: NewestCountedMin, BroadShare: BroadShare,
		RecentMin: RecentMin, RecentMax: RecentMax, RecentKeep: RecentKeep, ways: map[uuid.UUID]way{},
	}
}

// way says how the searcher's searches go: whether they read few entries
// (at most SparseMax level sources) and whether they read a broad share of
// them (at least BroadShare of the entries ANALYZE last counted), their
// level sources counted (SearchEntryCountSources, as far as the larger of
// the two bounds) at most once per wayTTL.
func (b *Backend) way(ctx context.Context, s search.Searcher) (way, error) {
	now := time.Now()
	b.mu.Lock()
	w, ok := b.ways[s.UserID]
	b.mu.Unlock()
	if ok && now.Sub(w.at) < wayTTL {
		return w, nil
	}
	stats, err := b.words.get(ctx, b.pool)
	if err != nil {
		return way{}, err
	}
	broadMin := int64(math.Ceil(min(b.BroadShare, 1) * stats.total))
	n, err := db.Q.SearchEntryCountSources(ctx, b.pool, db.SearchEntryCountSourcesParams{
		ActorID: s.UserID, ActorIsPerson: s.IsPerson, RowLimit: int32(min(max(int64(b.SparseMax), broadMin)+1, math.MaxInt32)),
	})
	if err != nil {
		return way{}, err
	}
	w = way{sparse: n <= int64(b.SparseMax), broad: b.BroadShare <= 1 && n >= broadMin, at: now}
	b.mu.Lock()
	if len(b.ways) >= wayMax {
		clear(b.ways)
	}
	b.ways[s.UserID] = w
	b.mu.Unlock()
	return w, nil
}

var _ search.Backend = (*Backend)(nil)

// Name implements search.Backend.
func (b *Backend) Name() string { return Name }

// Apply implements search.Backend: in the indexer's transaction, removes
// first, then one upsert statement for every entry (SearchEntryUpsert,
// which writes an entry only while its document is live at that version
// and the stored entry is not newer, and a recent entry's words into
// search_recent), and every RecentKeep/4 entries this process wrote, the
// trim of search_recent (SearchRecentTrim).
func (b *Backend) Apply(ctx context.Context, tx db.DBTX, upserts []search.Entry, removes []uuid.UUID) error {
	if len(removes) > 0 {
		if err := db.Q.SearchEntryDelete(ctx, tx, removes); err != nil {
			return err
		}
	}
	if len(upserts) == 0 {
		return nil
	}
	if err := db.Q.SearchEntryUpsert(ctx, tx, upsertParams(upserts)); err != nil {
		return err
	}
	return b.trimRecent(ctx, tx, len(upserts))
}

func upsertParams(es []search.Entry) db.SearchEntryUpsertParams {
	n := len(es)
	p := db.SearchEntryUpsertParams{
		DocumentIds: make([]uuid.UUID, n), Versions: make([]int32, n), AccessSeqs: make([]int64, n),
		Spaces: make([]string, n), Paths: make([]string, n), Slugs: make([]string, n), Titles: make([]string, n),
		TagLists: make([]string, n), Statuses: make([]string, n), OwnerIds: make([]uuid.UUID, n),
		UpdatedAts: make([]time.Time, n), Bodies: make([]string, n), BodyIndexes: make([]string, n),
		TitleIndexes: make([]string, n), TagsIndexes: make([]string, n), PathIndexes: make([]string, n),
	}
	for i := range es {
		e := &es[i]
		p.DocumentIds[i], p.Versions[i], p.AccessSeqs[i] = e.ID, int32(e.Version), e.AccessSeq
		p.Spaces[i], p.Paths[i], p.Slugs[i], p.Titles[i] = e.Space, e.Path, e.Slug, e.Title
		p.TagLists[i], p.Statuses[i], p.OwnerIds[i], p.UpdatedAts[i] = strings.Join(e.Tags, " "), e.Status, e.OwnerID, e.UpdatedAt
		p.Bodies[i] = e.Body
		if s := search.SplitCJK(e.Body); s != e.Body {
			p.BodyIndexes[i] = s
		}
		p.TitleIndexes[i] = search.SplitCJK(e.Title)
		// Tags and paths are words joined by '/', '-', '_' or '.':
		// Postgres's parser reads "ops/runbook" as one file name, so the
		// separators become spaces (hyphenated words stay, as hword parts).
		p.TagsIndexes[i] = strings.Join(e.Tags, " ") + " " + words(strings.Join(e.Tags, " "))
		p.PathIndexes[i] = search.SplitCJK(words(e.Path) + " " + e.Slug + " " + words(e.Slug))
	}
	return p
}

// words replaces the separators of tags and paths with spaces.
func words(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case '/', '-', '_', '.':
			return ' '
		}
		return r
	}, s)
}

// terms is a parsed query as SearchEntryFind's arrays: each term's words
// joined by spaces (CJK characters split), its group (1…; 0 for an
// excluded term) and whether it is a prefix.
type terms struct {
	text   []string
	groups []int32
	prefix []bool
}

func (t *terms) add(term search.Term, group int32) {
	t.text = append(t.text, search.SplitCJK(strings.Join(term.Words, " ")))
	t.groups = append(t.groups, group)
	t.prefix = append(t.prefix, term.Prefix)
}

func queryTerms(p search.Parsed) (all, any terms) {
	for gi, g := range p.All {
		for _, t := range g {
			all.add(t, int32(gi+1))
			any.add(t, 1)
		}
	}
	for _, t := range p.Not {
		all.add(t, 0)
	}
	return all, any
}

// typoText is what a query's titles are compared with for typo tolerance:
// its words, when every term is one word of letters without CJK and nothing
// is excluded, and they are at least 4 characters long; else nil (no typo
// matching: phrases and exclusions mean exactly what they say).
func typoText(p search.Parsed) *string {
	if len(p.Not) > 0 {
		return nil
	}
	var ws []string
	for _, t := range p.Positive() {
		if t.Phrase() || strings.IndexFunc(t.Words[0], search.IsCJK) >= 0 {
			return nil
		}
		ws = append(ws, t.Words[0])
	}
	s := strings.Join(ws, " ")
	if utf8.RuneCountInString(s) < 4 {
		return nil
	}
	return &s
}

// CountMax is how many readable matches a search counts for its total and
// facets: the first CountMax an index finds (more when a deep page needs
// them). When there are more, the total is that many and flagged
// approximate (search.Result.Approximate), and the facets count those.
// Counting every match of a common word costs a read of each (a few
// microseconds apiece, tens of thousands of them); a page costs the page.
const CountMax = 100

// TypoBelow is how few matches the words of a search must find for titles
// resembling them (misspelled, pg_trgm) to be looked for as well: a search
// whose words find this many or more shows what they find, and its cost stays
// that of one statement.
const TypoBelow = 5

// SparseMax is the most level sources (owned documents and grants reaching
// the actor, document_level_sources) with which an actor counts as reading
// few entries: their searches find candidates through the readers' index and
// check the words on each, instead of the other way round.
const SparseMax = 2000

// BroadShare is the least share of the entries an actor must read (counted
// as level sources) for a search of common words to walk the recency index
// newest first (SearchEntryFindCommon): the walk reads about
// CountMax / (the actor's share × the word's) entries, which for one who
// reads a few percent of them is tens of thousands (17–200 ms on 100,000
// entries for 3 %), where the actor's own entries through the readers'
// index (SearchEntryFindFew, 1.4–3.6 ms there) are few. For one who reads
// half, the walk is the cheaper (2.8–5.9 ms against 9–19; bench/RESULTS.md,
// "Common words for one who reads a few percent").
const BroadShare = 0.25

// Search implements search.Backend: one statement for the page, the facets
// and the count, filtering on the entries' readers the way round that suits
// the actor (sparse: one statement counting their level sources, once a
// minute) and how many entries its words match (estimated from the words'
// statistics, MidMax): for an actor who reads many entries, when the words
// are common, SearchEntryFindCommon for one word without filters, else
// SearchEntryFind, and SearchEntryFindMid when they match few;
// SearchEntryFindFew for one who reads few (SearchEntryList and
// SearchEntryListFew for a query without terms); when the words find fewer
// than TypoBelow, one more for misspelled titles (SearchEntryFindTypo), which
// follow every match.
// SearchEntryFind and SearchEntryList run as unnamed prepared statements
// (customPlans), planned for their own words, readers and filters (the best
// plan depends on how common they are); SearchEntryFindFew,
// SearchEntryFindMid, SearchEntryFindCommon, SearchEntryListFew and
// SearchEntryFindTypo, whose plan is the same whatever the values, run as
// generic plans (genericPlans), planned once per connection.
func (b *Backend) Search(ctx context.Context, q search.Query) (search.Result, error) {
	f := q.Filter
	spaces, statuses := nonNil(f.Spaces), nonNil(f.Statuses)
	tags := nonNil(f.Tags)
	readers := q.Searcher.Principals
	if readers == nil {
		readers = []uuid.UUID{}
	}
	w, err := b.way(ctx, q.Searcher)
	if err != nil {
		return search.Result{}, err
	}
	countMax := max(CountMax, q.After.Hits+q.First+1)
	var rows []row
	if q.Text.Empty() {
		rows, err = b.list(ctx, db.SearchEntryListParams{
			Spaces: spaces, PathPrefix: f.PathPrefix, Tags: tags, OwnerID: f.OwnerID, UpdatedAfter: f.UpdatedAfter,
			UpdatedBefore: f.UpdatedBefore, Statuses: statuses, Readers: readers,
			RowOffset: int32(q.After.Hits), RowLimit: int32(q.First + 1), CountMax: int32(countMax),
		}, w.sparse)
		if err != nil {
			return search.Result{}, err
		}
	} else {
		all, any := queryTerms(q.Text)
		p := db.SearchEntryFindParams{
			AnyTerms: any.text, AnyGroups: any.groups, AnyPrefixes: any.prefix,
			Terms: all.text, Groups: all.groups, Prefixes: all.prefix,
			Spaces: spaces, PathPrefix: f.PathPrefix, Tags: tags, OwnerID: f.OwnerID, UpdatedAfter: f.UpdatedAfter,
			UpdatedBefore: f.UpdatedBefore, Statuses: statuses, Readers: readers,
			RowEnd: int32(q.After.Hits + q.First + 1), RowOffset: int32(q.After.Hits), RowLimit: int32(q.First + 1),
			CountMax: int32(countMax),
		}
		rs, err := b.find(ctx, p, w)
		if err != nil {
			return search.Result{}, err
		}
		rows = rs
		// Misspelled titles are looked for when the words themselves find
		// fewer than TypoBelow matches: they come after every match,
		// whatever the page size.
		if typo := typoText(q.Text); typo != nil && total(rs) < TypoBelow {
			err := genericPlans(ctx, b.pool, func(tx db.DBTX) error {
				ts, err := db.Q.SearchEntryFindTypo(ctx, rawRows{tx}, typoParams(p, *typo, rs, q))
				for _, r := range ts {
					rows = append(rows, row(r))
				}
				return err
			})
			if err != nil {
				return search.Result{}, err
			}
		}
	}
	return result(rows, q, countMax), nil
}

// typoParams is SearchEntryFindTypo's arguments for a search whose words
// found fewer than TypoBelow matches (so every one was counted, and those
// from the page's offset on are among its rows, exact): the misspelled
// titles continue the list where the exact matches end.
func typoParams(p db.SearchEntryFindParams, typo string, exactRows []row, q search.Query) db.SearchEntryFindTypoParams {
	exact, onPage := total(exactRows), 0
	for _, r := range exactRows {
		if r.Kind == "hit" {
			onPage++
		}
	}
	return db.SearchEntryFindTypoParams{
		Typo: typo, Terms: p.Terms, Groups: p.Groups, Prefixes: p.Prefixes,
		Spaces: p.Spaces, PathPrefix: p.PathPrefix, Tags: p.Tags, OwnerID: p.OwnerID, UpdatedAfter: p.UpdatedAfter,
		UpdatedBefore: p.UpdatedBefore, Statuses: p.Statuses, Readers: p.Readers,
		CountMax: p.CountMax, RowOffset: int32(max(0, q.After.Hits-exact)), RowLimit: int32(q.First + 1 - onPage),
	}
}

// find runs the search's statement for its way: for an actor who reads
// few entries SearchEntryFindFew; for one who reads a broad share, a word
// without filters whose matches among the recent entries are estimated
// within RecentMin–RecentMax (recentWay), SearchEntryFindRecent; for one
// who reads many,
// SearchEntryFindMid when the words are estimated to match at most MidMax
// entries (from the words' statistics), else, for one who reads a broad
// share of them, findCommon's, and for one who does not,
// SearchEntryFindFew (their own entries are fewer than a walk would read).
// SearchEntryFindFew and SearchEntryFindMid (the same arguments and rows)
// run as generic plans.
func (b *Backend) find(ctx context.Context, p db.SearchEntryFindParams, w way) ([]row, error) {
	few := w.sparse
	if !w.sparse {
		n, recent, err := b.estimate(ctx, p)
		if err != nil {
			return nil, err
		}
		if b.recentWay(p, w, recent) {
			return b.findRecent(ctx, p)
		}
		if n > float64(b.MidMax) {
			if w.broad {
				return b.findCommon(ctx, p, n)
			}
			few = true
		}
	}
	fp := db.SearchEntryFindFewParams{
		Terms: p.Terms, Groups: p.Groups, Prefixes: p.Prefixes,
		AnyTerms: p.AnyTerms, AnyGroups: p.AnyGroups, AnyPrefixes: p.AnyPrefixes,
		Readers: p.Readers, Spaces: p.Spaces, PathPrefix: p.PathPrefix, Tags: p.Tags, OwnerID: p.OwnerID,
		UpdatedAfter: p.UpdatedAfter, UpdatedBefore: p.UpdatedBefore, Statuses: p.Statuses,
		RowOffset: p.RowOffset, RowLimit: p.RowLimit, CountMax: p.CountMax,
	}
	var rows []row
	err := genericPlans(ctx, b.pool, func(tx db.DBTX) error {
		if few {
			rs, err := db.Q.SearchEntryFindFew(ctx, rawRows{tx}, fp)
			for _, r := range rs {
				rows = append(rows, row(r))
			}
			return err
		}
		rs, err := db.Q.SearchEntryFindMid(ctx, rawRows{tx}, db.SearchEntryFindMidParams(fp))
		for _, r := range rs {
			rows = append(rows, row(r))
		}
		return err
	})
	return rows, err
}

// list runs the listing's statement for its way: SearchEntryList planned
// for its values, or SearchEntryListFew (the same arguments and rows) as a
// generic plan.
func (b *Backend) list(ctx context.Context, p db.SearchEntryListParams, sparse bool) ([]row, error) {
	var rows []row
	if !sparse {
		rs, err := db.Q.SearchEntryList(ctx, customPlans{rawRows{b.pool}}, p)
		for _, r := range rs {
			rows = append(rows, row(r))
		}
		return rows, err
	}
	err := genericPlans(ctx, b.pool, func(tx db.DBTX) error {
		rs, err := db.Q.SearchEntryListFew(ctx, rawRows{tx}, listFew(p))
		for _, r := range rs {
			rows = append(rows, row(r))
		}
		return err
	})
	return rows, err
}

// listFew is SearchEntryListFew's arguments for SearchEntryList's (the
// same, in another order).
func listFew(p db.SearchEntryListParams) db.SearchEntryListFewParams {
	return db.SearchEntryListFewParams{
		Readers: p.Readers, Spaces: p.Spaces, PathPrefix: p.PathPrefix, Tags: p.Tags, OwnerID: p.OwnerID,
		UpdatedAfter: p.UpdatedAfter, UpdatedBefore: p.UpdatedBefore, Statuses: p.Statuses,
		RowOffset: p.RowOffset, RowLimit: p.RowLimit, CountMax: p.CountMax,
	}
}

// total is how many matches a statement counted (its counted rows).
func total(rows []row) int {
	n := 0
	for _, r := range rows {
		if r.Kind == "counted" {
			n++
		}
	}
	return n
}

// row is a SearchEntryFind, SearchEntryFindTypo or SearchEntryList row
// (the same columns).
type row = db.SearchEntryFindRow

// result is a search's page from its statements' rows: the hits, best
// first, highlighted; the counted matches' number (approximate when it
// reaches countMax) and, when asked, their facets.
func result(rows []row, q search.Query, countMax int) search.Result {
	var out search.Result
	var hits []*row
	spaces, tags := map[string]int{}, map[string]int{}
	for i := range rows {
		r := &rows[i]
		switch r.Kind {
		case "hit":
			hits = append(hits, r)
		case "counted":
			out.Total++
			if q.Facets {
				spaces[r.Value]++
				for _, t := range r.Tags {
					tags[t]++
				}
			}
		}
	}
	out.Approximate = out.Total >= countMax
	out.Facets.Spaces, out.Facets.Tags = search.FacetCounts(spaces, 0), search.FacetCounts(tags, search.MaxTagFacets)
	slices.SortFunc(hits, func(a, b *row) int {
		if c := cmp.Compare(b.Score, a.Score); c != 0 {
			return c
		}
		if c := b.UpdatedAt.Compare(a.UpdatedAt); c != 0 {
			return c
		}
		return slices.Compare(b.DocumentID[:], a.DocumentID[:])
	})
	if len(hits) > q.First {
		hits = hits[:q.First]
		out.Next = &search.Position{Hits: q.After.Hits + q.First}
	}
	hl := search.NewHighlighter(q.Text)
	for _, r := range hits {
		out.Hits = append(out.Hits, search.Hit{
			ID: r.DocumentID, Score: r.Score, Title: hl.Title(r.Value), Snippet: hl.Snippet(r.Body),
		})
	}
	return out
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// RebuildWriters is how many batches a rebuild writes at once.
const RebuildWriters = 2

// Rebuild implements search.Backend: every batch of src goes into
// search_entries_build (no search indexes yet, so a batch costs little more
// than its rows), which search_entries_build_swap then indexes and makes
// search_entries in a short transaction, search_recent filled again from it
// (SearchRecentRefill) in the same; searches answer from the old table
// until then. Entries the indexer writes meanwhile go to the old table: the
// caller's catch-up indexes those documents again after the swap.
func (b *Backend) Rebuild(ctx context.Context, src search.Source, progress func(search.Progress)) error {
	total, err := src.Count(ctx)
	if err != nil {
		return err
	}
	if err := db.Q.SearchEntriesBuildBegin(ctx, b.pool); err != nil {
		return err
	}
	// RebuildWriters batches are written at once, while the source reads
	// and converts the next ones.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	work := make(chan []search.Entry)
	var (
		mu       sync.Mutex
		done     int
		firstErr error
		wg       sync.WaitGroup
	)
	for range RebuildWriters {
		wg.Go(func() {
			for batch := range work {
				_, err := db.Q.SearchEntriesBuildInsert(ctx, b.pool, db.SearchEntriesBuildInsertParams(upsertParams(batch)))
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
					cancel()
				}
				done += len(batch)
				if err == nil && progress != nil {
					progress(search.Progress{Done: done, Total: max(total, done)})
				}
				mu.Unlock()
			}
		})
	}
	err = src.Each(ctx, func(batch []search.Entry) error {
		select {
		case work <- batch:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	})
	close(work)
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	if err != nil {
		return err
	}
	// The recent entries' words are filled again from the new table in the
	// swap's transaction, under its lock (migration 000048's invariant).
	return db.InTx(ctx, b.pool, func(tx db.DBTX) error {
		if err := db.Q.SearchEntriesBuildSwap(ctx, tx); err != nil {
			return err
		}
		return db.Q.SearchRecentRefill(ctx, tx)
	})
}
