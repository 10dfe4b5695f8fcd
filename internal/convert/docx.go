package convert

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/binary"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/net/html/charset"
)

// A DOCX is a zip of XML parts (ECMA-376, WordprocessingML). convertDOCX
// reads only the parts it needs — the main document, its relationships
// (hyperlink targets), styles (which paragraph style is a heading) and
// numbering (bullets or numbers) — and streams the document through
// encoding/xml, so memory follows the output, not the file.
//
// A zip is the classic decompression bomb, so nothing is trusted: the entry
// count is checked from the zip's end record before the directory is read,
// an entry whose header declares more than the remaining
// Limits.MaxExpandedBytes is refused unread, and the bytes actually
// decompressed are counted too (archive/zip also refuses an entry that
// yields more than its header declared).
//
// The parser is this package's own, so it reports failures by panicking
// with a stop (caught by safely) rather than threading errors through every
// level of the element walk, as encoding/json does internally.

// maxDocxDepth bounds the nesting of tables and content controls that the
// walk follows (recursively); deeper content is skipped.
const maxDocxDepth = 32

// maxDocxFields bounds nested Word fields tracked; deeper ones are counted
// only, so that their ends still match.
const maxDocxFields = 64

// docxBytesPerCheck is how often, in bytes read from the zip, the context
// is checked.
const docxBytesPerCheck = 64 << 10

// errExpanded marks the read that passed Limits.MaxExpandedBytes.
var errExpanded = errors.New("convert: expanded-bytes budget spent")

// convertDOCX converts a DOCX: headings (Title and Heading 1-6 styles, or
// outline levels), paragraphs, bold, italic, external hyperlinks (by
// relationship or HYPERLINK field), bulleted and numbered lists, tables
// (the first row as header), line breaks, text boxes and equations as text.
// Not converted: images, footnotes, comments, headers and footers, tracked
// deletions. Text is markdown-escaped.
func convertDOCX(ctx context.Context, data io.ReaderAt, size int64, lim Limits) (*Result, error) {
	if n, ok := zipEntryCount(data, size); ok && n > uint64(lim.MaxZipEntries) {
		return nil, tooManyEntries(n, lim)
	}
	zr, err := zip.NewReader(data, size)
	if err != nil && !(errors.Is(err, zip.ErrInsecurePath) && zr != nil) {
		return nil, fmt.Errorf("%w: the DOCX is not a readable zip (%v)", ErrCorrupt, err)
	}
	if len(zr.File) > lim.MaxZipEntries {
		return nil, tooManyEntries(uint64(len(zr.File)), lim)
	}
	x := &docx{
		ctx: ctx, lim: lim, budget: lim.MaxExpandedBytes,
		files: make(map[string]*zip.File, len(zr.File)),
		links: map[string]string{}, styles: map[string]*docxStyle{},
		nums: map[string]string{}, lvls: map[string]docxLevel{},
		counters: map[string][]int{},
	}
	for _, f := range zr.File {
		name := strings.ToLower(strings.TrimPrefix(f.Name, "/"))
		if _, dup := x.files[name]; !dup { // part names are case-insensitive
			x.files[name] = f
		}
	}
	main := x.mainPart()
	if x.files[main] == nil {
		return nil, fmt.Errorf("%w: the zip has no %s, so it is not a DOCX", ErrUnsupported, main)
	}
	dir := path.Dir(main)
	relsName := path.Join(dir, "_rels", path.Base(main)+".rels")
	stylesName, numberingName := path.Join(dir, "styles.xml"), path.Join(dir, "numbering.xml")
	var rels docxRels
	if x.unmarshal(relsName, &rels) {
		for _, r := range rels.Rel {
			switch {
			case strings.HasSuffix(r.Type, "/hyperlink") && strings.EqualFold(r.Mode, "External"):
				x.links[r.ID] = r.Target
			case strings.HasSuffix(r.Type, "/styles"):
				stylesName = resolvePart(dir, r.Target)
			case strings.HasSuffix(r.Type, "/numbering"):
				numberingName = resolvePart(dir, r.Target)
			}
		}
	}
	x.loadStyles(stylesName)
	x.loadNumbering(numberingName)

	body := &docxBody{x: x}
	x.document(main, body)
	md := body.b.String()
	if md != "" {
		md += "\n"
	}
	return &Result{Title: x.title, Markdown: md}, nil
}

