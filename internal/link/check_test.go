package link

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
)

// plain is goldmark as anyone would configure it (CommonMark + GFM), without
// this package's instrumented link parser: the independent judge of what is
// a link.
var plain = goldmark.New(goldmark.WithExtensions(extension.GFM))

type plainLink struct {
	pos  int
	dest string
	def  bool
}

// plainParse returns the links (outside images) and definitions goldmark
// finds, in document order, and the byte ranges that are code or HTML.
func plainParse(body string) (links, defs []plainLink, forbidden [][2]int) {
	src := []byte(body)
	doc := plain.Parser().Parse(text.NewReader(src))
	inImage := 0
	addLines := func(l *text.Segments) {
		for i := 0; i < l.Len(); i++ {
			s := l.At(i)
			forbidden = append(forbidden, [2]int{s.Start, s.Stop})
		}
	}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if _, ok := n.(*ast.Image); ok {
			if entering {
				inImage++
			} else {
				inImage--
			}
			return ast.WalkContinue, nil
		}
		if !entering {
			return ast.WalkContinue, nil
		}
		switch v := n.(type) {
		case *ast.Link:
			if inImage == 0 {
				links = append(links, plainLink{pos: v.Pos(), dest: string(v.Destination)})
			}
		case *ast.LinkReferenceDefinition:
			defs = append(defs, plainLink{pos: v.Pos(), dest: string(v.Destination), def: true})
		case *ast.CodeSpan:
			end := v.Pos() + 1
			for c := v.FirstChild(); c != nil; c = c.NextSibling() {
				if t, ok := c.(*ast.Text); ok && t.Segment.Stop > end {
					end = t.Segment.Stop
				}
			}
			forbidden = append(forbidden, [2]int{v.Pos(), end})
		case *ast.CodeBlock:
			addLines(v.Lines())
		case *ast.FencedCodeBlock:
			addLines(v.Lines())
		case *ast.HTMLBlock:
			addLines(v.Lines())
			if v.HasClosure() {
				forbidden = append(forbidden, [2]int{v.ClosureLine.Start, v.ClosureLine.Stop})
			}
		case *ast.RawHTML:
			addLines(v.Segments)
		}
		return ast.WalkContinue, nil
	})
	return links, defs, forbidden
}

