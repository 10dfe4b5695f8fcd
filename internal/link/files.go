package link

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// FilesSuffix ends the name of the folder a page's files live in: the page
// ops/deploy keeps its files in ops/deploy.files/ (docs/design.md#files).
const FilesSuffix = ".files"

// FileRef is one distinct reference to a page's file in a body: what becomes
// an attachment_refs row (one per distinct href per source).
type FileRef struct {
	// Href is the destination exactly as written: the row's key.
	Href string
	// Count is the number of links and images with this href (a use of a
	// reference definition counts; the definition itself does not).
	Count int
}

// ExtractFiles returns the references to files of a body, one FileRef per
// distinct href, in order of first appearance: the destinations of links
// and images (inline, or through a reference definition) that name
// "<slug>.files/<name>" by a relative or '/'-rooted path (FileHref). What
// is a link or an image is goldmark's reading, as for Extract: nothing in
// code spans, code blocks or raw HTML counts. Whether an href resolves
// (ResolveFile) depends on the source's folder and is not checked here.
func ExtractFiles(body string) []FileRef {
	if !strings.Contains(body, "files") && !strings.ContainsAny(body, "%&") {
		return nil // no way to spell a files folder: the common case costs no parse
	}
	p := parse(body)
	type use struct {
		at   int
		href string
	}
	var uses []use
	for _, o := range p.occ {
		if o.Kind != Definition {
			uses = append(uses, use{o.Start, o.Href})
		}
	}
	for _, im := range p.state.images {
		uses = append(uses, use{im.start, im.dest})
	}
	for _, label := range p.state.imageRefs {
		if i, ok := p.defs[label]; ok {
			uses = append(uses, use{p.occ[i].Start, p.occ[i].Href})
		}
	}
	// Links come in source order, images after them: order by position so
	// the result is in order of first appearance.
	slices.SortStableFunc(uses, func(a, b use) int { return a.at - b.at })
	var refs []FileRef
	index := map[string]int{}
	for _, u := range uses {
		if i, seen := index[u.href]; seen {
			refs[i].Count++
			continue
		}
		if !FileHref(u.href) {
			continue
		}
		index[u.href] = len(refs)
		refs = append(refs, FileRef{Href: u.href, Count: 1})
	}
	return refs
}

// FileHref reports whether href, a destination as written, names a file
// in a page's files folder: no URL scheme and no "//host"; its path
// (escapes, entities and percent-encoding decoded) ends in
// "<slug>.files/<name>" with a non-empty slug and a name that is not "."
// or "..".
func FileHref(href string) bool {
	_, _, p := splitHref(href)
	if p == "" || strings.HasPrefix(p, "//") || HasScheme(p) {
		return false
	}
	_, _, ok := splitFilePath(percentDecode(p))
	return ok
}

// splitFilePath splits a decoded path ".../<slug>.files/<name>" into the
// page's path (".../<slug>") and the name.
func splitFilePath(p string) (page, name string, ok bool) {
	i := strings.LastIndexByte(p, '/')
	if i < 0 {
		return "", "", false
	}
	dir, name := p[:i], p[i+1:]
	if name == "" || name == "." || name == ".." {
		return "", "", false
	}
	page, ok = strings.CutSuffix(dir, FilesSuffix)
	if !ok {
		return "", "", false
	}
	if slug := page[strings.LastIndexByte(page, '/')+1:]; slug == "" || slug == "." || slug == ".." {
		return "", "", false
	}
	return page, name, true
}

// ResolveFile turns href, a file reference as written in a document at
// /<sourceSpace>/<sourcePath>/, into the address of the page the file
// belongs to and the file's name: "../ops/deploy.files/diagram.png" from
// wiki:engineering is (wiki:ops/deploy, "diagram.png"). The ?query and
// #fragment are dropped; the page's part resolves as Resolve resolves a
// link ("deploy" naming the slug, no ".md"). It reports false for an href
// that is not a FileHref, or whose page part does not resolve, or whose
// name is not valid UTF-8 or holds NUL.
func ResolveFile(sourceSpace, sourcePath, href string) (Address, string, bool) {
	if !FileHref(href) {
		return Address{}, "", false
	}
	_, _, p := splitHref(href)
	page, name, _ := splitFilePath(percentDecode(p))
	if !utf8.ValidString(name) || strings.IndexByte(name, 0) >= 0 {
		return Address{}, "", false
	}
	a, ok := resolvePath(sourceSpace, sourcePath, page)
	if !ok || strings.HasSuffix(page, ".md") {
		return Address{}, "", false
	}
	return a, name, true
}

