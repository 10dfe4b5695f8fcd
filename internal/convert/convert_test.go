package convert

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"compress/zlib"
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
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

func convertBytes(t testing.TB, kind Kind, b []byte, lim Limits) (*Result, error) {
	t.Helper()
	return Convert(context.Background(), kind, bytes.NewReader(b), int64(len(b)), lim)
}

func TestDetect(t *testing.T) {
	t.Parallel()
	pdfHead := []byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj")
	zipHead := []byte("PK\x03\x04\x14\x00\x06\x00")
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
	cases := []struct {
		head string
		name string
		want Kind
	}{
		{string(pdfHead), "report.pdf", KindPDF},
		{string(pdfHead), "no-extension", KindPDF},
		{string(zipHead), "letter.docx", KindDOCX},
		{string(zipHead), "LETTER.DOCX", KindDOCX},
		{string(zipHead), "archive.zip", KindUnknown},
		{string(zipHead), "sheet.xlsx", KindUnknown},
		{string(png), "pic.png", KindImage},
		{"\xff\xd8\xff\xe0\x00\x10JFIF\x00", "photo.jpg", KindImage},
		{"GIF89a\x01\x00\x01\x00", "a.gif", KindImage},
		{"RIFF\x24\x00\x00\x00WEBPVP8 ", "a.webp", KindImage},
		{"# Title\n\nSome text.\n", "notes.md", KindMarkdown},
		{"# Title\n\nSome text.\n", "notes.markdown", KindMarkdown},
		{"<!-- a comment -->\n# Title\n", "notes.md", KindMarkdown}, // sniffs as HTML
		{"# Title\n\nSome text.\n", "notes.txt", KindText},
		{"plain words\n", "README", KindText},
		{"", "empty.md", KindMarkdown},
		{"", "empty.txt", KindText},
		{"\xff\xfeh\x00i\x00", "utf16.txt", KindText},
		{"<!DOCTYPE html><html><body>hi</body></html>", "page.html", KindHTML},
		{"<html><body>hi</body></html>", "page", KindHTML},
		{"no tags in the first bytes", "page.htm", KindHTML},
		{"<?xml version=\"1.0\"?><html xmlns=\"http://www.w3.org/1999/xhtml\"></html>", "page.xhtml", KindHTML},
		{"<?xml version=\"1.0\"?><root/>", "data.xml", KindUnknown},
		{"\x00\x01\x02\x03binary", "blob.bin", KindUnknown},
		{"\x7fELF\x02\x01\x01", "prog", KindUnknown},
	}
	for _, c := range cases {
		require.Equal(t, c.want, Detect([]byte(c.head), c.name), "%q named %q", c.head, c.name)
	}
	// Only the first 512 bytes are sniffed, as http.DetectContentType does.
	long := append(bytes.Repeat([]byte("a"), 600), 0)
	require.Equal(t, KindText, Detect(long, "x.txt"))
}

func TestConvertUnsupported(t *testing.T) {
	t.Parallel()
	for _, k := range []Kind{KindImage, KindUnknown, Kind("spreadsheet")} {
		_, err := convertBytes(t, k, []byte("x"), Limits{})
		require.ErrorIs(t, err, ErrUnsupported, "kind %q", k)
	}
}

func TestConvertTextKeptAsIs(t *testing.T) {
	t.Parallel()
	in := "Some *text* with <b>tags</b> and # signs\n\n1. kept\n"
	res, err := convertBytes(t, KindText, []byte(in), Limits{})
	require.NoError(t, err)
	require.Equal(t, in, res.Markdown)
	require.Empty(t, res.Title)
}

func TestConvertMarkdownTitle(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"# Hello world\n\ntext":                        "Hello world",
		"intro\n\n## Sub\n\n# Main #\n":                "Main",
		"---\ntitle: x\n# yaml comment\n---\n# Real\n": "Real",
		"```sh\n# not a title\n```\n# After code\n":    "After code",
		"#hashtag\n    # indented code\n":              "",
		"# C#\n":                                       "C#",
		"\ufeff# BOM first\n":                          "BOM first",
	}
	for in, want := range cases {
		res, err := convertBytes(t, KindMarkdown, []byte(in), Limits{})
		require.NoError(t, err)
		require.Equal(t, want, res.Title, "%q", in)
	}
	res, err := convertBytes(t, KindMarkdown, []byte("\ufeff# BOM first\n"), Limits{})
	require.NoError(t, err)
	require.Equal(t, "# BOM first\n", res.Markdown, "the byte-order mark is dropped")
}

