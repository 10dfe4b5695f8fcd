// Package convert turns an uploaded original (markdown, plain text, HTML,
// PDF, DOCX) into the markdown body of a raw document. It is pure: it reads
// the bytes it is given and touches no database, so the ingestion worker
// decides what to store and how to report a failure.
//
// An upload is untrusted, so every conversion is bounded: by the caller's
// context (time), by Limits (output size, and for DOCX and PDF the bytes that
// compressed data may expand to) and by a recover that turns a library's
// panic on a malformed file into ErrCorrupt.
package convert

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Kind says what a file is, from its sniffed MIME type and name.
type Kind string

// The kinds Detect tells apart.
const (
	KindMarkdown Kind = "markdown" // .md / text/markdown
	KindText     Kind = "text"     // text/plain (not markdown): kept as is (it is valid markdown text; escape nothing)
	KindHTML     Kind = "html"
	KindPDF      Kind = "pdf"
	KindDOCX     Kind = "docx"
	KindImage    Kind = "image" // image/png, jpeg, gif, webp: the caller makes a page embedding it
	KindUnknown  Kind = ""
)

// Detect returns the Kind of a file from its first bytes (up to 512 are
// looked at, as http.DetectContentType sniffs) and its name. The sniffed type
// decides; the extension only settles what sniffing cannot: markdown versus
// plain text (both sniff as text/plain, and a markdown file that opens with an
// HTML comment or tag sniffs as text/html), an HTML file whose first 512
// bytes hold no tag, and a DOCX, which sniffs as a plain zip. Detect does not
// open the zip: Convert checks that a "DOCX" holds word/document.xml.
func Detect(head []byte, name string) Kind {
	if len(head) > 512 {
		head = head[:512]
	}
	mt, _, err := mime.ParseMediaType(http.DetectContentType(head))
	if err != nil {
		return KindUnknown
	}
	ext := strings.ToLower(path.Ext(strings.ReplaceAll(name, `\`, "/")))
	switch mt {
	case "application/pdf":
		return KindPDF
	case "application/zip":
		if ext == ".docx" {
			return KindDOCX
		}
	case "image/png", "image/jpeg", "image/gif", "image/webp":
		return KindImage
	case "text/html":
		switch ext {
		case ".md", ".markdown", ".mdown", ".mkd", ".mkdn":
			return KindMarkdown
		case ".txt", ".text":
			return KindText
		}
		return KindHTML
	case "text/plain":
		switch ext {
		case ".md", ".markdown", ".mdown", ".mkd", ".mkdn":
			return KindMarkdown
		case ".html", ".htm", ".xhtml":
			return KindHTML
		}
		return KindText
	case "text/xml":
		// An XHTML page opening with <?xml ...?> sniffs as XML.
		if ext == ".html" || ext == ".htm" || ext == ".xhtml" {
			return KindHTML
		}
	}
	return KindUnknown
}

// Limits bound one conversion. A zero or negative field takes its default
// from DefaultLimits, so Limits{} is the defaults.
type Limits struct {
	// MaxOutputBytes is the body limit: output over it fails with
	// ErrTooLarge (1 MiB by default, the documents' default body limit).
	MaxOutputBytes int
	// MaxExpandedBytes bounds what compressed data may expand to: for a DOCX,
	// the uncompressed bytes read from the zip in all; for a PDF, the decoded
	// bytes of the page content streams in all (64 MiB by default). More
	// fails with ErrTooLarge naming the cap.
	MaxExpandedBytes int64
	// MaxZipEntries bounds the entries of a DOCX's zip (10,000 by default):
	// the zip reader keeps every entry's header in memory.
	MaxZipEntries int
}

// DefaultLimits are the limits a zero Limits field takes.
var DefaultLimits = Limits{
	MaxOutputBytes:   1 << 20,
	MaxExpandedBytes: 64 << 20,
	MaxZipEntries:    10_000,
}

func (l Limits) withDefaults() Limits {
	if l.MaxOutputBytes <= 0 {
		l.MaxOutputBytes = DefaultLimits.MaxOutputBytes
	}
	if l.MaxExpandedBytes <= 0 {
		l.MaxExpandedBytes = DefaultLimits.MaxExpandedBytes
	}
	if l.MaxZipEntries <= 0 {
		l.MaxZipEntries = DefaultLimits.MaxZipEntries
	}
	return l
}

// Result is a conversion's output.
type Result struct {
	// Title is a title found in the file, or "": the HTML <title> (else the
	// first <h1>), the DOCX's first Title or Heading 1 paragraph, the PDF's
	// Info Title, the markdown's first "# " heading; nothing for plain text.
	// It is one line of valid UTF-8, trimmed, at most maxTitleRunes
	// characters, so it passes as a document title as it is.
	Title string
	// Markdown is the body: valid UTF-8 without NUL bytes, at most
	// Limits.MaxOutputBytes. It may be empty (a scanned PDF has no text).
	Markdown string
}

// The errors Convert returns, wrapped with a reason a person can act on;
// test for them with errors.Is.
var (
	// ErrTooLarge is wrapped with which cap was hit, e.g. "the text is 2000000
	// bytes; a page holds at most 1048576".
	ErrTooLarge = errors.New("convert: too large")
	// ErrUnsupported is a kind Convert does not convert (images, unknown
	// files) or a zip that is not a DOCX.
	ErrUnsupported = errors.New("convert: unsupported file type")
	// ErrCorrupt is a file that cannot be read (truncated, malformed,
	// encrypted), wrapped with a reason.
	ErrCorrupt = errors.New("convert: the file cannot be read")
)

// maxTitleRunes matches document.MaxTitleLength, so that a found title can
// be stored without the worker cutting it again.
const maxTitleRunes = 300

// Convert converts data (size bytes, read at random) of the given kind.
//
// Errors: ErrUnsupported for KindImage (the caller embeds images, it does
// not convert them), KindUnknown, any other kind, or a zip without
// word/document.xml; ErrCorrupt for a file that cannot be read, including
// any panic inside a conversion library; ErrTooLarge when the output exceeds
// lim.MaxOutputBytes, compressed data exceeds lim.MaxExpandedBytes, a zip
// has more than lim.MaxZipEntries entries or a PDF's page tree more than
// 100,000 nodes; ctx's error, wrapped, when ctx ends first; an error of
// data.ReadAt, wrapped, when the bytes cannot be read at all.
//
// The conversion runs on its own goroutine so that Convert returns when ctx
// ends even inside a library call that cannot be interrupted (the HTML
// converter, a PDF object lookup): that goroutine then runs on until the
// library returns, and its result is dropped. The conversions of this
// package's own code (PDF pages, DOCX paragraphs) check ctx as they go and
// stop soon after. data must therefore tolerate reads after Convert returned
// (a closed file just makes the abandoned goroutine fail).
func Convert(ctx context.Context, kind Kind, data io.ReaderAt, size int64, lim Limits) (*Result, error) {
	lim = lim.withDefaults()
	var conv func(context.Context, io.ReaderAt, int64, Limits) (*Result, error)
	switch kind {
	case KindMarkdown:
		conv = convertMarkdown
	case KindText:
		conv = convertText
	case KindHTML:
		conv = convertHTML
	case KindPDF:
		conv = convertPDF
	case KindDOCX:
		conv = convertDOCX
	case KindImage:
		return nil, fmt.Errorf("%w: an image is embedded in a page, not converted", ErrUnsupported)
	case KindUnknown:
		return nil, fmt.Errorf("%w: the file is none of markdown, text, HTML, PDF or DOCX", ErrUnsupported)
	default:
		return nil, fmt.Errorf("%w: %q", ErrUnsupported, string(kind))
	}
	if size < 0 {
		return nil, fmt.Errorf("%w: negative size %d", ErrCorrupt, size)
	}
	res, err := run(ctx, func(ctx context.Context) (*Result, error) {
		return conv(ctx, data, size, lim)
	})
	if err != nil {
		return nil, err
	}
	return finish(res, lim)
}

// run calls conv on a goroutine under safely and waits for it or for ctx,
// whichever comes first; see Convert for why.
func run(ctx context.Context, conv func(context.Context) (*Result, error)) (*Result, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("convert: stopped before starting: %w", err)
	}
	type outcome struct {
		res *Result
		err error
	}
	done := make(chan outcome, 1) // buffered: an abandoned goroutine must not block forever
	go func() {
		res, err := safely(ctx, conv)
		done <- outcome{res, err}
	}()
	select {
	case o := <-done:
		return o.res, o.err
	case <-ctx.Done():
		select { // a result that is already there wins over the deadline
		case o := <-done:
			return o.res, o.err
		default:
		}
		return nil, fmt.Errorf("convert: stopped: %w", ctx.Err())
	}
}

// stop is what this package's own code panics with to leave a deeply nested
// conversion at once (from inside a PDF content-stream callback, which
// cannot return an error); safely turns it back into its error.
type stop struct{ err error }

// safely calls conv, turning a panic into ErrCorrupt: the libraries used
// here (and their parsers of untrusted input) signal some malformed files by
// panicking, and one bad upload must not take the worker down.
func safely(ctx context.Context, conv func(context.Context) (*Result, error)) (res *Result, err error) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		res = nil
		if s, ok := r.(stop); ok {
			err = s.err
			return
		}
		err = fmt.Errorf("%w: the converter failed on it (%v)", ErrCorrupt, r)
	}()
	return conv(ctx)
}

// finish makes res's body and title what Result promises: valid UTF-8
// without NUL, the body within the limit.
func finish(res *Result, lim Limits) (*Result, error) {
	if res == nil {
		res = &Result{}
	}
	md := sanitize(res.Markdown)
	if len(md) > lim.MaxOutputBytes {
		return nil, tooLargeText(len(md), lim)
	}
	return &Result{Title: cleanTitle(res.Title), Markdown: md}, nil
}

func tooLargeText(n int, lim Limits) error {
	return fmt.Errorf("%w: the text is %d bytes; a page holds at most %d", ErrTooLarge, n, lim.MaxOutputBytes)
}

// tooLargeSoFar is ErrTooLarge for a conversion that stopped as soon as its
// output passed the limit, so it cannot say the final size.
func tooLargeSoFar(lim Limits) error {
	return fmt.Errorf("%w: the text is more than %d bytes; a page holds at most %d", ErrTooLarge, lim.MaxOutputBytes, lim.MaxOutputBytes)
}

// sanitize replaces invalid UTF-8 with U+FFFD and drops NUL bytes: a
// document body may hold neither (document.CheckBody).
func sanitize(s string) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	if strings.IndexByte(s, 0) >= 0 {
		s = strings.ReplaceAll(s, "\x00", "")
	}
	return s
}

// cleanTitle makes a found title fit to be a document title: valid UTF-8,
// one line (runs of white space and control characters become one space),
// trimmed, at most maxTitleRunes characters.
func cleanTitle(s string) string {
	s = sanitize(s)
	var b strings.Builder
	space, n := false, 0
	for _, r := range s {
		if unicode.IsSpace(r) || unicode.IsControl(r) {
			space = b.Len() > 0
			continue
		}
		if n >= maxTitleRunes {
			break
		}
		if space {
			if n+1 >= maxTitleRunes {
				break
			}
			b.WriteByte(' ')
			n++
			space = false
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}

// readAll reads the whole of data; the caller bounds size (the upload
// limit), and each kind that reads all of it needs it in memory anyway.
func readAll(data io.ReaderAt, size int64) ([]byte, error) {
	if size > int64(^uint(0)>>1) {
		return nil, fmt.Errorf("%w: %d bytes", ErrTooLarge, size)
	}
	buf := make([]byte, size)
	n, err := data.ReadAt(buf, 0)
	if n == len(buf) {
		return buf, nil // io.EOF with a full read is allowed by io.ReaderAt
	}
	if err == nil || err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return nil, fmt.Errorf("convert: reading the file: %w", err)
}
