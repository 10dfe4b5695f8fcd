package convert

// Reading word/document.xml: tables and text boxes.

import (
	"encoding/xml"
	"strconv"
	"strings"
)

// maxDocxBoxDepth bounds text boxes inside text boxes.
const maxDocxBoxDepth = 4

// textboxes reads the text boxes inside a drawing (w:drawing, a VML
// w:pict, an mc:AlternateContent holding either), up to its end: a cover
// page's title, a sidebar. Their blocks are kept in x.boxes, for the sink to
// write after the paragraph that anchors them. Of an AlternateContent only
// the Choice is read: the Fallback repeats the same box for older readers.
func (x *docx) textboxes(d *xml.Decoder, name string) {
	depth := 0
	for {
		switch t := x.token(d, name).(type) {
		case nil:
			return
		case xml.EndElement:
			if depth == 0 {
				return
			}
			depth--
		case xml.StartElement:
			switch {
			case t.Name.Local == "Fallback":
				x.skip(d, name)
			case t.Name.Local == "txbxContent" && x.boxDepth < maxDocxBoxDepth:
				x.boxDepth++
				x.blocks(d, name, 0, &x.boxes)
				x.boxDepth--
			default:
				depth++
			}
		}
	}
}

// docxBoxes collects the blocks of text boxes, in order.
type docxBoxes struct {
	items []any // *docxPara or [][]string
}

func (b *docxBoxes) paragraph(p *docxPara) { b.items = append(b.items, p) }

func (b *docxBoxes) table(rows [][]string) { b.items = append(b.items, rows) }

// flushBoxes hands the text boxes read so far to sink, after the paragraph
// that held them.
func (x *docx) flushBoxes(sink docxSink) {
	for len(x.boxes.items) > 0 {
		items := x.boxes.items
		x.boxes.items = nil
		for _, it := range items {
			switch it := it.(type) {
			case *docxPara:
				sink.paragraph(it)
			case [][]string:
				sink.table(it)
			}
		}
	}
}

// table reads a w:tbl into rows of cells, each cell's text inline.
// Merged cells: a cell spanning columns is followed by empty cells, so
// columns stay aligned; a vertically merged continuation is empty.
func (x *docx) table(d *xml.Decoder, name string, depth int) [][]string {
	var rows [][]string
	open := 0 // transparent wrappers around rows
	for {
		switch t := x.token(d, name).(type) {
		case nil:
			return rows
		case xml.EndElement:
			if open == 0 {
				return rows
			}
			open--
		case xml.StartElement:
			switch {
			case t.Name.Local == "tr":
				rows = append(rows, x.row(d, name, depth))
			case isTransparent(t.Name.Local):
				open++
			default:
				x.skip(d, name)
			}
		}
	}
}

func (x *docx) row(d *xml.Decoder, name string, depth int) []string {
	var cells []string
	open := 0 // transparent wrappers around cells
	for {
		switch t := x.token(d, name).(type) {
		case nil:
			return cells
		case xml.EndElement:
			if open == 0 {
				return cells
			}
			open--
		case xml.StartElement:
			switch {
			case t.Name.Local == "tc":
				c := &docxCell{x: x}
				span := x.cell(d, name, depth, c)
				cells = append(cells, strings.Join(c.parts, " "))
				for ; span > 1 && len(cells) < 1000; span-- {
					cells = append(cells, "")
				}
			case isTransparent(t.Name.Local):
				open++
			default:
				x.skip(d, name)
			}
		}
	}
}

// cell reads a w:tc into c and returns how many grid columns it spans.
func (x *docx) cell(d *xml.Decoder, name string, depth int, c *docxCell) int {
	span := 1
	for {
		switch t := x.token(d, name).(type) {
		case nil, xml.EndElement:
			return span
		case xml.StartElement:
			switch t.Name.Local {
			case "tcPr":
				span = x.cellSpan(d, name)
			case "p":
				c.paragraph(x.paragraph(d, name))
			case "tbl":
				if depth >= maxDocxDepth {
					x.skip(d, name)
					continue
				}
				c.table(x.table(d, name, depth+1))
			default:
				if isTransparent(t.Name.Local) && depth < maxDocxDepth {
					x.blocks(d, name, depth+1, c)
					continue
				}
				x.skip(d, name)
			}
		}
	}
}

func (x *docx) cellSpan(d *xml.Decoder, name string) int {
	span := 1
	for {
		switch t := x.token(d, name).(type) {
		case nil, xml.EndElement:
			return span
		case xml.StartElement:
			if t.Name.Local == "gridSpan" {
				if n, err := strconv.Atoi(attrLocal(t, "val")); err == nil && n > 1 {
					span = n
				}
			}
			x.skip(d, name)
		}
	}
}

// docxCell collects a table cell's paragraphs as one line of inline
// markdown: a markdown table cell cannot hold blocks.
type docxCell struct {
	x     *docx
	parts []string
}

func (c *docxCell) paragraph(p *docxPara) {
	if s := c.x.inline(p.segs, inlineCell); s != "" {
		c.parts = append(c.parts, s)
	}
	c.x.flushBoxes(c)
}

func (c *docxCell) table(rows [][]string) {
	for _, r := range rows {
		for _, cell := range r {
			if cell != "" {
				c.parts = append(c.parts, cell)
			}
		}
	}
}