func TestConvertSanitizes(t *testing.T) {
	t.Parallel()
	in := []byte("ok \xff\xfe bad\x00 nul \xc3")
	// (A run of invalid bytes becomes one U+FFFD, as strings.ToValidUTF8
	// does.)
	res, err := convertBytes(t, KindText, in, Limits{})
	require.NoError(t, err)
	require.True(t, utf8.ValidString(res.Markdown))
	require.NotContains(t, res.Markdown, "\x00")
	require.Equal(t, "ok \uFFFD bad nul \uFFFD", res.Markdown)

	// UTF-16 with a byte-order mark is decoded, not NUL-stripped.
	utf16 := []byte{0xFF, 0xFE, 'h', 0, 'i', 0, 0xE9, 0, '\n', 0}
	res, err = convertBytes(t, KindText, utf16, Limits{})
	require.NoError(t, err)
	require.Equal(t, "hié\n", res.Markdown)

	// A title is one clean line.
	require.Equal(t, "a b \uFFFD c", cleanTitle(" a\n\tb\x00 \xff c "))
	require.Equal(t, 300, utf8.RuneCountInString(cleanTitle(strings.Repeat("é", 400))))
}

func TestConvertOutputLimit(t *testing.T) {
	t.Parallel()
	lim := Limits{MaxOutputBytes: 1000}
	_, err := convertBytes(t, KindText, bytes.Repeat([]byte("a"), 1001), lim)
	require.ErrorIs(t, err, ErrTooLarge)
	require.ErrorContains(t, err, "1001 bytes")
	require.ErrorContains(t, err, "at most 1000")

	res, err := convertBytes(t, KindText, bytes.Repeat([]byte("a"), 1000), lim)
	require.NoError(t, err)
	require.Len(t, res.Markdown, 1000)

	// Far over the limit: refused before being read whole.
	_, err = convertBytes(t, KindMarkdown, bytes.Repeat([]byte("a"), 10_000), lim)
	require.ErrorIs(t, err, ErrTooLarge)

	// Invalid bytes grow into U+FFFD (one for each run of them): the limit
	// applies to the output.
	_, err = convertBytes(t, KindText, bytes.Repeat([]byte("a\xff"), 400), lim)
	require.ErrorIs(t, err, ErrTooLarge)

	page := "<html><body>" + strings.Repeat("<p>paragraph of words</p>", 100) + "</body></html>"
	_, err = convertBytes(t, KindHTML, []byte(page), lim)
	require.ErrorIs(t, err, ErrTooLarge)

	_, err = convertBytes(t, KindPDF, makePDF("", testPages(5, 10), false), Limits{MaxOutputBytes: 500})
	require.ErrorIs(t, err, ErrTooLarge)

	_, err = convertBytes(t, KindDOCX, makeDOCX(t, docxDocument, true), Limits{MaxOutputBytes: 100})
	require.ErrorIs(t, err, ErrTooLarge)
}

func TestConvertHonoursContext(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	doc := makePDF("", testPages(3, 3), false)
	_, err := Convert(ctx, KindPDF, bytes.NewReader(doc), int64(len(doc)), Limits{})
	require.ErrorIs(t, err, context.Canceled)
}

// TestRunRecoversAndStops checks the wrapper every conversion runs in: a
// panic becomes ErrCorrupt, a stop its own error, and an uninterruptible
// conversion is abandoned when the context ends.
func TestRunRecoversAndStops(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	_, err := run(ctx, func(context.Context) (*Result, error) { panic("library bug") })
	require.ErrorIs(t, err, ErrCorrupt)
	require.ErrorContains(t, err, "library bug")

	_, err = run(ctx, func(context.Context) (*Result, error) {
		var m map[string]int
		m["x"] = 1 // a runtime error panics too
		return nil, nil
	})
	require.ErrorIs(t, err, ErrCorrupt)

	_, err = run(ctx, func(context.Context) (*Result, error) { panic(stop{tooLargeSoFar(DefaultLimits)}) })
	require.ErrorIs(t, err, ErrTooLarge)
	require.NotErrorIs(t, err, ErrCorrupt)

	release := make(chan struct{})
	defer close(release)
	short, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err = run(short, func(context.Context) (*Result, error) {
		<-release // a library call that ignores ctx
		return &Result{}, nil
	})
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.Less(t, time.Since(start), 5*time.Second)
}

