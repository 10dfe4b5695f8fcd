package archive

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"html"
	"io"
	"net/url"
	"path"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"codna/internal/link"
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
		if notionJunk(e.Name) {
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
	r.root = notionRoot(kept)
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

// notionJunk reports entries that are operating-system metadata.
func notionJunk(name string) bool {
	for _, seg := range strings.Split(name, "/") {
		if seg == "__MACOSX" {
			return true
		}
	}
	base := path.Base(name)
	return base == ".DS_Store" || strings.HasPrefix(base, "._") || strings.EqualFold(base, "Thumbs.db") || strings.EqualFold(base, "desktop.ini")
}

// notionRoot returns the folder wrapping every entry ("Export-…/"), or "".
func notionRoot(entries []*Entry) string {
	first := ""
	for i, e := range entries {
		top, _, ok := strings.Cut(e.Name, "/")
		if !ok || (i > 0 && top != first) {
			return ""
		}
		first = top
	}
	if first == "" {
		return ""
	}
	return first + "/"
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

// loader returns the Load of an item.
func (r *notionReader) loader(it *notionItem) func() (*Content, error) {
	return func() (*Content, error) { return r.load(it) }
}

// load reads a page: its title and tags, its body with the links and
// files rewritten, and a database's table.
func (r *notionReader) load(it *notionItem) (*Content, error) {
	limit := r.a.Limits().MaxBodyBytes
	c := &Content{}
	fs := &notionFiles{}
	var body string
	if it.md != nil {
		raw, err := it.md.ReadAll(int64(limit) + notionSlack)
		if errors.Is(err, ErrTooLong) {
			return nil, fmt.Errorf("the page is over %d bytes, more than a page's body may hold", limit)
		}
		if err != nil {
			return nil, err
		}
		text := strings.TrimPrefix(string(raw), "\uFEFF")
		if !utf8.ValidString(text) {
			return nil, errors.New("the page is not valid UTF-8 text")
		}
		var title string
		title, c.Tags, body = notionSplitPage(text)
		c.Title = title
		body = r.rewrite(body, it, fs)
	}
	if it.csv != nil {
		table, err := r.table(it, limit-len(body))
		if err != nil {
			return nil, err
		}
		if body = strings.TrimRight(body, "\r\n"); body != "" {
			body += "\n\n"
		}
		body += table
	}
	if c.Title == "" {
		c.Title = it.title
	}
	c.Title = notionCleanTitle(c.Title)
	if len(body) > limit {
		return nil, fmt.Errorf("the page's body is %d bytes, more than the %d a page's body may hold", len(body), limit)
	}
	c.Body = body
	c.Files = fs.list
	return c, nil
}

// notionCleanTitle makes a title one line of at most 300 characters, or
// "Untitled".
func notionCleanTitle(t string) string {
	t = strings.Join(strings.Fields(t), " ")
	if utf8.RuneCountInString(t) > 300 {
		t = strings.TrimSpace(string([]rune(t)[:300]))
	}
	if t == "" {
		return "Untitled"
	}
	return t
}

// notionSplitPage splits a page's markdown into its title (the first line's
// "# Title", or ""), its tags (a "Tags: a, b" property line just after the
// title) and the rest: the body without the title line, the property lines
// other than Tags kept as they are.
func notionSplitPage(text string) (title string, tags []string, body string) {
	lines := strings.SplitAfter(text, "\n")
	i := 0
	for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
		i++
	}
	if i == len(lines) {
		return "", nil, text
	}
	first := strings.TrimRight(lines[i], "\r\n")
	if first != "#" && !strings.HasPrefix(first, "# ") {
		return "", nil, text
	}
	title = strings.TrimSpace(strings.TrimPrefix(first, "#"))
	i++
	for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
		i++
	}
	// The property lines: "Key: Value" up to a blank line or the end.
	j := i
	for j < len(lines) && notionProperty(lines[j]) {
		j++
	}
	if j == i || (j < len(lines) && strings.TrimSpace(lines[j]) != "") {
		return title, nil, strings.Join(lines[i:], "")
	}
	var props []string
	for _, l := range lines[i:j] {
		key, value, _ := strings.Cut(strings.TrimRight(l, "\r\n"), ":")
		if k := strings.ToLower(strings.TrimSpace(key)); k == "tags" || k == "tag" {
			tags = append(tags, notionTags(value)...)
			continue
		}
		props = append(props, l)
	}
	tags = notionDedupe(tags)
	rest := lines[j:]
	if len(props) == 0 {
		for len(rest) > 0 && strings.TrimSpace(rest[0]) == "" {
			rest = rest[1:]
		}
	}
	return title, tags, strings.Join(props, "") + strings.Join(rest, "")
}

