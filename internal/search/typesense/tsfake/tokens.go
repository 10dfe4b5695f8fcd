package tsfake

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"codna/internal/search"
)

// tokenizer normalizes text the way Typesense's default (no locale)
// tokenizer does for Latin text: split on white space and the collection's
// token_separators, lowercase, transliterate to ASCII (diacritics dropped,
// ß as ss: Typesense uses iconv's ASCII//TRANSLIT, the fake search.Fold),
// and drop every character that is not a letter or digit unless it is in
// symbols_to_index. Other scripts are kept as they are, a run without
// spaces one token: what Typesense makes of them without a locale was not
// verified.
type tokenizer struct {
	separators string
	symbols    string
}

// token is one word of a text with its byte span in the original.
type token struct {
	norm       string
	start, end int
}

func (t tokenizer) tokens(s string) []string {
	spans := t.spans(s)
	out := make([]string, len(spans))
	for i, sp := range spans {
		out[i] = sp.norm
	}
	return out
}

// spans returns the normalized tokens of s with their byte spans; a word
// that normalizes to nothing (punctuation, emoji) is no token.
func (t tokenizer) spans(s string) []token {
	var out []token
	start := -1
	flush := func(end int) {
		if start >= 0 {
			if n := t.normalize(s[start:end]); n != "" {
				out = append(out, token{norm: n, start: start, end: end})
			}
			start = -1
		}
	}
	for i, r := range s {
		if unicode.IsSpace(r) || strings.ContainsRune(t.separators, r) {
			flush(i)
			continue
		}
		if start < 0 {
			start = i
		}
	}
	flush(len(s))
	return out
}

func (t tokenizer) normalize(w string) string {
	var b strings.Builder
	for _, r := range search.Fold(norm.NFKD.String(w)) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		case strings.ContainsRune(t.symbols, r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// typos is the Damerau–Levenshtein distance (optimal string alignment) of a
// and b in runes.
func typos(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