// TestConvertLibraryPanic gives the PDF library a stream with a filter it
// does not know, on which it panics: the panic stays the page's error, a
// file whose only page fails is ErrCorrupt, and a file with other pages
// keeps them.
func TestConvertLibraryPanic(t *testing.T) {
	t.Parallel()
	const filter = "/Filter /NoSuchDecode"
	pages := []string{"BT /F1 12 Tf 72 720 Td (one) Tj ET", "BT /F1 12 Tf 72 720 Td (two) Tj ET"}
	_, err := convertBytes(t, KindPDF, makePDFWith("", pages[:1], filter), Limits{})
	require.ErrorIs(t, err, ErrCorrupt)
	require.ErrorContains(t, err, "NoSuchDecode")

	// The second page's filter blanked out (same length: offsets hold).
	doc := makePDFWith("", pages, filter)
	i := bytes.LastIndex(doc, []byte(filter))
	copy(doc[i:], strings.Repeat(" ", len(filter)))
	res, err := convertBytes(t, KindPDF, doc, Limits{})
	require.NoError(t, err)
	require.Equal(t, "two\n", res.Markdown)
}

const htmlPage = `<!DOCTYPE html>
<html><head><title> Test
 Page </title>
<style>body { color: red }</style>
<script>alert("in head")</script></head>
<body>
<h1>Main Heading</h1>
<p>Intro with <a href="https://example.com/about">a link</a> and <a href="javascript:alert(1)">a bad link</a>.</p>
<script>document.write("evil script")</script>
<h2>List</h2>
<ul><li>First</li><li>Second <b>bold</b></li></ul>
<table>
<tr><th>Name</th><th>Value</th></tr>
<tr><td>pipe | here</td><td>2</td></tr>
</table>
<iframe src="https://frame.example/"></iframe>
<noscript>noscript text</noscript>
<object data="x.swf">object text</object>
<p>Text &lt;script&gt; stays text<img src="data:image/png;base64,AAAA"></p>
</body></html>`

func TestConvertHTML(t *testing.T) {
	t.Parallel()
	res, err := convertBytes(t, KindHTML, []byte(htmlPage), Limits{})
	require.NoError(t, err)
	md := res.Markdown
	require.Equal(t, "Test Page", res.Title)
	require.Contains(t, md, "# Main Heading\n")
	require.Contains(t, md, "## List\n")
	require.Contains(t, md, "- First\n- Second **bold**\n")
	require.Contains(t, md, "[a link](https://example.com/about)")
	require.Contains(t, md, "a bad link")
	require.Regexp(t, `\| Name +\| Value \|\n\|-+\|-+\|\n\| pipe \\\| here \| 2 +\|`, md)
	for _, gone := range []string{"alert", "evil", "color", "javascript", "<script", "<iframe", "frame.example", "noscript", "object text", "data:image", "<style"} {
		require.NotContains(t, md, gone)
	}
	require.Contains(t, md, "&lt;script&gt; stays text")
	require.True(t, strings.HasSuffix(md, "\n"))

	// No <title>: the first h1.
	res, err = convertBytes(t, KindHTML, []byte("<p>x</p><h1>The <i>H1</i></h1>"), Limits{})
	require.NoError(t, err)
	require.Equal(t, "The H1", res.Title)
}

func TestConvertHTMLCharsetAndDepth(t *testing.T) {
	t.Parallel()
	latin1 := []byte("<html><head><meta charset=\"iso-8859-1\"></head><body><p>caf\xe9</p></body></html>")
	res, err := convertBytes(t, KindHTML, latin1, Limits{})
	require.NoError(t, err)
	require.Equal(t, "café\n", res.Markdown)

	// UTF-8 past the first 1024 bytes, with no declaration, stays UTF-8.
	utf8Page := []byte("<p>" + strings.Repeat("a", 2000) + "</p><p>naïve</p>")
	res, err = convertBytes(t, KindHTML, utf8Page, Limits{})
	require.NoError(t, err)
	require.Contains(t, res.Markdown, "naïve")

	deep := strings.Repeat("<div>", 5000) + "x"
	_, err = convertBytes(t, KindHTML, []byte(deep), Limits{})
	require.ErrorIs(t, err, ErrCorrupt)
}

