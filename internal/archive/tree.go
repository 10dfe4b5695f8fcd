package archive

import (
	"fmt"
	"path"
	"strings"

	"codna/internal/link"
)

// Format names an archive format an import reads.
type Format string

// The formats.
const (
	FormatMarkdown   Format = "markdown"   // a folder tree of .md files with their files
	FormatNotion     Format = "notion"     // Notion's "Markdown & CSV" export
	FormatConfluence Format = "confluence" // a Confluence space HTML export
	FormatFiles      Format = "files"      // any files, each converted as an ingestion is
)

// Formats lists the formats, in the order the docs give them.
var Formats = []Format{FormatMarkdown, FormatNotion, FormatConfluence, FormatFiles}

// Page is one page an archive becomes, where it lands below the import's
// folder, and how to read its content.
type Page struct {
	// Key identifies the page in its source across exports (a Notion
	// page id, a Confluence page id, the entry's path for a markdown
	// tree): import_pages.source_key, what a re-import finds it by.
	Key string
	// Path is the folder below the import's folder ("" for the folder
	// itself, "eng/setup"): segments like slugs.
	Path string
	// Slug is the page's slug in Path. Path and Slug are unique among a
	// Tree's pages.
	Slug string
	// Entry is the archive entry the page is read from (for the report).
	Entry string
	// Load reads the page's content. It is called once per page, when the
	// page is written, so a Tree holds one page's body at a time.
	Load func() (*Content, error)
}

// Content is what a page holds.
type Content struct {
	Title  string
	Tags   []string
	Status string // "" (active) or a document status ("draft", "archived", …)
	// Body is the page's markdown. Links to other pages of the Tree are
	// relative hrefs from this page's folder that resolve to their Path and
	// Slug (RelativeHref makes them: "../ops/deploy"); files of a page are
	// "<slug>.files/<name>" relative hrefs the same way (RelativeFileHref).
	// Hrefs to anything outside the archive are left as written.
	Body string
	// Files are the page's files, each to be attached under its Name.
	Files []File
	// Dropped lists frontmatter keys that were read and not kept ("id",
	// "owner", "created", "updated": they belong to the instance).
	Dropped []string
}

// File is a file a page carries: Name in its "<slug>.files/" folder, the
// bytes from Entry.
type File struct {
	Name  string
	Entry *Entry
}

// Tree is what a format reader makes of an archive: its pages, in the
// order to write them (parents before children), and what it left out.
type Tree struct {
	Pages   []Page
	Skipped []Skip
}

// Read turns an opened archive into a Tree by format. Errors: ErrFormat
// (wrapped) when the archive is not of that format; an unknown format is
// an error too.
func Read(a *Archive, f Format) (*Tree, error) {
	var t *Tree
	var err error
	switch f {
	case FormatMarkdown:
		t, err = readMarkdown(a)
	case FormatNotion:
		t, err = readNotion(a)
	case FormatConfluence:
		t, err = readConfluence(a)
	case FormatFiles:
		t, err = readFiles(a)
	default:
		return nil, fmt.Errorf("archive: unknown format %q", f)
	}
	if err != nil {
		return nil, err
	}
	t.Skipped = append(append([]Skip(nil), a.Skipped...), t.Skipped...)
	return t, nil
}

// Slugify makes a slug (or a folder segment) of a name: lowercase letters
// and digits, every run of other characters one hyphen, at most 60
// characters; fallback when nothing is left.
func Slugify(name, fallback string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		switch {
		case (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9'):
			b.WriteRune(r)
			dash = false
		case !dash && b.Len() > 0:
			b.WriteByte('-')
			dash = true
		}
	}
	s := strings.TrimRight(b.String(), "-")
	if len(s) > 60 {
		s = strings.TrimRight(s[:60], "-")
	}
	if s == "" {
		return fallback
	}
	return s
}

// Namer hands out page addresses unique within a Tree: a second page
// wanting the same folder and slug gets "slug-2", and so on.
type Namer struct{ taken map[string]bool }

// NewNamer returns an empty Namer.
func NewNamer() *Namer { return &Namer{taken: map[string]bool{}} }

// Take returns slug, or the first free "slug-N", in folder, and marks it
// taken.
func (n *Namer) Take(folder, slug string) string {
	s := slug
	for i := 2; n.taken[path.Join(folder, s)]; i++ {
		s = fmt.Sprintf("%s-%d", slug, i)
	}
	n.taken[path.Join(folder, s)] = true
	return s
}

// RelativeHref is the relative href from a page in folder fromPath to the
// page (toPath, toSlug) of the same Tree: "../ops/deploy", "deploy".
func RelativeHref(fromPath, toPath, toSlug string) string {
	const space = "raw" // any: both ends are in the same space
	return strings.TrimSuffix(link.Relative(space, fromPath, link.Address{Space: space, Path: toPath, Slug: toSlug}), ".md")
}

// RelativeFileHref is the relative href from a page in folder fromPath to
// the file name of the page (toPath, toSlug): "deploy.files/diagram.png",
// "../ops/deploy.files/diagram.png".
func RelativeFileHref(fromPath, toPath, toSlug, name string) string {
	const space = "raw"
	return link.RelativeFile(space, fromPath, link.Address{Space: space, Path: toPath, Slug: toSlug}, name)
}

// wrappingFolder returns "name/" when every entry but junk is inside the
// one folder name (an archiver zipped the folder, not its contents), and ""
// otherwise.
func wrappingFolder(a *Archive) string {
	root := ""
	for _, e := range a.Entries() {
		if junk(e.Name) {
			continue
		}
		top, _, nested := strings.Cut(e.Name, "/")
		if !nested || (root != "" && top != root) {
			return ""
		}
		root = top
	}
	if root == "" {
		return ""
	}
	return root + "/"
}

// junk reports the entries operating systems and archivers add that are
// nobody's content: macOS's __MACOSX/ and ._ files, .DS_Store, Windows'
// Thumbs.db and desktop.ini.
func junk(name string) bool {
	for _, seg := range strings.Split(name, "/") {
		if seg == "__MACOSX" {
			return true
		}
	}
	base := path.Base(name)
	return base == ".DS_Store" || strings.HasPrefix(base, "._") || strings.EqualFold(base, "Thumbs.db") || strings.EqualFold(base, "desktop.ini")
}
