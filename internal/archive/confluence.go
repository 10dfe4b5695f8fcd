package archive

import (
	"fmt"
	"net/url"
	"path"
	"regexp"
	"strings"
	"time"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// A Confluence space export in HTML (Server, Data Center and Cloud: "Export
// space" > HTML) is a zip of one folder named after the space key:
//
//	DOCS/index.html                     the space: a "Space Details" table and,
//	                                    under "Available Pages:", the page tree
//	                                    as nested <ul> lists of links
//	DOCS/Page-Title_123456.html         a page: title with hyphens, "_", page id
//	DOCS/123456.html                    (a title Confluence cannot spell in a
//	                                    file name is left out)
//	DOCS/attachments/123456/789.png     the files attached to page 123456
//	DOCS/attachments/thumbnails/...     previews of those files
//	DOCS/images/..., DOCS/styles/...    icons, emoticons and the stylesheet
//
// A page holds its title in <span id="title-text">Space name : Title</span>,
// its breadcrumbs in <ol id="breadcrumbs">, its body in <div
// id="main-content">, and after the body, when it has files, a "pageSection"
// whose <h2 id="attachments"> heads a list of links to them, named.
//
// readConfluence places the pages as index.html nests them (a page a
// breadcrumb trail names as its parent when the index leaves it out), and
// reads each page's body from main-content only: links to pages of the
// export become relative hrefs to where those pages land, images and links
// to attachments become files of the page, icons go.

const (
	// confluenceMaxHTML caps the HTML of one page (or of index.html) that is
	// read: far above any real page, whose markdown is capped lower still.
	confluenceMaxHTML = 32 << 20
	// confluenceMaxDepth caps the folders a page may be nested in.
	confluenceMaxDepth = 12
	// confluenceTimeout bounds the conversion of one page.
	confluenceTimeout = 30 * time.Second
)

// cfPageName matches a page's file name and captures its page id:
// "Page-Title_123456.html", "123456.html".
var cfPageName = regexp.MustCompile(`(?:^|_)([0-9]+)\.html?$`)

// cfPage is a page of the export while the tree is being made.
type cfPage struct {
	entry  *Entry
	rel    string // its name in the space's folder: "Guide_200.html"
	id     string // its page id, or ""
	title  string
	parent *cfPage
	kids   []*cfPage
	listed bool // index.html places it
	placed bool
	path   string
	slug   string
}

// cfExport is what is known of the export as a whole.
type cfExport struct {
	a           *Archive
	root        string // the space's folder with its '/' ("DOCS/"), or ""
	spaceName   string
	pages       []*cfPage // by entry name
	byEntry     map[string]*cfPage
	byID        map[string]*cfPage
	byTitle     map[string]*cfPage // titles held by one page only
	attachments map[string][]*Entry
	indexRoots  []*cfPage // index.html's top-level pages, in its order
}

// readConfluence reads a Confluence space HTML export.
func readConfluence(a *Archive) (*Tree, error) {
	x := &cfExport{
		a:           a,
		root:        wrappingFolder(a),
		byEntry:     map[string]*cfPage{},
		byID:        map[string]*cfPage{},
		attachments: map[string][]*Entry{},
	}
	index := a.Lookup(x.root + "index.html")
	if index == nil {
		return nil, fmt.Errorf("%w: the Confluence export's index.html is missing (looked for %q): export the space as HTML and import the zip as it is", ErrFormat, x.root+"index.html")
	}
	t := &Tree{}
	var attachmentEntries []*Entry
	for _, e := range a.Entries() {
		rel, inside := strings.CutPrefix(e.Name, x.root)
		switch {
		case e == index:
		case junk(e.Name):
			t.Skipped = append(t.Skipped, Skip{Entry: e.Name, Reason: "file-system metadata, not part of the export"})
		case !inside:
			t.Skipped = append(t.Skipped, Skip{Entry: e.Name, Reason: fmt.Sprintf("outside the space's folder %q", strings.TrimSuffix(x.root, "/"))})
		case !strings.Contains(rel, "/") && cfIsHTML(rel):
			p := &cfPage{entry: e, rel: rel}
			if m := cfPageName.FindStringSubmatch(strings.ToLower(rel)); m != nil {
				p.id = m[1]
			}
			x.pages = append(x.pages, p)
			x.byEntry[e.Name] = p
		case strings.HasPrefix(rel, "styles/"), strings.HasPrefix(rel, "images/"), strings.HasPrefix(rel, "attachments/thumbnails/"):
			// Confluence's own stylesheet, icons, emoticons and previews.
		case strings.HasPrefix(rel, "attachments/") && strings.Count(rel, "/") >= 2:
			attachmentEntries = append(attachmentEntries, e)
		default:
			t.Skipped = append(t.Skipped, Skip{Entry: e.Name, Reason: "not part of a Confluence export: neither a page, an attachment, a style nor an icon"})
		}
	}
	for _, p := range x.pages {
		if p.id != "" && x.byID[p.id] == nil {
			x.byID[p.id] = p
		}
	}
	if err := x.readIndex(index); err != nil {
		return nil, err
	}
	// What index.html left out or could not say is read from the page.
	for _, p := range x.pages {
		if p.listed && p.title != "" && p.id != "" {
			continue
		}
		info := x.readPageInfo(p)
		if p.id == "" {
			p.id = info.id
		}
		if p.title == "" {
			p.title = info.title
		}
		if !p.listed && info.parent != nil && info.parent != p {
			p.parent = info.parent
			info.parent.kids = append(info.parent.kids, p)
		}
	}
	for _, p := range x.pages {
		if p.id != "" && x.byID[p.id] == nil {
			x.byID[p.id] = p
		}
		if p.title == "" {
			p.title = cfTitleFromFileName(p.rel)
		}
	}
	x.byTitle = map[string]*cfPage{}
	seenTitle := map[string]int{}
	for _, p := range x.pages {
		seenTitle[p.title]++
		x.byTitle[p.title] = p
	}
	for title, n := range seenTitle {
		if n > 1 {
			delete(x.byTitle, title)
		}
	}
	for _, e := range attachmentEntries {
		owner, _, _ := strings.Cut(strings.TrimPrefix(e.Name, x.root+"attachments/"), "/")
		if x.byID[owner] == nil {
			t.Skipped = append(t.Skipped, Skip{Entry: e.Name, Reason: fmt.Sprintf("a file of page %q, which is not in the export: it is kept only where a page of the export links to it", owner)})
			continue
		}
		x.attachments[owner] = append(x.attachments[owner], e)
	}
	t.Pages = x.place()
	return t, nil
}

func cfIsHTML(name string) bool {
	ext := strings.ToLower(path.Ext(name))
	return ext == ".html" || ext == ".htm"
}

// cfTitleFromFileName is the title a page's file name spells:
// "Release-Notes_123.html" is "Release Notes"; "123.html" is "123".
func cfTitleFromFileName(rel string) string {
	name := strings.TrimSuffix(rel, path.Ext(rel))
	if i := strings.LastIndexByte(name, '_'); i > 0 && cfDigits(name[i+1:]) {
		name = name[:i]
	}
	if t := strings.TrimSpace(strings.ReplaceAll(name, "-", " ")); t != "" {
		return t
	}
	return rel
}

func cfDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// readIndex reads the space's name and the page tree from index.html.
func (x *cfExport) readIndex(index *Entry) error {
	doc, err := cfReadHTML(index)
	if err != nil {
		return fmt.Errorf("%w: the Confluence export's index.html: %v", ErrFormat, err)
	}
	x.spaceName = cfSpaceName(doc)
	// The tree is the list under "Available Pages:"; an index in another
	// language or of another layout is read whole (its only list items are
	// the pages).
	section := doc
	if h := cfFind(doc, func(n *html.Node) bool {
		return n.DataAtom == atom.H2 && strings.HasPrefix(cfText(n), "Available Pages")
	}); h != nil {
		section = h.Parent
		for s := h.Parent; s != nil; s = s.Parent {
			if cfHasClass(s, "pageSection") {
				section = s
				break
			}
		}
	}
	x.walkIndex(section, nil)
	return nil
}

// cfSpaceName reads the Name row of index.html's "Space Details" table.
func cfSpaceName(doc *html.Node) string {
	th := cfFind(doc, func(n *html.Node) bool {
		return n.DataAtom == atom.Th && cfText(n) == "Name"
	})
	if th == nil {
		return ""
	}
	for td := th.NextSibling; td != nil; td = td.NextSibling {
		if td.Type == html.ElementNode && td.DataAtom == atom.Td {
			return cfText(td)
		}
	}
	return ""
}

// walkIndex places the pages of the list items below n under parent. A
// page's item holds its link and the lists of its children; Confluence also
// writes a child list right after the item (<ul><li>A</li><ul>…</ul></ul>,
// which the parser keeps as a sibling), and that list is the item's too.
func (x *cfExport) walkIndex(n *html.Node, parent *cfPage) {
	inList := n.DataAtom == atom.Ul || n.DataAtom == atom.Ol
	last := parent // the page of the last item seen in this list
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		switch c.DataAtom {
		case atom.Li:
			owner := parent
			if a := cfItemLink(c); a != nil {
				if t, ok := x.resolve(cfAttr(a, "href")); ok && t.page != nil {
					p := t.page
					if !p.listed && !cfIsAncestor(p, parent) {
						p.listed = true
						p.title = cfText(a)
						p.parent = parent
						if parent != nil {
							parent.kids = append(parent.kids, p)
						} else {
							x.indexRoots = append(x.indexRoots, p)
						}
					}
					if !cfIsAncestor(p, parent) {
						owner = p
					}
				}
			}
			last = owner
			x.walkIndex(c, owner)
		case atom.Ul, atom.Ol:
			if inList {
				x.walkIndex(c, last)
			} else {
				x.walkIndex(c, parent)
			}
		default:
			x.walkIndex(c, parent)
		}
	}
}