// RelativeFile returns the relative href from a document in
// /<fromSpace>/<fromPath>/ to the file name of the page at page, such that
// ResolveFile(fromSpace, fromPath, RelativeFile(fromSpace, fromPath, page,
// name)) == (page, name): "deploy.files/diagram.png" beside the page,
// "../ops/deploy.files/diagram.png" elsewhere. Segments are percent-encoded
// as Relative encodes them, so the result needs no markdown escaping or
// angle brackets.
func RelativeFile(fromSpace, fromPath string, page Address, name string) string {
	rel := strings.TrimSuffix(Relative(fromSpace, fromPath, page), ".md")
	return rel + FilesSuffix + "/" + escapeSegment(name)
}

// RewriteFileHrefs calls rewrite with the destination of every link
// (Inline and Definition occurrences, as RewriteHrefs) and every inline
// image of body that is a FileHref, and where it returns (newHref, true)
// with newHref different, replaces that destination's bytes, in place
// (everything else byte for byte). newHref should be in RelativeFile's form
// (no markdown escaping needed). An image destination written with escapes
// or entities is left alone (it cannot be replaced exactly).
func RewriteFileHrefs(body string, rewrite func(href string) (string, bool)) string {
	only := func(href string) (string, bool) {
		if !FileHref(href) {
			return "", false
		}
		return rewrite(href)
	}
	body = RewriteHrefs(body, only)
	return RewriteImageHrefs(body, only)
}

// RewriteImageHrefs calls rewrite with the destination of every inline
// image ("![alt](src)") of body, as written, and where it returns
// (newHref, true) with newHref different, replaces that destination, in
// place; everything else stays byte for byte. A destination written with
// escapes or entities (not exactly as goldmark read it) is left alone, and
// so is one whose replacement could not stand there (it must not need
// escaping: no space, control character, '<', '>', '(' or ')', '\' or
// '|'). Links are RewriteHrefs' business: an image is not a link.
func RewriteImageHrefs(body string, rewrite func(href string) (string, bool)) string {
	src := []byte(body)
	var b strings.Builder
	last := 0
	for _, im := range parse(body).state.images {
		raw := body[im.start:im.end]
		inner := strings.TrimSuffix(strings.TrimPrefix(raw, "<"), ">")
		if inner != im.dest || im.start < last {
			continue
		}
		nh, ok := rewrite(inner)
		if !ok || nh == inner || !plainDest(nh) {
			continue
		}
		off := im.start + (len(raw) - len(strings.TrimPrefix(raw, "<")))
		b.Write(src[last:off])
		b.WriteString(nh)
		last = off + len(inner)
	}
	if last == 0 {
		return body
	}
	b.Write(src[last:])
	return b.String()
}

// plainDest reports whether s can replace a destination, bare or in <...>,
// without escaping.
func plainDest(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c == 0x7f || strings.IndexByte(`<>()\|`, c) >= 0 {
			return false
		}
	}
	return true
}

// RebaseFiles rewrites the relative file references of a document that
// moves from the address from to the address to (folder, slug or both), in
// place, so that each still names the same file: references to the
// document's own files (its "<slug>.files/" folder goes with it) name the
// folder of its new address, and references to other pages' files are
// rebased to the new folder as Rebase rebases links. '/'-rooted hrefs and
// hrefs that do not resolve are left alone, and so are references whose
// href need not change; the ?query and #fragment, and a leading "./" where
// the new href stays in the folder, are kept as written. It
// returns body unchanged when from equals to.
func RebaseFiles(body string, from, to Address) string {
	if from == to {
		return body
	}
	return RewriteFileHrefs(body, func(href string) (string, bool) {
		_, suffix, p := splitHref(href)
		if strings.HasPrefix(p, "/") {
			return "", false
		}
		page, name, ok := ResolveFile(from.Space, from.Path, href)
		if !ok {
			return "", false
		}
		if page == from {
			page = to
		} else if sameFolder(from.Space, from.Path, to.Space, to.Path) {
			return "", false
		}
		nh := RelativeFile(to.Space, to.Path, page, name)
		if strings.HasPrefix(p, "./") && !strings.HasPrefix(nh, "../") {
			nh = "./" + nh // the author's style: "./deploy.files/x" stays "./release.files/x"
		}
		return nh + suffix, true
	})
}

// RetargetFile rewrites every link and inline image of body whose
// destination is exactly href (a file reference written in a document at
// /<fromSpace>/<fromPath>/) to name the file name of the page at page, by
// RelativeFile, keeping href's ?query and #fragment; everything else stays
// byte for byte.
func RetargetFile(body, href string, page Address, name, fromSpace, fromPath string) string {
	_, suffix, _ := splitHref(href)
	nh := RelativeFile(fromSpace, fromPath, page, name) + suffix
	return RewriteFileHrefs(body, func(h string) (string, bool) { return nh, h == href })
}