// checkBody checks Scan and Extract against each other and against plain
// goldmark, and that an identity rewrite changes nothing.
func checkBody(t testing.TB, body string) {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("body %q: %s", body, fmt.Sprintf(format, args...))
	}
	occ := Scan(body)
	prevEnd := 0
	var uses, defOcc []Occurrence
	for i, o := range occ {
		if !o.exact && !o.split {
			fail("occurrence %d not located exactly: %+v", i, o)
		}
		if o.Start < prevEnd || o.End <= o.Start || o.End > len(body) {
			fail("occurrence %d range [%d,%d) overlaps or is out of order: %+v", i, o.Start, o.End, o)
		}
		if !o.split { // goldmark may read a split definition's bytes again
			prevEnd = o.End
		}
		if body[o.Start] != '[' || o.TextStart != o.Start+1 || o.TextEnd >= o.End || body[o.TextEnd] != ']' || body[o.TextStart:o.TextEnd] != o.Text {
			fail("occurrence %d text range wrong: %+v", i, o)
		}
		switch o.Kind {
		case Inline:
			if body[o.End-1] != ')' || o.DestStart < o.TextEnd || o.DestEnd > o.End || body[o.DestStart:o.DestEnd] != o.Href || o.Label != "" {
				fail("inline %d ranges wrong: %+v", i, o)
			}
			uses = append(uses, o)
		case Reference:
			if body[o.End-1] != ']' || o.DestStart != -1 || o.DestEnd != -1 || o.Label == "" {
				fail("reference %d ranges wrong: %+v", i, o)
			}
			uses = append(uses, o)
		case Definition:
			if o.split {
				if o.DestStart != -1 || o.DestEnd != -1 {
					fail("split definition %d has a destination range: %+v", i, o)
				}
			} else if body[o.TextEnd+1] != ':' || o.DestStart <= o.TextEnd || o.DestEnd > o.End || body[o.DestStart:o.DestEnd] != o.Href || o.Label == "" {
				fail("definition %d ranges wrong: %+v", i, o)
			}
			defOcc = append(defOcc, o)
		default:
			fail("occurrence %d has kind %v", i, o.Kind)
		}
	}

	links, defs, forbidden := plainParse(body)
	if len(links) != len(uses) {
		fail("goldmark finds %d links, Scan %d: %+v vs %+v", len(links), len(uses), links, uses)
	}
	for i := range links {
		if links[i].pos != uses[i].Start || links[i].dest != uses[i].Href {
			fail("link %d: goldmark %+v, Scan %+v", i, links[i], uses[i])
		}
	}
	if len(defs) != len(defOcc) {
		fail("goldmark finds %d definitions, Scan %d", len(defs), len(defOcc))
	}
	for i := range defs {
		if defs[i].pos != defOcc[i].Start || defs[i].dest != defOcc[i].Href {
			fail("definition %d: goldmark %+v, Scan %+v", i, defs[i], defOcc[i])
		}
	}
	for _, o := range occ {
		for _, r := range forbidden {
			if o.Start >= r[0] && o.Start < r[1] {
				fail("occurrence %+v inside code or HTML %v", o, r)
			}
		}
	}

	edges := Extract(body)
	seen := map[string]bool{}
	var want []Edge
	for _, o := range uses {
		if !IsInternal(o.Href) {
			continue
		}
		if !seen[o.Href] {
			seen[o.Href] = true
			want = append(want, Edge{Href: o.Href, Text: o.Text})
		}
		for i := range want {
			if want[i].Href == o.Href {
				want[i].Count++
			}
		}
	}
	if fmt.Sprint(edges) != fmt.Sprint(want) {
		fail("Extract %+v, occurrences say %+v", edges, want)
	}

	if got := RewriteHrefs(body, func(h string) (string, bool) { return h, true }); got != body {
		fail("identity rewrite changed the body to %q", got)
	}
}

