package convert

import (
	"context"
	"errors"
	"fmt"
	"io"
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
