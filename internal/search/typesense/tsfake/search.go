package tsfake

import (
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
)

// query is a parsed q: words to match (the last may be a prefix), phrases,
// excluded words and excluded phrases, each already normalized.
type query struct {
	wildcard bool
	words    []string
	phrases  [][]string
	exclude  []string
	exPhrase [][]string
}

// parseQuery reads q the way Typesense does: white-space separated words,
// "double-quoted phrases", and a leading - excluding a word or phrase.
func parseQuery(q string, tok tokenizer) query {
	if strings.TrimSpace(q) == "*" {
		return query{wildcard: true}
	}
	var out query
	fields := strings.Fields(q)
	for i := 0; i < len(fields); i++ {
		w := fields[i]
		neg := false
		if strings.HasPrefix(w, "-") && len(w) > 1 {
			neg, w = true, w[1:]
		}
		if strings.HasPrefix(w, `"`) {
			parts := []string{strings.TrimPrefix(w, `"`)}
			for !strings.HasSuffix(parts[len(parts)-1], `"`) && i+1 < len(fields) {
				i++
				parts = append(parts, fields[i])
			}
			text := strings.TrimSuffix(strings.Join(parts, " "), `"`)
			toks := tok.tokens(text)
			if len(toks) == 0 {
				continue
			}
			if neg {
				out.exPhrase = append(out.exPhrase, toks)
			} else {
				out.phrases = append(out.phrases, toks)
			}
			continue
		}
		toks := tok.tokens(w)
		if neg {
			out.exclude = append(out.exclude, toks...)
		} else {
			out.words = append(out.words, toks...)
		}
	}
	return out
}

type searchParams struct {
	q                query
	rawQ             string
	queryBy          []string
	weights          []int
	numTypos         []int
	prefix           []bool
	dropThreshold    int
	typoThreshold    int
	matchType        string
	filter           *filterNode
	sortBy           []sortKey
	page, perPage    int
	offset           int // -1: from page
	include          []string
	exclude          []string
	hlFields         []string
	hlFull           []string
	startTag         string
	endTag           string
	affix            int
	snippetMin       int
	facetBy          []string
	maxFacetValues   int
	minLen1, minLen2 int
}

type sortKey struct {
	field string
	desc  bool
}

type badRequest struct {
	status int
	msg    string
}

func (e badRequest) Error() string { return e.msg }