// genBody builds a markdown body mixing links, reference links, code spans,
// fenced and indented code, images, HTML, escaped brackets and prose. A
// tame body leaves out what makes brackets pair differently once a link's
// markup is gone (stray and escaped brackets, undefined labels, definitions
// in odd places, code spans with brackets, raw HTML in link text): Drop
// promises more for those (see checkEdits).
func genBody(r *rand.Rand, tame bool) string {
	pick := func(s ...string) string { return s[r.IntN(len(s))] }
	dest := func() string {
		return pick("x.md", "../ops/deploy.md", "/wiki/a/b.md", "setup", "a%20b.md", "diagram.png",
			"https://example.com/x.md", "#frag", "", "x.md#sec", "x.md?q=1", "codna:wiki:x",
			"<with space.md>", "<>", "p(1).md", `a\)b.md`, "a\\_b.md", "&amp;.md", "//host/x.md",
			"été.md", "../../../../up.md", "./here.md")
	}
	title := func() string {
		return pick("", "", ` "t"`, ` 't'`, ` (t)`, "\n  \"multi\nline\"", ` "with ) paren"`)
	}
	labels := []string{"ref", "Ref", "REF  x", "other", "ref x", "日本"}
	label := func() string { return pick(labels...) }
	words := func() string {
		if tame {
			return pick("text", "é ü", "日本語", "a [b] c", "*em*", "![i](p.png)", "x", "", "[nested [deep]]", "**b**", "www.example.com", "# h", "- i", "1. x", "> q", "===", "--- x")
		}
		return pick("text", "é ü", "日本語", "a [b] c", `\[x\]`, "*em*", "`co]de`", "![i](p.png)",
			"<b>", "x", "", "[nested [deep]]", "**b**", "a\\", "www.example.com", "# h", "- i", "1. x", "> q", "===", "```")
	}
	var b strings.Builder
	n := 3 + r.IntN(25)
	for range n {
		switch k := r.IntN(22); k {
		case 0, 1, 2, 3:
			fmt.Fprintf(&b, "[%s](%s%s)", words(), dest(), title())
		case 4:
			fmt.Fprintf(&b, "[%s][%s]", words(), label())
		case 5:
			fmt.Fprintf(&b, "[%s][]", label())
		case 6:
			fmt.Fprintf(&b, "[%s]", label())
		case 7:
			if !tame {
				fmt.Fprintf(&b, "\n\n%s[%s]: %s%s\n", pick("", "  ", "> ", "- "), label(), dest(), title())
			}
		case 8:
			fmt.Fprintf(&b, "`[%s](%s)`", words(), dest())
		case 9:
			fmt.Fprintf(&b, "\n\n```\n[%s](%s)\n[%s]: %s\n```\n\n", words(), dest(), label(), dest())
		case 10:
			fmt.Fprintf(&b, "\n\n    [%s](%s)\n\n", words(), dest())
		case 11:
			fmt.Fprintf(&b, "![%s](%s)", words(), dest())
		case 12:
			fmt.Fprintf(&b, "<a href=\"%s\">[%s](%s)</a>", dest(), words(), dest())
		case 13:
			fmt.Fprintf(&b, "\n\n<div>\n[%s](%s)\n</div>\n\n", words(), dest())
		case 14:
			if !tame {
				fmt.Fprintf(&b, "\\[%s\\](%s)", words(), dest())
			}
		case 15:
			fmt.Fprintf(&b, "[![%s](%s)](%s)", words(), dest(), dest())
		case 16:
			fmt.Fprintf(&b, "\n\n| a | b |\n|---|---|\n| [%s](%s) | `x|y` |\n\n", words(), dest())
		case 17:
			fmt.Fprintf(&b, "<%s>", pick("https://example.com/a.md", "x.md", "mailto:a@b.c"))
		case 18:
			if !tame {
				b.WriteString(pick("[", "]", "(", ")", "\\", "`", "<", ">", "\"", "!", "*", "_", "|", "&"))
			}
		case 19:
			b.WriteString(pick("\n", "\n\n", "\n> ", "\n- ", "\n1. ", "\n# ", "\n---\n"))
		default:
			b.WriteString(words())
			b.WriteByte(' ')
		}
	}
	if tame {
		b.WriteString("\n")
		for _, l := range labels {
			fmt.Fprintf(&b, "\n[%s]: %s%s\n", l, dest(), title())
		}
	}
	s := b.String()
	if r.IntN(4) == 0 {
		s = strings.ReplaceAll(s, "\n", "\r\n")
	}
	return s
}

func countLinks(body string) int {
	n := 0
	for _, o := range Scan(body) {
		if o.Kind != Definition {
			n++
		}
	}
	return n
}

// hasSplit reports whether body has a definition goldmark also reads as
// paragraph text, which the rewriting functions leave alone (see Scan).
func hasSplit(body string) bool {
	for _, o := range Scan(body) {
		if o.split {
			return true
		}
	}
	return false
}

