package comment

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// Anchor sizes (docs/design.md, "Comments"), in characters.
const (
	MaxExact   = 500
	MaxContext = 64
	// maxOccurrences bounds how many exact occurrences of a quote are
	// weighed; a quote found more often is too common to place by itself.
	maxOccurrences = 1000
	// minFuzzy is the shortest quote the fuzzy step looks for: a shorter
	// one edited is not recognisable.
	minFuzzy = 8
	// fuzzyMargin widens each fuzzy search window beyond the quote's length.
	fuzzyMargin = 256
)

// Quote is a W3C TextQuoteSelector over a page's anchor text with the
// UTF-16 offsets where its exact text lies.
type Quote struct {
	Exact, Prefix, Suffix string
	Start, End            int
}

// How a passage was found (for tests and the re-anchoring metrics).
type Method int

const (
	NotFound Method = iota
	ByExact
	ByContext
	ByFuzzy
)

// Page is a page's anchor text prepared for locating many quotes.
type Page struct {
	text string
	idx  utf16Index
}

// NewPage prepares an anchor text (AnchorText's result).
func NewPage(text string) *Page { return &Page{text: text, idx: newUTF16Index(text)} }

// Text returns the anchor text.
func (p *Page) Text() string { return p.text }

// quoteAt returns the quote of bytes [s, e) with up to MaxContext characters
// of context on each side.
func (p *Page) quoteAt(s, e int) Quote {
	ps := s
	for n := 0; n < MaxContext && ps > 0; n++ {
		_, w := utf8.DecodeLastRuneInString(p.text[:ps])
		ps -= w
	}
	se := e
	for n := 0; n < MaxContext && se < len(p.text); n++ {
		_, w := utf8.DecodeRuneInString(p.text[se:])
		se += w
	}
	return Quote{Exact: p.text[s:e], Prefix: p.text[ps:s], Suffix: p.text[e:se], Start: p.idx.unit(s), End: p.idx.unit(e)}
}

// Locate finds q's passage in the page (docs/design.md, "Re-anchoring"):
//
//  1. its exact text: among the occurrences, those whose prefix and suffix
//     also match win, and among them the one nearest q.Start;
//  2. else its prefix and suffix with a passage of plausible length between
//     them (the quote was rewritten in place), nearest q.Start;
//  3. else a fuzzy match (an edit distance of at most a quarter of the
//     quote) in bounded windows around q.Start and around the nearest
//     occurrences of its prefix and suffix.
//
// It returns the passage's quote, with fresh context and offsets, and how it
// was found; NotFound when none is (the thread detaches: a passage is never
// guessed elsewhere).
func (p *Page) Locate(q Quote) (Quote, Method) {
	if q.Exact == "" {
		return Quote{}, NotFound
	}
	hint := p.idx.byteAt(q.Start)
	if s, ok := p.exact(q, hint); ok {
		return p.quoteAt(s, s+len(q.Exact)), ByExact
	}
	if s, e, ok := p.context(q, hint); ok {
		return p.quoteAt(s, e), ByContext
	}
	if s, e, ok := p.fuzzy(q, hint); ok {
		return p.quoteAt(s, e), ByFuzzy
	}
	return Quote{}, NotFound
}

func absDiff(a, b int) int {
	if a > b {
		return a - b
	}
	return b - a
}

// exactWindows are the half-widths, in bytes, of the windows around the
// hint searched before the whole text: an occurrence with both its prefix
// and suffix found in a window around the hint is nearer than any outside
// it, so the search stops there; most edits move a passage by little.
var exactWindows = []int{4 << 10, 64 << 10}

// exact returns the byte offset of the best exact occurrence of q.Exact.
func (p *Page) exact(q Quote, hint int) (int, bool) {
	for _, w := range exactWindows {
		lo, hi := max(0, hint-w), min(len(p.text), hint+w+len(q.Exact))
		if lo == 0 && hi == len(p.text) {
			break
		}
		if s, score, ok := p.exactIn(q, hint, lo, hi); ok && score == 2 {
			return s, true
		}
	}
	s, _, ok := p.exactIn(q, hint, 0, len(p.text))
	return s, ok
}

