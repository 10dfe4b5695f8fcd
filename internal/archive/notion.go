package archive

import (
	"fmt"
	"html"
	"net/url"
	"path"
	"slices"
	"strings"

	"codna/internal/link"

	"golang.org/x/text/unicode/norm"
)

// Notion's "Markdown & CSV" export, as it comes out of Notion:
//
//	Export-<uuid>/                      (sometimes: a folder wrapping everything)
//	  Team Wiki <id>.md                 a page: "# Team Wiki", property lines, body
//	  Team Wiki <id>/                   its subpages and its files
//	    Onboarding <id>.md
//	    Untitled.png                    an image of Team Wiki
//	    Tasks <id>.csv                  a database: the table of its current view
//	    Tasks <id>_all.csv              the same database, every row and column
//	    Tasks <id>/                     the database's rows, one page each
//	      Fix login <id>.md
//
// <id> is the page's id, 32 lowercase hex digits. Links between pages are
// relative and percent-encoded ("Onboarding%20<id>.md"), or point at
// notion.so ("https://www.notion.so/Onboarding-<id>?pvs=21"); images and
// attachments are relative links into the page's folder. A large workspace
// export is a zip of zips ("Export-<uuid>-Part-1.zip"): that outer zip is
// refused with the advice to unzip it first.
//
// The pages keep the export's hierarchy: a page's subpages go in the folder
// named after the page's slug. A database becomes a page whose body is its
// table (the rows' titles link to the row pages).

// The limits of the Notion reader.
const (
	notionMaxDepth = 12       // folder segments of a page's Path
	notionMaxRows  = 5_000    // rows of a database's table
	notionMaxCSV   = 64 << 20 // bytes of a database's CSV read
	notionSlack    = 16 << 10 // bytes read past the body cap: the title line is not part of the body
)

// notionItem is a page of the export: a markdown page, a database (its CSV),
// or both when a database also has a page of its own (same name).
type notionItem struct {
	md    *Entry // the page's markdown, or nil
	csv   *Entry // the database's table, or nil
	dir   string // the archive folder holding it ("" at the top)
	stem  string // its file name without the extension (and "_all")
	title string // the title its file name gives (stem without the id)
	id    string // the Notion id, or ""

	path, slug string
}

// entry is the entry the page is read from.
func (it *notionItem) entry() *Entry {
	if it.md != nil {
		return it.md
	}
	return it.csv
}

// folder is the archive folder holding the item's subpages and files.
func (it *notionItem) folder() string { return path.Join(it.dir, it.stem) }

// notionReader holds what resolving a page's links needs.
type notionReader struct {
	a      *Archive
	root   string                 // the folder wrapping everything, or ""
	byName map[string]*Entry      // NFC name → entry, junk left out
	items  map[*Entry]*notionItem // an .md or .csv entry (an "_all" one too) → its page
	byID   map[string]*notionItem
	files  map[*Entry]bool          // entries that may be a page's files
	inDir  map[string][]*notionItem // folder → its pages, in order
}

