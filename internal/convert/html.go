package convert

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/JohannesKaufmann/html-to-markdown/v2/converter"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/base"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/commonmark"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/strikethrough"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/table"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
)

// htmlConverter is built once: the library documents a Converter as safe
// for use from several goroutines, and building one registers every
// plugin's handlers.
var htmlConverter = sync.OnceValue(func() *converter.Converter {
	return converter.NewConverter(converter.WithPlugins(
		base.NewBasePlugin(),
		commonmark.NewCommonmarkPlugin(
			// The default marks where two adjacent lists end with an HTML
			// comment; a body should not carry raw HTML.
			commonmark.WithListEndComment(false),
			// A link without an href (or without text) is its text, not
			// "[text]()".
			commonmark.WithLinkEmptyHrefBehavior(commonmark.LinkBehaviorSkip),
			commonmark.WithLinkEmptyContentBehavior(commonmark.LinkBehaviorSkip),
		),
		table.NewTablePlugin(table.WithHeaderPromotion(true)),
		strikethrough.NewStrikethroughPlugin(),
	))
})

// htmlDropped are the elements whose content is not the page's text. The
// library already removes script, style, iframe, noscript and form inputs,
// but without any of them its fallback keeps an unknown element's text, so
// the list is ours to own: nothing of these may reach the markdown, whatever
// a library version does.
var htmlDropped = map[atom.Atom]bool{
	atom.Script: true, atom.Style: true, atom.Noscript: true, atom.Template: true,
	atom.Iframe: true, atom.Frame: true, atom.Frameset: true, atom.Object: true,
	atom.Embed: true, atom.Applet: true, atom.Svg: true, atom.Math: true,
	atom.Canvas: true, atom.Audio: true, atom.Video: true, atom.Button: true,
	atom.Select: true, atom.Input: true, atom.Textarea: true, atom.Link: true,
	atom.Meta: true, atom.Base: true, atom.Head: true, atom.Dialog: true,
}

// convertHTML converts an HTML page with html-to-markdown (base, commonmark,
// table and strikethrough plugins) after cleaning the DOM itself: see
// cleanHTML. The library call cannot be interrupted; run's goroutine is
// what bounds it in time.
func convertHTML(ctx context.Context, data io.ReaderAt, size int64, lim Limits) (*Result, error) {
	b, err := readAll(data, size)
	if err != nil {
		return nil, err
	}
	doc, err := html.Parse(strings.NewReader(decodeHTML(b)))
	if err != nil {
		return nil, fmt.Errorf("%w: the HTML cannot be parsed: %v", ErrCorrupt, err)
	}
	// The library renders recursively, as do the walks below: a page of a
	// million nested <div>s would overflow the goroutine stack, a crash no
	// recover catches. The parser now refuses more than 512 open elements
	// itself; this check keeps the bound whatever its version does.
	if d := depth(doc, maxHTMLDepth); d > maxHTMLDepth {
		return nil, fmt.Errorf("%w: the HTML nests elements more than %d deep", ErrCorrupt, maxHTMLDepth)
	}
	title := nodeText(findElement(doc, atom.Title))
	cleanHTML(doc)
	if title == "" {
		title = nodeText(findElement(doc, atom.H1))
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("convert: stopped: %w", err)
	}
	md, err := htmlConverter().ConvertNode(doc, converter.WithContext(ctx))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	if len(md) > lim.MaxOutputBytes {
		return nil, tooLargeText(len(md), lim)
	}
	if len(md) > 0 {
		md = append(md, '\n')
	}
	return &Result{Title: title, Markdown: string(md)}, nil
}

// maxHTMLDepth bounds how deeply a page's elements may nest; real pages
// stay well under a hundred.
const maxHTMLDepth = 1000