// notionProperty reports whether a line is a property line: "Key: Value"
// (or "Key:"), with a key of at most 100 characters that does not look
// like other markdown.
func notionProperty(line string) bool {
	l := strings.TrimRight(line, "\r\n")
	key, value, ok := strings.Cut(l, ":")
	if !ok || key == "" || strings.TrimSpace(key) != key || utf8.RuneCountInString(key) > 100 {
		return false
	}
	if value != "" && value[0] != ' ' && value[0] != '\t' {
		return false // "https://…", "12:30"
	}
	for _, p := range []string{"- ", "* ", "+ ", "> ", "|", "`", "<", "# ", "## ", "!["} {
		if strings.HasPrefix(key, p) {
			return false
		}
	}
	return !strings.Contains(key, "](")
}

// notionTags turns a Tags property's value into tags a document takes:
// lowercase letters, digits and "-_./", starting with a letter or digit, at
// most 50 characters; other characters become '-'. A tag with nothing left
// is dropped.
func notionTags(value string) []string {
	var out []string
	for _, raw := range strings.Split(value, ",") {
		var b strings.Builder
		dash := false
		for _, c := range strings.ToLower(strings.TrimSpace(raw)) {
			switch {
			case c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '/':
				b.WriteRune(c)
				dash = false
			case !dash:
				b.WriteByte('-')
				dash = true
			}
		}
		t := strings.TrimLeft(b.String(), "-_./")
		t = strings.TrimRight(t, "-")
		if len(t) > 50 {
			t = strings.TrimRight(t[:50], "-")
		}
		if t != "" {
			out = append(out, t)
		}
	}
	return out
}

