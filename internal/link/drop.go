package link

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/util"
)

// Drop removes the link markup of every link whose Href is exactly href and
// keeps its text as written: "[text](href)" becomes "text", a reference use
// "[text][label]", "[label][]" or "[label]" becomes "text" or "label". A
// definition whose destination is href is removed (with its line when
// nothing else is on it, else just the definition and the white space after
// it; a block quote's '>' or a list item's marker before it stays). This is
// the "drop" answer.
//
// Drop keeps the rest of the body rendering as before:
//   - a definition is kept (unused, invisible) when an image still uses it,
//     or when removing it would change the block structure (a definition
//     opening a list item or paragraph whose later lines would then start a
//     code block, say);
//   - kept text that would start a block where the link began a line ("# x",
//     "- x", "1. x", "> x", "```", "===") gets a backslash before the
//     character that would ("\# x", "1\. x");
//   - a link with no text that began a line, whose removal would leave an
//     empty line or list item that ends a block early, becomes "&#8203;"
//     (a zero-width space);
//   - brackets that become a link only because a link inside them is gone
//     ("[x [a](href)](y.md)": a link may not contain a link) get their '['
//     escaped ("\[x a](y.md)").
//
// What Drop does not undo: the kept text is joined to the text around it,
// so emphasis delimiters in it may pair with ones outside (they could not
// across the link's brackets), a backtick run at its edge may merge with a
// touching one outside, and a '<' in it may open raw HTML that now reaches
// past the old link. Such bodies are rare; the result is still valid
// markdown without the dropped links.
func Drop(body, href string) string {
	out := dropOnce(body, href)
	// In contrived bodies the brackets left behind can still pair into a
	// link to href that settle could not undo: drop that one too.
	for range 4 {
		again := false
		for _, o := range Scan(out) {
			if o.Kind != Definition && o.Href == href && o.exact {
				again = true
				break
			}
		}
		if !again {
			break
		}
		out = dropOnce(out, href)
	}
	return out
}

func dropOnce(body, href string) string {
	p := parse(body)
	keep := map[int]bool{} // definitions still used
	for _, key := range p.state.imageRefs {
		if i, ok := p.defs[key]; ok {
			keep[i] = true
		}
	}
	for _, o := range p.occ {
		if o.Kind != Reference || (o.Href == href && o.exact) {
			continue
		}
		if i, ok := p.defs[util.ToLinkReference([]byte(o.Label))]; ok {
			keep[i] = true
		}
	}
	var dels, defDels []edit
	byStart := map[int]Occurrence{}
	for _, o := range p.occ {
		byStart[o.Start] = o
	}
	links := map[int]Occurrence{} // the links and definitions that stay
	for i, o := range p.occ {
		if o.Href != href || !o.exact || o.Kind == Definition && keep[i] {
			links[o.Start] = o
			continue
		}
		switch o.Kind {
		case Inline, Reference:
			dels = append(dels, edit{start: o.Start, end: o.TextStart}, edit{start: o.TextEnd, end: o.End})
			if o.lineStart {
				if at := blockStartEscape(body, o); at >= 0 {
					dels = append(dels, edit{start: at, end: at, repl: "\\"})
				}
			}
		case Definition:
			defDels = append(defDels, removeDefinition(body, o))
		}
	}
	if len(dels) == 0 && len(defDels) == 0 {
		return body
	}
	// A link with no text that began a line leaves an empty line or list
	// item, which can end a paragraph or list item early: keep the place
	// with an invisible character then.
	kept := 0
	for _, o := range links {
		if o.Kind != Definition {
			kept++
		}
	}
	if len(dels) > 0 && !sameShape(body, dels, links, kept, p.doc) {
		for _, o := range p.occ {
			if o.Href == href && o.exact && o.Kind != Definition && o.lineStart && strings.TrimSpace(o.Text) == "" {
				dels = append(dels, edit{start: o.TextStart, end: o.TextStart, repl: zeroWidthSpace})
			}
		}
	}
	// Remove the definitions that can go without changing the blocks.
	if len(defDels) > 0 {
		base, _ := applyEditsMapped(body, dels)
		want := blockSignature(parse(base).doc)
		if all := append(append([]edit(nil), dels...), defDels...); blockSignature(parse(applyEdits(body, all)).doc) == want {
			dels = all
		} else {
			for _, d := range defDels {
				try := append(append([]edit(nil), dels...), d)
				if blockSignature(parse(applyEdits(body, try)).doc) == want {
					dels = try
				} else {
					links[d.defStart] = byStart[d.defStart] // kept
				}
			}
		}
	}
	return settle(body, dels, links)
}

