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

// tokens splits s into words as highlighting sees them: runs of letters
// and digits, every CJK character a word of its own.
func wordTokens(s string) []wordToken {
	var out []wordToken
	start := -1
	for i, r := range s {
		switch {
		case IsCJK(r):
			if start >= 0 {
				out = append(out, wordToken{Fold(s[start:i]), start, i})
				start = -1
			}
			n := utf8.RuneLen(r)
			out = append(out, wordToken{string(r), i, i + n})
		case isWordRune(r):
			if start < 0 {
				start = i
			}
		default:
			if start >= 0 {
				out = append(out, wordToken{Fold(s[start:i]), start, i})
				start = -1
			}
		}
	}
	if start >= 0 {
		out = append(out, wordToken{Fold(s[start:]), start, len(s)})
	}
	return out
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
		best := 0
		for _, p := range pats {
			if n := p.matchAt(toks, i); n > best {
				best = n
			}
		}
		if best == 0 {
			i++
			continue
		}
		out = append(out, [2]int{toks[i].start, toks[i+best-1].end})
		i += best
	}
	return out
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
	pats := patterns(q.Positive())
	return Highlighted{Text: text, Ranges: toRanges(text, matches(wordTokens(text), pats))}
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
	body = strings.Join(strings.Fields(body), " ")
	if body == "" {
		return Highlighted{}
	}
	toks := wordTokens(body)
	ms := matches(toks, patterns(q.Positive()))
	// The window: from a little before the first match, so the reader
	// sees what leads to it, until SnippetRunes later.
	from := 0
	if len(ms) > 0 {
		from = ms[0][0]
		back := 0
		for from > 0 && back < SnippetRunes/4 {
			_, n := utf8.DecodeLastRuneInString(body[:from])
			from -= n
			back++
		}
	}
	// Snap the start to a word start, the end to a word end.
	if from > 0 {
		for _, t := range toks {
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
	if to < len(body) {
		for i := len(toks) - 1; i >= 0; i-- {
			if toks[i].end <= to && toks[i].end > from {
				to = toks[i].end
				break
			}
		}
	}
	text := body[from:to]
	var inside [][2]int
	for _, m := range ms {
		if m[0] >= from && m[1] <= to {
			inside = append(inside, [2]int{m[0] - from, m[1] - from})
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
