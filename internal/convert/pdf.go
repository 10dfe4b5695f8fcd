package convert

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/ledongthuc/pdf"
)

// PDF extraction uses github.com/ledongthuc/pdf to parse the file (objects,
// filters, fonts and their encodings) but reads the page content streams
// itself (contentLexer): the library's own text extractors cannot be
// interrupted, keep every glyph of a page in memory (a page whose stream
// expands to gigabytes would exhaust memory) and either lose word spaces
// (Page.GetPlainText ignores positions) or paragraph breaks. Here the
// decoded bytes are counted against Limits.MaxExpandedBytes as they are
// read, the context is checked as operators come, and text is laid out
// from glyph positions: a gap on a line is a space, a larger step down the
// page than the usual line spacing is a paragraph break.

// Bounds of a PDF's structure, so that a malformed or hostile file (a page
// tree that loops, forms drawing themselves) ends instead of looping.
const (
	maxPDFPageNodes = 100_000 // nodes of the page tree visited
	maxPDFTreeDepth = 64      // depth of the page tree
	maxPDFFormDepth = 8       // form XObjects drawn inside forms
	maxPDFStateSave = 256     // nested q operators kept
	pdfCheckEvery   = 1024    // operators between context checks
)

// convertPDF extracts a PDF's text page by page, pages separated by a blank
// line, paragraphs too. Text is kept as it is (escaping nothing, as for
// plain text). A page that fails to parse is skipped, keeping what it
// yielded before failing; the file is ErrCorrupt only when no page could be
// read. A PDF without a text layer (a scan) gives an empty body.
func convertPDF(ctx context.Context, data io.ReaderAt, size int64, lim Limits) (*Result, error) {
	r, err := pdf.NewReader(pdfHeaderFix{data}, size)
	if err != nil {
		return nil, pdfOpenError(err)
	}
	title := pdfTitle(r)
	pages := pdfPages(ctx, r)
	x := &pdfExtractor{ctx: ctx, lim: lim, budget: lim.MaxExpandedBytes}
	var out strings.Builder
	var firstErr error
	read := 0
	for i, p := range pages {
		x.checkContext()
		text, err := x.page(p)
		if err != nil {
			if firstErr == nil {
				firstErr = fmt.Errorf("page %d: %w", i+1, err)
			}
		} else {
			read++
		}
		if text == "" {
			continue
		}
		if out.Len() > 0 {
			out.WriteString("\n\n")
		}
		out.WriteString(text)
		if out.Len() > lim.MaxOutputBytes {
			return nil, tooLargeSoFar(lim)
		}
	}
	if read == 0 && firstErr != nil {
		return nil, fmt.Errorf("%w: the PDF's pages cannot be read (%v)", ErrCorrupt, firstErr)
	}
	if out.Len() > 0 {
		out.WriteByte('\n')
	}
	return &Result{Title: title, Markdown: out.String()}, nil
}

// pdfTitle is the Info dictionary's Title, or "": a malformed Info
// dictionary loses the title, not the text.
func pdfTitle(r *pdf.Reader) (title string) {
	defer func() {
		if recover() != nil {
			title = ""
		}
	}()
	return r.Trailer().Key("Info").Key("Title").Text()
}

// pdfOpenError says why pdf.NewReader refused a file.
func pdfOpenError(err error) error {
	if errors.Is(err, pdf.ErrInvalidPassword) {
		return fmt.Errorf("%w: the PDF is protected by a password", ErrCorrupt)
	}
	if strings.Contains(strings.ToLower(err.Error()), "encrypt") {
		return fmt.Errorf("%w: the PDF is encrypted in a way that cannot be read (%v)", ErrCorrupt, err)
	}
	return fmt.Errorf("%w: %v", ErrCorrupt, err)
}

// pdfHeaderFix shows the library a PDF 2.0 header as "%PDF-1.7", and a
// header line with anything after the version as ending there: the library
// refuses both, though nothing it parses differs (it reads objects from the
// cross-reference table, never the header line). Only bytes 5, 7 and 8 of
// the file may read differently.
type pdfHeaderFix struct{ r io.ReaderAt }