// cfIsAncestor reports whether p is anc or one of anc's ancestors.
func cfIsAncestor(p, anc *cfPage) bool {
	for a := anc; a != nil; a = a.parent {
		if a == p {
			return true
		}
	}
	return false
}

// cfItemLink is the first link of a list item outside its nested lists.
func cfItemLink(li *html.Node) *html.Node {
	var found *html.Node
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil && found == nil; c = c.NextSibling {
			if c.Type != html.ElementNode || c.DataAtom == atom.Ul || c.DataAtom == atom.Ol {
				continue
			}
			if c.DataAtom == atom.A && cfAttr(c, "href") != "" {
				found = c
				return
			}
			walk(c)
		}
	}
	walk(li)
	return found
}

// cfInfo is what a page's own HTML says of its place.
type cfInfo struct {
	id     string
	title  string
	parent *cfPage
}

// readPageInfo reads a page's id (ajs-page-id), title and breadcrumb
// parent. A page that cannot be read says nothing: its Load reports why.
func (x *cfExport) readPageInfo(p *cfPage) cfInfo {
	doc, err := cfReadHTML(p.entry)
	if err != nil {
		return cfInfo{}
	}
	var info cfInfo
	if m := cfFind(doc, func(n *html.Node) bool {
		return n.DataAtom == atom.Meta && (cfAttr(n, "name") == "ajs-page-id" || cfAttr(n, "name") == "confluence-page-id")
	}); m != nil && cfDigits(strings.TrimSpace(cfAttr(m, "content"))) {
		info.id = strings.TrimSpace(cfAttr(m, "content"))
	}
	info.title = x.pageTitle(doc, "")
	if bc := cfFind(doc, func(n *html.Node) bool {
		id := cfAttr(n, "id")
		return id == "breadcrumbs" || id == "breadcrumb-section"
	}); bc != nil {
		cfWalk(bc, func(n *html.Node) bool {
			if n.DataAtom == atom.A {
				if t, ok := x.resolve(cfAttr(n, "href")); ok && t.page != nil && t.page != p {
					info.parent = t.page
				}
			}
			return true
		})
	}
	return info
}

