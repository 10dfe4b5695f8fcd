package typesense

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/typesense/typesense-go/v2/typesense/api"

	"codna/internal/search"
)

// candidate is one engine result, before the permission re-check.
type candidate struct {
	id      uuid.UUID
	score   uint64
	updated int64
	title   string
	space   string
	tags    []string
	branch  int
}

// stream gives a query's engine results in order: one search's pages, or
// several searches' (the branches of an `or`) merged by score, then
// recency, each document once. Its position counts the results given out;
// Position.Engine is such a position, so a later page resumes by skipping
// to it.
type stream struct {
	b        *Backend
	searches []api.MultiSearchCollectionParameters
	bufs     [][]candidate
	offsets  []int // per search: engine offset of its next page
	found    []int // per search: its total, -1 before its first page
	seen     map[uuid.UUID]bool
	pos      int
}

func newStream(b *Backend, searches []api.MultiSearchCollectionParameters) *stream {
	s := &stream{b: b, searches: searches, bufs: make([][]candidate, len(searches)),
		offsets: make([]int, len(searches)), found: make([]int, len(searches)), seen: map[uuid.UUID]bool{}}
	for i := range s.found {
		s.found[i] = -1
	}
	return s
}

func (s *stream) done(i int) bool { return s.found[i] >= 0 && s.offsets[i] >= s.found[i] }

// exhausted reports whether every result has been given out.
func (s *stream) exhausted() bool {
	for i := range s.searches {
		if len(s.bufs[i]) > 0 || !s.done(i) {
			return false
		}
	}
	return true
}

// fill fetches the next page of every search whose buffer is empty, in
// one request.
func (s *stream) fill(ctx context.Context) error {
	var which []int
	var reqs []api.MultiSearchCollectionParameters
	for i := range s.searches {
		if len(s.bufs[i]) == 0 && !s.done(i) {
			p := s.searches[i]
			p.Offset, p.Limit = ptr(s.offsets[i]), ptr(pageSize)
			which = append(which, i)
			reqs = append(reqs, p)
		}
	}
	if len(reqs) == 0 {
		return nil
	}
	results, err := s.b.multiSearch(ctx, "search", reqs)
	if err != nil {
		return err
	}
	for k, i := range which {
		r := results[k]
		s.found[i] = r.Found
		s.offsets[i] += len(r.Hits)
		if len(r.Hits) == 0 {
			s.offsets[i] = max(s.offsets[i], r.Found) // an empty page ends the search
		}
		for _, h := range r.Hits {
			id, err := uuid.Parse(h.Document.ID)
			if err != nil {
				continue
			}
			s.bufs[i] = append(s.bufs[i], candidate{id: id, score: h.TextMatch, updated: h.Document.UpdatedAt,
				title: h.Document.Title, space: h.Document.Space, tags: h.Document.Tags, branch: i})
		}
	}
	return nil
}

// next returns the next result; false when there is none.
func (s *stream) next(ctx context.Context) (candidate, bool, error) {
	for {
		if err := s.fill(ctx); err != nil {
			return candidate{}, false, err
		}
		best := -1
		for i := range s.bufs {
			if len(s.bufs[i]) == 0 {
				continue
			}
			if best < 0 || before(s.bufs[i][0], s.bufs[best][0]) {
				best = i
			}
		}
		if best < 0 {
			return candidate{}, false, nil
		}
		c := s.bufs[best][0]
		s.bufs[best] = s.bufs[best][1:]
		if s.seen[c.id] {
			continue
		}
		s.seen[c.id] = true
		s.pos++
		return c, true, nil
	}
}

// before orders merged results: higher score, then newer.
func before(a, b candidate) bool {
	if a.score != b.score {
		return a.score > b.score
	}
	return a.updated > b.updated
}

// skipTo moves the stream to position target without reading what lies
// between (one search jumps by offset; merged searches must read through).
func (s *stream) skipTo(ctx context.Context, target int) error {
	if len(s.searches) == 1 {
		if target > s.pos {
			s.offsets[0] += target - s.pos - len(s.bufs[0])
			s.bufs[0] = nil
			s.pos = target
		}
		return nil
	}
	for s.pos < target {
		if _, ok, err := s.next(ctx); err != nil || !ok {
			return err
		}
	}
	return nil
}

