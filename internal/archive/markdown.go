package archive

import (
	"fmt"
	"net/url"
	"path"
	"slices"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"codna/internal/document"
	"codna/internal/link"
)

// ManifestName is the entry an export writes at the root of its tree (the
// links to pages outside it); an import of that tree passes over it.
const ManifestName = "manifest.json"

// droppedKeys are the frontmatter keys an import does not keep: they belong
// to the instance the page came from (an export writes them; a page
// exported alone writes its space, path and slug too).
var droppedKeys = []string{"id", "owner", "created", "updated", "space", "path", "slug"}

// mdPage is a page of a markdown tree while it is read.
type mdPage struct {
	entry *Entry
	path  string
	slug  string
	files []File // files in its "<slug>.files/" folder
}

// mdTree is what readMarkdown knows of a tree: every page by entry name and
// by the entry name it would have without ".md", and the loose files (not
// in a page's files folder).
type mdTree struct {
	a      *Archive
	root   string // a folder wrapping the whole tree, stripped ("" for none)
	pages  map[string]*mdPage
	byStem map[string]*mdPage // "a/b" for "a/b.md"
	loose  map[string]*Entry
}

// readMarkdown reads a folder tree of markdown files: each ".md" (or
// ".markdown") entry is a page, at the folder its entry is in (each folder
// name made a slug) under the slug of its file name; the files in
// "<name>.files/" beside "<name>.md" are that page's; another file a page
// links or shows becomes a file of that page. A single folder holding the
// whole tree is not a folder of the import. Links between pages are
// rewritten to the pages' addresses (a link written with ".md" keeps it);
// frontmatter's title, tags and status are kept, other keys stay in the
// block but id, owner, created and updated, which are dropped.
func readMarkdown(a *Archive) (*Tree, error) {
	t := &mdTree{a: a, pages: map[string]*mdPage{}, byStem: map[string]*mdPage{}, loose: map[string]*Entry{}}
	t.root = wrappingFolder(a)
	names := NewNamer()
	var order []*mdPage
	var rest []*Entry
	tree := &Tree{}
	for _, e := range a.Entries() {
		rel := strings.TrimPrefix(e.Name, t.root)
		if junk(rel) {
			continue
		}
		stem, ok := pageStem(rel)
		if !ok {
			rest = append(rest, e)
			continue
		}
		dir, base := path.Split(stem)
		p := &mdPage{entry: e, path: folderOf(dir)}
		p.slug = names.Take(p.path, Slugify(base, "page"))
		t.pages[e.Name] = p
		t.byStem[t.root+stem] = p
		order = append(order, p)
	}
	if len(order) == 0 {
		return nil, fmt.Errorf("%w: no markdown pages (.md files) in the archive", ErrFormat)
	}
	for _, e := range rest {
		rel := strings.TrimPrefix(e.Name, t.root)
		if rel == ManifestName {
			tree.Skipped = append(tree.Skipped, Skip{Entry: e.Name, Reason: "the export's manifest of links to pages outside it"})
			continue
		}
		dir, name := path.Split(e.Name)
		if stem, ok := strings.CutSuffix(strings.TrimSuffix(dir, "/"), link.FilesSuffix); ok {
			if p := t.byStem[stem]; p != nil {
				p.files = append(p.files, File{Name: name, Entry: e})
				continue
			}
		}
		t.loose[e.Name] = e
	}
	// Parents before children: by depth, then as the entries came.
	slices.SortStableFunc(order, func(x, y *mdPage) int {
		return strings.Count(x.path, "/") + boolInt(x.path != "") - strings.Count(y.path, "/") - boolInt(y.path != "")
	})
	used := t.looseUsed()
	for name, e := range t.loose {
		if !used[name] {
			tree.Skipped = append(tree.Skipped, Skip{Entry: e.Name, Reason: "not a page, and no page links to it or shows it"})
		}
	}
	slices.SortFunc(tree.Skipped, func(x, y Skip) int { return strings.Compare(x.Entry, y.Entry) })
	for _, p := range order {
		tree.Pages = append(tree.Pages, Page{
			Key: strings.TrimPrefix(p.entry.Name, t.root), Path: p.path, Slug: p.slug, Entry: p.entry.Name,
			Load: func() (*Content, error) { return t.load(p) },
		})
	}
	return tree, nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// pageStem returns a page entry's name without its extension.
func pageStem(name string) (string, bool) {
	lower := strings.ToLower(name)
	for _, ext := range []string{".md", ".markdown"} {
		if strings.HasSuffix(lower, ext) && len(name) > len(ext) && !strings.HasSuffix(name[:len(name)-len(ext)], "/") {
			return name[:len(name)-len(ext)], true
		}
	}
	return "", false
}

// folderOf makes the folder path of an archive folder ("Eng Docs/Setup/"):
// each segment a slug, at most document.MaxPathDepth deep.
func folderOf(dir string) string {
	var segs []string
	for _, s := range strings.Split(strings.Trim(dir, "/"), "/") {
		if s != "" {
			segs = append(segs, Slugify(s, "folder"))
		}
	}
	if len(segs) > document.MaxPathDepth {
		segs = segs[:document.MaxPathDepth]
	}
	return strings.Join(segs, "/")
}

// looseUsed finds the loose files some page links to or shows, reading the
// pages only when there are loose files.
func (t *mdTree) looseUsed() map[string]bool {
	used := map[string]bool{}
	if len(t.loose) == 0 {
		return used
	}
	for _, p := range t.pages {
		b, err := p.entry.ReadAll(int64(t.a.Limits().MaxBodyBytes) + document.MaxFrontmatterBytes)
		if err != nil {
			continue
		}
		body := string(b)
		note := func(href string) (string, bool) {
			if name, ok := t.target(p.entry.Name, href); ok && t.loose[name] != nil {
				used[name] = true
			}
			return "", false
		}
		link.RewriteHrefs(body, note)
		link.RewriteImageHrefs(body, note)
	}
	return used
}

// target resolves href, written in the entry from, to an entry name of the
// archive (a page's name even when written without ".md"), if it names one.
func (t *mdTree) target(from, href string) (string, bool) {
	p, _, _ := strings.Cut(href, "#")
	p, _, _ = strings.Cut(p, "?")
	if p == "" || strings.HasPrefix(p, "/") || strings.Contains(p, ":") {
		return "", false
	}
	dec, err := url.PathUnescape(p)
	if err != nil {
		dec = p
	}
	name := path.Join(path.Dir(from), dec)
	if strings.HasPrefix(name, "../") || name == ".." {
		return "", false
	}
	if t.a.Lookup(name) != nil {
		return name, true
	}
	if pg := t.byStem[name]; pg != nil {
		return pg.entry.Name, true
	}
	return "", false
}

// load reads a page: its frontmatter, its body with links to pages and
// files of the tree rewritten, its files.
func (t *mdTree) load(p *mdPage) (*Content, error) {
	max := t.a.Limits().MaxBodyBytes
	raw, err := p.entry.ReadAll(int64(max) + document.MaxFrontmatterBytes)
	if err != nil {
		return nil, err
	}
	if !utf8.Valid(raw) {
		return nil, fmt.Errorf("%s is not valid UTF-8 text", p.entry.Name)
	}
	fm, body, err := document.SplitFrontmatter(strings.ReplaceAll(string(raw), "\r\n", "\n"))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", p.entry.Name, err)
	}
	c := &Content{Title: strings.TrimSuffix(path.Base(p.entry.Name), path.Ext(p.entry.Name)), Files: slices.Clone(p.files)}
	if fm.Title != nil {
		c.Title = *fm.Title
	}
	if fm.Status != nil {
		c.Status = *fm.Status
	}
	c.Tags = fm.Tags
	for _, k := range droppedKeys {
		if _, ok := fm.Extra[k]; ok {
			c.Dropped = append(c.Dropped, k)
			delete(fm.Extra, k)
		}
	}
	taken := map[string]bool{}
	for _, f := range c.Files {
		taken[f.Name] = true
	}
	rewrite := func(href string) (string, bool) {
		name, ok := t.target(p.entry.Name, href)
		if !ok {
			return "", false
		}
		suffix := hrefSuffix(href)
		if to := t.pages[name]; to != nil {
			nh := RelativeHref(p.path, to.path, to.slug)
			if _, md := pageStem(strings.TrimSuffix(href, suffix)); md {
				nh += ".md"
			}
			return nh + suffix, true
		}
		dir, base := path.Split(name)
		if stem, ok := strings.CutSuffix(strings.TrimSuffix(dir, "/"), link.FilesSuffix); ok {
			if owner := t.byStem[stem]; owner != nil {
				return RelativeFileHref(p.path, owner.path, owner.slug, base) + suffix, true
			}
		}
		e := t.loose[name]
		if e == nil {
			return "", false
		}
		n := base
		for i := 2; taken[n] && !hasFile(c.Files, n, e); i++ {
			n = fmt.Sprintf("%s-%d%s", strings.TrimSuffix(base, path.Ext(base)), i, path.Ext(base))
		}
		if !taken[n] {
			taken[n] = true
			c.Files = append(c.Files, File{Name: n, Entry: e})
		}
		return RelativeFileHref(p.path, p.path, p.slug, n) + suffix, true
	}
	body = link.RewriteHrefs(body, rewrite)
	body = link.RewriteImageHrefs(body, rewrite)
	if len(fm.Extra) > 0 {
		block, err := yaml.Marshal(fm.Extra)
		if err != nil {
			return nil, fmt.Errorf("%s: the frontmatter cannot be kept: %v", p.entry.Name, err)
		}
		body = "---\n" + string(block) + "---\n" + body
	}
	if len(body) > max {
		return nil, fmt.Errorf("%s is %d bytes; a page holds at most %d", p.entry.Name, len(body), max)
	}
	c.Body = body
	return c, nil
}

// hasFile reports whether files holds name for entry e.
func hasFile(files []File, name string, e *Entry) bool {
	for _, f := range files {
		if f.Name == name {
			return f.Entry == e
		}
	}
	return false
}

// hrefSuffix is href's "?query#fragment" part, as written.
func hrefSuffix(href string) string {
	if i := strings.IndexAny(href, "?#"); i >= 0 {
		return href[i:]
	}
	return ""
}
