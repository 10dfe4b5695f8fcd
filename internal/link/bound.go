package link

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Keeping the parse linear.
//
// goldmark reads an inline link's destination afresh at every "](": it
// scans the rest of the line until a space or an unbalanced ')' (or, for
// "<…>", until the '>'), then looks for the ')' or a title. When that
// fails, the next "](" scans the same bytes again, so a line of "[a]("
// repeated 200 000 times costs 200 000 scans of up to 800 kB. The link
// parser wrapper therefore decides, before goldmark runs, whether the
// attempt can succeed, with the same rules but from indexes built once per
// line (destEnd) and one answer per place a destination can end (tailOK).
// When it cannot, goldmark is handed a reader whose line is empty at the
// destination, and it gives up at once, as it would have after the scan:
// the outcome is the same, without the cost. A successful link consumes the
// bytes it scanned, so the scans of successes add up to the body's size.

// lineIndex holds, for one line segment of a block (from..stop), where
// goldmark's destination scan starting at each offset ends.
type lineIndex struct {
	from, stop int
	// parenEnd[k]: the offset (relative to from) of the first position j > k
	// where the balance of unescaped parentheses drops below its value at
	// k, or -1: the ')' closing a destination started at k is at j-1.
	parenEnd []int32
	// space[k]: the first offset >= k holding white space, or stop-from.
	space []int32
	// gt[k]: the first offset >= k holding an unescaped '>', or -1.
	gt []int32
}

// index returns the line index for the segment ending at stop, valid from
// offset from on. Escapes are paired from `from`, which is where goldmark's
// scan starts (just after '(' or white space, so never inside an escape);
// later queries on the same line start at such places too, so the pairing
// agrees with theirs.
func (st *scanState) index(src []byte, from, stop int) *lineIndex {
	if ix := st.line; ix != nil && ix.stop == stop && ix.from <= from {
		return ix
	}
	n := stop - from
	ix := &lineIndex{from: from, stop: stop, parenEnd: make([]int32, n+1), space: make([]int32, n+1), gt: make([]int32, n+1)}
	// balance[k] is the balance of [from, from+k); escaped bytes count for
	// nothing, as goldmark skips "\\" and the punctuation after it.
	balance := make([]int32, n+1)
	escaped := make([]bool, n)
	for k := 0; k < n; k++ {
		c := src[from+k]
		if c == '\\' && k < n-1 && util.IsPunct(src[from+k+1]) {
			escaped[k], escaped[k+1] = true, true
			balance[k+1] = balance[k]
			balance[k+2] = balance[k]
			k++
			continue
		}
		balance[k+1] = balance[k]
		switch c {
		case '(':
			balance[k+1]++
		case ')':
			balance[k+1]--
		}
	}
	// The balance moves by at most one per byte, so the first j > k below
	// balance[k] is the nearest j > k where it equals balance[k]-1.
	nearest := make([]int32, 2*n+3) // by balance+n+1
	for i := range nearest {
		nearest[i] = -1
	}
	ix.space[n], ix.gt[n] = int32(n), -1
	for k := n; k >= 0; k-- {
		ix.parenEnd[k] = nearest[balance[k]-1+int32(n)+1]
		nearest[balance[k]+int32(n)+1] = int32(k)
		if k < n {
			c := src[from+k]
			ix.space[k], ix.gt[k] = ix.space[k+1], ix.gt[k+1]
			if util.IsSpace(c) {
				ix.space[k] = int32(k)
			}
			if c == '>' && !escaped[k] {
				ix.gt[k] = int32(k)
			}
		}
	}
	st.line = ix
	return ix
}

// destEnd returns where goldmark's parseLinkDestination, started at offset
// at of the segment ending at stop, stops reading, and whether it succeeds.
// For "<…>" the end is just after the '>'.
func (st *scanState) destEnd(src []byte, at, stop int) (end int, ok bool) {
	ix := st.index(src, at, stop)
	k := at - ix.from
	if src[at] == '<' {
		if k+1 > stop-ix.from {
			return 0, false
		}
		g := ix.gt[k+1]
		if g < 0 {
			return 0, false
		}
		return ix.from + int(g) + 1, true
	}
	end = ix.from + int(ix.space[k])
	if j := ix.parenEnd[k]; j >= 0 && ix.from+int(j)-1 < end {
		end = ix.from + int(j) - 1
	}
	return end, end > at
}

// inlineFails reports, for a reader on "](", whether goldmark's parse of an
// inline link there will fail, and where the destination starts. It leaves
// the reader where it was.
func (st *scanState) inlineFails(block text.Reader) (at int, fails bool) {
	l0, pos0 := block.Position()
	defer block.SetPosition(l0, pos0)
	block.Advance(2) // "]("
	block.SkipSpaces()
	if c := block.Peek(); c == ')' || c == text.EOF {
		return 0, false // empty destination, or no more text: cheap either way
	}
	line, seg := block.PeekLine()
	if len(line) == 0 || seg.Padding != 0 {
		return 0, false
	}
	at = seg.Start
	end, ok := st.destEnd(block.Source(), at, seg.Stop)
	if !ok {
		return at, true
	}
	l, _ := block.Position()
	return at, !st.tailOK(block, l, seg, end)
}

