package convert

import (
	"bytes"
	"compress/zlib"
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

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