func tooManyEntries(n uint64, lim Limits) error {
	return fmt.Errorf("%w: the DOCX's zip has %d entries; at most %d are allowed", ErrTooLarge, n, lim.MaxZipEntries)
}

func (x *docx) tooExpanded() error {
	return fmt.Errorf("%w: the DOCX unpacks to more than %d bytes (the cap on a DOCX's uncompressed content)", ErrTooLarge, x.lim.MaxExpandedBytes)
}

// zipEntryCount reads the entry count from the zip's end-of-central-
// directory record (or its ZIP64 form), as archive/zip finds it, so that a
// zip claiming millions of entries is refused before zip.NewReader reads a
// header for each.
func zipEntryCount(r io.ReaderAt, size int64) (uint64, bool) {
	const eocdLen = 22
	n := min(size, 65535+eocdLen)
	if n < eocdLen {
		return 0, false
	}
	buf := make([]byte, n)
	if m, err := r.ReadAt(buf, size-n); m < len(buf) && err != nil {
		return 0, false
	}
	for i := len(buf) - eocdLen; i >= 0; i-- {
		if string(buf[i:i+4]) != "PK\x05\x06" {
			continue
		}
		count := uint64(binary.LittleEndian.Uint16(buf[i+10:]))
		if count == 0xFFFF && i >= 20 && string(buf[i-20:i-16]) == "PK\x06\x07" {
			off := binary.LittleEndian.Uint64(buf[i-20+8:])
			var z [56]byte
			if off < uint64(size) {
				if m, _ := r.ReadAt(z[:], int64(off)); m == len(z) && string(z[:4]) == "PK\x06\x06" {
					count = binary.LittleEndian.Uint64(z[32:])
				}
			}
		}
		return count, true
	}
	return 0, false
}

// resolvePart resolves a relationship target against the folder of the
// part that holds the relationships.
func resolvePart(dir, target string) string {
	if t, ok := strings.CutPrefix(target, "/"); ok {
		return strings.ToLower(path.Clean(t))
	}
	return strings.ToLower(path.Clean(path.Join(dir, target)))
}

// docx is the state of one DOCX conversion.
type docx struct {
	ctx    context.Context
	lim    Limits
	budget int64 // uncompressed bytes still allowed
	files  map[string]*zip.File

	links  map[string]string // relationship id → external URL
	styles map[string]*docxStyle
	nums   map[string]string    // numId → abstractNumId
	lvls   map[string]docxLevel // abstractNumId/ilvl or numId/ilvl (overrides) → level

	boxes    docxBoxes // text boxes met in the paragraph being read
	boxDepth int       // text boxes inside text boxes being read

	fields   []*docxField
	overflow int              // fields begun beyond maxDocxFields
	counters map[string][]int // numId → the items so far at each level
	title    string
	paraText int // bytes of text in the paragraph being read
}

type docxStyle struct {
	name, basedOn string
	outline       int // outline level 0-8, or -1
	numID         string
	ilvl          int
	bold, italic  *bool
}

type docxLevel struct {
	format string
	start  int
}

type docxField struct {
	instr     strings.Builder
	separated bool
	link      string
}

// mainPart finds the main document from the package relationships,
// falling back to the usual word/document.xml.
func (x *docx) mainPart() string {
	var rels docxRels
	if x.unmarshal("_rels/.rels", &rels) {
		for _, r := range rels.Rel {
			if strings.HasSuffix(r.Type, "/officeDocument") {
				if p := resolvePart("", r.Target); x.files[p] != nil {
					return p
				}
			}
		}
	}
	return "word/document.xml"
}

