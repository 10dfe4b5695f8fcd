package link

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/util"
)

type edit struct {
	start, end int
	repl       string
	defStart   int // for the removal of a definition, its Start
}

// applyEdits applies non-overlapping edits to body.
func applyEdits(body string, edits []edit) string {
	if len(edits) == 0 {
		return body
	}
	edits = append([]edit(nil), edits...)
	sort.SliceStable(edits, func(i, j int) bool {
		if edits[i].start != edits[j].start {
			return edits[i].start < edits[j].start
		}
		return edits[i].end < edits[j].end
	})
	var b strings.Builder
	b.Grow(len(body))
	at := 0
	for _, e := range edits {
		if e.start < at {
			continue // overlapping: cannot happen for links, which never nest
		}
		b.WriteString(body[at:e.start])
		b.WriteString(e.repl)
		at = e.end
	}
	b.WriteString(body[at:])
	return b.String()
}

// RewriteHrefs calls rewrite with the Href of every Inline and Definition
// occurrence of body (Scan), in source order (except a definition Scan
// reports without a destination range), and where it returns
// (newHref, true) with newHref different from the Href, replaces that
// destination's bytes with newHref. Reference uses have no destination of
// their own: they follow their definition. Everything else is kept byte for
// byte: link text, titles, white space, line endings, other links. The body
// is never re-rendered.
//
// newHref is a destination as written (like Href: markdown escapes allowed,
// no angle brackets) and is written as given, keeping the original's form
// (bare, or inside <...>), except where that would not parse back as the
// same destination in that place; then, so that it decodes to the same URL:
//   - a bare original gets <...> when newHref cannot be bare: it is empty,
//     contains a space, tab or line break, starts with '<', has unbalanced
//     (unescaped) parentheses, or ends in a lone backslash;
//   - inside <...>, when newHref cannot stand there as it is (it has an
//     unescaped '>', a line break or a trailing lone backslash), unescaped
//     '<' and '>' are written "\<" and "\>", a backslash that escapes
//     nothing "\\", and CR and LF, which cannot be written there, %0D and
//     %0A;
//   - in a GFM table cell an unescaped '|' is written "\|" (it would end the
//     cell);
//   - in an inline link, backticks are percent-encoded (%60) when newHref's
//     runs of backticks differ from the old href's (a new backtick could
//     close a code span opened earlier in the paragraph and unmake the link).
//
// A new destination can, rarely, let brackets before the link pair
// differently ("[x]([a](<my doc.md>))" is a link to "my doc.md" only because
// the space ends the outer destination early); then the '[' or ']' of the
// link that would appear is backslash-escaped, so that the body keeps its
// links. With a rewrite that returns its argument (or false) the result is
// body, unchanged.
func RewriteHrefs(body string, rewrite func(href string) (string, bool)) string {
	var edits []edit
	occ := parse(body).occ
	for _, o := range occ {
		if o.Kind == Reference || !o.exact {
			continue
		}
		nh, ok := rewrite(o.Href)
		if !ok || nh == o.Href {
			continue
		}
		edits = append(edits, edit{start: o.DestStart, end: o.DestEnd, repl: writeDest(nh, o)})
	}
	if len(edits) == 0 {
		return body
	}
	keep := make(map[int]Occurrence, len(occ))
	for _, o := range occ {
		keep[o.Start] = o
	}
	return settle(body, edits, keep)
}

// writeDest returns the bytes to put in place of o's destination.
func writeDest(href string, o Occurrence) string {
	w := href
	if o.Kind == Inline && strings.IndexByte(w, '`') >= 0 && backtickRuns(w) != backtickRuns(o.Href) {
		w = strings.ReplaceAll(w, "`", "%60")
	}
	if o.inTable {
		w = escapeUnescaped(w, "|")
	}
	if o.angle {
		if angleOK(w) {
			return w
		}
		return angleEscape(w)
	}
	if bareOK(w) {
		return w
	}
	return "<" + angleEscape(w) + ">"
}

// backtickRuns returns the lengths of the runs of backticks in s.
func backtickRuns(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '`' {
			i++
			continue
		}
		n := 0
		for i < len(s) && s[i] == '`' {
			i++
			n++
		}
		b.WriteString(strconv.Itoa(n))
		b.WriteByte(',')
	}
	return b.String()
}

// escapeUnescaped backslash-escapes the bytes of chars in s that are not
// already escaped.
func escapeUnescaped(s, chars string) string {
	if !strings.ContainsAny(s, chars) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' && i+1 < len(s) && util.IsPunct(s[i+1]) {
			b.WriteByte(c)
			b.WriteByte(s[i+1])
			i++
			continue
		}
		if strings.IndexByte(chars, c) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	return b.String()
}

