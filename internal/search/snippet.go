package search

import (
	"bytes"
	"encoding/binary"
	"strings"
	"unicode/utf8"
)

// Highlighter highlights titles and cuts snippets for one query: the
// query's patterns are worked out once, and the buffers a snippet needs are
// reused from one body to the next. Its results are Highlight's and
// Snippet's, byte for byte. Not safe for concurrent use.
type Highlighter struct {
	pats    []pattern
	longest int       // the most words of a pattern
	firsts  [][]byte  // each pattern's first word
	raw     asciiText // a body lowercased, to find its first match
	text    asciiText // a body collapsed, from a little before it
	toks    []wordToken
}

// NewHighlighter returns a Highlighter for q's positive terms.
func NewHighlighter(q Parsed) *Highlighter {
	h := &Highlighter{pats: patterns(q.Positive())}
	for _, p := range h.pats {
		h.longest = max(h.longest, len(p.words))
		h.firsts = append(h.firsts, []byte(p.words[0]))
	}
	return h
}

// Title is Highlight(text, q).
func (h *Highlighter) Title(text string) Highlighted {
	if len(h.pats) == 0 { // a listing: nothing to mark
		return Highlighted{Text: text, Ranges: []Range{}}
	}
	if !isASCII(text) {
		return Highlighted{Text: text, Ranges: toRanges(text, matches(wordTokens(text), h.pats))}
	}
	// An ASCII word folds to its lowercase, and its UTF-16 offsets are
	// its byte offsets.
	lower := strings.ToLower(text)
	h.toks = h.toks[:0]
	for pos := 0; ; {
		t, ok := nextToken(lower, &pos)
		if !ok {
			break
		}
		h.toks = append(h.toks, t)
	}
	ms := matches(h.toks, h.pats)
	out := Highlighted{Text: text, Ranges: make([]Range, len(ms))}
	for i, m := range ms {
		out.Ranges[i] = Range{Start: m[0], End: m[1]}
	}
	return out
}