func (h pdfHeaderFix) ReadAt(p []byte, off int64) (int, error) {
	n, err := h.r.ReadAt(p, off)
	if off > 8 || n == 0 {
		return n, err
	}
	var head [9]byte
	if m, _ := h.r.ReadAt(head[:], 0); m < len(head) || string(head[:5]) != "%PDF-" {
		return n, err
	}
	if i := 7 - off; i >= 0 && i < int64(n) && head[5] == '2' {
		p[i] = '7'
	}
	if i := 8 - off; i >= 0 && i < int64(n) && head[8] != '\r' && head[8] != '\n' {
		p[i] = '\n'
	}
	if i := 5 - off; i >= 0 && i < int64(n) && head[5] == '2' {
		p[i] = '1'
	}
	return n, err
}

// pdfPages lists the page dictionaries in order by walking the page tree
// itself: the library's Reader.Page walks it from the root for every page
// (quadratic in the page count) and trusts /Count, which a hostile file
// sets to billions.
func pdfPages(ctx context.Context, r *pdf.Reader) []pdf.Value {
	var pages []pdf.Value
	nodes := 0
	var walk func(v pdf.Value, depth int)
	walk = func(v pdf.Value, depth int) {
		nodes++
		if nodes > maxPDFPageNodes {
			panic(stop{fmt.Errorf("%w: the PDF's page tree has more than %d nodes", ErrTooLarge, maxPDFPageNodes)})
		}
		if nodes%pdfCheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				panic(stop{fmt.Errorf("convert: stopped: %w", err)})
			}
		}
		if v.Kind() != pdf.Dict {
			return
		}
		kids := v.Key("Kids")
		if kids.Kind() == pdf.Array && v.Key("Type").Name() != "Page" {
			if depth >= maxPDFTreeDepth { // deeper than any real file: a loop
				return
			}
			for i := 0; i < kids.Len(); i++ {
				walk(kids.Index(i), depth+1)
			}
			return
		}
		pages = append(pages, v)
	}
	walk(r.Trailer().Key("Root").Key("Pages"), 0)
	return pages
}

// pdfExtractor holds what extraction of one file shares across its pages.
type pdfExtractor struct {
	ctx       context.Context
	lim       Limits
	budget    int64 // decoded content-stream bytes still allowed
	textBytes int   // non-space text bytes found so far
	ops       int
	chunks    []pdfChunk // the current page's text, in content order
	fonts     map[string]*pdfFont
}

// pdfChunk is a run of text shown by one operator (or one string of a TJ
// array): where it starts and ends on the page, in user space.
type pdfChunk struct {
	x0, x1, y  float64
	size       float64 // the font size as drawn
	text       string
	spaceAfter bool // a text run of only spaces followed
}

func (x *pdfExtractor) checkContext() {
	if err := x.ctx.Err(); err != nil {
		panic(stop{fmt.Errorf("convert: stopped: %w", err)})
	}
}

// page extracts one page's text. A panic inside the library (a malformed
// stream, an unknown filter) ends the page with an error but keeps the
// text found before it; a stop (context, limits) goes on up.
func (x *pdfExtractor) page(v pdf.Value) (text string, err error) {
	x.chunks = x.chunks[:0]
	x.fonts = map[string]*pdfFont{}
	defer func() {
		if r := recover(); r != nil {
			if s, ok := r.(stop); ok {
				panic(s)
			}
			err = fmt.Errorf("%v", r)
		}
		text = layoutPDF(x.chunks)
	}()
	res := inherited(v, "Resources")
	x.run(v.Key("Contents"), res, ident, 0)
	return "", nil
}

// inherited returns a page attribute, looked up the page tree's parents as
// the PDF format allows for Resources.
func inherited(v pdf.Value, key string) pdf.Value {
	for i := 0; i < maxPDFTreeDepth && v.Kind() == pdf.Dict; i++ {
		if r := v.Key(key); !r.IsNull() {
			return r
		}
		v = v.Key("Parent")
	}
	return pdf.Value{}
}

// contentReader returns a content stream's decoded bytes (an array of
// streams reads as one, as the format says), counted against the budget
// as they are read: decompression is where a small file becomes a huge
// one.
func (x *pdfExtractor) contentReader(strm pdf.Value) io.Reader {
	var r io.Reader
	if strm.Kind() == pdf.Array {
		var rs []io.Reader
		for i := 0; i < strm.Len() && i < 10_000; i++ {
			rs = append(rs, strm.Index(i).Reader(), strings.NewReader("\n"))
		}
		r = io.MultiReader(rs...)
	} else {
		r = strm.Reader()
	}
	return &pdfBudgetReader{r: r, x: x}
}

type pdfBudgetReader struct {
	r     io.Reader
	x     *pdfExtractor
	since int
}