// exactIn returns the best occurrence of q.Exact within bytes [lo, hi) and
// its score: how many of its prefix and suffix match.
func (p *Page) exactIn(q Quote, hint, lo, hi int) (int, int, bool) {
	best, bestScore, found := 0, 0, false
	for from, n := lo, 0; n < maxOccurrences; n++ {
		i := strings.Index(p.text[from:hi], q.Exact)
		if i < 0 {
			break
		}
		s := from + i
		score := 0
		if strings.HasSuffix(p.text[:s], q.Prefix) {
			score++
		}
		if strings.HasPrefix(p.text[s+len(q.Exact):], q.Suffix) {
			score++
		}
		if !found || score > bestScore || (score == bestScore && absDiff(s, hint) < absDiff(best, hint)) {
			best, bestScore, found = s, score, true
		}
		_, w := utf8.DecodeRuneInString(p.text[s:])
		from = s + w
	}
	return best, bestScore, found
}

// context returns the passage between an occurrence of q.Prefix and the
// nearest following q.Suffix, when both are long enough to identify a place
// and the passage is of plausible length.
func (p *Page) context(q Quote, hint int) (int, int, bool) {
	if utf8.RuneCountInString(q.Prefix) < minFuzzy || utf8.RuneCountInString(q.Suffix) < minFuzzy {
		return 0, 0, false
	}
	maxGap := 2*len(q.Exact) + 32
	at := p.around(q.Prefix, hint-len(q.Prefix), func(i int) bool {
		s := i + len(q.Prefix)
		lim := min(len(p.text), s+maxGap+len(q.Suffix))
		j := strings.Index(p.text[s:lim], q.Suffix)
		return j > 0 && strings.TrimSpace(p.text[s:s+j]) != ""
	}, 0)
	if at < 0 {
		return 0, 0, false
	}
	s := at + len(q.Prefix)
	lim := min(len(p.text), s+maxGap+len(q.Suffix))
	end := s + strings.Index(p.text[s:lim], q.Suffix)
	return s, end, true
}

// fuzzy runs a bounded approximate search (Sellers' algorithm with
// Ukkonen's cut-off) for q.Exact in windows around the hint and around the
// occurrences of its prefix and suffix nearest it.
func (p *Page) fuzzy(q Quote, hint int) (int, int, bool) {
	pat := []rune(q.Exact)
	if len(pat) < minFuzzy {
		return 0, 0, false
	}
	k := len(pat) / 4
	span := len(q.Exact) + k*utf8.UTFMax + fuzzyMargin
	centers := []int{hint}
	if q.Prefix != "" {
		if i := nearby(p, q.Prefix, hint-len(q.Prefix)); i >= 0 {
			centers = append(centers, i+len(q.Prefix)+len(q.Exact)/2)
		}
	}
	if q.Suffix != "" {
		if i := nearby(p, q.Suffix, hint+len(q.Exact)); i >= 0 {
			centers = append(centers, i-len(q.Exact)/2)
		}
	}
	bestS, bestE, bestD := 0, 0, k+1
	var done [][2]int
	for _, c := range centers {
		lo, hi := max(0, c-span), min(len(p.text), c+span)
		lo, hi = runeStart(p.text, lo), runeStart(p.text, hi)
		if covered(done, lo, hi) {
			continue
		}
		done = append(done, [2]int{lo, hi})
		if s, e, d, ok := approx(p.text, lo, hi, pat, bestD-1); ok && (d < bestD || (d == bestD && absDiff(s, hint) < absDiff(bestS, hint))) {
			bestS, bestE, bestD = s, e, d
		}
	}
	return bestS, bestE, bestD <= k
}

