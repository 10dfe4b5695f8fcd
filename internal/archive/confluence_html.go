package archive

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// cfReadHTML reads and parses one HTML entry of the export.
func cfReadHTML(e *Entry) (*html.Node, error) {
	b, err := e.ReadAll(confluenceMaxHTML)
	if err != nil {
		if errors.Is(err, ErrTooLong) {
			return nil, fmt.Errorf("the page's HTML is over %d bytes, more than a page is read from", confluenceMaxHTML)
		}
		return nil, err
	}
	b = bytes.TrimPrefix(b, []byte("\uFEFF"))
	if !utf8.Valid(b) {
		return nil, errors.New("the page is not valid UTF-8 (a Confluence export writes UTF-8)")
	}
	doc, err := html.Parse(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("the page's HTML cannot be read: %v", err)
	}
	return doc, nil
}

// cfFind returns the first element of n's subtree (n included) that ok
// accepts, in document order, or nil.
func cfFind(n *html.Node, ok func(*html.Node) bool) *html.Node {
	var found *html.Node
	cfWalk(n, func(c *html.Node) bool {
		if found != nil {
			return false
		}
		if ok(c) {
			found = c
			return false
		}
		return true
	})
	return found
}

// cfWalk calls fn for each element of n's subtree (n included) in
// document order; fn returns false to skip the element's descendants.
func cfWalk(n *html.Node, fn func(*html.Node) bool) {
	if n.Type == html.ElementNode && !fn(n) {
		return
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		cfWalk(c, fn)
	}
}

// cfText is n's text, white space collapsed and trimmed.
func cfText(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
			return
		}
		if n.Type == html.ElementNode && (n.DataAtom == atom.Script || n.DataAtom == atom.Style) {
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

func cfAttr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val
		}
	}
	return ""
}

func cfSetAttr(n *html.Node, key, val string) {
	for i, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			n.Attr[i].Val = val
			return
		}
	}
	n.Attr = append(n.Attr, html.Attribute{Key: key, Val: val})
}

func cfHasClass(n *html.Node, class string) bool {
	for _, c := range strings.Fields(cfAttr(n, "class")) {
		if c == class {
			return true
		}
	}
	return false
}