// open opens a part for reading within the budget; nil if it is absent.
func (x *docx) open(name string) io.ReadCloser {
	f := x.files[name]
	if f == nil {
		return nil
	}
	if f.UncompressedSize64 > uint64(max(x.budget, 0)) {
		panic(stop{x.tooExpanded()})
	}
	rc, err := f.Open()
	if err != nil {
		panic(stop{fmt.Errorf("%w: %s cannot be opened in the zip (%v)", ErrCorrupt, name, err)})
	}
	return &budgetReader{rc: rc, x: x}
}

// budgetReader counts the bytes actually decompressed against the budget
// and checks the context as they come.
type budgetReader struct {
	rc    io.ReadCloser
	x     *docx
	since int
	spent bool
}

func (b *budgetReader) Read(p []byte) (int, error) {
	if b.spent {
		return 0, errExpanded
	}
	if int64(len(p)) > b.x.budget+1 {
		p = p[:b.x.budget+1]
	}
	n, err := b.rc.Read(p)
	b.x.budget -= int64(n)
	if b.x.budget < 0 {
		b.spent = true
		return n, errExpanded
	}
	if b.since += n; b.since >= docxBytesPerCheck {
		b.since = 0
		if cerr := b.x.ctx.Err(); cerr != nil {
			return n, cerr
		}
	}
	return n, err
}

func (b *budgetReader) Close() error { return b.rc.Close() }

// fail turns a read or parse error of a part into the error Convert
// returns.
func (x *docx) fail(name string, err error) stop {
	switch {
	case errors.Is(err, errExpanded):
		return stop{x.tooExpanded()}
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return stop{fmt.Errorf("convert: stopped: %w", err)}
	}
	return stop{fmt.Errorf("%w: %s in the DOCX cannot be read (%v)", ErrCorrupt, name, err)}
}

func (x *docx) decoder(r io.Reader) *xml.Decoder {
	d := xml.NewDecoder(r)
	d.CharsetReader = charset.NewReaderLabel
	return d
}

// unmarshal decodes a small part (relationships, styles, numbering) into v;
// false if the part is absent. These parts only refine the output, so a
// malformed one is ignored, but the budget and the context still apply.
func (x *docx) unmarshal(name string, v any) bool {
	rc := x.open(name)
	if rc == nil {
		return false
	}
	defer rc.Close()
	err := x.decoder(rc).Decode(v)
	if err != nil {
		if s := x.fail(name, err); !errors.Is(s.err, ErrCorrupt) {
			panic(s)
		}
		return false
	}
	return true
}

type docxRels struct {
	Rel []struct {
		ID     string `xml:"Id,attr"`
		Type   string `xml:"Type,attr"`
		Target string `xml:"Target,attr"`
		Mode   string `xml:"TargetMode,attr"`
	} `xml:"Relationship"`
}

type xVal struct {
	Val string `xml:"val,attr"`
}

type xNumPr struct {
	Ilvl  *xVal `xml:"ilvl"`
	NumID *xVal `xml:"numId"`
}

func (x *docx) loadStyles(name string) {
	var s struct {
		Style []struct {
			ID      string `xml:"styleId,attr"`
			Name    xVal   `xml:"name"`
			BasedOn xVal   `xml:"basedOn"`
			PPr     struct {
				OutlineLvl *xVal   `xml:"outlineLvl"`
				NumPr      *xNumPr `xml:"numPr"`
			} `xml:"pPr"`
			RPr struct {
				B *xVal `xml:"b"`
				I *xVal `xml:"i"`
			} `xml:"rPr"`
		} `xml:"style"`
	}
	if !x.unmarshal(name, &s) {
		return
	}
	for _, st := range s.Style {
		ds := &docxStyle{name: strings.ToLower(st.Name.Val), basedOn: st.BasedOn.Val, outline: -1}
		if o := st.PPr.OutlineLvl; o != nil {
			if n, err := strconv.Atoi(o.Val); err == nil && n >= 0 && n < 9 {
				ds.outline = n
			}
		}
		if np := st.PPr.NumPr; np != nil {
			if np.NumID != nil {
				ds.numID = np.NumID.Val
			}
			if np.Ilvl != nil {
				ds.ilvl, _ = strconv.Atoi(np.Ilvl.Val)
			}
		}
		if st.RPr.B != nil {
			b := onOff(st.RPr.B.Val)
			ds.bold = &b
		}
		if st.RPr.I != nil {
			i := onOff(st.RPr.I.Val)
			ds.italic = &i
		}
		x.styles[st.ID] = ds
	}
}

