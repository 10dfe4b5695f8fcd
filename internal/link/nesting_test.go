package link

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// nestedBodies are 1 MiB bodies nested far deeper than maxNesting: a list
// whose items each hold the next, 1 000 levels deep (then again from the
// top), and "> - " repeated (a block quote holding a list item holding a
// block quote …, 500 000 containers on one line).
func nestedBodies() []struct{ name, body string } {
	var b strings.Builder
	for i := 0; b.Len() < 1<<20; i++ {
		b.WriteString(strings.Repeat("  ", i%1000) + "- a\n")
	}
	return []struct{ name, body string }{
		{"indented-list-1000", b.String()},
		{"quote-list-250000", strings.Repeat("> - ", 250_000)},
	}
}

// containerDepth is how many block quotes and list items hold one another
// at the deepest point of doc.
func containerDepth(doc ast.Node) int {
	deepest := 0
	var walk func(n ast.Node, depth int)
	walk = func(n ast.Node, depth int) {
		switch n.Kind() {
		case ast.KindBlockquote, ast.KindListItem:
			depth++
		}
		deepest = max(deepest, depth)
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			walk(c, depth)
		}
	}
	walk(doc, 0)
	return deepest
}

// TestNestingBounded parses deeply nested 1 MiB bodies (what Extract and
// PlainText, the search indexer's text, both parse) into a tree no deeper
// than maxNesting containers: goldmark alone nests them 1,000 and 500,000
// deep, which took it 1–2 s each (bench/RESULTS.md, BenchmarkNesting).
// The bound is asserted on the tree, not on a clock.
func TestNestingBounded(t *testing.T) {
	t.Parallel()
	for _, c := range nestedBodies() {
		src := []byte(c.body)
		doc := markdown.Parser().Parse(text.NewReader(src))
		if d := containerDepth(doc); d > maxNesting {
			t.Errorf("%s: parsed %d containers deep, want at most %d", c.name, d, maxNesting)
		}
	}
}

// TestNestingKeepsLinks checks that links inside and after nesting deeper
// than maxNesting are still found, and their text still indexed.
func TestNestingKeepsLinks(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString(strings.Repeat("> - ", 5000) + "deep [x](x.md) quote\n\n")
	for i := range 200 {
		b.WriteString(strings.Repeat("  ", i) + "- a")
		if i == 150 {
			b.WriteString(" [y](<y.md>) item")
		}
		b.WriteString("\n")
	}
	b.WriteString("\nafter [z](z.md \"t\")\n\n" + strings.Repeat(">", 10000) + " [w](w.md)\n")
	body := b.String()
	var got []string
	for _, e := range Extract(body) {
		got = append(got, e.Href+"="+e.Text)
	}
	if fmt.Sprint(got) != "[x.md=x y.md=y z.md=z w.md=w]" {
		t.Fatalf("links in a deeply nested body: %v", got)
	}
	text := PlainText(body)
	for _, want := range []string{"deep x quote", "a y item", "after z", "w"} {
		if !strings.Contains(text, want) {
			t.Errorf("plain text lacks %q", want)
		}
	}
}

// TestNestingWithinCapAgreesWithGoldmark checks that bodies nested up to
// maxNesting deep give the links and definitions plain goldmark finds, at
// their places (checkBody).
func TestNestingWithinCapAgreesWithGoldmark(t *testing.T) {
	t.Parallel()
	markers := []string{"> ", "- ", "1. ", "* ", ">", "  ", "\n", "[a](b.md) ", "x ", "[c]\n\n[c]: d.md\n"}
	r := rand.New(rand.NewPCG(7, 8))
	nearCap := 0
	for range 3000 {
		var b strings.Builder
		for range 1 + r.IntN(6) {
			for range r.IntN(maxNesting) {
				b.WriteString(markers[r.IntN(6)])
			}
			b.WriteString(markers[5+r.IntN(len(markers)-5)])
		}
		body := b.String()
		depth := plainDepth(body)
		if depth > maxNesting {
			continue // lines can nest in the containers of the lines before
		}
		if depth >= maxNesting-4 {
			nearCap++
		}
		checkBody(t, body)
	}
	if nearCap < 100 {
		t.Fatalf("only %d bodies nested near the cap", nearCap)
	}
}

// plainDepth is how deep plain goldmark nests block quotes and list items
// in body.
func plainDepth(body string) int {
	deepest := 0
	var walk func(n ast.Node, depth int)
	walk = func(n ast.Node, depth int) {
		if k := n.Kind(); k == ast.KindBlockquote || k == ast.KindListItem {
			depth++
		}
		deepest = max(deepest, depth)
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			walk(c, depth)
		}
	}
	walk(plain.Parser().Parse(text.NewReader([]byte(body))), 0)
	return deepest
}

// BenchmarkNesting is link extraction and plain text (the search indexer's)
// of the deeply nested 1 MiB bodies.
func BenchmarkNesting(b *testing.B) {
	for _, c := range nestedBodies() {
		b.Run("Extract/"+c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.body)))
			for b.Loop() {
				Extract(c.body)
			}
		})
		b.Run("PlainText/"+c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.body)))
			for b.Loop() {
				PlainText(c.body)
			}
		})
	}
}