// pageTitle is a page's title: its title-text (else its <title>) without the
// "Space name : " Confluence puts before it; known is the title index.html
// gave, "" if none.
func (x *cfExport) pageTitle(doc *html.Node, known string) string {
	raw := ""
	if n := cfFind(doc, func(n *html.Node) bool { return cfAttr(n, "id") == "title-text" }); n != nil {
		raw = cfText(n)
	}
	if raw == "" {
		if n := cfFind(doc, func(n *html.Node) bool { return n.DataAtom == atom.Title }); n != nil {
			raw = cfText(n)
		}
	}
	switch {
	case raw == "":
		return known
	case known != "" && (raw == known || strings.HasSuffix(raw, " : "+known)):
		return known
	case x.spaceName != "" && strings.HasPrefix(raw, x.spaceName+" : "):
		return strings.TrimSpace(strings.TrimPrefix(raw, x.spaceName+" : "))
	}
	if _, t, ok := strings.Cut(raw, " : "); ok && strings.TrimSpace(t) != "" {
		return strings.TrimSpace(t)
	}
	return raw
}

// place lays the pages out: a page of the index's top level (or one with no
// known parent) in the import's folder, a child in the folder named by its
// parent's slug, parents before their children.
func (x *cfExport) place() []Page {
	namer := NewNamer()
	var out []Page
	usedKeys := map[string]bool{}
	visit := func(start *cfPage) {
		type item struct {
			p      *cfPage
			folder string
		}
		stack := []item{{start, ""}}
		for len(stack) > 0 {
			it := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			p := it.p
			if p.placed {
				continue
			}
			p.placed = true
			p.path = it.folder
			p.slug = namer.Take(it.folder, Slugify(p.title, "page"))
			key := p.id
			if key == "" || usedKeys[key] {
				key = p.entry.Name
			}
			usedKeys[key] = true
			out = append(out, Page{Key: key, Path: p.path, Slug: p.slug, Entry: p.entry.Name, Load: x.loader(p)})
			child := cfCapDepth(path.Join(p.path, p.slug))
			for i := len(p.kids) - 1; i >= 0; i-- {
				stack = append(stack, item{p.kids[i], child})
			}
		}
	}
	// index.html's top level in its order, then the pages it left out.
	for _, p := range x.indexRoots {
		visit(p)
	}
	for _, p := range x.pages {
		if p.parent == nil {
			visit(p)
		}
	}
	// What is left hangs from a cycle of breadcrumbs: each is cut loose.
	for _, p := range x.pages {
		if !p.placed {
			visit(p)
		}
	}
	return out
}