func (x *docx) loadNumbering(name string) {
	var n struct {
		Abstract []struct {
			ID  string `xml:"abstractNumId,attr"`
			Lvl []struct {
				Ilvl   string `xml:"ilvl,attr"`
				Start  *xVal  `xml:"start"`
				NumFmt xVal   `xml:"numFmt"`
			} `xml:"lvl"`
		} `xml:"abstractNum"`
		Num []struct {
			ID       string `xml:"numId,attr"`
			Abstract xVal   `xml:"abstractNumId"`
			Override []struct {
				Ilvl  string `xml:"ilvl,attr"`
				Start *xVal  `xml:"startOverride"`
			} `xml:"lvlOverride"`
		} `xml:"num"`
	}
	if !x.unmarshal(name, &n) {
		return
	}
	for _, a := range n.Abstract {
		for _, l := range a.Lvl {
			lv := docxLevel{format: l.NumFmt.Val, start: 1}
			if l.Start != nil {
				if s, err := strconv.Atoi(l.Start.Val); err == nil {
					lv.start = s
				}
			}
			x.lvls["a"+a.ID+"/"+l.Ilvl] = lv
		}
	}
	for _, num := range n.Num {
		x.nums[num.ID] = num.Abstract.Val
		for _, o := range num.Override {
			if o.Start == nil {
				continue
			}
			if s, err := strconv.Atoi(o.Start.Val); err == nil {
				lv := x.level(num.ID, o.Ilvl)
				lv.start = s
				x.lvls["n"+num.ID+"/"+o.Ilvl] = lv
			}
		}
	}
}

// level is a list level's format and start: bullets when numbering.xml
// does not say.
func (x *docx) level(numID, ilvl string) docxLevel {
	if lv, ok := x.lvls["n"+numID+"/"+ilvl]; ok {
		return lv
	}
	if lv, ok := x.lvls["a"+x.nums[numID]+"/"+ilvl]; ok {
		return lv
	}
	return docxLevel{format: "bullet", start: 1}
}

// onOff reads a WordprocessingML toggle: present means on unless its val
// says otherwise.
func onOff(val string) bool {
	switch strings.ToLower(val) {
	case "0", "false", "off", "none":
		return false
	}
	return true
}

// styleChain calls f on a style and the styles it is based on, nearest
// first, until f returns true.
func (x *docx) styleChain(id string, f func(*docxStyle) bool) {
	for i := 0; i < 16 && id != ""; i++ {
		s := x.styles[id]
		if s == nil {
			return
		}
		if f(s) {
			return
		}
		id = s.basedOn
	}
}

// headingLevel is a paragraph's heading level (1-6), or 0: from a "Title"
// or "heading N" style (built-in styles keep their English names in
// w:name whatever the language of the document; without styles.xml the
// style id says it), else from an outline level.
func (x *docx) headingLevel(p *docxPara) int {
	if lvl := headingName(strings.ToLower(p.style)); lvl > 0 && x.styles[p.style] == nil {
		return lvl
	}
	lvl := 0
	x.styleChain(p.style, func(s *docxStyle) bool {
		if l := headingName(s.name); l > 0 {
			lvl = l
			return true
		}
		if s.outline >= 0 {
			lvl = s.outline + 1
			return true
		}
		return false
	})
	if lvl == 0 && p.outline >= 0 {
		lvl = p.outline + 1
	}
	return min(lvl, 6)
}