func covered(done [][2]int, lo, hi int) bool {
	for _, d := range done {
		if d[0] <= lo && hi <= d[1] {
			return true
		}
	}
	return false
}

// runeStart moves byte offset i back to the start of its rune.
func runeStart(s string, i int) int {
	for i > 0 && i < len(s) && !utf8.RuneStart(s[i]) {
		i--
	}
	return i
}

// nearby returns the byte offset of the occurrence of sub nearest hint
// within the widest of exactWindows, -1 when there is none: the fuzzy step
// looks for an edited passage near where it was, at a bounded cost.
func nearby(p *Page, sub string, hint int) int {
	return p.around(sub, hint, nil, exactWindows[len(exactWindows)-1])
}

// around returns the byte offset of the occurrence of sub nearest hint that
// ok accepts (nil accepts all), -1 when there is none. It searches windows
// around hint first (exactWindows), then the whole text: an occurrence
// found in a window is nearer than any outside it. It weighs at most
// maxOccurrences occurrences per window. limit, when positive, is the
// widest window's half-width: the whole text is not searched.
func (p *Page) around(sub string, hint int, ok func(int) bool, limit int) int {
	hint = max(0, min(hint, len(p.text)))
	windows := append(slices.Clip(exactWindows), len(p.text))
	if limit > 0 {
		windows = windows[:len(windows)-1]
	}
	for _, w := range windows {
		lo, hi := max(0, hint-w), min(len(p.text), hint+w+len(sub))
		best := -1
		for from, n := lo, 0; n < maxOccurrences && from <= hi; n++ {
			i := strings.Index(p.text[from:hi], sub)
			if i < 0 {
				break
			}
			at := from + i
			if (best < 0 || absDiff(at, hint) < absDiff(best, hint)) && (ok == nil || ok(at)) {
				best = at
			}
			if at > hint && best >= 0 {
				break // later ones are farther
			}
			from = at + 1
		}
		if best >= 0 || (lo == 0 && hi == len(p.text)) {
			return best
		}
		if limit > 0 && w >= limit {
			break
		}
	}
	return -1
}

// approx finds the substring of s[lo:hi] with the least edit distance to
// pat, at most k, and returns its byte bounds and distance. Cells whose
// distance exceeds k are not computed (Ukkonen), so the cost is about
// k × the window's length.
func approx(s string, lo, hi int, pat []rune, k int) (int, int, int, bool) {
	if k < 0 {
		return 0, 0, 0, false
	}
	m := len(pat)
	// Column j holds, for each pattern prefix, the least distance of a
	// match ending at the current text position, and where it started.
	cost := make([]int, m+1)
	start := make([]int, m+1)
	prevCost := make([]int, m+1)
	prevStart := make([]int, m+1)
	for i := range prevCost {
		prevCost[i] = i
		prevStart[i] = lo
	}
	top := min(k, m) // the last row that may be ≤ k
	bestS, bestE, bestD, found := 0, 0, k+1, false
	for pos := lo; pos < hi; {
		r, w := utf8.DecodeRuneInString(s[pos:])
		next := pos + w
		cost[0], start[0] = 0, next
		lim := min(m, top+1)
		for i := 1; i <= lim; i++ {
			sub := prevCost[i-1]
			if pat[i-1] != r {
				sub++
			}
			c, st := sub, prevStart[i-1]
			if d := prevCost[i] + 1; d < c && i <= top {
				c, st = d, prevStart[i]
			}
			if d := cost[i-1] + 1; d < c {
				c, st = d, start[i-1]
			}
			cost[i], start[i] = c, st
		}
		for i := lim + 1; i <= m; i++ {
			cost[i] = k + 1
		}
		top = lim
		for top > 0 && cost[top] > k {
			top--
		}
		if top == m && cost[m] < bestD {
			bestS, bestE, bestD, found = start[m], next, cost[m], true
		}
		cost, prevCost = prevCost, cost
		start, prevStart = prevStart, start
		pos = next
	}
	return bestS, bestE, bestD, found
}