func (b *pdfBudgetReader) Read(p []byte) (int, error) {
	if int64(len(p)) > b.x.budget+1 {
		p = p[:max(b.x.budget+1, 1)]
	}
	n, err := b.r.Read(p)
	b.x.budget -= int64(n)
	if b.x.budget < 0 {
		panic(stop{fmt.Errorf("%w: the PDF's page content expands to more than %d bytes (the cap on decompressed content)", ErrTooLarge, b.x.lim.MaxExpandedBytes)})
	}
	if b.since += n; b.since >= 64<<10 {
		b.since = 0
		b.x.checkContext()
	}
	return n, err
}

// mat is a PDF transformation matrix [a b c d e f], applied to row vectors
// as the PDF format does.
type mat [6]float64

var ident = mat{1, 0, 0, 1, 0, 0}

// mul returns m then n: the matrix product m×n.
func (m mat) mul(n mat) mat {
	return mat{
		m[0]*n[0] + m[1]*n[2], m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2], m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4], m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

func translate(tx, ty float64) mat { return mat{1, 0, 0, 1, tx, ty} }

// pdfState is the graphics and text state the extractor tracks.
type pdfState struct {
	ctm, tm, tlm              mat
	font                      *pdfFont
	tfs, tc, tw, th, tl, rise float64
}

// run interprets a content stream (a page's or a form's) with its
// resources, starting from the transformation ctm.
func (x *pdfExtractor) run(strm, res pdf.Value, ctm mat, depth int) {
	if strm.Kind() != pdf.Stream && strm.Kind() != pdf.Array {
		return
	}
	lex := &contentLexer{r: bufio.NewReaderSize(x.contentReader(strm), 32<<10), maxStr: x.lim.MaxOutputBytes + 1}
	g := pdfState{ctm: ctm, tm: ident, tlm: ident, th: 1}
	var saved []pdfState
	unsaved := 0 // q operators beyond maxPDFStateSave, matched by Q first
	fonts := x.fonts
	if depth > 0 {
		fonts = map[string]*pdfFont{} // a form's font names are its own
	}
	lex.interpret(func(op string, args []operand) {
		x.ops++
		if x.ops%pdfCheckEvery == 0 {
			x.checkContext()
		}
		num := func(i int) float64 {
			if i < len(args) && args[i].kind == opNum {
				return args[i].num
			}
			return 0
		}
		str := func(i int) string {
			if i < len(args) && args[i].kind == opStr {
				return args[i].str
			}
			return ""
		}
		matrix := func() mat {
			return mat{num(0), num(1), num(2), num(3), num(4), num(5)}
		}
		switch op {
		case "q":
			if len(saved) < maxPDFStateSave {
				saved = append(saved, g)
			} else {
				unsaved++
			}
		case "Q":
			switch {
			case unsaved > 0:
				unsaved--
			case len(saved) > 0:
				g = saved[len(saved)-1]
				saved = saved[:len(saved)-1]
			}
		case "cm":
			if len(args) == 6 {
				g.ctm = matrix().mul(g.ctm)
			}
		case "BT":
			g.tm, g.tlm = ident, ident
		case "Tc":
			g.tc = num(0)
		case "Tw":
			g.tw = num(0)
		case "Tz":
			g.th = num(0) / 100
		case "TL":
			g.tl = num(0)
		case "Ts":
			g.rise = num(0)
		case "Tf":
			if len(args) == 2 && args[0].kind == opName {
				g.font = x.font(fonts, res, args[0].str)
				g.tfs = num(1)
			}
		case "TD":
			g.tl = -num(1)
			g.tlm = translate(num(0), num(1)).mul(g.tlm)
			g.tm = g.tlm
		case "Td":
			g.tlm = translate(num(0), num(1)).mul(g.tlm)
			g.tm = g.tlm
		case "Tm":
			if len(args) == 6 {
				g.tm = matrix()
				g.tlm = g.tm
			}
		case "T*":
			g.tlm = translate(0, -g.tl).mul(g.tlm)
			g.tm = g.tlm
		case "Tj":
			x.show(&g, str(0))
		case "'":
			g.tlm = translate(0, -g.tl).mul(g.tlm)
			g.tm = g.tlm
			x.show(&g, str(0))
		case "\"":
			g.tw, g.tc = num(0), num(1)
			g.tlm = translate(0, -g.tl).mul(g.tlm)
			g.tm = g.tlm
			x.show(&g, str(2))
		case "TJ":
			if len(args) != 1 || args[0].kind != opArray {
				return
			}
			for _, e := range args[0].arr {
				switch e.kind {
				case opStr:
					x.show(&g, e.str)
				case opNum:
					g.tm = translate(-e.num/1000*g.tfs*g.th, 0).mul(g.tm)
				}
			}
		case "Do":
			if len(args) != 1 || args[0].kind != opName || depth >= maxPDFFormDepth {
				return
			}
			xo := res.Key("XObject").Key(args[0].str)
			if xo.Kind() != pdf.Stream || xo.Key("Subtype").Name() != "Form" {
				return
			}
			m := ident
			if fm := xo.Key("Matrix"); fm.Len() == 6 {
				for i := range m {
					m[i] = fm.Index(i).Float64()
				}
			}
			formRes := xo.Key("Resources")
			if formRes.IsNull() {
				formRes = res
			}
			x.run(xo, formRes, m.mul(g.ctm), depth+1)
		}
	})
	if lex.err != nil && depth == 0 {
		// A damaged stream (bad compressed data): keep the text before the
		// damage, but say the page failed.
		panic(fmt.Sprintf("the page content cannot be read: %v", lex.err))
	}
}