func intParam(q url.Values, name string, def int) (int, error) {
	v := q.Get(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, badRequest{400, fmt.Sprintf("Parameter `%s` must be an unsigned integer.", name)}
	}
	return n, nil
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func (c *collection) parseSearch(q url.Values) (searchParams, error) {
	var p searchParams
	var err error
	if !q.Has("q") {
		return p, badRequest{400, "Parameter `q` is required."}
	}
	p.rawQ = q.Get("q")
	p.q = parseQuery(p.rawQ, c.tok)
	p.queryBy = splitList(q.Get("query_by"))
	if len(p.queryBy) == 0 && !p.q.wildcard {
		return p, badRequest{400, "No search fields specified for the query."}
	}
	for _, f := range p.queryBy {
		fd, ok := c.fields[f]
		if !ok {
			return p, badRequest{404, fmt.Sprintf("Could not find a field named `%s` in the schema.", f)}
		}
		if !isString(fd.Type) {
			return p, badRequest{400, fmt.Sprintf("Field `%s` should be a string or a string array.", f)}
		}
	}
	if ws := splitList(q.Get("query_by_weights")); len(ws) > 0 {
		if len(ws) != len(p.queryBy) {
			return p, badRequest{400, "Number of weights in `query_by_weights` does not match number of `query_by` fields."}
		}
		for _, w := range ws {
			n, err := strconv.Atoi(w)
			if err != nil || n < 0 || n > 127 {
				return p, badRequest{400, "Parameter `query_by_weights` is malformed."}
			}
			p.weights = append(p.weights, n)
		}
	} else {
		for i := range p.queryBy {
			p.weights = append(p.weights, 15-min(i, 14))
		}
	}
	perField := func(name, def string) ([]string, error) {
		vals := splitList(q.Get(name))
		if len(vals) == 0 {
			vals = []string{def}
		}
		if len(vals) == 1 {
			for len(vals) < len(p.queryBy) {
				vals = append(vals, vals[0])
			}
		}
		if len(vals) < len(p.queryBy) {
			return nil, badRequest{400, fmt.Sprintf("Number of values in `%s` does not match number of `query_by` fields.", name)}
		}
		return vals, nil
	}
	typoVals, err := perField("num_typos", "2")
	if err != nil {
		return p, err
	}
	for _, v := range typoVals {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 2 {
			return p, badRequest{400, "Parameter `num_typos` is malformed."}
		}
		p.numTypos = append(p.numTypos, n)
	}
	prefixVals, err := perField("prefix", "true")
	if err != nil {
		return p, err
	}
	for _, v := range prefixVals {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return p, badRequest{400, "Parameter `prefix` is malformed."}
		}
		p.prefix = append(p.prefix, b)
	}
	if p.dropThreshold, err = intParam(q, "drop_tokens_threshold", 1); err != nil {
		return p, err
	}
	if p.typoThreshold, err = intParam(q, "typo_tokens_threshold", 1); err != nil {
		return p, err
	}
	if p.minLen1, err = intParam(q, "min_len_1typo", 4); err != nil {
		return p, err
	}
	if p.minLen2, err = intParam(q, "min_len_2typo", 7); err != nil {
		return p, err
	}
	p.matchType = q.Get("text_match_type")
	if p.matchType == "" {
		p.matchType = "max_score"
	}
	if p.matchType != "max_score" && p.matchType != "max_weight" && p.matchType != "sum_score" {
		return p, badRequest{400, "Invalid text match type."}
	}
	if fb := q.Get("filter_by"); fb != "" {
		if p.filter, err = parseFilter(fb, c.fields); err != nil {
			return p, badRequest{400, err.Error()}
		}
	}
	sorts := splitList(q.Get("sort_by"))
	if len(sorts) > 3 {
		return p, badRequest{400, "Only upto 3 sort fields are allowed."}
	}
	for _, sk := range sorts {
		name, dir, ok := strings.Cut(sk, ":")
		dir = strings.ToLower(strings.TrimSpace(dir))
		if !ok || (dir != "asc" && dir != "desc") {
			return p, badRequest{400, "Parameter `sort_by` is malformed."}
		}
		name = strings.TrimSpace(name)
		if name != "_text_match" {
			f, ok := c.fields[name]
			if !ok || !(isNumeric(f.Type) || isTrue(f.Sort)) || strings.HasSuffix(f.Type, "[]") {
				return p, badRequest{404, fmt.Sprintf("Could not find a field named `%s` in the schema for sorting.", name)}
			}
		}
		p.sortBy = append(p.sortBy, sortKey{field: name, desc: dir == "desc"})
	}
	if len(p.sortBy) == 0 {
		p.sortBy = []sortKey{{field: "_text_match", desc: true}}
		if c.schema.DefaultSortingField != "" {
			p.sortBy = append(p.sortBy, sortKey{field: c.schema.DefaultSortingField, desc: true})
		}
	}
	if p.page, err = intParam(q, "page", 1); err != nil {
		return p, err
	}
	if p.page == 0 {
		p.page = 1
	}
	if p.perPage, err = intParam(q, "per_page", 10); err != nil {
		return p, err
	}
	if q.Has("limit") {
		if p.perPage, err = intParam(q, "limit", 10); err != nil {
			return p, err
		}
	}
	if p.perPage > 250 {
		return p, badRequest{422, "Only upto 250 hits can be fetched per page."}
	}
	p.offset = -1
	if q.Has("offset") {
		if p.offset, err = intParam(q, "offset", 0); err != nil {
			return p, err
		}
	}
	p.include = splitList(q.Get("include_fields"))
	p.exclude = splitList(q.Get("exclude_fields"))
	p.hlFields = splitList(q.Get("highlight_fields"))
	if len(p.hlFields) == 0 {
		p.hlFields = p.queryBy
	}
	p.hlFull = splitList(q.Get("highlight_full_fields"))
	p.startTag, p.endTag = q.Get("highlight_start_tag"), q.Get("highlight_end_tag")
	if p.startTag == "" {
		p.startTag = "<mark>"
	}
	if p.endTag == "" {
		p.endTag = "</mark>"
	}
	if p.affix, err = intParam(q, "highlight_affix_num_tokens", 4); err != nil {
		return p, err
	}
	if p.snippetMin, err = intParam(q, "snippet_threshold", 30); err != nil {
		return p, err
	}
	p.facetBy = splitList(q.Get("facet_by"))
	for _, f := range p.facetBy {
		if fd, ok := c.fields[f]; !ok || !isTrue(fd.Facet) {
			return p, badRequest{404, fmt.Sprintf("Could not find a facet field named `%s` in the schema.", f)}
		}
	}
	if p.maxFacetValues, err = intParam(q, "max_facet_values", 10); err != nil {
		return p, err
	}
	return p, nil
}

