package archive

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"codna/internal/convert"
)

// loader returns p's Load.
func (x *cfExport) loader(p *cfPage) func() (*Content, error) {
	return func() (*Content, error) {
		c, err := x.load(p)
		if err != nil {
			return nil, fmt.Errorf("the Confluence page %s: %w", p.entry.Name, err)
		}
		return c, nil
	}
}

// cfRef is an element of a body that names a file of the export.
type cfRef struct {
	n     *html.Node
	attr  string
	entry *Entry
}

// load reads one page: its title, its body from main-content as markdown,
// and its files (those it shows or links to, and those attached to it).
func (x *cfExport) load(p *cfPage) (*Content, error) {
	doc, err := cfReadHTML(p.entry)
	if err != nil {
		return nil, err
	}
	title := x.pageTitle(doc, p.title)
	if title == "" {
		title = p.title
	}
	content := cfFind(doc, func(n *html.Node) bool { return cfAttr(n, "id") == "main-content" })
	if content == nil {
		content = cfFind(doc, func(n *html.Node) bool { return cfAttr(n, "id") == "content" })
	}
	if content == nil {
		content = cfFind(doc, func(n *html.Node) bool { return n.DataAtom == atom.Body })
	}
	if content == nil {
		content = doc
	}

	// The names Confluence gives the files: the attachments section lists
	// each under its name.
	names := newCfNames()
	if h := cfFind(doc, func(n *html.Node) bool { return cfAttr(n, "id") == "attachments" }); h != nil {
		section := h.Parent
		for s := h.Parent; s != nil; s = s.Parent {
			if cfHasClass(s, "pageSection") {
				section = s
				break
			}
		}
		cfWalk(section, func(n *html.Node) bool {
			if n.DataAtom == atom.A {
				if t, ok := x.resolve(cfAttr(n, "href")); ok && t.entry != nil {
					names.hint(t.entry, 1, cfText(n))
				}
			}
			return true
		})
	}
	pruneConfluence(content)

	// Links to pages are rewritten at once; files are named once all
	// their mentions are known.
	var refs []cfRef
	var drop []*html.Node
	var replace [][2]*html.Node
	cfWalk(content, func(n *html.Node) bool {
		switch n.DataAtom {
		case atom.A:
			t, ok := x.resolve(cfAttr(n, "href"))
			switch {
			case !ok:
			case t.page != nil:
				href := t.frag
				if t.page != p || href == "" {
					href = RelativeHref(p.path, t.page.path, t.page.slug) + t.frag
				}
				cfSetAttr(n, "href", href)
			case t.entry != nil:
				refs = append(refs, cfRef{n, "href", t.entry})
				names.hint(t.entry, 0, cfAttr(n, "data-linked-resource-default-alias"))
				names.hint(t.entry, 2, cfText(n))
			}
		case atom.Img:
			src := cfAttr(n, "src")
			if strings.TrimSpace(src) == "" {
				src = cfAttr(n, "data-image-src")
			}
			t, ok := x.resolve(src)
			switch {
			case !ok:
			case t.icon:
				if cfHasClass(n, "emoticon") {
					if f := strings.TrimSpace(cfAttr(n, "data-emoji-fallback")); f != "" && !strings.HasPrefix(f, ":") {
						replace = append(replace, [2]*html.Node{n, {Type: html.TextNode, Data: f}})
						break
					}
				}
				drop = append(drop, n)
			case t.entry != nil:
				refs = append(refs, cfRef{n, "src", t.entry})
				names.hint(t.entry, 0, cfAttr(n, "data-linked-resource-default-alias"))
				names.hint(t.entry, 2, cfAttr(n, "alt"))
			}
		}
		return true
	})
	for _, n := range drop {
		n.Parent.RemoveChild(n)
	}
	for _, r := range replace {
		r[0].Parent.InsertBefore(r[1], r[0])
		r[0].Parent.RemoveChild(r[0])
	}

	// The files: those the body names, in order, then the rest of the
	// page's attachments.
	var files []File
	named := map[*Entry]string{}
	taken := map[string]bool{}
	add := func(e *Entry) string {
		if name, ok := named[e]; ok {
			return name
		}
		name := cfUniqueName(names.best(e), taken)
		named[e] = name
		files = append(files, File{Name: name, Entry: e})
		return name
	}
	for _, r := range refs {
		name := add(r.entry)
		cfSetAttr(r.n, r.attr, RelativeFileHref(p.path, p.path, p.slug, name))
		if r.n.DataAtom == atom.A && cfText(r.n) == "" && cfFind(r.n, func(n *html.Node) bool { return n.DataAtom == atom.Img }) == nil {
			r.n.AppendChild(&html.Node{Type: html.TextNode, Data: name})
		}
	}
	for _, e := range x.attachments[p.id] {
		add(e)
	}

	var buf bytes.Buffer
	if err := html.Render(&buf, content); err != nil {
		return nil, fmt.Errorf("rendering the page's HTML: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), confluenceTimeout)
	defer cancel()
	maxBody := x.a.Limits().MaxBodyBytes
	res, err := convert.Convert(ctx, convert.KindHTML, bytes.NewReader(buf.Bytes()), int64(buf.Len()), convert.Limits{MaxOutputBytes: maxBody})
	if err != nil {
		if errors.Is(err, convert.ErrTooLarge) {
			return nil, fmt.Errorf("its markdown body is over %d bytes, the most a page holds (%v)", maxBody, err)
		}
		return nil, fmt.Errorf("converting its HTML to markdown: %w", err)
	}
	return &Content{Title: title, Body: res.Markdown, Files: files}, nil
}

// pruneConfluence removes from a page's content what is Confluence's frame,
// not the page: needed when a page has no main-content and its whole
// content is read.
func pruneConfluence(n *html.Node) {
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		if c.Type == html.ElementNode && isConfluenceFrame(c) {
			n.RemoveChild(c)
		} else {
			pruneConfluence(c)
		}
		c = next
	}
}

func isConfluenceFrame(n *html.Node) bool {
	switch cfAttr(n, "id") {
	case "breadcrumb-section", "breadcrumbs", "title-heading", "footer", "likes-and-labels-container", "comments-section":
		return true
	}
	if cfHasClass(n, "page-metadata") {
		return true
	}
	return cfHasClass(n, "pageSection") && cfFind(n, func(c *html.Node) bool {
		id := cfAttr(c, "id")
		return id == "attachments" || id == "comments"
	}) != nil
}

// cfNames collects the names a page's HTML gives each file, by preference:
// 0 the attachment's own name (data-linked-resource-default-alias), 1 the
// attachments section's link text, 2 a link's text or an image's alt.
type cfNames struct{ hints map[*Entry][3][]string }

func newCfNames() *cfNames { return &cfNames{hints: map[*Entry][3][]string{}} }

func (c *cfNames) hint(e *Entry, rank int, name string) {
	name = strings.TrimSpace(name)
	if name == "" {
		return
	}
	h := c.hints[e]
	h[rank] = append(h[rank], name)
	c.hints[e] = h
}

// best is the first hint that makes a sane file name of the entry's kind
// (the same extension), else the entry's own base name; sanitized.
func (c *cfNames) best(e *Entry) string {
	base := path.Base(e.Name)
	ext := strings.ToLower(path.Ext(base))
	for _, hs := range c.hints[e] {
		for _, h := range hs {
			s := cfFileName(h)
			if s == "" || (ext != "" && strings.ToLower(path.Ext(s)) != ext) {
				continue
			}
			return s
		}
	}
	if s := cfFileName(base); s != "" {
		return s
	}
	return "file" + ext
}

// cfFileName keeps letters, digits, spaces and "._-+()" of a name,
// any other character becoming '-'; it trims spaces and caps the length
// (keeping the extension). "" when nothing sane is left.
func cfFileName(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case unicode.IsLetter(r), unicode.IsDigit(r), r == ' ', strings.ContainsRune("._-+()", r):
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	s := strings.TrimSpace(b.String())
	const maxName = 150
	if len(s) > maxName {
		ext := path.Ext(s)
		if len(ext) > 20 {
			ext = ""
		}
		stem := s[:maxName-len(ext)]
		for !utf8.ValidString(stem) {
			stem = stem[:len(stem)-1]
		}
		s = strings.TrimSpace(stem) + ext
	}
	if s == "" || strings.Trim(s, ".") == "" {
		return ""
	}
	return s
}

// cfUniqueName returns name, or "stem-2.ext" and so on when a page's file
// already has it (ignoring case), and marks it taken.
func cfUniqueName(name string, taken map[string]bool) string {
	ext := path.Ext(name)
	stem := strings.TrimSuffix(name, ext)
	if stem == "" {
		stem, ext = name, ""
	}
	s := name
	for i := 2; taken[strings.ToLower(s)]; i++ {
		s = stem + "-" + strconv.Itoa(i) + ext
	}
	taken[strings.ToLower(s)] = true
	return s
}