// makePDF writes a PDF by hand: a catalog, a page tree, one Type1
// Helvetica font, an Info dictionary with the title, and a page per
// content stream, with a cross-reference table of exact byte offsets.
func makePDF(title string, pages []string, compress bool) []byte {
	extra := ""
	if compress {
		extra = "/Filter /FlateDecode"
	}
	return makePDFWith(title, pages, extra)
}

func makePDFWith(title string, pages []string, filter string) []byte {
	var b bytes.Buffer
	var offsets []int
	obj := func(num int, body string) {
		for len(offsets) < num {
			offsets = append(offsets, 0)
		}
		offsets[num-1] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", num, body)
	}
	b.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	var kids []string
	for i := range pages {
		kids = append(kids, fmt.Sprintf("%d 0 R", 6+2*i))
	}
	obj(1, "<< /Type /Catalog /Pages 2 0 R >>")
	obj(2, fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), len(pages)))
	obj(3, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
	obj(4, fmt.Sprintf("<< /Title (%s) /Producer (convert_test) >>", title))
	for i, content := range pages {
		data := []byte(content)
		if strings.Contains(filter, "FlateDecode") {
			var z bytes.Buffer
			zw := zlib.NewWriter(&z)
			zw.Write(data)
			zw.Close()
			data = z.Bytes()
		}
		obj(5+2*i, fmt.Sprintf("<< /Length %d %s >>\nstream\n%s\nendstream", len(data), filter, data))
		obj(6+2*i, fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>", 5+2*i))
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(offsets)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R /Info 4 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offsets)+1, xref)
	return b.Bytes()
}

// testPages makes n pages of paras paragraphs of three lines each: lines
// 14pt apart, paragraphs an empty line apart.
func testPages(n, paras int) []string {
	var pages []string
	for p := 1; p <= n; p++ {
		var c strings.Builder
		c.WriteString("BT /F1 12 Tf 14 TL 72 740 Td\n")
		for q := 1; q <= paras; q++ {
			for l := 1; l <= 3; l++ {
				fmt.Fprintf(&c, "(Page %d paragraph %d line %d of some running text.) Tj T*\n", p, q, l)
			}
			c.WriteString("T*\n")
		}
		c.WriteString("ET\n")
		pages = append(pages, c.String())
	}
	return pages
}

func TestConvertPDF(t *testing.T) {
	t.Parallel()
	doc := makePDF("A Test Document", []string{
		"BT /F1 12 Tf 72 720 Td (Hello page one) Tj ET",
		"BT /F1 12 Tf 72 720 Td (Hello page two) Tj ET",
	}, false)
	res, err := convertBytes(t, KindPDF, doc, Limits{})
	require.NoError(t, err)
	require.Equal(t, "A Test Document", res.Title)
	require.Equal(t, "Hello page one\n\nHello page two\n", res.Markdown)
}

func TestConvertPDFLayout(t *testing.T) {
	t.Parallel()
	doc := makePDF("", testPages(2, 2), true)
	res, err := convertBytes(t, KindPDF, doc, Limits{})
	require.NoError(t, err)
	var want strings.Builder
	for p := 1; p <= 2; p++ {
		for q := 1; q <= 2; q++ {
			if want.Len() > 0 {
				want.WriteString("\n\n")
			}
			for l := 1; l <= 3; l++ {
				if l > 1 {
					want.WriteString("\n")
				}
				fmt.Fprintf(&want, "Page %d paragraph %d line %d of some running text.", p, q, l)
			}
		}
	}
	require.Equal(t, want.String()+"\n", res.Markdown)
	require.Empty(t, res.Title)

	// Words positioned apart by TJ offsets or separate Tj operators get a
	// space; letters kerned together do not.
	doc = makePDF("", []string{
		"BT /F1 12 Tf 72 720 Td [(Hel) -20 (lo) -400 (world)] TJ ET " +
			"BT /F1 12 Tf 300 720 Td (again) Tj ET",
	}, false)
	res, err = convertBytes(t, KindPDF, doc, Limits{})
	require.NoError(t, err)
	require.Equal(t, "Hello world again\n", res.Markdown)
}

