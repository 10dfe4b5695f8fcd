package convert

import (
	"archive/zip"
	"context"
	"encoding/binary"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"

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