// notionDedupe keeps the first of equal tags, and at most 50.
func notionDedupe(tags []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, t := range tags {
		if !seen[t] && len(out) < 50 {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// notionFiles are the files a page refers to, named uniquely in its
// "<slug>.files/" folder.
type notionFiles struct {
	names map[*Entry]string
	taken map[string]bool // lowercase names
	list  []File
}

// name returns the file name of an entry in the page, giving it one the
// first time.
func (f *notionFiles) name(e *Entry) string {
	if n, ok := f.names[e]; ok {
		return n
	}
	if f.names == nil {
		f.names = map[*Entry]string{}
		f.taken = map[string]bool{}
	}
	base := notionFileName(path.Base(e.Name))
	n := base
	ext := path.Ext(base)
	if ext == base {
		ext = ""
	}
	for i := 2; f.taken[strings.ToLower(n)]; i++ {
		n = fmt.Sprintf("%s-%d%s", strings.TrimSuffix(base, ext), i, ext)
	}
	f.taken[strings.ToLower(n)] = true
	f.names[e] = n
	f.list = append(f.list, File{Name: n, Entry: e})
	return n
}

// notionFileName keeps letters, digits, space and "._-+()" of a file name
// and makes the other characters '-'; at most 150 bytes, the extension kept.
func notionFileName(base string) string {
	var b strings.Builder
	for _, c := range base {
		if unicode.IsLetter(c) || unicode.IsDigit(c) || strings.ContainsRune(" ._-+()", c) {
			b.WriteRune(c)
		} else {
			b.WriteByte('-')
		}
	}
	n := strings.TrimSpace(b.String())
	if len(n) > 150 {
		ext := path.Ext(n)
		if len(ext) > 20 {
			ext = ""
		}
		stem := n[:150-len(ext)]
		for !utf8.ValidString(stem) {
			stem = stem[:len(stem)-1]
		}
		n = strings.TrimSpace(stem) + ext
	}
	if strings.Trim(n, ".") == "" {
		return "file"
	}
	return n
}

// rewrite rewrites the links and images of a page's body: a link to a page
// of the export becomes the relative href to it, a link or image to a file
// of the export a file of the page (fs) and the href to it. Anything else
// stays as written.
func (r *notionReader) rewrite(body string, it *notionItem, fs *notionFiles) string {
	if !strings.Contains(body, "](") && !strings.Contains(body, "]:") {
		return body
	}
	dir := it.dir
	body = link.RewriteHrefs(body, func(href string) (string, bool) {
		target, file, frag := r.resolve(href, dir)
		switch {
		case target != nil:
			return RelativeHref(it.path, target.path, target.slug) + frag, true
		case file != nil:
			return RelativeFileHref(it.path, it.path, it.slug, fs.name(file)) + frag, true
		}
		return "", false
	})
	return link.RewriteImageHrefs(body, func(href string) (string, bool) {
		if _, file, _ := r.resolve(href, dir); file != nil {
			return RelativeFileHref(it.path, it.path, it.slug, fs.name(file)), true
		}
		return "", false
	})
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
	if notionScheme(h) || strings.HasPrefix(h, "//") {
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

// notionScheme reports whether s starts with a URL scheme ("https:").
func notionScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return true
		default:
			return false
		}
	}
	return false
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

// table renders a database's CSV as a markdown table of at most
// notionMaxRows rows and room bytes: a title cell of the first column that
// is the title of one of the database's row pages links to it, and a cell
// of "Title (href)" relations whose hrefs all name pages of the export
// links to them.
func (r *notionReader) table(it *notionItem, room int) (string, error) {
	rc, err := it.csv.Open()
	if err != nil {
		return "", err
	}
	defer rc.Close()
	limited := &io.LimitedReader{R: rc, N: notionMaxCSV}
	cr := csv.NewReader(bufio.NewReader(limited))
	cr.FieldsPerRecord = -1
	cr.LazyQuotes = true
	cr.ReuseRecord = true

	rows := r.rows(it)
	var b strings.Builder
	width, shown, total := 0, 0, 0
	cut := false
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", fmt.Errorf("the database's table %s cannot be read: %v", path.Base(it.csv.Name), err)
		}
		if width == 0 || (shown < notionMaxRows && !cut) {
			for _, cell := range rec {
				if !utf8.ValidString(cell) {
					return "", fmt.Errorf("the database's table %s is not valid UTF-8 text", path.Base(it.csv.Name))
				}
			}
		}
		if width == 0 {
			if len(rec) > 0 {
				rec[0] = strings.TrimPrefix(rec[0], "\uFEFF")
			}
			width = max(len(rec), 1)
			head := make([]string, len(rec))
			for i, c := range rec {
				head[i] = notionCell(c)
			}
			b.WriteString(notionRow(head, width))
			b.WriteString("|" + strings.Repeat(" --- |", width) + "\n")
			continue
		}
		total++
		if shown >= notionMaxRows || cut {
			cut = true
			continue
		}
		cells := make([]string, width)
		for i := 0; i < width && i < len(rec); i++ {
			cells[i] = r.cell(it, rec[i], i == 0, rows)
		}
		line := notionRow(cells, width)
		if b.Len()+len(line) > room-200 {
			cut = true
			continue
		}
		b.WriteString(line)
		shown++
	}
	if width == 0 {
		return "_The database's table is empty._\n", nil
	}
	if limited.N <= 0 {
		cut = true
	}
	if cut {
		if limited.N <= 0 {
			fmt.Fprintf(&b, "\n_The table shows the first %d rows; the database has more._\n", shown)
		} else {
			fmt.Fprintf(&b, "\n_The table shows the first %d of %d rows._\n", shown, total)
		}
	}
	return b.String(), nil
}

// notionRow writes a table row of width cells (markdown already).
func notionRow(cells []string, width int) string {
	var b strings.Builder
	b.WriteString("|")
	for i := range width {
		c := ""
		if i < len(cells) {
			c = cells[i]
		}
		if c == "" {
			c = " "
		}
		b.WriteString(" " + c + " |")
	}
	b.WriteString("\n")
	return b.String()
}

// notionCell makes plain text a table cell's markdown: one line, with
// backslashes and '|' escaped.
func notionCell(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	s = strings.ReplaceAll(s, `\`, `\\`)
	return strings.ReplaceAll(s, "|", `\|`)
}

// notionLinkText makes plain text a link's text in a table cell.
func notionLinkText(s string) string {
	s = notionCell(s)
	s = strings.ReplaceAll(s, "[", `\[`)
	return strings.ReplaceAll(s, "]", `\]`)
}

// cell renders one cell of a database's table.
func (r *notionReader) cell(db *notionItem, value string, first bool, rows map[string]*notionItem) string {
	v := strings.TrimSpace(value)
	if v == "" {
		return ""
	}
	if first {
		if row := rows[v]; row != nil {
			return "[" + notionLinkText(v) + "](" + RelativeHref(db.path, row.path, row.slug) + ")"
		}
		return notionCell(v)
	}
	if !strings.Contains(v, "(") && !strings.Contains(v, "://") {
		return notionCell(v)
	}
	// Relations: "Title (href), Title (href)" or bare notion.so URLs.
	var links []string
	cur := ""
	for _, part := range strings.Split(v, ", ") {
		if cur != "" {
			cur += ", "
		}
		cur += part
		text, href := "", ""
		if strings.HasSuffix(cur, ")") {
			if i := strings.LastIndex(cur, " ("); i > 0 {
				text, href = cur[:i], cur[i+2:len(cur)-1]
			}
		} else if notionScheme(cur) && !strings.ContainsAny(cur, " \t") {
			href = cur
		}
		if href == "" || strings.ContainsAny(href, " \t()") {
			continue
		}
		target, _, frag := r.resolve(href, db.dir)
		if target == nil {
			return notionCell(v)
		}
		if text == "" {
			text = target.title
		}
		links = append(links, "["+notionLinkText(text)+"]("+RelativeHref(db.path, target.path, target.slug)+frag+")")
		cur = ""
	}
	if cur != "" || len(links) == 0 {
		return notionCell(v)
	}
	return strings.Join(links, ", ")
}

// rows maps the titles of a database's row pages (from their names and
// their "# Title" lines) to them; a title two rows share maps to none.
func (r *notionReader) rows(db *notionItem) map[string]*notionItem {
	out := map[string]*notionItem{}
	ambiguous := map[string]bool{}
	add := func(title string, it *notionItem) {
		title = strings.TrimSpace(title)
		if title == "" || ambiguous[title] {
			return
		}
		if prev, ok := out[title]; ok && prev != it {
			delete(out, title)
			ambiguous[title] = true
			return
		}
		out[title] = it
	}
	list := r.inDir[db.folder()]
	for _, row := range list {
		add(row.title, row)
	}
	for _, row := range list {
		if row.md != nil {
			if h := notionHeading(row.md); h != "" && h != row.title {
				add(h, row)
			}
		}
	}
	return out
}

// notionHeading returns the "# Title" a page starts with, reading at most
// its first 4 KiB, or "".
func notionHeading(e *Entry) string {
	rc, err := e.Open()
	if err != nil {
		return ""
	}
	defer rc.Close()
	buf := make([]byte, 4096)
	n, _ := io.ReadFull(rc, buf)
	text := strings.TrimPrefix(string(buf[:n]), "\uFEFF")
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimRight(l, "\r")
		if strings.TrimSpace(l) == "" {
			continue
		}
		if strings.HasPrefix(l, "# ") && utf8.ValidString(l) {
			return strings.TrimSpace(l[2:])
		}
		return ""
	}
	return ""
}