func TestConvertPDFCorrupt(t *testing.T) {
	t.Parallel()
	doc := makePDF("T", testPages(2, 2), false)
	for _, cut := range []int{len(doc) / 2, len(doc) - 10, 20} {
		_, err := convertBytes(t, KindPDF, doc[:cut], Limits{})
		require.ErrorIs(t, err, ErrCorrupt, "cut at %d", cut)
	}
	_, err := convertBytes(t, KindPDF, []byte("%PDF-1.4\nnot really\n%%EOF\n"), Limits{})
	require.ErrorIs(t, err, ErrCorrupt)

	// Encrypted with a user password: the empty password does not open it.
	enc := bytes.Replace(doc, []byte("/Info 4 0 R >>"), []byte(
		"/Info 4 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>] "+
			"/Encrypt << /Filter /Standard /V 1 /R 2 /Length 40 /P -4 "+
			"/O <"+strings.Repeat("11", 32)+"> /U <"+strings.Repeat("22", 32)+"> >> >>"), 1)
	_, err = convertBytes(t, KindPDF, enc, Limits{})
	require.ErrorIs(t, err, ErrCorrupt)
	require.ErrorContains(t, err, "password")
}

func TestConvertPDF20Header(t *testing.T) {
	t.Parallel()
	doc := makePDF("", []string{"BT /F1 12 Tf 72 720 Td (Version two) Tj ET"}, false)
	doc = append([]byte("%PDF-2.0"), doc[len("%PDF-1.4"):]...)
	res, err := convertBytes(t, KindPDF, doc, Limits{})
	require.NoError(t, err)
	require.Equal(t, "Version two\n", res.Markdown)
}

func TestConvertPDFExpandedCap(t *testing.T) {
	t.Parallel()
	// A content stream of 2 MiB of comments compresses to a few KiB.
	big := "BT /F1 12 Tf 72 720 Td (x) Tj ET\n" + strings.Repeat("% padding padding padding\n", 80_000)
	doc := makePDF("", []string{big}, true)
	require.Less(t, len(doc), 100_000)
	_, err := convertBytes(t, KindPDF, doc, Limits{MaxExpandedBytes: 1 << 20})
	require.ErrorIs(t, err, ErrTooLarge)
	require.ErrorContains(t, err, strconv.Itoa(1<<20))

	res, err := convertBytes(t, KindPDF, doc, Limits{})
	require.NoError(t, err)
	require.Equal(t, "x\n", res.Markdown)
}

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

// htmlPage50KB is a page of about 50 KB: sections of headings, paragraphs
// with links and emphasis, lists and a table, plus a script and a style.
func htmlPage50KB() []byte {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html><html><head><title>Benchmark</title><style>p{margin:0}</style><script>var x = 1;</script></head><body>")
	for i := 0; b.Len() < 50_000; i++ {
		fmt.Fprintf(&b, "<h2>Section %d</h2>", i)
		fmt.Fprintf(&b, "<p>Paragraph %d has <b>bold</b>, <i>italic</i> and <a href=\"https://example.com/%d\">a link</a> among its words, which run on for a while to look like prose.</p>", i, i)
		b.WriteString("<ul><li>one item</li><li>another item</li><li>a third item</li></ul>")
		b.WriteString("<table><tr><th>Key</th><th>Value</th></tr><tr><td>alpha</td><td>1</td></tr><tr><td>beta</td><td>2</td></tr></table>")
	}
	b.WriteString("</body></html>")
	return []byte(b.String())
}

func BenchmarkConvertHTML50KB(b *testing.B) {
	page := htmlPage50KB()
	b.SetBytes(int64(len(page)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res, err := Convert(context.Background(), KindHTML, bytes.NewReader(page), int64(len(page)), Limits{})
		if err != nil || !strings.Contains(res.Markdown, "Section 1") {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "conversions/s")
}

func BenchmarkConvertPDF20Pages(b *testing.B) {
	doc := makePDF("Benchmark", testPages(20, 8), true)
	b.SetBytes(int64(len(doc)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res, err := Convert(context.Background(), KindPDF, bytes.NewReader(doc), int64(len(doc)), Limits{})
		if err != nil || !strings.Contains(res.Markdown, "Page 20 paragraph 8 line 3") {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(20*b.N)/b.Elapsed().Seconds(), "pages/s")
}
