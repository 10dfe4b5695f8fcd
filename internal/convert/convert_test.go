package convert

import (
	"bytes"
	"context"
	"strings"
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
