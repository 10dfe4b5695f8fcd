package link

import (
	"sort"

	"github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Kind says what markup an Occurrence is.
type Kind int

const (
	// Inline is an inline link: [text](destination "title").
	Inline Kind = iota + 1
	// Reference is a use of a link reference definition: [text][label],
	// [label][] or [label]. It has no destination of its own: its Href is
	// the destination of the definition the label resolves to.
	Reference
	// Definition is a link reference definition: [label]: destination "title".
	// It is not itself a link; its destination is what its uses link to.
	Definition
)

// String returns "inline", "reference" or "definition".
func (k Kind) String() string {
	switch k {
	case Inline:
		return "inline"
	case Reference:
		return "reference"
	case Definition:
		return "definition"
	}
	return "unknown"
}

// Occurrence is one link, reference use or reference definition in a body,
// with byte offsets into that body (half-open ranges, body[Start:End]).
//
// Which markup is a link is decided by goldmark (CommonMark + GFM): text in
// code spans, code blocks and raw HTML is never an occurrence, autolinks and
// images are not links (a link may contain an image; the image is not
// reported), and a definition inside code is not a definition.
type Occurrence struct {
	// Href is the destination as written in the source, without the
	// enclosing angle brackets when it is written <...>: backslash escapes,
	// entity references and percent-encoding are left as they are. For a
	// Reference it is the destination of the definition its label resolves
	// to (the first definition with that label, as CommonMark says). It is
	// goldmark's Destination for the node, byte for byte.
	Href string
	// Text is the source between the link's brackets (the link text as
	// written, markup included; it may span lines and, in a block quote or
	// list, includes the container markers of the later lines). For a
	// Definition it is the label.
	Text string
	// Label is the reference label: for a Reference the label it uses (for
	// [label][] and [label] the link text), for a Definition its label;
	// empty for an Inline link. It is the source between the brackets as
	// goldmark reads it (a label spanning lines in a block quote or list
	// loses the container markers of its later lines). Labels match
	// case-insensitively, with runs of white space collapsed.
	Label string
	// Kind is Inline, Reference or Definition.
	Kind Kind
	// Start and End span the whole markup: from the '[' to just after the
	// closing ')' of an inline link, after the last ']' of a reference use
	// ([text][label], [label][], or [label]), and for a definition from its
	// '[' to the end of its destination or title (trailing space excluded).
	Start, End int
	// DestStart and DestEnd span the destination's bytes (inside the angle
	// brackets when it is written <...>; an empty range where an inline
	// link's destination is empty, as in [text]()). Both are -1 for a
	// Reference, which has no destination of its own.
	DestStart, DestEnd int
	// TextStart and TextEnd span Text: inside the brackets of the link text,
	// or of a definition's label.
	TextStart, TextEnd int

	// angle records that the destination is written <...>.
	angle bool
	// inTable records that the link is in a GFM table cell.
	inTable bool
	// split records a definition whose destination goldmark also left in
	// the following paragraph (see Scan); it is not exact.
	split bool
	// lineStart records a link that begins a line of its block's content
	// (where dropping its markup could let its text start a block).
	lineStart bool
	// exact records that every range above was located and checked against
	// goldmark's node. Rewriting functions only edit exact occurrences; the
	// tests and fuzzers check that all occurrences are exact.
	exact bool
}

// parsed is one parse of a body: its AST and its occurrences.
type parsed struct {
	body  string
	src   []byte
	doc   ast.Node
	occ   []Occurrence
	state *scanState
	// defs maps a normalised label to the index in occ of the definition it
	// resolves to (the first one).
	defs map[string]int
}

func parse(body string) *parsed {
	src := []byte(body)
	st := &scanState{
		defLines:  map[*ast.LinkReferenceDefinition]*text.Segments{},
		leftLines: map[*ast.LinkReferenceDefinition]*text.Segments{},
	}
	ctx := parser.NewContext()
	ctx.Set(stateKey, st)
	doc := markdown.Parser().Parse(newLinearReader(src), parser.WithContext(ctx))
	p := &parsed{body: body, src: src, doc: doc, state: st, defs: map[string]int{}}

	// The walk is in document order, which is the order goldmark registered
	// the definitions in: the first definition of a label is the one its
	// uses resolve to, wherever they are.
	inImage := 0
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
		case *ast.LinkReferenceDefinition:
			o := p.definition(v)
			key := util.ToLinkReference(v.Label)
			if _, seen := p.defs[key]; !seen {
				p.defs[key] = len(p.occ)
			}
			p.occ = append(p.occ, o)
			return ast.WalkSkipChildren, nil
		case *ast.Link:
			// A link in an image's description is rendered as the image's
			// alt text, not as a link; a reference it uses still counts as
			// used (see Drop).
			if inImage > 0 {
				if v.Reference != nil {
					st.imageRefs = append(st.imageRefs, util.ToLinkReference(v.Reference.Value))
				}
				return ast.WalkContinue, nil
			}
			p.occ = append(p.occ, p.link(v))
		}
		return ast.WalkContinue, nil
	})
	if sort.SliceIsSorted(p.occ, func(a, b int) bool { return p.occ[a].Start < p.occ[b].Start }) {
		return p
	}
	// Sort by position, keeping defs indices right.
	idx := make([]int, len(p.occ))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return p.occ[idx[a]].Start < p.occ[idx[b]].Start })
	sorted := make([]Occurrence, len(p.occ))
	where := make([]int, len(p.occ))
	for to, from := range idx {
		sorted[to] = p.occ[from]
		where[from] = to
	}
	for k, v := range p.defs {
		p.defs[k] = where[v]
	}
	p.occ = sorted
	return p
}

