package convert

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The DOCX fixture: a Heading 1, a paragraph with bold, italic, a
// relationship hyperlink and a field hyperlink, a bulleted list with a
// nested item, a numbered list, a 2x2 table, a line break, and text that
// looks like markup.
const docxDocument = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">
<w:body>
<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Project Plan</w:t></w:r></w:p>
<w:p><w:r><w:t xml:space="preserve">Some </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>bold</w:t></w:r><w:r><w:t xml:space="preserve"> and </w:t></w:r><w:r><w:rPr><w:i/></w:rPr><w:t>italic</w:t></w:r><w:r><w:t xml:space="preserve"> text with a </w:t></w:r><w:hyperlink r:id="rId5"><w:r><w:rPr><w:rStyle w:val="Hyperlink"/></w:rPr><w:t>link</w:t></w:r></w:hyperlink><w:r><w:t>.</w:t></w:r></w:p>
<w:p><w:r><w:t xml:space="preserve">See </w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> HYPERLINK "https://example.org/field" </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>the field</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r><w:r><w:t xml:space="preserve"> and </w:t></w:r><w:hyperlink r:id="rId6"><w:r><w:t>a script link</w:t></w:r></w:hyperlink><w:r><w:rPr><w:b w:val="0"/></w:rPr><w:t>.</w:t></w:r></w:p>
<w:p><w:pPr><w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>First item</w:t></w:r></w:p>
<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>Second item</w:t></w:r></w:p>
<w:p><w:pPr><w:numPr><w:ilvl w:val="1"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>Nested item</w:t></w:r></w:p>
<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="2"/></w:numPr></w:pPr><w:r><w:t>Step one</w:t></w:r></w:p>
<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="2"/></w:numPr></w:pPr><w:r><w:t>Step two</w:t></w:r></w:p>
<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/></w:tblPr><w:tblGrid><w:gridCol/><w:gridCol/></w:tblGrid>
<w:tr><w:tc><w:tcPr><w:tcW w:w="0" w:type="auto"/></w:tcPr><w:p><w:r><w:rPr><w:b/></w:rPr><w:t>Name</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>Value</w:t></w:r></w:p></w:tc></w:tr>
<w:tr><w:tc><w:p><w:r><w:t>a | b</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>2</w:t></w:r></w:p></w:tc></w:tr>
</w:tbl>
<w:p><w:r><w:t>Line one</w:t><w:br/><w:t>Line two</w:t></w:r></w:p>
<w:p><w:r><w:t>1. Stars *here* and &lt;script&gt; stay text</w:t></w:r><w:del><w:r><w:delText>deleted</w:delText></w:r></w:del></w:p>
<w:p/>
<w:sectPr><w:pgSz w:w="12240" w:h="15840"/></w:sectPr>
</w:body>
</w:document>`

const docxWant = `# Project Plan