func headingName(name string) int {
	if name == "title" {
		return 1
	}
	rest, ok := strings.CutPrefix(name, "heading")
	if !ok {
		return 0
	}
	n, err := strconv.Atoi(strings.TrimSpace(rest))
	if err != nil || n < 1 || n > 9 {
		return 0
	}
	return min(n, 6)
}

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

// docxBody writes the body's blocks as markdown.
type docxBody struct {
	x        *docx
	b        strings.Builder
	lastList bool   // the previous block was a list item
	listID   string // the numId of that item
	widths   []int  // marker widths of the open list levels
}

// block writes one block: list items follow each other on consecutive
// lines (a tight list), anything else after a blank line.
func (w *docxBody) block(s string, list bool) {
	w.blockIn(s, list, "")
}

// blockIn writes a block of list listID: an item of another list than the
// item before starts a new markdown list, after a blank line.
func (w *docxBody) blockIn(s string, list bool, listID string) {
	if list && w.lastList && listID != w.listID {
		w.lastList = false
		w.widths = w.widths[:0]
	}
	w.listID = listID
	if w.b.Len() > 0 {
		if list && w.lastList {
			w.b.WriteByte('\n')
		} else {
			w.b.WriteString("\n\n")
		}
	}
	w.b.WriteString(s)
	w.lastList = list
	if !list {
		w.widths = w.widths[:0]
	}
	if err := w.x.ctx.Err(); err != nil {
		panic(stop{fmt.Errorf("convert: stopped: %w", err)})
	}
	if w.b.Len() > w.x.lim.MaxOutputBytes {
		panic(stop{tooLargeSoFar(w.x.lim)})
	}
}

func (w *docxBody) paragraph(p *docxPara) {
	w.para(p)
	w.x.flushBoxes(w)
}

func (w *docxBody) para(p *docxPara) {
	if len(p.segs) == 0 {
		return // an empty paragraph is spacing, not content
	}
	x := w.x
	if lvl := x.headingLevel(p); lvl > 0 {
		text := x.inline(p.segs, inlineHeading)
		if text == "" {
			return
		}
		if lvl == 1 && x.title == "" {
			x.title = plainText(p.segs)
		}
		if strings.HasSuffix(text, "#") {
			text = text[:len(text)-1] + `\#`
		}
		w.block(strings.Repeat("#", lvl)+" "+text, false)
		return
	}
	numID, ilvl, hasNum := p.numID, p.ilvl, p.hasNum
	if !hasNum {
		x.styleChain(p.style, func(s *docxStyle) bool {
			if s.numID != "" {
				numID, ilvl, hasNum = s.numID, s.ilvl, true
				return true
			}
			return false
		})
	}
	text := x.inline(p.segs, inlineBlock)
	if text == "" {
		return
	}
	if hasNum && numID != "" && numID != "0" {
		w.listItem(numID, ilvl, text)
		return
	}
	if w.isQuote(p.style) {
		w.block("> "+strings.ReplaceAll(text, "\n", "\n> "), false)
		return
	}
	w.block(text, false)
}

func (w *docxBody) isQuote(style string) bool {
	quote := false
	w.x.styleChain(style, func(s *docxStyle) bool {
		quote = s.name == "quote" || s.name == "intense quote"
		return quote
	})
	return quote
}