// angleEscape makes s writable inside <...>: '<' and '>' escaped, a
// backslash that escapes nothing doubled, CR and LF percent-encoded.
// Every character decodes as before.
func angleEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && i+1 < len(s) && util.IsPunct(s[i+1]):
			b.WriteByte(c)
			b.WriteByte(s[i+1])
			i++
		case c == '\\':
			b.WriteString(`\\`)
		case c == '<' || c == '>':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n':
			b.WriteString("%0A")
		case c == '\r':
			b.WriteString("%0D")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// trailingBackslash reports whether s ends in a backslash that escapes
// nothing within s (it would escape what follows s).
func trailingBackslash(s string) bool {
	n := 0
	for n < len(s) && s[len(s)-1-n] == '\\' {
		n++
	}
	return n%2 == 1
}

// angleOK reports whether s parses, unchanged, inside <...> (as goldmark
// reads it).
func angleOK(s string) bool {
	if strings.ContainsAny(s, "\r\n") || trailingBackslash(s) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && util.IsPunct(s[i+1]) {
			i++
			continue
		}
		if s[i] == '>' {
			return false
		}
	}
	return true
}

// bareOK reports whether s parses, unchanged, as a destination without
// angle brackets (as goldmark reads it).
func bareOK(s string) bool {
	if s == "" || s[0] == '<' || trailingBackslash(s) {
		return false
	}
	opened := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case util.IsSpace(c):
			return false
		case c == '\\':
			if i+1 < len(s) && util.IsPunct(s[i+1]) {
				i++
			}
		case c == '(':
			opened++
		case c == ')':
			opened--
			if opened < 0 {
				return false
			}
		}
	}
	return opened == 0
}