// sameShape reports whether body with edits applied has the block structure
// of doc (body's AST) and its links are the given number of links of body,
// starting where they did (at offsets in keep).
func sameShape(body string, edits []edit, keep map[int]Occurrence, links int, doc ast.Node) bool {
	out, origin := applyEditsMapped(body, edits)
	q := parse(out)
	if blockSignature(q.doc) != blockSignature(doc) {
		return false
	}
	n := 0
	for _, o := range q.occ {
		if o.Kind == Definition {
			continue
		}
		if _, ok := keep[origin[o.Start]]; !ok {
			return false
		}
		n++
	}
	return n == links
}

// zeroWidthSpace holds the place of a dropped link with no text.
const zeroWidthSpace = "&#8203;"

// blockStartEscape returns where a backslash keeps the text of o, a link
// that begins a line, from starting a block once its markup is gone, or -1.
func blockStartEscape(body string, o Occurrence) int {
	text := body[o.TextStart:o.TextEnd]
	if strings.TrimSpace(text) == "" {
		return -1 // what follows is other markup; Drop keeps the place instead
	}
	line := text
	if i := strings.IndexAny(text, "\r\n"); i >= 0 {
		line = text[:i]
	} else {
		rest := body[o.End:]
		if j := strings.IndexAny(rest, "\r\n"); j >= 0 {
			rest = rest[:j]
		}
		line += rest
	}
	if line == "" || !util.IsPunct(line[0]) && !(line[0] >= '0' && line[0] <= '9') {
		return -1
	}
	if len(line) >= 3 && line[0] == '[' && strings.IndexByte(" xX", line[1]) >= 0 && line[2] == ']' {
		return o.TextStart // a GFM task list check box, in a list item
	}
	if startsBlock(line) {
		at := 0
		for at < len(line) && at < 9 && line[at] >= '0' && line[at] <= '9' {
			at++
		}
		if at == len(line) || line[at] == '\\' || !util.IsPunct(line[at]) {
			return -1
		}
		if escaped := line[:at] + "\\" + line[at:]; !startsBlock(escaped) {
			return o.TextStart + at
		}
	}
	return -1
}

// startsBlock reports whether line, alone, is something other than a
// paragraph, or would underline the paragraph before it.
func startsBlock(line string) bool {
	if t := strings.TrimRight(line, " \t"); t != "" && strings.Trim(t, "=") == "" {
		return true // a setext heading underline
	}
	doc := markdown.Parser().Parse(newLinearReader([]byte(line)))
	first := doc.FirstChild()
	if first == nil {
		return false
	}
	_, isPara := first.(*ast.Paragraph)
	return !isPara || first.NextSibling() != nil
}

// blockSignature describes the block structure of doc, leaving out link
// reference definitions.
func blockSignature(doc ast.Node) string {
	var b strings.Builder
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if n.Type() != ast.TypeBlock && n.Type() != ast.TypeDocument {
			return ast.WalkSkipChildren, nil
		}
		if _, ok := n.(*ast.LinkReferenceDefinition); ok {
			return ast.WalkSkipChildren, nil
		}
		if !entering {
			b.WriteByte(')')
			return ast.WalkContinue, nil
		}
		b.WriteString(n.Kind().String())
		switch v := n.(type) {
		case *ast.Heading:
			b.WriteString(strconv.Itoa(v.Level))
		case *ast.List:
			fmt.Fprintf(&b, "%c%v%d", v.Marker, v.IsTight, v.Start)
		}
		b.WriteByte('(')
		return ast.WalkContinue, nil
	})
	return b.String()
}

// removeDefinition removes o and the white space after it on its last line;
// the whole line, line ending included, when only white space precedes it.
func removeDefinition(body string, o Occurrence) edit {
	start, end := o.Start, o.End
	for end < len(body) && (body[end] == ' ' || body[end] == '\t') {
		end++
	}
	lineStart := strings.LastIndexByte(body[:start], '\n') + 1
	if strings.TrimLeft(body[lineStart:start], " \t") != "" {
		return edit{start: start, end: end, defStart: o.Start}
	}
	switch {
	case strings.HasPrefix(body[end:], "\r\n"):
		end += 2
	case strings.HasPrefix(body[end:], "\n"), strings.HasPrefix(body[end:], "\r"):
		end++
	case end == len(body):
	default:
		return edit{start: start, end: end, defStart: o.Start}
	}
	return edit{start: lineStart, end: end, defStart: o.Start}
}