// show records a string drawn with the current state and moves the text
// position past it.
func (x *pdfExtractor) show(g *pdfState, raw string) {
	if raw == "" {
		return
	}
	f := g.font
	if f == nil {
		f = &defaultPDFFont
	}
	start := g.tm.mul(g.ctm)
	text := f.enc.Decode(raw)
	step := 1
	if f.twoByte {
		step = 2
	}
	advance := 0.0
	for i := 0; i+step <= len(raw); i += step {
		code := int(raw[i])
		if step == 2 {
			code = code<<8 | int(raw[i+1])
		}
		tx := f.width(code)/1000*g.tfs + g.tc
		if step == 1 && code == ' ' {
			tx += g.tw
		}
		advance += tx * g.th
	}
	g.tm = translate(advance, 0).mul(g.tm)
	end := g.tm.mul(g.ctm)

	if strings.TrimSpace(text) == "" {
		if len(x.chunks) > 0 && text != "" {
			x.chunks[len(x.chunks)-1].spaceAfter = true
		}
		return
	}
	for _, r := range text {
		if r != ' ' && r != '\t' && r != '\n' && r != '\r' {
			x.textBytes++ // counts bytes of runes, close enough: ASCII mostly
		}
	}
	if x.textBytes > x.lim.MaxOutputBytes {
		panic(stop{tooLargeSoFar(x.lim)})
	}
	size := math.Abs(g.tfs) * math.Hypot(start[2], start[3])
	x.chunks = append(x.chunks, pdfChunk{
		x0: start[4], y: start[5] + g.rise*math.Hypot(start[2], start[3]),
		x1: end[4], size: size, text: text,
	})
}

// pdfFont is what extraction needs of a font: how its codes decode to
// text and how wide each is (in thousandths of the font size).
type pdfFont struct {
	enc     pdf.TextEncoding
	twoByte bool // a composite (Type0) font: 2-byte codes
	first   int
	widths  []float64
	cid     map[int]float64
	missing float64 // width of a code without one
	scale   float64 // widths × scale are thousandths of an em (Type3 fonts)
}

// defaultPDFFont stands for a missing font: bytes decode as themselves
// (then sanitized) and are half an em wide, about a Latin letter.
var defaultPDFFont = pdfFont{enc: nopEncoding{}, missing: 500, scale: 1}

type nopEncoding struct{}

func (nopEncoding) Decode(raw string) string { return raw }

func (f *pdfFont) width(code int) float64 {
	if f.cid != nil {
		if w, ok := f.cid[code]; ok {
			return w * f.scale
		}
		return f.missing * f.scale
	}
	if i := code - f.first; i >= 0 && i < len(f.widths) && f.widths[i] > 0 {
		return f.widths[i] * f.scale
	}
	return f.missing * f.scale
}

