package typesense

import (
	"unicode"
	"unicode/utf16"

	"codna/internal/search"
)

// ranges turns a text with the backend's highlight marks (markStart …
// markEnd, which indexed text never holds) into the text without them and
// the marked ranges in UTF-16 code units. A range is trimmed of what is
// not a letter, digit or mark at its ends (Typesense marks a word with the
// punctuation attached to it: "Malibu,"); ranges left empty are dropped,
// touching ones merged, and a mark left open ends with the text.
func ranges(s string) search.Highlighted {
	var text []rune
	type span struct{ start, end int } // in runes of text
	var spans []span
	open := -1
	for _, r := range s {
		switch string(r) {
		case markStart:
			if open < 0 {
				open = len(text)
			}
		case markEnd:
			if open >= 0 {
				spans = append(spans, span{open, len(text)})
				open = -1
			}
		default:
			text = append(text, r)
		}
	}
	if open >= 0 {
		spans = append(spans, span{open, len(text)})
	}
	word := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) }
	// units[i] is the UTF-16 offset of rune i.
	units := make([]int, len(text)+1)
	for i, r := range text {
		units[i+1] = units[i] + utf16.RuneLen(r)
	}
	out := search.Highlighted{Text: string(text)}
	for _, sp := range spans {
		for sp.start < sp.end && !word(text[sp.start]) {
			sp.start++
		}
		for sp.end > sp.start && !word(text[sp.end-1]) {
			sp.end--
		}
		if sp.start == sp.end {
			continue
		}
		r := search.Range{Start: units[sp.start], End: units[sp.end]}
		if n := len(out.Ranges); n > 0 && out.Ranges[n-1].End >= r.Start {
			out.Ranges[n-1].End = max(out.Ranges[n-1].End, r.End)
			continue
		}
		out.Ranges = append(out.Ranges, r)
	}
	return out
}
