package convert

// Reading word/document.xml: blocks, paragraphs, runs, fields (tables and
// text boxes: docx_table.go).

import (
	"encoding/xml"
	"io"
	"strconv"
	"strings"
	"unicode"
)

// document streams the main part into body.
func (x *docx) document(name string, body *docxBody) {
	rc := x.open(name)
	defer rc.Close()
	d := x.decoder(rc)
	for {
		t := x.token(d, name)
		if t == nil {
			return // a document without a body is empty
		}
		if s, ok := t.(xml.StartElement); ok && s.Name.Local == "body" {
			x.blocks(d, name, 0, body)
			return
		}
	}
}

// token returns the next token, nil at the end of the part.
func (x *docx) token(d *xml.Decoder, name string) xml.Token {
	t, err := d.Token()
	if err == io.EOF {
		return nil
	}
	if err != nil {
		panic(x.fail(name, err))
	}
	return t
}

func (x *docx) skip(d *xml.Decoder, name string) {
	if err := d.Skip(); err != nil {
		panic(x.fail(name, err))
	}
}

// docxSink receives the blocks of a container: the body writes markdown,
// a table cell collects inline text.
type docxSink interface {
	paragraph(p *docxPara)
	table(rows [][]string)
}

// blocks reads the block content of a container (the body, a table cell, a
// content control) up to the container's end.
func (x *docx) blocks(d *xml.Decoder, name string, depth int, sink docxSink) {
	for {
		t := x.token(d, name)
		switch t := t.(type) {
		case nil:
			return
		case xml.EndElement:
			return
		case xml.StartElement:
			switch {
			case t.Name.Local == "p":
				sink.paragraph(x.paragraph(d, name))
			case depth >= maxDocxDepth:
				x.skip(d, name)
			case t.Name.Local == "tbl":
				sink.table(x.table(d, name, depth+1))
			case isTransparent(t.Name.Local):
				x.blocks(d, name, depth+1, sink)
			default:
				x.skip(d, name)
			}
		}
	}
}

// isTransparent says which wrappers hold content to read as if they were
// not there: content controls, custom XML, tracked insertions and moves.
// (Tracked deletions, w:del and w:moveFrom, are skipped: they are gone.)
func isTransparent(local string) bool {
	switch local {
	case "sdt", "sdtContent", "customXml", "ins", "moveTo", "smartTag", "dir", "bdo":
		return true
	}
	return false
}

// docxPara is a paragraph as read: its properties and its text.
type docxPara struct {
	style   string
	numID   string
	ilvl    int
	hasNum  bool
	outline int
	segs    []docxSeg
}

// docxSeg is a run of text with one formatting, or a line break.
type docxSeg struct {
	text         []byte
	bold, italic bool
	link         string
	brk          bool
}

// paragraph reads a w:p up to its end.
func (x *docx) paragraph(d *xml.Decoder, name string) *docxPara {
	p := &docxPara{outline: -1}
	defer func(outer int) { x.paraText = outer }(x.paraText) // a text box's paragraph is inside another
	x.paraText = 0
	var links []string // one entry per open wrapper: its link or ""
	for {
		t := x.token(d, name)
		switch t := t.(type) {
		case nil:
			return p
		case xml.EndElement:
			if len(links) == 0 {
				return p
			}
			links = links[:len(links)-1]
		case xml.StartElement:
			switch l := t.Name.Local; {
			case l == "pPr":
				x.paragraphProps(d, name, p)
			case l == "r":
				x.run(d, name, p, x.currentLink(links))
			case l == "hyperlink":
				links = append(links, x.links[relID(t)])
			case l == "fldSimple":
				links = append(links, fieldLink(attrLocal(t, "instr")))
			case isTransparent(l):
				links = append(links, "")
			case l == "oMath" || l == "oMathPara":
				// An equation, read as its plain text.
				text := x.allText(d, name)
				if x.paraText += len(text); x.paraText > x.lim.MaxOutputBytes {
					panic(stop{tooLargeSoFar(x.lim)})
				}
				p.segs = append(p.segs, docxSeg{text: []byte(text)})
			default:
				x.skip(d, name)
			}
		}
	}
}

