package search

import (
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// IsCJK reports whether r is a Han, Hiragana, Katakana or Hangul character:
// scripts written without spaces between words, which engines that split
// on spaces and punctuation (Postgres's parser among them) would keep as
// one word per run.
func IsCJK(r rune) bool {
	// Nothing below Hangul Jamo (U+1100) is CJK: most text is decided here.
	return r >= 0x1100 && unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}

// SplitCJK returns s with a space around every CJK character, so a
// tokenizer that splits on spaces indexes each character as a word and a
// query's CJK word becomes the phrase of its characters (docs/api.md#search).
// Other text is unchanged; s without CJK is returned as it is.
func SplitCJK(s string) string {
	i := strings.IndexFunc(s, IsCJK)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + len(s)/2)
	b.WriteString(s[:i])
	prevCJK := false
	for _, r := range s[i:] {
		cjk := IsCJK(r)
		if cjk || prevCJK {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
		prevCJK = cjk
	}
	return b.String()
}

// foldRune maps the letters unaccent's rules spell with more than one
// letter; Fold drops combining marks for the rest.
var foldRune = map[rune]string{
	'ß': "ss", 'æ': "ae", 'Æ': "ae", 'œ': "oe", 'Œ': "oe", 'ø': "o", 'Ø': "o", 'ł': "l", 'Ł': "l",
	'đ': "d", 'Đ': "d", 'ħ': "h", 'ı': "i", 'þ': "th", 'ð': "d",
}

// Fold is a word as the postgres backend compares it: lowercased, accents
// removed (as Postgres's unaccent does for Latin letters).
func Fold(w string) string {
	// Most words are ASCII: lowercase them without decomposing, and
	// without a copy when they are lowercase already.
	ascii, upper := true, false
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
		upper = upper || 'A' <= c && c <= 'Z'
	}
	if ascii {
		if !upper {
			return w
		}
		return strings.ToLower(w)
	}
	var b strings.Builder
	for _, r := range norm.NFD.String(w) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		if s, ok := foldRune[r]; ok {
			b.WriteString(s)
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// wordToken is a word of a text: its folded form and its byte range.
type wordToken struct {
	word       string
	start, end int
}

func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}

// wordTokens splits s into words as highlighting sees them: runs of
// letters and digits, every CJK character a word of its own.
func wordTokens(s string) []wordToken {
	var out []wordToken
	for pos := 0; ; {
		t, ok := nextToken(s, &pos)
		if !ok {
			return out
		}
		out = append(out, t)
	}
}

// nextToken returns the first word of s at or after *pos (see wordTokens)
// and moves *pos past it; false when there is none.
func nextToken(s string, pos *int) (wordToken, bool) {
	start := -1
	for i := *pos; i < len(s); {
		r, n := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(s[i:])
		}
		switch {
		case IsCJK(r):
			if start >= 0 {
				*pos = i
				return wordToken{Fold(s[start:i]), start, i}, true
			}
			*pos = i + n
			return wordToken{s[i : i+n], i, i + n}, true
		case isWordRune(r):
			if start < 0 {
				start = i
			}
		default:
			if start >= 0 {
				*pos = i + n
				return wordToken{Fold(s[start:i]), start, i}, true
			}
		}
		i += n
	}
	*pos = len(s)
	if start >= 0 {
		return wordToken{Fold(s[start:]), start, len(s)}, true
	}
	return wordToken{}, false
}

// tokenStream is the words of a text, split as far as asked (Snippet reads
// a long body only up to its first match and the window after it).
type tokenStream struct {
	s    string
	pos  int
	toks []wordToken
}

// fill splits until toks holds n words or the text ends, and reports
// whether it holds n.
func (t *tokenStream) fill(n int) bool {
	for len(t.toks) < n {
		tok, ok := nextToken(t.s, &t.pos)
		if !ok {
			return false
		}
		t.toks = append(t.toks, tok)
	}
	return true
}

// fillTo splits until a word ends at or beyond byte end, or the text ends.
func (t *tokenStream) fillTo(end int) {
	for len(t.toks) == 0 || t.toks[len(t.toks)-1].end < end {
		if !t.fill(len(t.toks) + 1) {
			return
		}
	}
}

// mayMatch reports whether any of pats can match in s: false only when s
// is ASCII (so a word folds to its lowercase) and holds none of the
// patterns' first words in any case, which spares splitting it.
func mayMatch(s string, pats []pattern) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return true
		}
	}
	lower := strings.ToLower(s)
	for _, p := range pats {
		if strings.Contains(lower, p.words[0]) {
			return true
		}
	}
	return false
}

// pattern is one term as highlighting matches it: its words' tokens in a
// row, the last one a prefix when the term is.
type pattern struct {
	words  []string
	prefix bool
}