// tailOK reports whether, after a destination ending at end (on line l,
// segment seg), goldmark finds the closing ')' (after an optional title).
// The answer depends on end alone, so it is kept: many "](" whose
// destinations end at the same white space share one scan of what follows.
func (st *scanState) tailOK(block text.Reader, l int, seg text.Segment, end int) bool {
	if ok, seen := st.tails[end]; seen {
		return ok
	}
	// Move as goldmark's Advance does: onto the next line at a line's end.
	if n := end - seg.Start; n > 0 {
		block.Advance(n - 1)
		block.Advance(1)
	}
	ok := false
	block.SkipSpaces()
	switch opener := block.Peek(); opener {
	case ')':
		ok = true
	case '"', '\'', '(':
		closer := opener
		if opener == '(' {
			closer = ')'
		}
		block.Advance(1)
		if _, found := block.FindClosure(opener, closer, titleClosure); found {
			block.SkipSpaces()
			ok = block.Peek() == ')'
		}
	}
	if st.tails == nil {
		st.tails = map[int]bool{}
	}
	st.tails[end] = ok
	return ok
}

// titleClosure is how goldmark's link parser finds a title's end.
var titleClosure = text.FindClosureOptions{Nesting: false, Newline: true, Advance: true}

// failingReader is block, except that its line at offset at is empty: handed
// to goldmark's link parser at a "](" whose destination starts at at, the
// destination is empty, and the inline link fails without a scan.
type failingReader struct {
	text.Reader
	at int
}

func (r *failingReader) PeekLine() ([]byte, text.Segment) {
	line, seg := r.Reader.PeekLine()
	if seg.Start == r.at && seg.Padding == 0 {
		return line[:0], seg
	}
	return line, seg
}

// linearReader is goldmark's document reader with a LineOffset that costs
// O(1): goldmark's counts the columns from the start of the line at every
// call, and the block parsers call it at every container marker, so a line
// of 100 000 '>' (block quotes nested 100 000 deep) took O(n²). The columns
// of the current line are counted once, as goldmark counts them (a tab
// advances to the next multiple of four).
type linearReader struct {
	text.Reader
	src              []byte
	lineStart, limit int     // the line cols describes: [lineStart, limit]
	cols             []int32 // cols[k]: the column of lineStart+k
}

func newLinearReader(src []byte) *linearReader {
	return &linearReader{Reader: text.NewReader(src), src: src, limit: -1}
}

// LineOffset is text.Reader's: the column of the reader's position in its
// line, less its padding. goldmark's reader counts from the start of the
// line it last advanced to; block parsers move the position only within
// that line, so that is the line holding the position.
func (r *linearReader) LineOffset() int {
	_, pos := r.Reader.Position()
	at := pos.Start
	if at < r.lineStart || at > r.limit {
		r.lineStart = bytes.LastIndexByte(r.src[:min(at, len(r.src))], '\n') + 1
		end := len(r.src)
		if i := bytes.IndexByte(r.src[min(at, len(r.src)):], '\n'); i >= 0 {
			end = at + i
		}
		r.limit = max(end, at)
		r.cols = r.cols[:0]
		v := int32(0)
		for i := r.lineStart; i <= r.limit; i++ {
			r.cols = append(r.cols, v)
			if i < len(r.src) && r.src[i] == '\t' {
				v += int32(util.TabWidth(int(v)))
			} else {
				v++
			}
		}
	}
	return int(r.cols[at-r.lineStart]) - pos.Padding
}

// maxNesting is how many block quotes and list items may hold one another.
// goldmark walks every open block at every line, and its AST is walked
// recursively, so a 1 MiB body of a list nested 1 000 deep, or of "> - "
// repeated (500 000 containers on one line), took seconds. Beyond this
// depth a block quote or a list does not open: its marker is read as the
// text of the deepest block allowed (a paragraph, or a line of one), as if
// its marker were escaped. Documents nested less deeply parse as before.
const maxNesting = 32

// nestingParser is goldmark's block quote or list parser, refusing to open
// a container more than maxNesting deep.
type nestingParser struct {
	parser.BlockParser
}

func (p nestingParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	depth := 0
	for n := parent; n != nil; n = n.Parent() {
		switch n.Kind() {
		case ast.KindBlockquote, ast.KindListItem:
			if depth++; depth >= maxNesting {
				return nil, parser.NoChildren
			}
		}
	}
	return p.BlockParser.Open(parent, reader, pc)
}

// blockParsers are goldmark's default block parsers, the block quote and
// list parsers bounded by maxNesting.
func blockParsers() []util.PrioritizedValue {
	blocks := parser.DefaultBlockParsers()
	wrapped := 0
	for i, v := range blocks {
		switch v.Value {
		case parser.NewBlockquoteParser(), parser.NewListParser():
			blocks[i].Value = nestingParser{BlockParser: v.Value.(parser.BlockParser)}
			wrapped++
		}
	}
	if wrapped != 2 {
		panic("link: goldmark's default block quote or list parser not found")
	}
	return blocks
}