// currentLink is the innermost link of the open hyperlinks and fields.
func (x *docx) currentLink(links []string) string {
	for i := len(links) - 1; i >= 0; i-- {
		if links[i] != "" {
			return links[i]
		}
	}
	for i := len(x.fields) - 1; i >= 0; i-- {
		if f := x.fields[i]; f.separated && f.link != "" {
			return f.link
		}
	}
	return ""
}

// inFieldCode reports whether the text read now is a field's instruction
// (between its begin and separate marks), which Word does not show.
func (x *docx) inFieldCode() bool {
	for _, f := range x.fields {
		if !f.separated {
			return true
		}
	}
	return false
}

func relID(t xml.StartElement) string {
	for _, a := range t.Attr {
		if a.Name.Local == "id" && strings.HasSuffix(a.Name.Space, "relationships") {
			return a.Value
		}
	}
	return ""
}

func attrLocal(t xml.StartElement, local string) string {
	for _, a := range t.Attr {
		if a.Name.Local == local {
			return a.Value
		}
	}
	return ""
}

// fieldLink returns the URL of a HYPERLINK field instruction
// (HYPERLINK "url" \o "tip"), or "" for another field or a link to a
// bookmark (\l).
func fieldLink(instr string) string {
	var args []string
	for rest := strings.TrimSpace(instr); rest != ""; rest = strings.TrimSpace(rest) {
		if rest[0] == '"' {
			end := strings.IndexByte(rest[1:], '"')
			if end < 0 {
				args = append(args, rest[1:])
				break
			}
			args = append(args, rest[1:1+end])
			rest = rest[end+2:]
			continue
		}
		end := strings.IndexFunc(rest, unicode.IsSpace)
		if end < 0 {
			end = len(rest)
		}
		args = append(args, rest[:end])
		rest = rest[end:]
	}
	if len(args) < 2 || !strings.EqualFold(args[0], "HYPERLINK") {
		return ""
	}
	for i := 1; i < len(args); i++ {
		a := args[i]
		if strings.EqualFold(a, `\l`) {
			return ""
		}
		if strings.HasPrefix(a, `\`) {
			i++ // a switch's argument
			continue
		}
		return a
	}
	return ""
}

func (x *docx) paragraphProps(d *xml.Decoder, name string, p *docxPara) {
	inNumPr := false
	for {
		switch t := x.token(d, name).(type) {
		case nil:
			return
		case xml.EndElement:
			if !inNumPr {
				return
			}
			inNumPr = false
		case xml.StartElement:
			switch t.Name.Local {
			case "pStyle":
				p.style = attrLocal(t, "val")
			case "outlineLvl":
				if n, err := strconv.Atoi(attrLocal(t, "val")); err == nil && n >= 0 && n < 9 {
					p.outline = n
				}
			case "numPr":
				if !inNumPr {
					inNumPr = true
					continue // its children are read here
				}
			case "ilvl":
				p.ilvl, _ = strconv.Atoi(attrLocal(t, "val"))
				p.hasNum = true
			case "numId":
				p.numID = attrLocal(t, "val")
				p.hasNum = true
			}
			x.skip(d, name)
		}
	}
}

// run reads a w:r: its formatting and its text.
func (x *docx) run(d *xml.Decoder, name string, p *docxPara, link string) {
	var bold, italic, hidden bool
	add := func(s docxSeg) {
		if hidden || x.inFieldCode() {
			return
		}
		s.bold, s.italic, s.link = bold, italic, link
		if s.link == "" {
			s.link = x.currentLink(nil)
		}
		x.paraText += len(s.text)
		if s.brk {
			x.paraText += 2 // as written, "\\\n"
		}
		if x.paraText > x.lim.MaxOutputBytes {
			panic(stop{tooLargeSoFar(x.lim)})
		}
		// Word splits text into many runs (spelling marks, revision ids):
		// runs formatted alike join here, so a paragraph costs memory in
		// proportion to its text, not to its runs.
		if n := len(p.segs); n > 0 && !s.brk {
			if last := &p.segs[n-1]; !last.brk && last.bold == s.bold && last.italic == s.italic && last.link == s.link {
				last.text = append(last.text, s.text...)
				return
			}
		}
		p.segs = append(p.segs, s)
	}
	for {
		switch t := x.token(d, name).(type) {
		case nil, xml.EndElement:
			return
		case xml.StartElement:
			switch t.Name.Local {
			case "rPr":
				bold, italic, hidden = x.runProps(d, name)
				continue
			case "t":
				add(docxSeg{text: []byte(x.allText(d, name))})
				continue
			case "tab", "ptab":
				add(docxSeg{text: []byte(" ")})
			case "br":
				if typ := attrLocal(t, "type"); typ != "page" && typ != "column" {
					add(docxSeg{brk: true})
				}
			case "cr":
				add(docxSeg{brk: true})
			case "noBreakHyphen":
				add(docxSeg{text: []byte("-")})
			case "fldChar":
				x.fieldChar(attrLocal(t, "fldCharType"))
			case "drawing", "pict", "AlternateContent":
				x.textboxes(d, name)
				continue
			case "instrText":
				instr := x.allText(d, name)
				if n := len(x.fields); n > 0 && !x.fields[n-1].separated && x.fields[n-1].instr.Len() < 4096 {
					x.fields[n-1].instr.WriteString(instr)
				}
				continue
			}
			x.skip(d, name)
		}
	}
}

// fieldChar tracks Word's complex fields (begin, instruction, separate,
// result, end), which may span runs and paragraphs: a HYPERLINK field's
// result is a link, any field's instruction is hidden.
func (x *docx) fieldChar(typ string) {
	switch typ {
	case "begin":
		if len(x.fields) >= maxDocxFields {
			x.overflow++
			return
		}
		x.fields = append(x.fields, &docxField{})
	case "separate":
		if n := len(x.fields); n > 0 && x.overflow == 0 {
			f := x.fields[n-1]
			f.separated = true
			f.link = fieldLink(f.instr.String())
		}
	case "end":
		switch {
		case x.overflow > 0:
			x.overflow--
		case len(x.fields) > 0:
			x.fields = x.fields[:len(x.fields)-1]
		}
	}
}

// runProps reads a w:rPr: bold, italic (directly or from a character
// style; direct formatting wins, as Word's rPr lists rStyle first and a
// style only fills what is still unset) and hidden.
func (x *docx) runProps(d *xml.Decoder, name string) (bold, italic, hidden bool) {
	var b, i *bool
	for {
		switch t := x.token(d, name).(type) {
		case nil, xml.EndElement:
			return deref(b), deref(i), hidden
		case xml.StartElement:
			switch t.Name.Local {
			case "b":
				v := onOff(attrLocal(t, "val"))
				b = &v
			case "i":
				v := onOff(attrLocal(t, "val"))
				i = &v
			case "vanish":
				hidden = onOff(attrLocal(t, "val"))
			case "rStyle":
				x.styleChain(attrLocal(t, "val"), func(s *docxStyle) bool {
					if b == nil && s.bold != nil {
						b = s.bold
					}
					if i == nil && s.italic != nil {
						i = s.italic
					}
					return b != nil && i != nil
				})
			}
			x.skip(d, name)
		}
	}
}

func deref(b *bool) bool { return b != nil && *b }

// allText returns the character data inside the current element (nested
// elements' too), up to its end; w:t text and math text.
func (x *docx) allText(d *xml.Decoder, name string) string {
	var b strings.Builder
	depth := 0
	for {
		switch t := x.token(d, name).(type) {
		case nil:
			return b.String()
		case xml.CharData:
			b.Write(t)
			if b.Len() > x.lim.MaxOutputBytes {
				panic(stop{tooLargeSoFar(x.lim)})
			}
		case xml.StartElement:
			depth++
		case xml.EndElement:
			if depth == 0 {
				return b.String()
			}
			depth--
		}
	}
}