func patterns(terms []Term) []pattern {
	var out []pattern
	for _, t := range terms {
		var ws []string
		for _, w := range t.Words {
			for _, tk := range wordTokens(w) {
				ws = append(ws, tk.word)
			}
		}
		if len(ws) > 0 {
			out = append(out, pattern{words: ws, prefix: t.Prefix})
		}
	}
	return out
}

// matches returns the byte ranges of toks (of a text) that match any of
// pats, in order, not overlapping.
func matches(toks []wordToken, pats []pattern) [][2]int {
	var out [][2]int
	for i := 0; i < len(toks); {
		best := bestAt(toks, i, pats)
		if best == 0 {
			i++
			continue
		}
		out = append(out, [2]int{toks[i].start, toks[i+best-1].end})
		i += best
	}
	return out
}

// bestAt is how many words of toks from i the longest matching pattern
// covers (0: none matches there).
func bestAt(toks []wordToken, i int, pats []pattern) int {
	best := 0
	for _, p := range pats {
		if n := p.matchAt(toks, i); n > best {
			best = n
		}
	}
	return best
}

func (p pattern) matchAt(toks []wordToken, i int) int {
	if i+len(p.words) > len(toks) {
		return 0
	}
	for k, w := range p.words {
		t := toks[i+k].word
		if k == len(p.words)-1 && p.prefix {
			if !strings.HasPrefix(t, w) {
				return 0
			}
		} else if t != w {
			return 0
		}
	}
	return len(p.words)
}

// utf16Len is the length of s in UTF-16 code units.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// toRanges converts byte ranges of s into UTF-16 ranges.
func toRanges(s string, byteRanges [][2]int) []Range {
	out := make([]Range, 0, len(byteRanges))
	pos, units := 0, 0
	advance := func(to int) int {
		units += utf16Len(s[pos:to])
		pos = to
		return units
	}
	for _, br := range byteRanges {
		start := advance(br[0])
		end := advance(br[1])
		out = append(out, Range{Start: start, End: end})
	}
	return out
}

// Highlight marks every match of the query's positive terms in text (a
// title): matching is by word, case- and accent-insensitive, a phrase's
// words in a row, a prefix term's last word as a prefix.
func Highlight(text string, q Parsed) Highlighted {
	return NewHighlighter(q).Title(text)
}

// SnippetRunes is about how long a snippet is.
const SnippetRunes = 200

// Ellipsis marks where a snippet cuts the body.
const Ellipsis = "…"

// Snippet is a window of about SnippetRunes of body around its first
// matches of q, with their ranges (as Highlight): cut at word boundaries,
// with Ellipsis where it cuts; the start of the body when nothing matches
// (a hit by its title, tags or path), and "" for an empty body. White space
// runs become one space.
func Snippet(body string, q Parsed) Highlighted {
	return NewHighlighter(q).Snippet(body)
}

// snippet is Snippet the general way: the whole body's white space
// collapsed, its words split and folded up to its first match of pats
// (longest: the most words of one).
func snippet(body string, pats []pattern, longest int) Highlighted {
	body = strings.Join(strings.Fields(body), " ")
	if body == "" {
		return Highlighted{}
	}
	ts := &tokenStream{s: body}
	// The first match, splitting no further than it.
	first := -1
	if len(pats) > 0 && mayMatch(body, pats) {
		for i := 0; ts.fill(i + 1); i++ {
			ts.fill(i + longest)
			if bestAt(ts.toks, i, pats) > 0 {
				first = i
				break
			}
		}
	}
	// The window: from a little before the first match, so the reader
	// sees what leads to it, until SnippetRunes later.
	from := 0
	if first >= 0 {
		from = ts.toks[first].start
		back := 0
		for from > 0 && back < SnippetRunes/4 {
			_, n := utf8.DecodeLastRuneInString(body[:from])
			from -= n
			back++
		}
		// Snap the start to a word start (every word before the match is split).
		for _, t := range ts.toks {
			if t.start >= from {
				from = t.start
				break
			}
		}
	}
	to, runes := from, 0
	for to < len(body) && runes < SnippetRunes {
		_, n := utf8.DecodeRuneInString(body[to:])
		to += n
		runes++
	}
	ts.fillTo(to)
	if to < len(body) {
		for i := len(ts.toks) - 1; i >= 0; i-- {
			if ts.toks[i].end <= to && ts.toks[i].end > from {
				to = ts.toks[i].end
				break
			}
		}
	}
	text := body[from:to]
	var inside [][2]int
	if first >= 0 {
		for _, m := range matches(ts.toks[first:], pats) {
			if m[0] >= from && m[1] <= to {
				inside = append(inside, [2]int{m[0] - from, m[1] - from})
			}
		}
	}
	prefix := ""
	if from > 0 {
		prefix = Ellipsis
		for i := range inside {
			inside[i][0] += len(prefix)
			inside[i][1] += len(prefix)
		}
	}
	text = prefix + text
	if to < len(body) {
		text += Ellipsis
	}
	return Highlighted{Text: text, Ranges: toRanges(text, inside)}
}