// Snippet is Snippet(body, q). A body is read only as far as the snippet
// needs (up to its first match and the window after it) when what it reads
// is ASCII; a body with other text there goes the general way.
func (h *Highlighter) Snippet(body string) Highlighted {
	if out, ok := h.asciiSnippet(body); ok {
		return out
	}
	return snippet(body, h.pats, h.longest)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func isAlnum(b byte) bool {
	return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9'
}

// isASCIISpace is unicode.IsSpace for an ASCII byte.
func isASCIISpace(b byte) bool {
	return b == ' ' || '\t' <= b && b <= '\r'
}

// asciiText is a body with its white space runs as one space (as
// strings.Fields and a join make it), lowercased alongside, built as far as
// it is read.
type asciiText struct {
	src     string
	in      int    // bytes of src read
	c       []byte // the text so far
	l       []byte // c lowercased
	pending bool   // white space read after text: one space before any more text
	bad     bool   // a byte that is not ASCII was read: the text is abandoned
	// raw: l is src lowercased as it is, white space kept (c unused): the
	// same words at the same offsets as src, for finding the first match.
	raw bool
}

// asciiChunk is how much of a body is read at a time to find a match;
// windowChunk, to collapse its white space (a snippet reads ~250 bytes).
const (
	asciiChunk  = 512
	windowChunk = 128
)

func (t *asciiText) reset(src string, raw bool) {
	t.src, t.in, t.c, t.l, t.pending, t.bad, t.raw = src, 0, t.c[:0], t.l[:0], false, false, raw
}

// Eight bytes at a time (moreRaw): each byte's top bit, and the sums whose
// top bit says a byte (below 0x80) is at least 'A', or above 'Z'.
const (
	topBits = 0x8080808080808080
	fromA   = 0x3f3f3f3f3f3f3f3f // 0x80 - 'A'
	pastZ   = 0x2525252525252525 // 0x7f - 'Z'
)

// moreRaw reads the next chunk of a raw text: lowercased eight bytes at a
// time; false at the end or at a byte that is not ASCII (bad).
func (t *asciiText) moreRaw() bool {
	if t.bad || t.in >= len(t.src) {
		return false
	}
	end := min(t.in+asciiChunk, len(t.src))
	n := len(t.l)
	if need := n + end - t.in; cap(t.l) < need {
		t.l = append(make([]byte, 0, 2*need), t.l...)
	}
	l := t.l[:n+end-t.in]
	s := t.src
	i := t.in
	for ; i+8 <= end; i += 8 {
		x := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		if x&topBits != 0 {
			t.bad = true
			return false
		}
		upper := (x + fromA) &^ (x + pastZ) & topBits
		binary.LittleEndian.PutUint64(l[n+i-t.in:], x|upper>>2)
	}
	for ; i < end; i++ {
		b := s[i]
		if b >= utf8.RuneSelf {
			t.bad = true
			return false
		}
		l[n+i-t.in] = asciiLower[b]
	}
	t.l, t.in = l, end
	return true
}

// asciiClass sorts bytes for asciiText.more: 0 text, 1 white space
// (unicode.IsSpace), 2 not ASCII; asciiLower lowercases ASCII letters.
var asciiClass, asciiLower = func() (class, lower [256]byte) {
	for i := range 256 {
		b := byte(i)
		lower[i] = b
		switch {
		case b >= utf8.RuneSelf:
			class[i] = 2
		case isASCIISpace(b):
			class[i] = 1
		case 'A' <= b && b <= 'Z':
			lower[i] = b + 'a' - 'A'
		}
	}
	return class, lower
}()

// more reads the next chunk; false at the end of the body or at a byte
// that is not ASCII (bad).
func (t *asciiText) more() bool {
	if t.raw {
		return t.moreRaw()
	}
	if t.bad || t.in >= len(t.src) {
		return false
	}
	end := min(t.in+windowChunk, len(t.src))
	// A chunk adds at most a byte per byte read and the space pending
	// before them.
	n := len(t.c)
	if need := n + end - t.in + 1; cap(t.c) < need {
		t.c = append(make([]byte, 0, 2*need), t.c...)
		t.l = append(make([]byte, 0, 2*need), t.l...)
	}
	c, l := t.c[:cap(t.c)], t.l[:cap(t.l)]
	pending := t.pending
	for _, b := range []byte(t.src[t.in:end]) {
		switch asciiClass[b] {
		case 1:
			pending = n > 0
			continue
		case 2:
			t.bad = true
			return false
		}
		if pending {
			c[n], l[n] = ' ', ' '
			n++
			pending = false
		}
		c[n], l[n] = b, asciiLower[b]
		n++
	}
	t.c, t.l, t.pending, t.in = c[:n], l[:n], pending, end
	return true
}

// has reports whether the text has a byte at i, reading as far as needed.
func (t *asciiText) has(i int) bool {
	for len(t.l) <= i {
		if !t.more() {
			return false
		}
	}
	return true
}

// token is the word of the text at or after pos: its byte range; false
// when there is none.
func (t *asciiText) token(pos int) (start, end int, ok bool) {
	for t.has(pos) && !isAlnum(t.l[pos]) {
		pos++
	}
	if !t.has(pos) {
		return 0, 0, false
	}
	start = pos
	for t.has(pos) && isAlnum(t.l[pos]) {
		pos++
	}
	return start, pos, true
}

// startsWord reports whether a word of the text starts at x.
func (t *asciiText) startsWord(x int) bool {
	return t.has(x) && isAlnum(t.l[x]) && (x == 0 || !isAlnum(t.l[x-1]))
}

// matchesAt reports whether p matches the words of the text from x (a
// word's start), as pattern.matchAt does.
func (t *asciiText) matchesAt(p pattern, x int) bool {
	pos := x
	for k, w := range p.words {
		s, e, ok := t.token(pos)
		if !ok {
			return false
		}
		word := t.l[s:e]
		if k == len(p.words)-1 && p.prefix {
			if len(word) < len(w) || string(word[:len(w)]) != w {
				return false
			}
		} else if string(word) != w {
			return false
		}
		pos = e
	}
	return true
}

// firstMatch is the byte offset of the first word of the text at which a
// pattern matches; -1 when none does.
func (h *Highlighter) firstMatch(t *asciiText) int {
	longestFirst := 0
	for _, w := range h.firsts {
		longestFirst = max(longestFirst, len(w))
	}
	t.has(0)
	for pos := 0; ; {
		// The next place one of the patterns' first words appears.
		x := -1
		for _, w := range h.firsts {
			if i := bytes.Index(t.l[pos:], w); i >= 0 && (x < 0 || pos+i < x) {
				x = pos + i
			}
		}
		if x < 0 {
			// None in what is read: read on, looking again at the last
			// bytes, where a word may continue.
			next := max(pos, len(t.l)-longestFirst+1)
			if !t.more() {
				return -1
			}
			pos = next
			continue
		}
		if t.startsWord(x) {
			for _, p := range h.pats {
				if t.matchesAt(p, x) {
					return x
				}
			}
		}
		pos = x + 1
	}
}

// asciiSnippet is Snippet for a body whose part the snippet reads is
// ASCII; false when it meets other text (the snippet would be the same up
// to there, but its words fold and count otherwise).
func (h *Highlighter) asciiSnippet(body string) (Highlighted, bool) {
	// The first match, in the body as it is (its words are those of the
	// body with its white space collapsed).
	first := -1
	if len(h.pats) > 0 {
		r := &h.raw
		r.reset(body, true)
		first = h.firstMatch(r)
		if r.bad {
			return Highlighted{}, false
		}
	}
	// The collapsed text is read from a little before the first match:
	// from a byte that is not white space with more than SnippetRunes/4
	// of the collapsed text between it and the match (so the window starts
	// after it, and the snippet with an ellipsis, as it would in the whole
	// text), or from the start. t is then the end of the whole collapsed
	// text, and first its offset there.
	start := 0
	if first >= 0 {
		start, first = windowStart(body, first)
	}
	t := &h.text
	t.reset(body[start:], false)
	if !t.has(0) {
		if t.bad {
			return Highlighted{}, false
		}
		return Highlighted{}, true
	}
	// The window, as Snippet cuts it: one rune is one byte here.
	from := 0
	if first >= 0 {
		from = max(0, first-SnippetRunes/4)
		for !t.startsWord(from) {
			from++
		}
	}
	to := from + SnippetRunes
	if !t.has(to - 1) {
		to = len(t.l)
	}
	// The words from the window's start, as far as Snippet splits them:
	// through the first match's longest pattern, and until one ends at or
	// beyond the window's end.
	toks := h.toks[:0]
	pos, j := from, -1
	for {
		s, e, ok := t.token(pos)
		if !ok {
			break
		}
		if s == first {
			j = len(toks)
		}
		toks = append(toks, wordToken{start: s, end: e})
		pos = e
		if e >= to && (first < 0 || j >= 0 && len(toks) >= j+h.longest) {
			break
		}
	}
	h.toks = toks
	if t.has(to) {
		for i := len(toks) - 1; i >= 0; i-- {
			if toks[i].end <= to && toks[i].end > from {
				to = toks[i].end
				break
			}
		}
	}
	more := t.has(to)
	if t.bad {
		return Highlighted{}, false
	}
	var inside [][2]int
	if first >= 0 {
		words := string(t.l[from:toks[len(toks)-1].end])
		for i := range toks {
			toks[i].word = words[toks[i].start-from : toks[i].end-from]
		}
		for _, m := range matches(toks[j:], h.pats) {
			if m[0] >= from && m[1] <= to {
				inside = append(inside, m)
			}
		}
	}
	var b strings.Builder
	b.Grow(to - from + 2*len(Ellipsis))
	shift := -from
	if from > 0 {
		b.WriteString(Ellipsis)
		shift++ // the ellipsis is one UTF-16 unit
	}
	b.Write(t.c[from:to])
	if more {
		b.WriteString(Ellipsis)
	}
	out := Highlighted{Text: b.String(), Ranges: make([]Range, len(inside))}
	for i, m := range inside {
		out.Ranges[i] = Range{Start: m[0] + shift, End: m[1] + shift}
	}
	return out, true
}

// windowStart is where, in body (ASCII), the collapsed text is read from
// for a snippet whose first match starts at byte first: a byte that is not
// white space, with at least SnippetRunes/4+1 characters of the collapsed
// text between it and first, or 0 when there are not that many; and the
// offset of first in the collapsed text read from there.
func windowStart(body string, first int) (start, offset int) {
	// Back over collapsed characters: a byte, or a run of white space
	// (one space, nothing at the start of the body).
	i, n := first, 0
	for i > 0 && n < SnippetRunes/4+2 {
		if !isASCIISpace(body[i-1]) {
			i--
			n++
			continue
		}
		j := i - 1
		for j > 0 && isASCIISpace(body[j-1]) {
			j--
		}
		if j == 0 {
			i = 0
			break
		}
		i = j
		n++
	}
	if i > 0 {
		for isASCIISpace(body[i]) {
			i++
		}
	}
	// The offset: bytes that are not white space, and a space per run of
	// white space after some text.
	for k, text := i, false; k < first; k++ {
		if !isASCIISpace(body[k]) {
			offset++
			text = true
			continue
		}
		if text && !isASCIISpace(body[k+1]) {
			offset++
		}
	}
	return i, offset
}