// checkEdits checks Drop, Retarget and Append on body. Drop must always
// remove every link to the href; on a tame body it must also leave every
// other link in place and make no new one. Retarget must leave no link to
// the old href and make them all links to the new one, unless the href is
// a definition's that goldmark also reads as text (hasSplit).
func checkEdits(t testing.TB, body string, tame bool) {
	t.Helper()
	to := Address{Space: "wiki", Path: "ops", Slug: "deploy"}
	for _, e := range Extract(body) {
		dropped := Drop(body, e.Href)
		links := 0
		for _, o := range Scan(dropped) {
			if o.Kind == Definition {
				continue
			}
			links++
			if o.Href == e.Href {
				t.Fatalf("Drop(%q, %q) left a link to it: %q", body, e.Href, dropped)
			}
		}
		want := 0
		for _, o := range Scan(body) {
			if o.Kind != Definition && o.Href != e.Href {
				want++
			}
		}
		if links != want && tame {
			t.Fatalf("Drop(%q, %q): %d other links became %d: %q", body, e.Href, want, links, dropped)
		}
		if hasSplit(body) {
			continue
		}
		moved := Retarget(body, e.Href, to, "wiki", "eng")
		_, suffix, _ := splitHref(e.Href)
		nh := "../ops/deploy.md" + suffix
		var n int
		for _, ee := range Extract(moved) {
			if ee.Href == e.Href && e.Href != nh {
				t.Fatalf("Retarget(%q, %q) left a link to it: %q", body, e.Href, moved)
			}
			if fullDecode(ee.Href) == fullDecode(nh) {
				n += ee.Count
			}
		}
		if n < e.Count {
			t.Fatalf("Retarget(%q, %q): %d links to %q, want at least %d: %q", body, e.Href, n, nh, e.Count, moved)
		}
		if before, after := countLinks(body), countLinks(moved); tame && before != after {
			t.Fatalf("Retarget(%q, %q): %d links became %d: %q", body, e.Href, before, after, moved)
		}
	}
	out := Append(body, "x", to, "wiki", "eng")
	occ := Scan(out)
	if len(occ) == 0 || occ[len(occ)-1].Href != "../ops/deploy.md" || occ[len(occ)-1].End != len(strings.TrimRight(out, "\r\n")) {
		t.Fatalf("Append(%q) = %q: the new link is not the last link", body, out)
	}
}

func TestScanAgreesWithGoldmark(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	links := 0
	for i := range 3000 {
		tame := i%2 == 0
		body := genBody(r, tame)
		checkBody(t, body)
		if i%3 == 0 {
			checkEdits(t, body, tame)
		}
		links += len(Scan(body))
	}
	if links < 10000 {
		t.Fatalf("the generator made only %d links", links)
	}
}

// Bodies the long property run found, kept as regressions.
func TestDropRegressions(t *testing.T) {
	t.Parallel()
	for _, body := range []string{
		// Escaping one bracket uncovers the next link to escape.
		"[x](&amp;.md 't')--- x [text][ref x][ref x][other][]\n\n    [# h](https://example.com/x.md)\n\n`[[nested [deep]]](//host/x.md)`\n\n    [1. x](<>)\n\n<mailto:a@b.c><https://example.com/a.md>[日本][][é ü][ref x]**b** [[nested [deep]]][other][Ref][日本語](./here.md\n  \"multi\nline\")[![é ü]()]()\n# \n\n    [--- x](x.md?q=1)\n\n1. x \n\n[ref]: x.md (t)\n\n[Ref]: ../ops/deploy.md\n\n[REF  x]: ../ops/deploy.md \"with ) paren\"\n\n[other]: ./here.md\n  \"multi\nline\"\n\n[ref x]: diagram.png \"with ) paren\"\n\n[日本]: x.md?q=1\n",
		// A link with no text opening a list item, then a would-be check box.
		"- []( \"t\")[x](//host/x.md 't')[[nested [deep]]](x.md?q=1 't') é\n\n    [x](a%20b.md)\n\n[ref]: x.md\n",
		// A definition opening a list item whose later paragraph would become code.
		"- [other]: <with space.md>\n\n\n    [<b>](setup)\n\n[x][other] [a [b] c](diagram.png)\n",
	} {
		checkBody(t, body)
		checkEdits(t, body, true)
	}
}

// TestPropertyLong is the property test at a larger scale, for a run by
// hand: LINK_LONG_PROPERTY=1 go test -run TestPropertyLong -timeout 60m
// ./internal/link/ (about 100 000 bodies; minutes).
func TestPropertyLong(t *testing.T) {
	if os.Getenv("LINK_LONG_PROPERTY") == "" {
		t.Skip("set LINK_LONG_PROPERTY=1 to run")
	}
	for seed := uint64(10); seed < 14; seed++ {
		r := rand.New(rand.NewPCG(seed, 99))
		for range 25000 {
			tame := r.IntN(2) == 0
			body := genBody(r, tame)
			checkBody(t, body)
			checkEdits(t, body, tame)
		}
	}
}