// readNotion reads Notion's "Markdown & CSV" export.
func readNotion(a *Archive) (*Tree, error) {
	t := &Tree{}
	r := &notionReader{
		a:      a,
		byName: map[string]*Entry{},
		items:  map[*Entry]*notionItem{},
		byID:   map[string]*notionItem{},
		files:  map[*Entry]bool{},
		inDir:  map[string][]*notionItem{},
	}

	// The entries that count: junk (macOS and Windows metadata) is left out.
	var kept []*Entry
	zips := 0
	for _, e := range a.Entries() {
		if junk(e.Name) {
			t.Skipped = append(t.Skipped, Skip{Entry: e.Name, Reason: "a system file (operating-system metadata), not part of the export"})
			continue
		}
		kept = append(kept, e)
		if strings.EqualFold(path.Ext(e.Name), ".zip") {
			zips++
		}
	}
	if len(kept) > 0 && zips == len(kept) {
		names := make([]string, 0, 3)
		for _, e := range kept[:min(3, len(kept))] {
			names = append(names, e.Name)
		}
		more := ""
		if len(kept) > 3 {
			more = fmt.Sprintf(" and %d more", len(kept)-3)
		}
		return nil, fmt.Errorf("%w: the archive holds only zip files (%s%s): Notion packs a large export as zips inside the zip; unzip it and import the inner zip (each part on its own)", ErrFormat, strings.Join(names, ", "), more)
	}
	r.root = wrappingFolder(a)
	for _, e := range kept {
		r.byName[norm.NFC.String(e.Name)] = e
	}

	// Pages and databases, by folder and name.
	type slot struct{ dir, stem string }
	byStem := map[slot]*notionItem{}
	var order []*notionItem
	alls := map[*Entry]*Entry{} // an "_all" copy → the CSV read
	pages := 0
	for _, e := range kept {
		dir, base := notionSplitName(e.Name)
		ext := path.Ext(base)
		stem := strings.TrimSuffix(base, ext)
		switch strings.ToLower(ext) {
		case ".md":
			pages++
		case ".csv":
			if s, ok := strings.CutSuffix(stem, "_all"); ok {
				if twin := a.Lookup(path.Join(dir, s+ext)); twin != nil {
					t.Skipped = append(t.Skipped, Skip{Entry: e.Name, Reason: fmt.Sprintf("the whole-table copy of the database %s: its table is read from that file", path.Base(twin.Name))})
					alls[e] = twin // a link to it goes to the database
					continue
				}
				stem = s
			}
		default:
			r.files[e] = true
			continue
		}
		it := byStem[slot{dir, stem}]
		if it == nil {
			title, id := notionTitleID(stem)
			it = &notionItem{dir: dir, stem: stem, title: title, id: id}
			byStem[slot{dir, stem}] = it
			order = append(order, it)
		}
		if strings.EqualFold(ext, ".md") {
			it.md = e
		} else {
			it.csv = e
		}
		r.items[e] = it
	}
	for all, twin := range alls {
		r.items[all] = r.items[twin]
	}
	if pages == 0 {
		hint := `export with "Markdown & CSV"`
		if zips > 0 {
			hint = "if the export is inside one of its zip files, unzip it and import that"
		}
		return nil, fmt.Errorf("%w: no Notion pages found: the archive has %d entries and no .md page among them (%s)", ErrFormat, len(kept), hint)
	}
	for _, it := range order {
		r.inDir[it.dir] = append(r.inDir[it.dir], it)
	}
	for _, list := range r.inDir {
		slices.SortStableFunc(list, func(x, y *notionItem) int {
			if c := strings.Compare(strings.ToLower(x.title), strings.ToLower(y.title)); c != 0 {
				return c
			}
			return strings.Compare(x.stem, y.stem)
		})
	}

	// Sub-folders of each folder.
	subdirs := map[string][]string{}
	seenDir := map[string]bool{}
	for _, e := range kept {
		for d := notionDir(e.Name); d != "" && !seenDir[d]; d = notionDir(d) {
			seenDir[d] = true
			p := notionDir(d)
			subdirs[p] = append(subdirs[p], d)
		}
	}
	for _, l := range subdirs {
		slices.Sort(l)
	}

	// Addresses, parents before children: a folder's pages, then its
	// sub-folders, each under the page it belongs to.
	namer := NewNamer()
	keys := map[string]bool{}
	var walk func(dir, at string)
	walk = func(dir, at string) {
		here := map[string]*notionItem{}
		for _, it := range r.inDir[dir] {
			fallback := "page"
			if it.id != "" {
				fallback = "page-" + it.id[:8]
			}
			it.path = at
			it.slug = namer.Take(at, Slugify(it.title, fallback))
			here[it.stem] = it
			key := it.id
			if key == "" || keys[key] {
				key = strings.TrimPrefix(it.entry().Name, r.root)
			}
			keys[key] = true
			if it.id != "" && r.byID[it.id] == nil {
				r.byID[it.id] = it
			}
			t.Pages = append(t.Pages, Page{Key: key, Path: it.path, Slug: it.slug, Entry: it.entry().Name, Load: r.loader(it)})
		}
		for _, sub := range subdirs[dir] {
			name := path.Base(sub)
			var next string
			if it := here[name]; it != nil {
				next = notionJoin(it.path, it.slug)
			} else {
				title, _ := notionTitleID(name)
				next = notionJoin(at, Slugify(title, "folder"))
			}
			walk(sub, next)
		}
	}
	walk(strings.TrimSuffix(r.root, "/"), "")

	// The files no page refers to are left out. Finding them reads every
	// page once (one at a time), as Load reads it again later.
	used := map[*Entry]bool{}
	for _, list := range r.inDir {
		for _, it := range list {
			if it.md == nil || len(r.files) == 0 {
				continue
			}
			raw, err := it.md.ReadAll(int64(a.Limits().MaxBodyBytes) + notionSlack)
			if err != nil {
				continue // Load says why
			}
			fs := &notionFiles{}
			r.rewrite(string(raw), it, fs)
			for e := range fs.names {
				used[e] = true
			}
		}
	}
	for _, e := range kept {
		if !r.files[e] || used[e] {
			continue
		}
		reason := "not referenced by any page"
		if strings.EqualFold(path.Ext(e.Name), ".zip") {
			reason = "a zip inside the export, not referenced by any page: it is not opened (unzip it and import it on its own)"
		}
		t.Skipped = append(t.Skipped, Skip{Entry: e.Name, Reason: reason})
	}
	return t, nil
}

// notionDir is the folder of a name, "" at the top.
func notionDir(name string) string {
	if d := path.Dir(name); d != "." {
		return d
	}
	return ""
}

// notionSplitName splits a name into its folder ("" at the top) and base.
func notionSplitName(name string) (string, string) {
	return notionDir(name), path.Base(name)
}

// notionJoin joins a folder path and a segment, keeping at most
// notionMaxDepth segments (deeper pages stay at that depth).
func notionJoin(p, seg string) string {
	if p == "" {
		return seg
	}
	segs := strings.Split(p+"/"+seg, "/")
	if len(segs) > notionMaxDepth {
		segs = segs[:notionMaxDepth]
	}
	return strings.Join(segs, "/")
}