func (p *parsed) link(v *ast.Link) Occurrence {
	o := p.locate(v)
	if o.Href == "" && len(v.Destination) > 0 {
		o.Href = string(v.Destination)
	}
	return o
}

// locate returns the occurrence of v with its ranges, exact when they check
// out; Href is set only when it can share the body's bytes.
func (p *parsed) locate(v *ast.Link) Occurrence {
	o := Occurrence{
		Kind:      Inline,
		Start:     v.Pos(),
		End:       -1,
		DestStart: -1, DestEnd: -1,
		TextStart: -1, TextEnd: -1,
	}
	if v.Reference != nil {
		o.Kind = Reference
		o.Label = string(v.Reference.Value)
	}
	info, found := p.state.info(v)
	src := p.src
	if !found || !info.ok || o.Start < 0 || o.Start >= len(src) || src[o.Start] != '[' ||
		info.closeBracket <= o.Start || info.closeBracket >= len(src) || src[info.closeBracket] != ']' ||
		info.end <= info.closeBracket || info.end > len(src) {
		return o
	}
	o.TextStart, o.TextEnd = o.Start+1, info.closeBracket
	o.Text = p.body[o.TextStart:o.TextEnd]
	o.End = info.end
	switch {
	case o.Kind == Inline:
		if src[o.End-1] != ')' || info.destStart < 0 || p.body[info.destStart:info.destEnd] != string(v.Destination) {
			return o
		}
		o.Href = p.body[info.destStart:info.destEnd] // the same bytes, shared
		o.DestStart, o.DestEnd, o.angle = info.destStart, info.destEnd, info.angle
	case v.Reference.Type == ast.ReferenceLinkShortcut:
		if o.End != o.TextEnd+1 {
			return o
		}
	default:
		if src[o.End-1] != ']' {
			return o
		}
	}
	block := v.Parent()
	for block != nil && block.Type() != ast.TypeBlock {
		block = block.Parent()
	}
	if _, ok := block.(*extast.TableCell); ok {
		o.inTable = true
	} else if block != nil {
		// Only the line holding the '[' can lead to it through spaces:
		// every line before it ends with a line break.
		lines := block.Lines()
		if i := lineAt(lines, o.Start); i >= 0 {
			at := lines.At(i).Start
			for at < o.Start && (src[at] == ' ' || src[at] == '\t') {
				at++
			}
			o.lineStart = at == o.Start
		}
	}
	o.exact = true
	return o
}