Some **bold** and *italic* text with a [link](https://example.com/docs).

See [the field](https://example.org/field) and a script link.

- First item
- Second item
  - Nested item

1. Step one
2. Step two

| **Name** | Value |
| --- | --- |
| a \| b | 2 |

Line one\
Line two

1\. Stars \*here\* and \<script> stay text
`

const docxNumbering = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:numbering xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="bullet"/></w:lvl><w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="bullet"/></w:lvl></w:abstractNum>
<w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/></w:lvl></w:abstractNum>
<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>
<w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>
</w:numbering>`

const docxRelsXML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>
<Relationship Id="rId5" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.com/docs" TargetMode="External"/>
<Relationship Id="rId6" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="javascript:alert(1)" TargetMode="External"/>
</Relationships>`

const docxContentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
</Types>`

const docxPackageRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>`

// makeZip writes the named parts, in order, into a zip.
func makeZip(t testing.TB, parts ...string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for i := 0; i+1 < len(parts); i += 2 {
		w, err := zw.Create(parts[i])
		require.NoError(t, err)
		_, err = io.WriteString(w, parts[i+1])
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	return b.Bytes()
}

// makeDOCX builds a DOCX around a document.xml; full adds the package
// relationships, the document's relationships and numbering.
func makeDOCX(t testing.TB, document string, full bool) []byte {
	t.Helper()
	parts := []string{"[Content_Types].xml", docxContentTypes, "word/document.xml", document}
	if full {
		parts = append(parts,
			"_rels/.rels", docxPackageRels,
			"word/_rels/document.xml.rels", docxRelsXML,
			"word/numbering.xml", docxNumbering)
	}
	return makeZip(t, parts...)
}

func TestConvertDOCX(t *testing.T) {
	t.Parallel()
	res, err := convertBytes(t, KindDOCX, makeDOCX(t, docxDocument, true), Limits{})
	require.NoError(t, err)
	require.Equal(t, docxWant, res.Markdown)
	require.Equal(t, "Project Plan", res.Title)

	// Without numbering.xml every list is bulleted; without relationships
	// links are text.
	res, err = convertBytes(t, KindDOCX, makeDOCX(t, docxDocument, false), Limits{})
	require.NoError(t, err)
	require.Contains(t, res.Markdown, "- Step one\n- Step two")
	require.Contains(t, res.Markdown, "text with a link.")
}

func TestConvertDOCXStyles(t *testing.T) {
	t.Parallel()
	// Style ids are localized ("berschrift1"); w:name keeps the built-in
	// English name. A custom style based on a heading is that heading. A
	// text box comes after its paragraph, once (not again from the
	// Fallback that repeats it for older readers).
	styles := `<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
<w:style w:type="paragraph" w:styleId="Titel"><w:name w:val="Title"/></w:style>
<w:style w:type="paragraph" w:styleId="berschrift2"><w:name w:val="heading 2"/></w:style>
<w:style w:type="paragraph" w:styleId="Mine"><w:name w:val="My Heading"/><w:basedOn w:val="berschrift2"/></w:style>
<w:style w:type="paragraph" w:styleId="Zitat"><w:name w:val="Quote"/></w:style>
<w:style w:type="paragraph" w:styleId="Aufz"><w:name w:val="List Bullet"/><w:pPr><w:numPr><w:numId w:val="7"/></w:numPr></w:pPr></w:style>
<w:style w:type="character" w:styleId="Fett"><w:name w:val="Strong"/><w:rPr><w:b/></w:rPr></w:style>
</w:styles>`
	doc := `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>
<w:p><w:pPr><w:pStyle w:val="Titel"/></w:pPr><w:r><w:t>Der Titel</w:t></w:r></w:p>
<w:p><w:pPr><w:pStyle w:val="berschrift2"/></w:pPr><w:r><w:rPr><w:b/></w:rPr><w:t>Zwei</w:t></w:r></w:p>
<w:p><w:pPr><w:pStyle w:val="Mine"/></w:pPr><w:r><w:t>Custom #</w:t></w:r></w:p>
<w:p><w:pPr><w:pStyle w:val="Zitat"/></w:pPr><w:r><w:t>Quoted</w:t></w:r></w:p>
<w:p><w:pPr><w:pStyle w:val="Aufz"/></w:pPr><w:r><w:rPr><w:rStyle w:val="Fett"/></w:rPr><w:t>styled item</w:t></w:r></w:p>
<w:p><w:sdt><w:sdtPr><w:alias w:val="x"/></w:sdtPr><w:sdtContent><w:r><w:t>in a control</w:t></w:r></w:sdtContent></w:sdt><w:r><w:rPr><w:vanish/></w:rPr><w:t>hidden</w:t></w:r></w:p>
<w:p><w:r><w:t>Anchor</w:t></w:r><w:r><mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><mc:Choice Requires="wps"><w:drawing><wp:anchor xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData><wps:wsp xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:txbx><w:txbxContent><w:p><w:r><w:t>In a box</w:t></w:r></w:p></w:txbxContent></wps:txbx></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice><mc:Fallback><w:pict><v:shape xmlns:v="urn:schemas-microsoft-com:vml"><v:textbox><w:txbxContent><w:p><w:r><w:t>In a box</w:t></w:r></w:p></w:txbxContent></v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r><w:r><w:t xml:space="preserve"> text</w:t><w:br/></w:r></w:p>
<w:p><w:pPr><w:pStyle w:val="berschrift2"/></w:pPr><w:r><w:t>Broken</w:t><w:br/><w:t>heading</w:t></w:r></w:p>
</w:body></w:document>`
	b := makeZip(t, "word/document.xml", doc, "word/styles.xml", styles)
	res, err := convertBytes(t, KindDOCX, b, Limits{})
	require.NoError(t, err)
	require.Equal(t, "# Der Titel\n\n## Zwei\n\n## Custom \\#\n\n> Quoted\n\n- **styled item**\n\nin a control\n\n"+
		"Anchor text\n\nIn a box\n\n## Broken heading\n", res.Markdown)
	require.Equal(t, "Der Titel", res.Title)
}

func TestConvertDOCXNumbering(t *testing.T) {
	t.Parallel()
	item := func(numID, ilvl int, text string) string {
		return fmt.Sprintf(`<w:p><w:pPr><w:numPr><w:ilvl w:val="%d"/><w:numId w:val="%d"/></w:numPr></w:pPr><w:r><w:t>%s</w:t></w:r></w:p>`, ilvl, numID, text)
	}
	doc := `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>` +
		item(2, 0, "a") + item(2, 0, "b") + `<w:p><w:r><w:t>between</w:t></w:r></w:p>` +
		item(2, 0, "c") + item(2, 1, "sub") + item(2, 3, "deep") + item(1, 0, "other list") +
		`</w:body></w:document>`
	b := makeZip(t, "word/document.xml", doc,
		"word/_rels/document.xml.rels", docxRelsXML, "word/numbering.xml", docxNumbering)
	res, err := convertBytes(t, KindDOCX, b, Limits{})
	require.NoError(t, err)
	// Numbering continues after the paragraph between, as in Word; a level
	// numbering.xml does not define is bulleted; an item never nests more
	// than one level below the item before it.
	require.Equal(t, "1. a\n2. b\n\nbetween\n\n3. c\n   - sub\n     - deep\n\n- other list\n", res.Markdown)
}

func TestConvertDOCXNotADOCX(t *testing.T) {
	t.Parallel()
	_, err := convertBytes(t, KindDOCX, makeZip(t, "hello.txt", "hello"), Limits{})
	require.ErrorIs(t, err, ErrUnsupported)
	require.ErrorContains(t, err, "word/document.xml")
}

func TestConvertDOCXCorrupt(t *testing.T) {
	t.Parallel()
	good := makeDOCX(t, docxDocument, true)
	for _, cut := range []int{len(good) / 2, len(good) - 30, 10} {
		_, err := convertBytes(t, KindDOCX, good[:cut], Limits{})
		require.ErrorIs(t, err, ErrCorrupt, "cut at %d", cut)
	}
	_, err := convertBytes(t, KindDOCX, []byte("not a zip at all"), Limits{})
	require.ErrorIs(t, err, ErrCorrupt)

	// Damaged compressed data inside an intact zip.
	bad := bytes.Clone(good)
	i := bytes.Index(bad, []byte("word/document.xml")) + len("word/document.xml") + 20
	for j := i; j < i+40; j++ {
		bad[j] ^= 0x5a
	}
	_, err = convertBytes(t, KindDOCX, bad, Limits{})
	require.ErrorIs(t, err, ErrCorrupt)

	// Malformed XML.
	_, err = convertBytes(t, KindDOCX, makeDOCX(t, "<w:document><w:body><w:p>", false), Limits{})
	require.ErrorIs(t, err, ErrCorrupt)
	_, err = convertBytes(t, KindDOCX, makeDOCX(t, "<w:document><w:body></w:p>", false), Limits{})
	require.ErrorIs(t, err, ErrCorrupt)
}

// bomb is a deflate stream of a document.xml start followed by 200 MiB of
// spaces, built from one compressed 1 MiB block repeated (its
// back-references only reach spaces), so making it costs one megabyte of
// compression, not two hundred.
var bomb = sync.OnceValue(func() (b struct {
	data []byte
	crc  uint32
	size uint64
}) {
	const prefix = `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>`
	var buf bytes.Buffer
	fw, _ := flate.NewWriter(&buf, flate.BestCompression)
	spaces := bytes.Repeat([]byte(" "), 1<<20)
	fw.Write([]byte(prefix))
	fw.Write(spaces[:64<<10]) // history of spaces before the repeated block
	fw.Flush()
	start := buf.Len()
	fw.Write(spaces)
	fw.Flush()
	block := bytes.Clone(buf.Bytes()[start:])
	head := bytes.Clone(buf.Bytes()[:start])
	buf.Reset()
	fw.Close() // the final, empty block
	tail := bytes.Clone(buf.Bytes())

	b.data = append(b.data, head...)
	b.crc = crc32.ChecksumIEEE([]byte(prefix))
	b.crc = crc32.Update(b.crc, crc32.IEEETable, spaces[:64<<10])
	b.size = uint64(len(prefix) + 64<<10)
	for i := 0; i < 200; i++ {
		b.data = append(b.data, block...)
		b.crc = crc32.Update(b.crc, crc32.IEEETable, spaces)
		b.size += 1 << 20
	}
	b.data = append(b.data, tail...)
	return b
})

// bombDOCX wraps the bomb as word/document.xml with the given declared
// uncompressed size.
func bombDOCX(t *testing.T, declared uint64) []byte {
	t.Helper()
	bm := bomb()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.CreateRaw(&zip.FileHeader{
		Name: "word/document.xml", Method: zip.Deflate, CRC32: bm.crc,
		CompressedSize64: uint64(len(bm.data)), UncompressedSize64: declared,
	})
	require.NoError(t, err)
	_, err = w.Write(bm.data)
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

func TestConvertDOCXZipBomb(t *testing.T) {
	t.Parallel()
	bm := bomb()
	require.Less(t, len(bm.data), 2<<20, "the bomb is small")
	require.Greater(t, bm.size, uint64(200<<20))

	// Honest sizes: refused from the header, unread.
	doc := bombDOCX(t, bm.size)
	start := time.Now()
	_, err := convertBytes(t, KindDOCX, doc, Limits{})
	require.ErrorIs(t, err, ErrTooLarge)
	require.ErrorContains(t, err, strconv.Itoa(64<<20))
	require.Less(t, time.Since(start), 2*time.Second)

	// A header that lies (claims 4 KiB): reading stops at what it claimed.
	doc = bombDOCX(t, 4096)
	start = time.Now()
	_, err = convertBytes(t, KindDOCX, doc, Limits{})
	require.Error(t, err)
	require.True(t, errors.Is(err, ErrCorrupt) || errors.Is(err, ErrTooLarge), "%v", err)
	require.Less(t, time.Since(start), 2*time.Second)

	// A header that claims just under the cap: read, then refused at the
	// cap on the bytes actually decompressed. The cost is bounded by the
	// cap (here 2 MiB: well under a second, even with -race), not by the
	// 200 MiB (seconds of decompressing and parsing).
	doc = bombDOCX(t, 2<<20-1)
	start = time.Now()
	_, err = convertBytes(t, KindDOCX, doc, Limits{MaxExpandedBytes: 2 << 20})
	require.Error(t, err)
	require.True(t, errors.Is(err, ErrCorrupt) || errors.Is(err, ErrTooLarge), "%v", err)
	require.Less(t, time.Since(start), 5*time.Second)
}

func TestConvertDOCXExpandedCap(t *testing.T) {
	t.Parallel()
	big := `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>` +
		strings.Repeat(" ", 3<<20) + `<w:p><w:r><w:t>x</w:t></w:r></w:p></w:body></w:document>`
	doc := makeDOCX(t, big, false)
	_, err := convertBytes(t, KindDOCX, doc, Limits{MaxExpandedBytes: 1 << 20})
	require.ErrorIs(t, err, ErrTooLarge)
	require.ErrorContains(t, err, strconv.Itoa(1<<20))
	res, err := convertBytes(t, KindDOCX, doc, Limits{})
	require.NoError(t, err)
	require.Equal(t, "x\n", res.Markdown)

	// The budget is counted on the bytes actually read, whatever the
	// headers said.
	x := &docx{ctx: context.Background(), lim: DefaultLimits, budget: 100}
	r := &budgetReader{rc: io.NopCloser(strings.NewReader(strings.Repeat("a", 1000))), x: x}
	n, err := io.Copy(io.Discard, r)
	require.ErrorIs(t, err, errExpanded)
	require.LessOrEqual(t, n, int64(101))
}

func TestConvertDOCXTooManyEntries(t *testing.T) {
	t.Parallel()
	parts := []string{"word/document.xml", docxDocument}
	for i := 0; i < 30; i++ {
		parts = append(parts, fmt.Sprintf("word/media/%d.txt", i), "x")
	}
	doc := makeZip(t, parts...)
	_, err := convertBytes(t, KindDOCX, doc, Limits{MaxZipEntries: 20})
	require.ErrorIs(t, err, ErrTooLarge)
	require.ErrorContains(t, err, "31 entries")
	n, ok := zipEntryCount(bytes.NewReader(doc), int64(len(doc)))
	require.True(t, ok)
	require.Equal(t, uint64(31), n)
}