// notionTitleID splits "Title <32 hex>" into the title and the id; a name
// without an id is all title.
func notionTitleID(stem string) (string, string) {
	if len(stem) < 32 {
		return strings.TrimSpace(stem), ""
	}
	tail := stem[len(stem)-32:]
	if !notionHex(tail) {
		return strings.TrimSpace(stem), ""
	}
	head := stem[:len(stem)-32]
	switch {
	case head == "":
		return "", strings.ToLower(tail)
	case strings.HasSuffix(head, " "):
		return strings.TrimSpace(head), strings.ToLower(tail)
	}
	return strings.TrimSpace(stem), ""
}

// notionHex reports whether s is all hex digits.
func notionHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

// notionIDOf returns the Notion id a name or URL segment ends in ("Page
// Title <id>.md", "Page-Title-<id>", a dashed UUID), lowercase without
// dashes, or "".
func notionIDOf(seg string) string {
	for _, ext := range []string{".md", ".csv", "_all"} {
		if len(seg) > len(ext) && strings.EqualFold(seg[len(seg)-len(ext):], ext) {
			seg = seg[:len(seg)-len(ext)]
		}
	}
	boundary := func(i int) bool { return i == 0 || strings.IndexByte(" -_/", seg[i-1]) >= 0 }
	if n := len(seg); n >= 36 {
		u := seg[n-36:]
		if u[8] == '-' && u[13] == '-' && u[18] == '-' && u[23] == '-' {
			plain := strings.ReplaceAll(u, "-", "")
			if len(plain) == 32 && notionHex(plain) && boundary(n-36) {
				return strings.ToLower(plain)
			}
		}
	}
	if n := len(seg); n >= 32 && notionHex(seg[n-32:]) && boundary(n-32) {
		return strings.ToLower(seg[n-32:])
	}
	return ""
}

// resolve finds what an href written in the archive folder dir names: a
// page of the export, or a file entry, and returns the href's #fragment as
// written ("" when none). It finds the entry the path names (percent-
// decoded, relative to dir), else the page whose id the href's last segment
// ends in (a notion.so URL, a renamed page).
func (r *notionReader) resolve(href, dir string) (*notionItem, *Entry, string) {
	h := strings.TrimSpace(href)
	frag := ""
	if i := strings.IndexByte(h, '#'); i >= 0 {
		h, frag = h[:i], h[i:]
	}
	if i := strings.IndexByte(h, '?'); i >= 0 {
		h = h[:i]
	}
	if h == "" {
		return nil, nil, ""
	}
	if link.HasScheme(h) || strings.HasPrefix(h, "//") {
		u, err := url.Parse(notionUnescape(h, false))
		if err != nil || (u.Scheme != "http" && u.Scheme != "https" && u.Scheme != "") {
			return nil, nil, ""
		}
		if it := r.byID[notionIDOf(path.Base(u.Path))]; it != nil {
			return it, nil, frag
		}
		return nil, nil, ""
	}
	p := notionUnescape(h, true)
	var full string
	if strings.HasPrefix(p, "/") {
		full = path.Join(r.root, p)
	} else {
		full = path.Join(dir, p)
	}
	if full != ".." && !strings.HasPrefix(full, "../") {
		if e := r.byName[norm.NFC.String(full)]; e != nil {
			if it := r.items[e]; it != nil {
				return it, nil, frag
			}
			if r.files[e] {
				return nil, e, frag
			}
		}
	}
	if it := r.byID[notionIDOf(path.Base(p))]; it != nil {
		return it, nil, frag
	}
	return nil, nil, ""
}

// notionPunct is the ASCII punctuation a backslash escapes in markdown.
const notionPunct = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"

// notionUnescape decodes a destination as written in markdown: backslash
// escapes and entity references, then (when percent) %XX sequences; a '%'
// that starts none is kept.
func notionUnescape(s string, percent bool) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && strings.IndexByte(notionPunct, s[i+1]) >= 0:
			b.WriteByte(s[i+1])
			i++
		case c == '&':
			if end := strings.IndexByte(s[i:], ';'); end > 1 && end < 40 {
				if dec := html.UnescapeString(s[i : i+end+1]); dec != s[i:i+end+1] {
					b.WriteString(dec)
					i += end
					continue
				}
			}
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	out := b.String()
	if !percent || !strings.Contains(out, "%") {
		return out
	}
	dec := make([]byte, 0, len(out))
	for i := 0; i < len(out); i++ {
		if out[i] == '%' && i+2 < len(out) && notionHex(out[i+1:i+3]) {
			var v byte
			for _, h := range []byte(out[i+1 : i+3]) {
				v <<= 4
				switch {
				case h >= '0' && h <= '9':
					v |= h - '0'
				case h >= 'a' && h <= 'f':
					v |= h - 'a' + 10
				default:
					v |= h - 'A' + 10
				}
			}
			dec = append(dec, v)
			i += 2
			continue
		}
		dec = append(dec, out[i])
	}
	return string(dec)
}