// listItem writes a list item. Its nesting follows ilvl, but never deeper
// than one level below the item before it: markdown reads an item
// indented past its parent's content as code.
func (w *docxBody) listItem(numID string, ilvl int, text string) {
	x := w.x
	ilvl = min(max(ilvl, 0), 8)
	lv := x.level(numID, strconv.Itoa(ilvl))
	// Counts of items continue across the whole document, as Word numbers
	// them; an item restarts the levels below it.
	c := x.counters[numID]
	for len(c) <= ilvl {
		c = append(c, 0)
	}
	c[ilvl]++
	for i := ilvl + 1; i < len(c); i++ {
		c[i] = 0
	}
	x.counters[numID] = c

	if w.lastList && numID != w.listID {
		w.lastList = false // another list: starts at its top level
	}
	level := 0
	if w.lastList {
		level = min(ilvl, len(w.widths))
	}
	w.widths = w.widths[:level]
	marker := "- "
	switch lv.format {
	case "bullet", "none", "":
	default:
		marker = strconv.Itoa(max(lv.start+c[ilvl]-1, 0)) + ". "
	}
	indent := 0
	for _, wd := range w.widths {
		indent += wd
	}
	w.widths = append(w.widths, len(marker))
	pad := strings.Repeat(" ", indent)
	cont := "\n" + strings.Repeat(" ", indent+len(marker))
	w.blockIn(pad+marker+strings.ReplaceAll(text, "\n", cont), true, numID)
}

func (w *docxBody) table(rows [][]string) {
	cols := 0
	for _, r := range rows {
		cols = max(cols, len(r))
	}
	if cols == 0 {
		return
	}
	var b strings.Builder
	line := func(cells []string) {
		b.WriteByte('|')
		for i := 0; i < cols; i++ {
			c := ""
			if i < len(cells) {
				c = cells[i]
			}
			b.WriteString(" " + c + " |")
		}
	}
	line(rows[0])
	b.WriteString("\n|")
	for i := 0; i < cols; i++ {
		b.WriteString(" --- |")
	}
	for _, r := range rows[1:] {
		b.WriteByte('\n')
		line(r)
	}
	w.block(b.String(), false)
}

// plainText is a paragraph's text without markup, for a title.
func plainText(segs []docxSeg) string {
	var b strings.Builder
	for _, s := range segs {
		if s.brk {
			b.WriteByte(' ')
		}
		b.Write(s.text)
	}
	return b.String()
}

// inlineMode says where inline text goes.
type inlineMode int

const (
	inlineBlock   inlineMode = iota // a paragraph or list item
	inlineHeading                   // one line, without bold and italic (a heading is emphasis enough)
	inlineCell                      // one line, with '|' escaped
)

