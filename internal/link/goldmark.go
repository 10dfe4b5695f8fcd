package link

// goldmark as Scan runs it: its link parser and link reference paragraph
// transformer wrapped to record where links and definitions lie (see the
// package doc); Scan reads the records in scan.go.

import (
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// scanState collects, during one parse, what goldmark's AST does not carry:
// where each link's text closes and its markup ends, and where an inline
// link's destination lies.
type scanState struct {
	links     []linkRecord // in parse order, which is document order
	next      int          // the record lookup expects next
	imageRefs []string     // normalised labels used by reference-style images
	// images are the destinations of inline images, in parse order.
	images []imageDest
	// defLines maps a definition to the lines of the paragraph it was taken
	// from: its own Lines() can miss lines (goldmark drops the destination's
	// line when a title on a later line is followed by text).
	defLines map[*ast.LinkReferenceDefinition]*text.Segments
	// leftLines maps a definition to the lines goldmark left in the
	// paragraph it was taken from, which may overlap it (see Scan).
	leftLines map[*ast.LinkReferenceDefinition]*text.Segments
	// line and tails keep the parse linear (see bound.go).
	line  *lineIndex
	tails map[int]bool
}

// refTransformer wraps goldmark's link reference paragraph transformer to
// remember the lines of the paragraph each definition was taken from.
type refTransformer struct {
	inner parser.ParagraphTransformer
}

func (t *refTransformer) Transform(node *ast.Paragraph, reader text.Reader, pc parser.Context) {
	st, _ := pc.Get(stateKey).(*scanState)
	if st == nil {
		t.inner.Transform(node, reader, pc)
		return
	}
	lines := text.NewSegments()
	for i := range node.Lines().Len() {
		lines.Append(node.Lines().At(i))
	}
	parent, prev := node.Parent(), node.PreviousSibling()
	t.inner.Transform(node, reader, pc)
	n := parent.FirstChild()
	if prev != nil {
		n = prev.NextSibling()
	}
	var left *text.Segments
	if node.Parent() != nil && node.Lines().Len() > 0 {
		left = node.Lines()
	}
	for ; n != nil; n = n.NextSibling() {
		def, ok := n.(*ast.LinkReferenceDefinition)
		if !ok {
			break
		}
		st.defLines[def] = lines
		if left != nil {
			st.leftLines[def] = left
		}
	}
}

type linkRecord struct {
	node *ast.Link
	info linkInfo
}

// info returns what was recorded for v: usually the next record, as the
// walk meets links in the order they were parsed.
func (st *scanState) info(v *ast.Link) (linkInfo, bool) {
	for range 2 {
		for i := st.next; i < len(st.links); i++ {
			if st.links[i].node == v {
				st.next = i + 1
				return st.links[i].info, true
			}
		}
		st.next = 0
	}
	return linkInfo{}, false
}

type linkInfo struct {
	closeBracket       int // offset of the ']' closing the link text
	end                int // offset just after the link markup
	destStart, destEnd int // inline links: destination range, else -1
	angle              bool
	ok                 bool
}

var stateKey = parser.NewContextKey()

// linkParser wraps goldmark's own link parser: goldmark decides what is a
// link; the wrapper only records the reader's positions around the parse of
// a closing ']' (where goldmark builds the Link node).
type linkParser struct {
	inner parser.InlineParser
}

func (p *linkParser) Trigger() []byte { return p.inner.Trigger() }

// CloseBlock forwards to goldmark's parser, which turns unclosed '[' into text.
func (p *linkParser) CloseBlock(parent ast.Node, block text.Reader, pc parser.Context) {
	if cb, ok := p.inner.(parser.CloseBlocker); ok {
		cb.CloseBlock(parent, block, pc)
	}
}

func (p *linkParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, seg := block.PeekLine()
	if len(line) == 0 || line[0] != ']' {
		return p.inner.Parse(parent, block, pc)
	}
	st, _ := pc.Get(stateKey).(*scanState)
	l0, pos0 := block.Position()
	inner := block
	if st != nil && len(line) > 1 && line[1] == '(' {
		if at, fails := st.inlineFails(block); fails {
			inner = &failingReader{Reader: block, at: at}
		}
	}
	n := p.inner.Parse(parent, inner, pc)
	if n == nil || st == nil {
		return n
	}
	l1, pos1 := block.Position()
	switch v := n.(type) {
	case *ast.Link:
		info := linkInfo{closeBracket: seg.Start, end: pos1.Start, destStart: -1, destEnd: -1, ok: true}
		if v.Reference == nil {
			// Walk the same reader over "](" and the destination, as
			// goldmark's parseLinkDestination does.
			block.SetPosition(l0, pos0)
			block.Advance(1) // ']'
			block.Advance(1) // '('
			info.destStart, info.destEnd, info.angle, info.ok = destRange(block, true)
			block.SetPosition(l1, pos1)
		}
		st.links = append(st.links, linkRecord{v, info})
	case *ast.Image:
		if v.Reference != nil {
			st.imageRefs = append(st.imageRefs, util.ToLinkReference(v.Reference.Value))
			break
		}
		block.SetPosition(l0, pos0)
		block.Advance(1) // ']'
		block.Advance(1) // '('
		start, end, _, ok := destRange(block, true)
		block.SetPosition(l1, pos1)
		if ok && start >= 0 && end >= start {
			st.images = append(st.images, imageDest{start: start, end: end, dest: string(v.Destination)})
		}
	}
	return n
}

// imageDest is where an inline image's destination lies in the source, and
// the destination goldmark read there.
type imageDest struct {
	start, end int
	dest       string
}

// destRange finds the destination at the reader's position after optional
// white space, following goldmark's parseLinkDestination. inline allows an
// empty destination right before ')'.
func destRange(block text.Reader, inline bool) (start, end int, angle, ok bool) {
	block.SkipSpaces()
	line, seg := block.PeekLine()
	if len(line) == 0 || seg.Padding != 0 {
		return -1, -1, false, false
	}
	if inline && line[0] == ')' {
		return seg.Start, seg.Start, false, true
	}
	if line[0] == '<' {
		for i := 1; i < len(line); i++ {
			c := line[i]
			if c == '\\' && i < len(line)-1 && util.IsPunct(line[i+1]) {
				i++
				continue
			}
			if c == '>' {
				return seg.Start + 1, seg.Start + i, true, true
			}
		}
		return -1, -1, false, false
	}
	i := bareDestinationEnd(line)
	if i > len(line) {
		i = len(line)
	}
	return seg.Start, seg.Start + i, false, true
}

var markdown = newMarkdown()

// newMarkdown returns goldmark with CommonMark and GFM, its link parser and
// link reference paragraph transformer wrapped to record positions, and
// without the inline parsers that cannot change what is a link (emphasis,
// strikethrough).
func newMarkdown() goldmark.Markdown {
	wrapped := 0
	var inline []util.PrioritizedValue
	for _, v := range parser.DefaultInlineParsers() {
		switch v.Value {
		case parser.NewLinkParser():
			v.Value = &linkParser{inner: parser.NewLinkParser()}
			wrapped++
		case parser.NewEmphasisParser():
			continue // see the extensions below
		}
		inline = append(inline, v)
	}
	paragraph := parser.DefaultParagraphTransformers()
	for i, v := range paragraph {
		if v.Value == parser.LinkReferenceParagraphTransformer {
			paragraph[i].Value = &refTransformer{inner: linearRefTransformer{}}
			wrapped++
		}
	}
	if wrapped != 2 {
		panic("link: goldmark's default link parser or link reference transformer not found")
	}
	return goldmark.New(
		goldmark.WithParser(parser.NewParser(
			parser.WithBlockParsers(blockParsers()...),
			parser.WithInlineParsers(inline...),
			parser.WithParagraphTransformers(paragraph...),
		)),
		// GFM without strikethrough: emphasis and strikethrough never
		// decide what is a link (brackets bind more tightly), and goldmark's
		// delimiter matching is quadratic on runs like "*a_*a_…".
		goldmark.WithExtensions(extension.Linkify, extension.Table, extension.TaskList),
	)
}

// bareDestinationEnd is where a link destination not in <angle brackets>
// ends in line: at white space, or at a ')' that closes no '(' of its own;
// backslash escapes are skipped. goldmark's link parser and its reference
// definition parser share this rule, so both of our linear versions of them
// use this one function.
func bareDestinationEnd(line []byte) int {
	opened, i := 0, 0
	for i < len(line) {
		c := line[i]
		if c == '\\' && i < len(line)-1 && util.IsPunct(line[i+1]) {
			i += 2
			continue
		} else if c == '(' {
			opened++
		} else if c == ')' {
			opened--
			if opened < 0 {
				break
			}
		} else if util.IsSpace(c) {
			break
		}
		i++
	}
	return i
}