// font loads the font named in the resources, once per page (or form). A
// font that fails to load (a broken ToUnicode map) decodes bytes as
// themselves rather than failing the page.
func (x *pdfExtractor) font(cache map[string]*pdfFont, res pdf.Value, name string) (f *pdfFont) {
	if f, ok := cache[name]; ok {
		return f
	}
	defer func() {
		if r := recover(); r != nil {
			if s, ok := r.(stop); ok {
				panic(s)
			}
			f = &defaultPDFFont
		}
		cache[name] = f
	}()
	fv := res.Key("Font").Key(name)
	if fv.Kind() != pdf.Dict {
		return &defaultPDFFont
	}
	f = &pdfFont{scale: 1}
	lf := pdf.Font{V: fv}
	f.enc = lf.Encoder()
	if f.enc == nil {
		f.enc = nopEncoding{}
	}
	switch fv.Key("Subtype").Name() {
	case "Type0":
		f.twoByte = true
		desc := fv.Key("DescendantFonts").Index(0)
		f.missing = 1000
		if dw := desc.Key("DW"); !dw.IsNull() {
			f.missing = dw.Float64()
		}
		f.cid = cidWidths(desc.Key("W"))
		return f
	case "Type3":
		if fm := fv.Key("FontMatrix"); fm.Len() == 6 {
			f.scale = fm.Index(0).Float64() * 1000
		}
	}
	f.first = int(fv.Key("FirstChar").Int64())
	f.widths = lf.Widths()
	f.missing = fv.Key("FontDescriptor").Key("MissingWidth").Float64()
	if len(f.widths) == 0 || f.missing <= 0 {
		// The standard 14 fonts may come without widths: half an em is
		// about a Latin letter, good enough to tell gaps from glyphs.
		f.missing = 500
	}
	return f
}

// cidWidths reads a composite font's W array: "c [w1 w2 ...]" gives codes
// from c on their widths, "c1 c2 w" gives codes c1 to c2 one width.
func cidWidths(w pdf.Value) map[int]float64 {
	m := map[int]float64{}
	const maxCodes = 1 << 16 // two-byte codes
	for i := 0; i < w.Len(); {
		c := int(w.Index(i).Int64())
		next := w.Index(i + 1)
		if next.Kind() == pdf.Array {
			for j := 0; j < next.Len() && c+j < maxCodes; j++ {
				m[c+j] = next.Index(j).Float64()
			}
			i += 2
			continue
		}
		hi := int(next.Int64())
		wd := w.Index(i + 2).Float64()
		for code := max(c, 0); code <= hi && code < maxCodes; code++ {
			m[code] = wd
		}
		i += 3
	}
	return m
}

// layoutPDF joins a page's chunks into text. Chunks on one baseline join
// on that line, with a space where the gap between them is wider than a
// letter's spacing; a step down to the next line is a newline; a step
// clearly larger than the page's usual line spacing, or a step up (a new
// column), is a paragraph break.
func layoutPDF(chunks []pdfChunk) string {
	if len(chunks) == 0 {
		return ""
	}
	// The usual line spacing, in font sizes: the lower quartile of the
	// steps down, since lines within paragraphs outnumber paragraph gaps.
	var steps []float64
	for i := 1; i < len(chunks); i++ {
		p, c := chunks[i-1], chunks[i]
		s := max(p.size, c.size, 1)
		if r := (p.y - c.y) / s; r > 0.5 && r < 4 {
			steps = append(steps, r)
		}
	}
	lead := 1.2
	if len(steps) >= 2 {
		slices.Sort(steps)
		lead = steps[len(steps)/4]
	}
	var b strings.Builder
	for i, c := range chunks {
		if i > 0 {
			p := chunks[i-1]
			s := max(p.size, c.size, 1)
			dy := p.y - c.y
			switch {
			case math.Abs(dy) <= 0.5*s:
				gap := c.x0 - p.x1
				if (p.spaceAfter || gap > 0.15*s || gap < -3*s) && !strings.HasSuffix(p.text, " ") && !strings.HasPrefix(c.text, " ") {
					b.WriteByte(' ')
				}
			case dy > 0 && dy/s <= lead*1.3:
				b.WriteByte('\n')
			default:
				b.WriteString("\n\n")
			}
		}
		b.WriteString(c.text)
	}
	return tidyText(b.String())
}

// tidyText drops control characters (what a font without a usable encoding
// decodes to) except newlines and tabs, trims each line (a line indented
// by four spaces would be markdown code), collapses runs of blank lines
// into one.
func tidyText(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\n' && r != '\t' || r == 0x7F {
			return -1
		}
		return r
	}, s)
	lines := strings.Split(s, "\n")
	var b strings.Builder
	blank := 0
	for _, l := range lines {
		l = strings.Trim(l, " \t\u00A0")
		if strings.TrimSpace(l) == "" {
			blank++
			continue
		}
		if b.Len() > 0 {
			if blank > 0 {
				b.WriteString("\n\n")
			} else {
				b.WriteByte('\n')
			}
		}
		blank = 0
		b.WriteString(l)
	}
	return b.String()
}