// inline renders a paragraph's segments as inline markdown: text escaped,
// bold and italic stretches marked, links as [text](url), line breaks as
// hard breaks (a backslash at the end of the line) or, on one line, as
// spaces.
func (x *docx) inline(segs []docxSeg, mode inlineMode) string {
	flat, cell, oneLine := mode == inlineHeading, mode == inlineCell, mode != inlineBlock
	type group struct {
		text         strings.Builder
		bold, italic bool
		link         string
		brk          bool
	}
	var groups []*group
	for _, s := range segs {
		if flat {
			s.bold, s.italic = false, false
		}
		if s.brk && oneLine {
			s = docxSeg{text: []byte(" ")}
		}
		if n := len(groups); n > 0 && !s.brk && !groups[n-1].brk {
			if g := groups[n-1]; g.bold == s.bold && g.italic == s.italic && g.link == s.link {
				g.text.Write(s.text)
				continue
			}
		}
		g := &group{bold: s.bold, italic: s.italic, link: s.link, brk: s.brk}
		g.text.Write(s.text)
		groups = append(groups, g)
	}
	// Line breaks and blank space at either end carry nothing.
	blank := func(g *group) bool { return g.brk || strings.TrimSpace(g.text.String()) == "" }
	for len(groups) > 0 && blank(groups[len(groups)-1]) {
		groups = groups[:len(groups)-1]
	}
	for len(groups) > 0 && blank(groups[0]) {
		groups = groups[1:]
	}
	var b strings.Builder
	for i := 0; i < len(groups); {
		g := groups[i]
		if g.brk {
			b.WriteString("\\\n")
			i++
			continue
		}
		// A link spans the following groups with the same URL.
		j := i
		var inner strings.Builder
		for ; j < len(groups) && !groups[j].brk && groups[j].link == g.link; j++ {
			inner.WriteString(emphasis(escapeMarkdown(groups[j].text.String(), cell), groups[j].bold, groups[j].italic))
		}
		s := inner.String()
		if url := markdownURL(g.link); url != "" && strings.TrimSpace(s) != "" {
			lead := s[:len(s)-len(strings.TrimLeft(s, " "))]
			trail := s[len(strings.TrimRight(s, " ")):]
			s = lead + "[" + strings.TrimSpace(s) + "](" + url + ")" + trail
		}
		b.WriteString(s)
		i = j
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	for i, l := range lines {
		lines[i] = escapeLineStart(strings.TrimLeft(l, " "))
	}
	return strings.Join(lines, "\n")
}

// emphasis marks s bold and/or italic, keeping its surrounding spaces
// outside the markers (markdown does not read "** bold**" as bold).
func emphasis(s string, bold, italic bool) string {
	if !bold && !italic {
		return s
	}
	core := strings.TrimSpace(s)
	if core == "" {
		return s
	}
	lead := s[:strings.Index(s, core)]
	trail := s[len(lead)+len(core):]
	m := "*"
	switch {
	case bold && italic:
		m = "***"
	case bold:
		m = "**"
	}
	return lead + m + core + m + trail
}

// escapeMarkdown escapes the characters that would make text markup:
// emphasis, code, links, raw HTML (so a document's "<script>" stays text),
// entities, and in a table cell the column separator. Characters that only
// matter at the start of a line are escapeLineStart's.
func escapeMarkdown(s string, cell bool) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\\', '`', '*', '_', '[', ']', '<':
			b.WriteByte('\\')
		case '|':
			if cell {
				b.WriteByte('\\')
			}
		case '&':
			if isEntity(s[i:]) {
				b.WriteByte('\\')
			}
		case '\n', '\r', '\t', '\v', '\f':
			c = ' '
		}
		b.WriteByte(c)
	}
	return b.String()
}

// isEntity reports whether s starts with what markdown reads as an entity
// reference: &name; &#123; &#x1F;.
func isEntity(s string) bool {
	end := strings.IndexByte(s, ';')
	if end < 2 || end > 40 {
		return false
	}
	body := s[1:end]
	if body[0] == '#' {
		body = strings.TrimPrefix(strings.TrimPrefix(body[1:], "x"), "X")
	}
	if body == "" {
		return false
	}
	for _, r := range body {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// escapeLineStart escapes what would make a line a heading, quote, list
// item, thematic break, setext underline or code fence.
func escapeLineStart(l string) string {
	if l == "" {
		return l
	}
	switch l[0] {
	case '#', '>', '-', '+', '=', '~':
		return `\` + l
	}
	i := 0
	for i < len(l) && i < 9 && l[i] >= '0' && l[i] <= '9' {
		i++
	}
	if i > 0 && i < len(l) && (l[i] == '.' || l[i] == ')') {
		return l[:i] + `\` + l[i:]
	}
	return l
}

// markdownURL returns a link target fit for a markdown link, or "" for a
// scheme that is not a web, mail, FTP or phone link (a document's
// "javascript:" link is kept as text only).
func markdownURL(u string) string {
	u = strings.TrimSpace(u)
	i := strings.IndexByte(u, ':')
	if i <= 0 {
		return ""
	}
	switch strings.ToLower(u[:i]) {
	case "http", "https", "mailto", "ftp", "tel":
	default:
		return ""
	}
	var b bytes.Buffer
	for _, r := range u {
		switch {
		case r == ' ':
			b.WriteString("%20")
		case r == '(':
			b.WriteString("%28")
		case r == ')':
			b.WriteString("%29")
		case r == '<':
			b.WriteString("%3C")
		case r == '>':
			b.WriteString("%3E")
		case r == '\\':
			b.WriteString("%5C")
		case unicode.IsControl(r):
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
