package link

// This file is goldmark's link reference paragraph transformer (parser/
// link_ref.go and parseLinkDestination of parser/link.go, goldmark v1.8.7,
// MIT licence, Copyright (c) 2019 Yusuke Inuzuka), with one change: the
// definitions taken from a paragraph are removed from its lines in one pass.
// goldmark copies the remaining lines once per definition, so a paragraph
// of n definitions cost O(n²) (a 200 kB list of "[a]: b" lines took a
// second, 1 MB would take minutes). Which definitions are found, and the
// lines left, are goldmark's: the property tests compare with plain
// goldmark. (Also: a label or title is read with blockValue, which finds its
// line by binary search where goldmark's reader searches line by line.)

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

type linearRefTransformer struct{}

func (linearRefTransformer) Transform(node *ast.Paragraph, reader text.Reader, pc parser.Context) {
	lines := node.Lines()
	block := text.NewBlockReader(reader.Source(), lines)
	removes := [][2]int{}
	for {
		ref, start, end := parseRefDefinition(block, lines, pc)
		if start > -1 {
			if start == 0 {
				ref.SetBlankPreviousLines(node.HasBlankPreviousLines())
			}
			node.Parent().InsertBefore(node.Parent(), node, ref)
			for i := start + 1; i < end; i++ {
				ref.Lines().Append(lines.At(i))
			}
			seg := ref.Lines().At(ref.Lines().Len() - 1)
			ref.Lines().Set(ref.Lines().Len()-1, seg.TrimRightSpace(reader.Source()))
			if start == end {
				end++
			}
			removes = append(removes, [2]int{start, end})
			continue
		}
		break
	}

	// goldmark: for each remove, lines = lines[:r0-offset] + lines[r1-offset:],
	// then offset = r1. Definitions follow each other from line 0, so
	// r0-offset is 0 and each step drops a prefix: a reslice, where goldmark
	// copies the rest. Any other shape takes goldmark's own steps.
	offset := 0
	for _, remove := range removes {
		if lines.Len() == 0 {
			break
		}
		if x, y := remove[0]-offset, remove[1]-offset; x == 0 && y <= lines.Len() {
			lines.SetSliced(y, lines.Len())
		} else {
			s := lines.Sliced(y, lines.Len())
			lines.SetSliced(0, x)
			lines.AppendAll(s)
		}
		offset = remove[1]
	}

	if lines.Len() == 0 {
		node.Parent().RemoveChild(node.Parent(), node)
		return
	}

	node.SetLines(lines)
}

var refClosure = text.FindClosureOptions{Nesting: false, Newline: true, Advance: true}

func parseRefDefinition(block text.Reader, lines *text.Segments, pc parser.Context) (*ast.LinkReferenceDefinition, int, int) {
	block.SkipSpaces()
	line, _ := block.PeekLine()
	if line == nil {
		return nil, -1, -1
	}
	startLine, _ := block.Position()
	width, pos := util.IndentWidth(line, 0)
	if width > 3 {
		return nil, -1, -1
	}
	if width != 0 {
		pos++
	}
	if line[pos] != '[' {
		return nil, -1, -1
	}
	_, startPos := block.Position()
	block.Advance(pos + 1)
	segments, found := block.FindClosure('[', ']', refClosure)
	if !found {
		return nil, -1, -1
	}
	var label []byte
	if segments.Len() == 1 {
		label = blockValue(block, lines, segments.At(0))
	} else {
		for i := range segments.Len() {
			s := segments.At(i)
			label = append(label, blockValue(block, lines, s)...)
		}
	}
	if util.IsBlank(label) {
		return nil, -1, -1
	}
	if block.Peek() != ':' {
		return nil, -1, -1
	}
	block.Advance(1)
	block.SkipSpaces()
	destination, ok := parseDestination(block)
	if !ok {
		return nil, -1, -1
	}
	line, _ = block.PeekLine()
	isNewLine := line == nil || util.IsBlank(line)

	endLine, _ := block.Position()
	_, spaces, _ := block.SkipSpaces()
	opener := block.Peek()
	if opener != '"' && opener != '\'' && opener != '(' {
		if !isNewLine {
			return nil, -1, -1
		}
		ref := ast.NewLinkReferenceDefinition(label, destination, nil)
		ref.Lines().Append(startPos)
		pc.AddReference(parser.NewReference(label, destination, nil))
		return ref, startLine, endLine + 1
	}
	if spaces == 0 {
		return nil, -1, -1
	}
	block.Advance(1)
	closer := opener
	if opener == '(' {
		closer = ')'
	}
	segments, found = block.FindClosure(opener, closer, refClosure)
	if !found {
		if !isNewLine {
			return nil, -1, -1
		}
		ref := ast.NewLinkReferenceDefinition(label, destination, nil)
		ref.Lines().Append(startPos)
		pc.AddReference(parser.NewReference(label, destination, nil))
		block.AdvanceLine()
		return ref, startLine, endLine + 1
	}
	var title []byte
	if segments.Len() == 1 {
		title = blockValue(block, lines, segments.At(0))
	} else {
		for i := range segments.Len() {
			s := segments.At(i)
			title = append(title, blockValue(block, lines, s)...)
		}
	}

	line, _ = block.PeekLine()
	if line != nil && !util.IsBlank(line) {
		if !isNewLine {
			return nil, -1, -1
		}
		ref := ast.NewLinkReferenceDefinition(label, destination, title)
		ref.Lines().Append(startPos)
		pc.AddReference(parser.NewReference(label, destination, title))
		return ref, startLine, endLine
	}

	endLine, _ = block.Position()
	ref := ast.NewLinkReferenceDefinition(label, destination, title)
	ref.Lines().Append(startPos)
	pc.AddReference(parser.NewReference(label, destination, title))
	return ref, startLine, endLine + 1
}

// parseDestination is goldmark's parseLinkDestination.
func parseDestination(block text.Reader) ([]byte, bool) {
	block.SkipSpaces()
	line, _ := block.PeekLine()
	if block.Peek() == '<' {
		i := 1
		for i < len(line) {
			c := line[i]
			if c == '\\' && i < len(line)-1 && util.IsPunct(line[i+1]) {
				i += 2
				continue
			} else if c == '>' {
				block.Advance(i + 1)
				return line[1:i], true
			}
			i++
		}
		return nil, false
	}
	i := bareDestinationEnd(line)
	block.Advance(i)
	return line[:i], len(line[:i]) != 0
}

// blockValue is goldmark's blockReader.Value over lines (the reader's
// segments, in source order), finding seg's first line by binary search.
func blockValue(block text.Reader, lines *text.Segments, seg text.Segment) []byte {
	src := block.Source()
	n := lines.Len()
	line := lineAt(lines, seg.Start)
	ret := make([]byte, 0, seg.Stop-seg.Start+1)
	i := seg.Start
	for ; line < n; line++ {
		if line < 0 {
			// goldmark's search ends at -1 when seg starts before every
			// line, and then reads from the first line on.
			line = 0
			if n == 0 {
				break
			}
		}
		s := lines.At(line)
		if i < 0 {
			i = s.Start
		}
		ret = s.ConcatPadding(ret)
		for ; i < seg.Stop && i < s.Stop; i++ {
			ret = append(ret, src[i])
		}
		i = -1
		if s.Stop > seg.Stop {
			break
		}
	}
	return ret
}