// Search answers one page of q. It asks Typesense for candidates passing
// the searcher's acl strings and q's filter, in ranking order, and passes
// every candidate it uses through q.Readable: the candidates of the page
// (from q.After.Engine on, past the q.After.Skip first readable ones, until
// q.First readable ones and one more are found) and, for Total and Facets, the first candidates up to the
// candidate cap; when more candidates than the cap matched, Approximate is
// set. Errors are *Error (UNAVAILABLE when Typesense cannot be reached) or
// q.Readable's.
func (b *Backend) Search(ctx context.Context, q search.Query) (search.Result, error) {
	if err := b.ensure(ctx); err != nil {
		return search.Result{}, err
	}
	if q.Readable == nil {
		return search.Result{}, fmt.Errorf("typesense: a search without a permission re-check")
	}
	base, err := baseFilter(&q)
	if err != nil {
		return search.Result{}, err
	}
	branches := translate(q.Text)
	listing := len(branches) == 0
	if listing {
		branches = []branch{{q: "*"}}
	}
	searches := make([]api.MultiSearchCollectionParameters, len(branches))
	for i, br := range branches {
		searches[i] = b.params(br, base, listing)
	}
	first := min(max(q.First, 1), search.MaxFirst)
	start := max(q.After.Engine, 0)
	st := newStream(b, searches)

	var (
		hits     []candidate
		hitAt    []int   // stream position of each hit
		lastSeen = start // position after the last window candidate looked at
		scanned  int     // window candidates looked at
		inCap    int     // readable candidates below the cap
		spaces   = map[string]int{}
		tags     = map[string]int{}
		beyond   bool // a candidate at or past the cap exists
		skipped  int  // readable window candidates skipped (q.After.Skip)
	)
	for {
		totalsDone := st.pos >= b.candidateCap || st.exhausted()
		windowDone := len(hits) > first || scanned >= maxWindowScan || st.exhausted()
		if totalsDone && windowDone {
			break
		}
		if totalsDone && st.pos < start {
			if err := st.skipTo(ctx, start); err != nil {
				return search.Result{}, err
			}
			continue
		}
		var page []candidate
		var at []int
		for len(page) < pageSize {
			c, ok, err := st.next(ctx)
			if err != nil {
				return search.Result{}, err
			}
			if !ok {
				break
			}
			page, at = append(page, c), append(at, st.pos-1)
		}
		if len(page) == 0 {
			break
		}
		var ids []uuid.UUID
		for k, c := range page {
			if at[k] >= b.candidateCap {
				beyond = true
			}
			if at[k] < b.candidateCap || at[k] >= start {
				ids = append(ids, c.id)
			}
		}
		readable, err := q.Readable(ctx, ids)
		if err != nil {
			return search.Result{}, err
		}
		for k, c := range page {
			inWindow := at[k] >= start && len(hits) <= first && scanned < maxWindowScan
			if inWindow {
				scanned++
				lastSeen = at[k] + 1
			}
			if !readable[c.id] {
				continue
			}
			if at[k] < b.candidateCap {
				inCap++
				spaces[c.space]++
				for _, t := range c.tags {
					tags[t]++
				}
			}
			if inWindow && skipped < q.After.Skip {
				skipped++ // shown before the cursor, on this position's page
			} else if inWindow {
				hits, hitAt = append(hits, c), append(hitAt, at[k])
			}
		}
	}

	res := search.Result{Approximate: beyond || (st.pos >= b.candidateCap && !st.exhausted())}
	n := min(len(hits), first, search.MaxOffset-q.After.Hits)
	n = max(n, 0)
	more := len(hits) > n || (len(hits) <= first && scanned >= maxWindowScan && !st.exhausted())
	if more && q.After.Hits+n < search.MaxOffset {
		engine := lastSeen
		if len(hits) > n && n > 0 {
			engine = hitAt[n-1] + 1
		}
		res.Next = &search.Position{Hits: q.After.Hits + n, Engine: engine}
	}
	res.Hits = make([]search.Hit, n)
	for i, c := range hits[:n] {
		res.Hits[i] = search.Hit{ID: c.id, Title: search.Highlighted{Text: c.title}}
		if !listing {
			res.Hits[i].Score = float64(c.score)
		}
	}
	if !listing && n > 0 {
		if err := b.highlight(ctx, searches, hits[:n], res.Hits); err != nil {
			return search.Result{}, err
		}
	}
	res.Total = max(inCap, q.After.Hits+n)
	if res.Next != nil {
		res.Total = max(res.Total, q.After.Hits+n+1)
	}
	if q.Facets {
		res.Facets = search.Facets{Spaces: search.FacetCounts(spaces, 0), Tags: search.FacetCounts(tags, search.MaxTagFacets)}
	}
	return res, nil
}