// A match of one query word in a field: the typos it took.
type wordMatch struct {
	field  int
	typos  int
	prefix bool
}

type hit struct {
	d     *stored
	score int64
}

func (s *Server) search(w http.ResponseWriter, c *collection, q url.Values) {
	resp, err := c.search(q)
	if err != nil {
		writeMessage(w, err.status, err.msg)
		return
	}
	writeJSON(w, 200, resp)
}

// search answers one search's parameters, or the error Typesense gives.
func (c *collection) search(q url.Values) (map[string]any, *badRequest) {
	p, err := c.parseSearch(q)
	if err != nil {
		be, _ := err.(badRequest)
		return nil, &be
	}
	var candidates []*stored
	for _, d := range c.docs {
		if p.filter == nil || p.filter.match(d.doc, c.fields, c.tok) {
			candidates = append(candidates, d)
		}
	}
	var hits []hit
	words := p.q.words
	if p.q.wildcard {
		for _, d := range candidates {
			hits = append(hits, hit{d: d, score: 100})
		}
	} else {
		for k := len(words); ; k-- {
			hits = c.matchAll(candidates, p, words[:max(k, 0)], false)
			if len(hits) < p.typoThreshold {
				hits = c.matchAll(candidates, p, words[:max(k, 0)], true)
			}
			if len(hits) >= p.dropThreshold || k <= 1 {
				words = words[:max(k, 0)]
				break
			}
		}
	}
	sort.SliceStable(hits, func(i, j int) bool { return c.less(p.sortBy, hits[i], hits[j]) })

	resp := map[string]any{
		"found":          len(hits),
		"out_of":         len(c.docs),
		"page":           p.page,
		"search_cutoff":  false,
		"search_time_ms": 0,
		"request_params": map[string]any{"collection_name": c.schema.Name, "per_page": p.perPage, "q": p.rawQ},
		"facet_counts":   c.facets(p, hits),
	}
	from := (p.page - 1) * p.perPage
	if p.offset >= 0 {
		from = p.offset
	}
	out := []any{}
	for i := from; i < len(hits) && i < from+p.perPage; i++ {
		out = append(out, c.present(p, words, hits[i]))
	}
	resp["hits"] = out
	return resp, nil
}

func (c *collection) less(keys []sortKey, a, b hit) bool {
	for _, k := range keys {
		var x, y float64
		if k.field == "_text_match" {
			x, y = float64(a.score), float64(b.score)
		} else {
			if n := numbers(a.d.doc[k.field]); len(n) > 0 {
				x = n[0]
			}
			if n := numbers(b.d.doc[k.field]); len(n) > 0 {
				y = n[0]
			}
		}
		if x != y {
			if k.desc {
				return x > y
			}
			return x < y
		}
	}
	return a.d.seq > b.d.seq
}

// fieldTokens returns a document field's elements' tokens (a string field
// has one element).
func (c *collection) fieldTokens(d *stored, field string) [][]string {
	var out [][]string
	for _, s := range strs(d.doc[field]) {
		out = append(out, c.tok.tokens(s))
	}
	return out
}

// matchAll returns the candidates that contain every word (typo-corrected
// when fuzzy is set), every phrase, and no excluded word or phrase, with
// their text match score.
func (c *collection) matchAll(candidates []*stored, p searchParams, words []string, fuzzy bool) []hit {
	var out []hit
	for _, d := range candidates {
		if score, ok := c.matchDoc(d, p, words, fuzzy); ok {
			out = append(out, hit{d: d, score: score})
		}
	}
	return out
}

func (c *collection) allowedTypos(p searchParams, field int, w string) int {
	n := len([]rune(w))
	allowed := 0
	if n >= p.minLen2 {
		allowed = 2
	} else if n >= p.minLen1 {
		allowed = 1
	}
	return min(allowed, p.numTypos[field])
}