// sameFolder reports whether two folders are the same once cleaned.
func sameFolder(space1, path1, space2, path2 string) bool {
	a, ok1 := clean(nil, space1+"/"+path1)
	b, ok2 := clean(nil, space2+"/"+path2)
	if !ok1 || !ok2 || len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Rebase rewrites the relative internal hrefs of a document that moves from
// the folder /<fromSpace>/<fromPath>/ to /<toSpace>/<toPath>/ so that each
// still reaches the address it reached before (linking.md: a moved
// document's own relative links are rebased). Only inline links and
// definitions are edited (reference uses follow their definition), in place;
// the rest of the body is byte-identical.
//
// An href is rebased when it IsInternal, does not start with '/' (absolute
// hrefs are left alone), and Resolves from the old folder. It is rewritten
// to Relative(toSpace, toPath, address) followed by its ?query and
// #fragment as written; when the original did not end in ".md", neither does
// the new one ("../ops/deploy" stays extension-less). Hrefs that do not
// resolve from the old folder are left alone. When the folder does not
// change (a rename) the body is returned unchanged.
//
// Rebase is its own inverse for bodies whose relative hrefs are in
// Relative's form (with or without ".md"): rebasing back returns the
// original. Other spellings ("./x.md", "a//b.md", "%61.md") are normalised
// when they are rebased. A raw document is never rebased: the caller must not
// call Rebase for one.
func Rebase(body, fromSpace, fromPath, toSpace, toPath string) string {
	if sameFolder(fromSpace, fromPath, toSpace, toPath) {
		return body
	}
	return RewriteHrefs(body, func(href string) (string, bool) {
		return RebaseHref(href, fromSpace, fromPath, toSpace, toPath)
	})
}

// RebaseHref is Rebase's rule for one href: for a relative internal href
// that resolves from /<fromSpace>/<fromPath>/, the href that reaches the same
// address from /<toSpace>/<toPath>/ (Relative's form, without ".md" when the
// original had none, then the original ?query and #fragment as written) and
// true; otherwise "", false. The new href may equal href. With
// RewriteHrefs it lets a caller see which href became which:
//
//	renamed := map[string]string{}
//	body = link.RewriteHrefs(body, func(h string) (string, bool) {
//		n, ok := link.RebaseHref(h, fromSpace, fromPath, toSpace, toPath)
//		if ok && n != h {
//			renamed[h] = n
//		}
//		return n, ok
//	})
//
// (Rebase also returns the body unchanged when the folder is the same.)
func RebaseHref(href, fromSpace, fromPath, toSpace, toPath string) (string, bool) {
	if !IsInternal(href) {
		return "", false
	}
	_, suffix, p := splitHref(href)
	if strings.HasPrefix(p, "/") {
		return "", false
	}
	addr, ok := Resolve(fromSpace, fromPath, href)
	if !ok {
		return "", false
	}
	nh := Relative(toSpace, toPath, addr)
	if !strings.HasSuffix(percentDecode(p), ".md") {
		nh = strings.TrimSuffix(nh, ".md")
	}
	return nh + suffix, true
}

// Retarget makes every occurrence of exactly href (Occurrence.Href, as
// written) in body point at to: inline links and definitions with that
// destination are rewritten, in place, to Relative(fromSpace, fromPath, to)
// followed by the old href's ?query and #fragment as written. fromSpace and
// fromPath are the folder of the document whose body this is. Reference
// uses follow their definition (an image using the same definition follows
// too). This is the "update" and "repoint" answers.
func Retarget(body, href string, to Address, fromSpace, fromPath string) string {
	_, suffix, _ := splitHref(href)
	nh := Relative(fromSpace, fromPath, to) + suffix
	return RewriteHrefs(body, func(h string) (string, bool) {
		return nh, h == href
	})
}

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

// settle applies edits to body and then looks for small insertions so that
// the links and definitions of the result are those of keep (by start,
// kind and extent of the text): a changed destination or a dropped link can
// let brackets around it pair differently. "[x [a](href)](y.md)" is one
// link, to href, since a link may not contain a link; "[x]([a](<my doc.md>))"
// is one link, to "my doc.md", since the space ends the outer destination.
// A link or definition that appears or changes so gets its ']' or its '['
// escaped (a literal bracket either way), or, when it was a shortcut
// reference now read together with what follows, "[]" after it ("[label][]"
// is the same link); whichever brings back the others (a greedy search of a
// few rounds at most).
func settle(body string, dels []edit, keep map[int]Occurrence) string {
	type result struct {
		out   string
		bad   int    // links and definitions gained, lost or changed
		fixes []edit // candidate insertions (at offsets of body)
	}
	eval := func(fixes []edit) result {
		out, origin := applyEditsMapped(body, append(append([]edit(nil), dels...), fixes...))
		r := result{out: out}
		present := 0
		for _, o := range Scan(out) {
			at := origin[o.Start]
			was, kept := keep[at]
			if at >= 0 && kept && was.Kind == o.Kind && o.TextEnd >= 0 && origin[o.TextEnd] == was.TextEnd {
				present++
				continue
			}
			r.bad++
			if kept && was.Kind == Reference && was.End == was.TextEnd+1 {
				// A shortcut reference now read with what follows it:
				// "[label][]" is the same link and stops there.
				r.fixes = append(r.fixes, edit{start: was.End, end: was.End, repl: "[]"})
			}
			if o.Kind != Definition && o.TextEnd >= 0 && origin[o.TextEnd] >= 0 {
				r.fixes = append(r.fixes, edit{start: origin[o.TextEnd], end: origin[o.TextEnd], repl: "\\"})
			}
			if at >= 0 {
				r.fixes = append(r.fixes, edit{start: at, end: at, repl: "\\"})
			}
		}
		r.bad += len(keep) - present
		return r
	}
	// Greedy, but a step that gains nothing is allowed (escaping one bracket
	// can uncover the next link to escape); the best result seen wins.
	cur := eval(nil)
	best := cur
	var fixes []edit
	for round := 0; round < 8 && cur.bad > 0 && len(cur.fixes) > 0; round++ {
		var next result
		var nextFixes []edit
		for _, f := range cur.fixes {
			if slices.Contains(fixes, f) {
				continue
			}
			try := append(append([]edit(nil), fixes...), f)
			if r := eval(try); nextFixes == nil || r.bad < next.bad {
				next, nextFixes = r, try
			}
		}
		if nextFixes == nil || next.bad > cur.bad {
			break
		}
		cur, fixes = next, nextFixes
		if cur.bad < best.bad {
			best = cur
		}
	}
	return best.out
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

// applyEditsMapped is applyEdits that also returns, for each byte of the
// result, its offset in body (-1 for inserted bytes). Insertions sort before
// a deletion at the same offset.
func applyEditsMapped(body string, edits []edit) (string, []int) {
	edits = append([]edit(nil), edits...)
	sort.SliceStable(edits, func(i, j int) bool {
		if edits[i].start != edits[j].start {
			return edits[i].start < edits[j].start
		}
		return edits[i].end < edits[j].end
	})
	var b strings.Builder
	origin := make([]int, 0, len(body)+1)
	at := 0
	for _, e := range edits {
		if e.start < at {
			continue
		}
		b.WriteString(body[at:e.start])
		for i := at; i < e.start; i++ {
			origin = append(origin, i)
		}
		b.WriteString(e.repl)
		for range len(e.repl) {
			origin = append(origin, -1)
		}
		at = e.end
	}
	b.WriteString(body[at:])
	for i := at; i < len(body); i++ {
		origin = append(origin, i)
	}
	origin = append(origin, len(body))
	return b.String(), origin
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

// Append adds a link to to at the end of body, in a paragraph of its own, as
// when accepting a link suggestion: "[text](href)" with href =
// Relative(fromSpace, fromPath, to), where fromSpace and fromPath are the
// folder of the document whose body this is. The text is escaped so that it
// shows as given (backslash before \ ` * _ [ ] < > & ! ~ |; line breaks
// become spaces); blank text is replaced by to.Slug. A blank line separates
// the link from the body (none is added when the body already ends with
// one; an empty body gets just the link). The line ending is "\r\n" when the
// body contains one, else "\n"; the result ends with a line ending.
//
// When the body ends inside a top-level block that would swallow the new
// paragraph (an unclosed fenced code block, or an HTML block of CommonMark
// types 1 to 5, such as an unclosed comment), that block is closed first so
// that the link is a link; the existing content renders as before.
func Append(body, text string, to Address, fromSpace, fromPath string) string {
	nl := "\n"
	if strings.Contains(body, "\r\n") {
		nl = "\r\n"
	}
	if strings.TrimSpace(text) == "" {
		text = to.Slug
	}
	href := Relative(fromSpace, fromPath, to)
	link := "[" + escapeText(text) + "](" + href + ")" + nl

	out := body + separator(body, nl)
	at := len(out)
	out += link
	if appended(out, at, href) {
		return out
	}
	closer := closerFor(body)
	if closer == "" {
		return out
	}
	fixed := body
	if fixed != "" && !strings.HasSuffix(fixed, "\n") && !strings.HasSuffix(fixed, "\r") {
		fixed += nl
	}
	fixed += closer + nl + nl
	if appended(fixed+link, len(fixed), href) {
		return fixed + link
	}
	return out
}

func appended(body string, at int, href string) bool {
	for _, o := range Scan(body) {
		if o.Start == at {
			return o.Kind == Inline && o.Href == href
		}
	}
	return false
}

// separator returns what to add after body so that a new paragraph starts.
func separator(body, nl string) string {
	if body == "" {
		return ""
	}
	if !strings.HasSuffix(body, "\n") && !strings.HasSuffix(body, "\r") {
		return nl + nl
	}
	rest := strings.TrimSuffix(strings.TrimSuffix(body, "\n"), "\r")
	if strings.TrimSpace(rest[strings.LastIndexAny(rest, "\r\n")+1:]) == "" {
		return "" // the body already ends with a blank line
	}
	return nl
}

func escapeText(s string) string {
	s = strings.ReplaceAll(s, "\r\n", " ")
	s = strings.NewReplacer("\n", " ", "\r", " ").Replace(s)
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte("\\`*_[]<>&!~|", s[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// closerFor returns a line that closes the last top-level block of body when
// it is an open fenced code block or HTML block of types 1 to 5, else "".
func closerFor(body string) string {
	p := parse(body)
	last := p.doc.LastChild()
	switch v := last.(type) {
	case *ast.FencedCodeBlock:
		pos := v.Pos()
		if pos < 0 || pos >= len(body) {
			return ""
		}
		line := body[pos:]
		line = strings.TrimLeft(line, " ")
		if line == "" || (line[0] != '`' && line[0] != '~') {
			return ""
		}
		n := 0
		for n < len(line) && line[n] == line[0] {
			n++
		}
		return line[:n]
	case *ast.HTMLBlock:
		if v.HasClosure() {
			return ""
		}
		switch v.HTMLBlockType {
		case ast.HTMLBlockType1:
			first := ""
			if v.Lines().Len() > 0 {
				seg := v.Lines().At(0)
				first = strings.ToLower(string(seg.Value(p.src)))
			}
			for _, tag := range []string{"script", "pre", "style", "textarea"} {
				if strings.Contains(first, "<"+tag) {
					return "</" + tag + ">"
				}
			}
			return "</pre>"
		case ast.HTMLBlockType2:
			return "-->"
		case ast.HTMLBlockType3:
			return "?>"
		case ast.HTMLBlockType4:
			return ">"
		case ast.HTMLBlockType5:
			return "]]>"
		}
	}
	return ""
}