// params is the search a branch asks, on top of the base filter.
func (b *Backend) params(br branch, base string, listing bool) api.MultiSearchCollectionParameters {
	filter := base
	if len(br.filter) > 0 {
		filter = base + " && " + strings.Join(br.filter, " && ")
	}
	p := api.MultiSearchCollectionParameters{
		Collection:      b.alias,
		Q:               ptr(br.q),
		FilterBy:        ptr(filter),
		IncludeFields:   ptr("id," + fieldTitle + "," + fieldSpace + "," + fieldTags + "," + fieldUpdatedAt),
		HighlightFields: ptr("none"),
	}
	if listing || br.q == "*" {
		p.SortBy = ptr(sortRecency)
		return p
	}
	prefix := "false"
	if br.prefix {
		prefix = "true"
	}
	p.QueryBy = ptr(queryBy)
	p.QueryByWeights = ptr(queryByWeights)
	p.NumTypos = ptr(numTypos)
	p.Prefix = ptr(prefix)
	p.DropTokensThreshold = ptr(0) // every word must match
	p.TypoTokensThreshold = ptr(1)
	p.TextMatchType = ptr(textMatchType)
	p.SortBy = ptr(sortRelevance)
	return p
}

// highlight asks Typesense for the marked title and body snippet of the
// page's hits (one search per branch that found some, restricted to their
// ids) and fills them in; a hit Typesense no longer matches keeps its
// plain title and no snippet.
func (b *Backend) highlight(ctx context.Context, searches []api.MultiSearchCollectionParameters, hits []candidate, out []search.Hit) error {
	byBranch := map[int][]uuid.UUID{}
	var order []int
	for _, h := range hits {
		if _, ok := byBranch[h.branch]; !ok {
			order = append(order, h.branch)
		}
		byBranch[h.branch] = append(byBranch[h.branch], h.id)
	}
	reqs := make([]api.MultiSearchCollectionParameters, 0, len(order))
	for _, i := range order {
		p := searches[i]
		ids := byBranch[i]
		p.FilterBy = ptr(*p.FilterBy + " && " + idList(ids))
		p.IncludeFields = ptr("id")
		p.HighlightFields = ptr(fieldTitle + "," + fieldBody)
		p.HighlightFullFields = ptr(fieldTitle)
		p.HighlightStartTag = ptr(markStart)
		p.HighlightEndTag = ptr(markEnd)
		p.HighlightAffixNumTokens = ptr(12)
		p.Limit = ptr(len(ids))
		reqs = append(reqs, p)
	}
	results, err := b.multiSearch(ctx, "highlight", reqs)
	if err != nil {
		return err
	}
	at := map[uuid.UUID]int{}
	for i, h := range out {
		at[h.ID] = i
	}
	for _, r := range results {
		for _, h := range r.Hits {
			id, err := uuid.Parse(h.Document.ID)
			if err != nil {
				continue
			}
			i, ok := at[id]
			if !ok {
				continue
			}
			if t, ok := marked(h.Highlight[fieldTitle], true); ok {
				out[i].Title = t
			}
			if s, ok := marked(h.Highlight[fieldBody], false); ok {
				out[i].Snippet = s
			}
		}
	}
	return nil
}

// marked reads one field of Typesense's highlight object: the full value
// (a highlight_full_fields field) or the snippet, turned into text and
// ranges.
func marked(raw json.RawMessage, full bool) (search.Highlighted, bool) {
	if len(raw) == 0 {
		return search.Highlighted{}, false
	}
	var f struct {
		Snippet *string `json:"snippet"`
		Value   *string `json:"value"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		return search.Highlighted{}, false
	}
	s := f.Snippet
	if full && f.Value != nil {
		s = f.Value
	}
	if s == nil {
		return search.Highlighted{}, false
	}
	return ranges(*s), true
}
