package search

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// highlightBefore and snippetBefore are Highlight and Snippet as they were
// before the Highlighter (every body's white space collapsed whole, its words
// split and folded one by one): the Highlighter must answer what they
// answer, byte for byte.
func highlightBefore(text string, q Parsed) Highlighted {
	pats := patterns(q.Positive())
	return Highlighted{Text: text, Ranges: toRanges(text, matches(wordTokens(text), pats))}
}

func snippetBefore(body string, q Parsed) Highlighted {
	pats := patterns(q.Positive())
	longest := 0
	for _, p := range pats {
		longest = max(longest, len(p.words))
	}
	return snippet(body, pats, longest)
}

// highlightCorpus draws bodies like the load program's (words of a small
// vocabulary, capitalised sentences, markdown leftovers, runs of white space)
// with, now and then, text that is not ASCII at some place.
func highlightCorpus(rng *rand.Rand, vocab []string, n int) []string {
	odd := []string{"é", "Straße", "東京", "🙂", "\u00a0", "\u0085", "RÉSUMÉ", "naïve", "\u3000", "ﬁ", "İ"}
	seps := []string{" ", " ", " ", "  ", "\n", "\n\n", "\t", ". ", ", ", " - ", "**", "`", "(", ")", " = ", "\r\n", "_", "'"}
	var out []string
	for range n {
		var b strings.Builder
		size := rng.IntN(5000)
		if rng.IntN(10) == 0 {
			size = rng.IntN(40)
		}
		for b.Len() < size {
			w := vocab[rng.IntN(len(vocab))]
			switch rng.IntN(12) {
			case 0:
				w = strings.ToUpper(w[:1]) + w[1:]
			case 1:
				w = strings.ToUpper(w)
			case 2:
				w = w + fmt.Sprint(rng.IntN(100))
			}
			b.WriteString(w)
			b.WriteString(seps[rng.IntN(len(seps))])
			if rng.IntN(800) == 0 {
				b.WriteString(odd[rng.IntN(len(odd))])
			}
		}
		s := b.String()
		if rng.IntN(5) == 0 {
			s = "  \n" + s
		}
		if rng.IntN(20) == 0 {
			s = strings.Repeat(vocab[0], 100+rng.IntN(200)) + " " + s // a word longer than a window
		}
		out = append(out, s)
	}
	return out
}

func highlightQueries(rng *rand.Rand, vocab []string, n int) []string {
	out := []string{"", "x", "-" + vocab[0], "東京", "resume", "strasse", "é", "🙂", `"` + vocab[1] + " " + vocab[2] + `"`}
	for range n {
		var terms []string
		for range 1 + rng.IntN(3) {
			w := vocab[rng.IntN(len(vocab))]
			switch rng.IntN(8) {
			case 0:
				w = w[:1+rng.IntN(len(w))]
			case 1:
				w = `"` + w + " " + vocab[rng.IntN(len(vocab))] + `"`
			case 2:
				w = "-" + w
			case 3:
				w = w + " or " + vocab[rng.IntN(len(vocab))]
			case 4:
				w = strings.ToUpper(w)
			}
			terms = append(terms, w)
		}
		q := strings.Join(terms, " ")
		if rng.IntN(2) == 0 {
			q += " "
		}
		out = append(out, q)
	}
	return out
}

func TestHighlighterAnswersAsBefore(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(31, 6))
	vocab := []string{"al", "a", "ab", "abc", "alpha", "alphabet", "be", "beta", "gamma", "gam", "delta", "x", "x1", "zeta", "eta", "the", "then", "a1"}
	bodies := highlightCorpus(rng, vocab, 400)
	bodies = append(bodies, "", " ", "\n\n", "Short body.\n\n  With  space.", "alpha", "alpha ", " alpha", "é alpha", "alpha é",
		strings.Repeat("x ", 300), strings.Repeat("alpha", 80), strings.Repeat("beta ", 120)+"alpha"+strings.Repeat(" gamma", 120))
	for _, qs := range highlightQueries(rng, vocab, 150) {
		q := Parse(qs)
		h := NewHighlighter(q)
		for _, body := range bodies {
			if got, want := h.Snippet(body), snippetBefore(body, q); !reflect.DeepEqual(got, want) {
				t.Fatalf("Snippet(%q, %q):\n got %#v\nwant %#v", body, qs, got, want)
			}
			title := body[:min(len(body), rng.IntN(60))]
			for !utf8.ValidString(title) {
				title = title[:len(title)-1]
			}
			if got, want := h.Title(title), highlightBefore(title, q); !reflect.DeepEqual(got, want) {
				t.Fatalf("Highlight(%q, %q):\n got %#v\nwant %#v", title, qs, got, want)
			}
		}
	}
}

func FuzzHighlighterAnswersAsBefore(f *testing.F) {
	f.Add("The needle is here, and more text.\n\nAfter", "needle")
	f.Add("Mein RÉSUMÉ an der Straße", "resume strasse")
	f.Add(strings.Repeat("ab ", 100)+"abc", `"ab abc" a`)
	f.Fuzz(func(t *testing.T, body, qs string) {
		if !utf8.ValidString(body) || !utf8.ValidString(qs) {
			return
		}
		q := Parse(qs)
		h := NewHighlighter(q)
		if got, want := h.Snippet(body), snippetBefore(body, q); !reflect.DeepEqual(got, want) {
			t.Fatalf("Snippet(%q, %q):\n got %#v\nwant %#v", body, qs, got, want)
		}
		if got, want := h.Title(body), highlightBefore(body, q); !reflect.DeepEqual(got, want) {
			t.Fatalf("Highlight(%q, %q):\n got %#v\nwant %#v", body, qs, got, want)
		}
	})
}

// BenchmarkSnippet cuts the snippets of a page of 20 bodies like the load
// program's (~2–5 KB of prose, ASCII) for a one-word query, the way before
// the Highlighter and with it.
func BenchmarkSnippet(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	syllables := []string{"ka", "lo", "pre", "st", "ou", "mi", "dr", "ea", "n", "vi", "sch", "ai", "t", "ru", "gl"}
	var vocab []string
	for range 3000 {
		var w strings.Builder
		for range 2 + rng.IntN(4) {
			w.WriteString(syllables[rng.IntN(len(syllables))])
		}
		vocab = append(vocab, w.String())
	}
	var bodies []string
	for len(bodies) < 20 {
		body := highlightCorpus(rng, vocab, 1)[0]
		if isASCII(body) && len(body) > 2000 {
			bodies = append(bodies, body)
		}
	}
	// A word in some of the bodies, somewhere in them.
	q := Parse(vocab[1500])
	b.Run("before", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, body := range bodies {
				highlightBefore(body[:40], q)
				snippetBefore(body, q)
			}
		}
	})
	b.Run("highlighter", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			h := NewHighlighter(q)
			for _, body := range bodies {
				h.Title(body[:40])
				h.Snippet(body)
			}
		}
	})
}