// depth returns how deeply n's descendants nest, or limit+1 once they nest
// deeper than limit. It walks without recursion.
func depth(n *html.Node, limit int) int {
	d, deepest := 0, 0
	for c := n.FirstChild; c != nil; {
		d++
		if d > deepest {
			deepest = d
			if deepest > limit {
				return deepest
			}
		}
		if c.FirstChild != nil {
			c = c.FirstChild
			continue
		}
		for c != nil && c.NextSibling == nil && c != n {
			c = c.Parent
			d--
		}
		if c == nil || c == n {
			break
		}
		c = c.NextSibling
		d--
	}
	return deepest
}

// decodeHTML returns the page as UTF-8. The parser reads only UTF-8, and
// old pages are often Windows-1252 or ISO-8859-1 declared by a <meta>. A
// page that is valid UTF-8 throughout is read as UTF-8 whatever it declares
// (charset.DetermineEncoding would guess Windows-1252 for a page whose first
// 1024 bytes are ASCII, mangling any later non-ASCII text).
func decodeHTML(b []byte) string {
	e, _, certain := charset.DetermineEncoding(b, "")
	if (!certain && utf8.Valid(b)) || e == encoding.Nop || e == nil {
		return strings.TrimPrefix(string(b), "\uFEFF")
	}
	out, err := e.NewDecoder().Bytes(b)
	if err != nil {
		return strings.TrimPrefix(string(b), "\uFEFF")
	}
	return strings.TrimPrefix(string(out), "\uFEFF")
}

// cleanHTML removes what must not reach the markdown: the elements in
// htmlDropped, comments, links and images whose URL would run code or embed
// data (javascript:, vbscript:, data:, file:), and the control characters
// the library uses as markers ('\a' and U+F002) so that text cannot forge
// them.
func cleanHTML(n *html.Node) {
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		switch c.Type {
		case html.CommentNode, html.DoctypeNode:
			n.RemoveChild(c)
		case html.TextNode:
			if strings.ContainsAny(c.Data, "\a\uF002") {
				c.Data = strings.NewReplacer("\a", "", "\uF002", "").Replace(c.Data)
			}
		case html.ElementNode:
			switch {
			case htmlDropped[c.DataAtom]:
				n.RemoveChild(c)
			case c.DataAtom == atom.A && !safeURL(attr(c, "href"), true):
				cleanHTML(c)
				for gc := c.FirstChild; gc != nil; {
					gnext := gc.NextSibling
					c.RemoveChild(gc)
					n.InsertBefore(gc, c)
					gc = gnext
				}
				n.RemoveChild(c)
			case c.DataAtom == atom.Img && !safeURL(attr(c, "src"), false):
				n.RemoveChild(c)
			default:
				cleanHTML(c)
			}
		default:
			cleanHTML(c)
		}
		c = next
	}
}

// safeURL reports whether a link or image URL may stay. A relative URL
// (no scheme) stays: it is what the page said. An empty href is left to
// the converter, which renders such a link as its text.
func safeURL(u string, emptyOK bool) bool {
	u = strings.TrimSpace(u)
	if u == "" {
		return emptyOK
	}
	// Browsers ignore tabs and newlines inside a scheme ("java\nscript:").
	u = strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, u)
	i := strings.IndexAny(u, ":/?#")
	if i < 0 || u[i] != ':' {
		return true
	}
	switch strings.ToLower(u[:i]) {
	case "javascript", "vbscript", "data", "file", "blob":
		return false
	}
	return true
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Namespace == "" && strings.EqualFold(a.Key, key) {
			return a.Val
		}
	}
	return ""
}

// findElement returns the first element a in document order, or nil.
func findElement(n *html.Node, a atom.Atom) *html.Node {
	if n.Type == html.ElementNode && n.DataAtom == a {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := findElement(c, a); f != nil {
			return f
		}
	}
	return nil
}

// nodeText is n's text content (without scripts and styles), for a title.
func nodeText(n *html.Node) string {
	if n == nil {
		return ""
	}
	var b bytes.Buffer
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
			return
		}
		if n.Type == html.ElementNode && htmlDropped[n.DataAtom] {
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
			if b.Len() > 4*maxTitleRunes*utf8.UTFMax {
				return
			}
		}
	}
	walk(n)
	return cleanTitle(b.String())
}