// matchWord finds w in a token list: exact, prefix (when allowed) or within
// the typo budget; the best (fewest typos) match.
func (c *collection) matchWord(p searchParams, field int, toks []string, w string, last, fuzzy bool) (wordMatch, bool) {
	best := wordMatch{field: field, typos: 99}
	found := false
	budget := 0
	if fuzzy {
		budget = c.allowedTypos(p, field, w)
	}
	for _, t := range toks {
		switch {
		case t == w:
			return wordMatch{field: field}, true
		case last && p.prefix[field] && strings.HasPrefix(t, w):
			if best.typos > 0 || !found {
				best, found = wordMatch{field: field, prefix: true}, true
			}
		case budget > 0:
			cand := t
			if last && p.prefix[field] && len([]rune(t)) > len([]rune(w)) {
				cand = string([]rune(t)[:len([]rune(w))])
			}
			if d := typos(cand, w); d <= budget && d < best.typos {
				best, found = wordMatch{field: field, typos: d}, true
			}
		}
	}
	return best, found
}

func hasPhrase(toks, phrase []string) bool {
	for i := 0; i+len(phrase) <= len(toks); i++ {
		ok := true
		for j := range phrase {
			if toks[i+j] != phrase[j] {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

func (c *collection) matchDoc(d *stored, p searchParams, words []string, fuzzy bool) (int64, bool) {
	elems := make([][][]string, len(p.queryBy))
	for i, f := range p.queryBy {
		elems[i] = c.fieldTokens(d, f)
	}
	for i := range p.queryBy {
		for _, toks := range elems[i] {
			for _, x := range p.q.exclude {
				if hasPhrase(toks, []string{x}) {
					return 0, false
				}
			}
			for _, ph := range p.q.exPhrase {
				if hasPhrase(toks, ph) {
					return 0, false
				}
			}
		}
	}
	type fieldScore struct{ matched, typos int }
	perField := make([]fieldScore, len(p.queryBy))
	for wi, w := range words {
		last := wi == len(words)-1 && len(p.q.phrases) == 0
		any := false
		for i := range p.queryBy {
			bestTypos := -1
			for _, toks := range elems[i] {
				if m, ok := c.matchWord(p, i, toks, w, last, fuzzy); ok && (bestTypos < 0 || m.typos < bestTypos) {
					bestTypos = m.typos
				}
			}
			if bestTypos >= 0 {
				any = true
				perField[i].matched++
				perField[i].typos += bestTypos
			}
		}
		if !any {
			return 0, false
		}
	}
	for _, ph := range p.q.phrases {
		any := false
		for i := range p.queryBy {
			for _, toks := range elems[i] {
				if hasPhrase(toks, ph) {
					any = true
					perField[i].matched += len(ph)
				}
			}
		}
		if !any {
			return 0, false
		}
	}
	var score int64
	bestWeight := -1
	for i, fs := range perField {
		if fs.matched == 0 {
			continue
		}
		fscore := int64(fs.matched)<<24 | int64(64-min(fs.typos, 64))<<16
		switch p.matchType {
		case "max_weight":
			if p.weights[i] > bestWeight {
				bestWeight = p.weights[i]
				score = int64(p.weights[i])<<32 | fscore
			}
		case "sum_score":
			score += fscore * int64(p.weights[i]+1)
		default:
			if s := fscore | int64(p.weights[i]); s > score {
				score = s
			}
		}
	}
	if len(words) == 0 && len(p.q.phrases) == 0 {
		score = 100
	}
	return score, true
}

func (c *collection) facets(p searchParams, hits []hit) []any {
	out := []any{}
	for _, f := range p.facetBy {
		counts := map[string]int{}
		for _, h := range hits {
			for _, v := range strs(h.d.doc[f]) {
				counts[v]++
			}
			for _, n := range numbers(h.d.doc[f]) {
				counts[strconv.FormatFloat(n, 'f', -1, 64)]++
			}
		}
		vals := sortedKeys(counts)
		sort.SliceStable(vals, func(i, j int) bool { return counts[vals[i]] > counts[vals[j]] })
		var cs []any
		for i, v := range vals {
			if i >= p.maxFacetValues {
				break
			}
			cs = append(cs, map[string]any{"count": counts[v], "highlighted": v, "value": v})
		}
		if cs == nil {
			cs = []any{}
		}
		out = append(out, map[string]any{"field_name": f, "counts": cs, "sampled": false,
			"stats": map[string]any{"total_values": len(counts)}})
	}
	return out
}