// overlapsLeft reports whether a line goldmark left in v's paragraph
// overlaps [start, end).
func (p *parsed) overlapsLeft(v *ast.LinkReferenceDefinition, start, end int) bool {
	left := p.state.leftLines[v]
	if left == nil {
		return false
	}
	// The lines are in source order and do not overlap: the first that
	// ends after start is the only candidate.
	i := sort.Search(left.Len(), func(i int) bool { return left.At(i).Stop > start })
	return i < left.Len() && left.At(i).Start < end
}

// lineAt returns the index of the last of lines (in source order) starting
// at or before offset, or -1.
func lineAt(lines *text.Segments, offset int) int {
	return sort.Search(lines.Len(), func(i int) bool { return lines.At(i).Start > offset }) - 1
}

var defClosure = text.FindClosureOptions{Nesting: false, Newline: true, Advance: true}

func (p *parsed) definition(v *ast.LinkReferenceDefinition) Occurrence {
	src := p.src
	o := Occurrence{
		Href:      string(v.Destination),
		Label:     string(v.Label),
		Text:      string(v.Label),
		Kind:      Definition,
		Start:     v.Pos(),
		End:       -1,
		DestStart: -1, DestEnd: -1,
		TextStart: -1, TextEnd: -1,
	}
	lines := v.Lines()
	if lines.Len() == 0 || o.Start < 0 || o.Start >= len(src) || src[o.Start] != '[' {
		return o
	}
	o.End = lines.At(lines.Len() - 1).Stop
	// Read from the '[' over the paragraph's lines, as goldmark did.
	para := p.state.defLines[v]
	if para == nil {
		para = lines
	}
	line := lineAt(para, o.Start)
	if line < 0 || o.Start >= para.At(line).Stop {
		return o
	}
	r := text.NewBlockReader(src, para)
	r.SetPosition(line, text.NewSegment(o.Start, para.At(line).Stop))
	r.Advance(1) // '['
	segs, found := r.FindClosure('[', ']', defClosure)
	if !found || segs.Len() == 0 {
		return o
	}
	closeAt := segs.At(segs.Len() - 1).Stop
	if closeAt >= len(src) || src[closeAt] != ']' || r.Peek() != ':' {
		return o
	}
	o.TextStart, o.TextEnd = o.Start+1, closeAt
	o.Text = p.body[o.TextStart:o.TextEnd]
	r.Advance(1) // ':'
	ds, de, angle, ok := destRange(r, false)
	if !ok || p.body[ds:de] != o.Href {
		return o
	}
	if de > o.End || p.overlapsLeft(v, o.Start, max(o.End, de)) {
		// goldmark's quirk: the definition's destination or other lines
		// were also left to the paragraph that follows, which renders them
		// as text or even parses a link in them. Report the definition, but
		// not as editable.
		o.split = true
		return o
	}
	o.DestStart, o.DestEnd, o.angle = ds, de, angle
	o.exact = true
	return o
}

// Scan returns every link of body in source order: inline links, uses of
// reference definitions, and the definitions themselves (used or not; a
// later definition of a label already defined is reported too, although
// CommonMark's uses resolve to the first). Images, autolinks (including GFM's
// bare www. and https: links), raw HTML and everything inside code are not
// reported, nor is a link inside an image's description (it renders as the
// image's alt text). A reference use whose label has no definition is not a
// link and is not reported.
//
// Degenerate definitions are reported without a destination range
// (DestStart and DestEnd are -1) and left alone by the rewriting functions:
// those goldmark registers but also keeps, in part, as text of the paragraph
// they were taken from (where a link may then overlap them). This happens
// when a title on a line after the destination is followed by other text,
// or is left unclosed.
//
// Scan never fails: body need not be valid UTF-8. Offsets are byte offsets.
// CRLF line endings are kept as they are: ranges may include "\r\n" where a
// link's text or a definition spans lines.
func Scan(body string) []Occurrence {
	return parse(body).occ
}