// cfCapDepth cuts a folder path to confluenceMaxDepth segments.
func cfCapDepth(folder string) string {
	if folder == "" {
		return ""
	}
	segs := strings.Split(folder, "/")
	if len(segs) > confluenceMaxDepth {
		segs = segs[:confluenceMaxDepth]
	}
	return strings.Join(segs, "/")
}

// cfTarget is what an href or src of the export names: a page of the
// export, a file of the export, or one of Confluence's icons.
type cfTarget struct {
	page  *cfPage
	entry *Entry
	icon  bool
	frag  string // "#…" as written, or ""
}

// resolve reads an href (or an image's src) of a page of the export:
// "Guide_200.html#Guide-Steps" and "attachments/100/501.png?width=300"
// relative to the space's folder, "/pages/viewpage.action?pageId=200" and
// "https://acme.atlassian.net/wiki/spaces/DOCS/pages/200/Guide" by page id,
// "/display/DOCS/Guide" by title. It reports false for anything else, and
// for a page or file the export does not hold.
func (x *cfExport) resolve(raw string) (cfTarget, bool) {
	s := strings.TrimSpace(raw)
	if s == "" || strings.HasPrefix(s, "#") {
		return cfTarget{}, false
	}
	var t cfTarget
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s, t.frag = s[:i], strings.ReplaceAll(s[i:], " ", "%20")
	}
	s, query, _ := strings.Cut(s, "?")
	external := false
	if i := strings.IndexAny(s, ":/"); i > 0 && s[i] == ':' {
		switch strings.ToLower(s[:i]) {
		case "http", "https":
			s, external = s[i+1:], true
		default:
			return cfTarget{}, false // mailto:, a Jira link, …
		}
	}
	if strings.HasPrefix(s, "//") {
		// A URL of the Confluence site: only a page id can name a page
		// of the export.
		_, rest, _ := strings.Cut(s[2:], "/")
		s, external = "/"+rest, true
	}
	// A page by its id: viewpage.action?pageId=…, …/pages/<id>/<title>.
	if q, err := url.ParseQuery(query); err == nil {
		if id := q.Get("pageId"); id != "" {
			if p := x.byID[id]; p != nil {
				t.page = p
				return t, true
			}
			return cfTarget{}, false
		}
	}
	segs := strings.Split(s, "/")
	for i := 0; i+1 < len(segs); i++ {
		if segs[i] == "pages" && cfDigits(segs[i+1]) && (i > 0 || strings.HasPrefix(s, "/") || external) {
			if p := x.byID[segs[i+1]]; p != nil {
				t.page = p
				return t, true
			}
			return cfTarget{}, false
		}
	}
	// A page by its title: /display/<space key>/<Title+With+Pluses>.
	if n := len(segs); n >= 3 && segs[n-3] == "display" && strings.HasPrefix(s, "/") {
		if title, err := url.PathUnescape(strings.ReplaceAll(segs[n-1], "+", " ")); err == nil {
			if p := x.byTitle[title]; p != nil {
				t.page = p
				return t, true
			}
		}
		return cfTarget{}, false
	}
	if external || strings.HasPrefix(s, "/") {
		return cfTarget{}, false
	}
	p, err := url.PathUnescape(s)
	if err != nil {
		p = s
	}
	name := path.Join(x.root, p)
	if x.root != "" && !strings.HasPrefix(name, x.root) {
		return cfTarget{}, false
	}
	if pg := x.byEntry[name]; pg != nil {
		t.page = pg
		return t, true
	}
	rel := strings.TrimPrefix(name, x.root)
	if strings.HasPrefix(rel, "images/") || strings.HasPrefix(rel, "attachments/thumbnails/") {
		t.icon = true
		return t, true
	}
	if strings.HasPrefix(rel, "attachments/") {
		if e := x.a.Lookup(name); e != nil {
			t.entry = e
			return t, true
		}
	}
	return cfTarget{}, false
}
