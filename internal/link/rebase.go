package link

import (
	"strings"
)

// sameFolder reports whether two folders are the same once cleaned.
func sameFolder(space1, path1, space2, path2 string) bool {
	a, ok1 := clean(nil, space1+"/"+path1)
	b, ok2 := clean(nil, space2+"/"+path2)
	if !ok1 || !ok2 || len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Rebase rewrites the relative internal hrefs of a document that moves from
// the folder /<fromSpace>/<fromPath>/ to /<toSpace>/<toPath>/ so that each
// still reaches the address it reached before (a moved document's own
// relative links are rebased: docs/design.md#rebasing-on-move). Only inline links and
// definitions are edited (reference uses follow their definition), in place;
// the rest of the body is byte-identical.
//
// An href is rebased when it IsInternal, does not start with '/' (absolute
// hrefs are left alone), and Resolves from the old folder. It is rewritten
// to Relative(toSpace, toPath, address) followed by its ?query and
// #fragment as written; when the original did not end in ".md", neither does
// the new one ("../ops/deploy" stays extension-less). Hrefs that do not
// resolve from the old folder are left alone. When the folder does not
// change (a rename) the body is returned unchanged.
//
// Rebase is its own inverse for bodies whose relative hrefs are in
// Relative's form (with or without ".md"): rebasing back returns the
// original. Other spellings ("./x.md", "a//b.md", "%61.md") are normalised
// when they are rebased. A raw document is never rebased: the caller must not
// call Rebase for one.
func Rebase(body, fromSpace, fromPath, toSpace, toPath string) string {
	if sameFolder(fromSpace, fromPath, toSpace, toPath) {
		return body
	}
	return RewriteHrefs(body, func(href string) (string, bool) {
		return RebaseHref(href, fromSpace, fromPath, toSpace, toPath)
	})
}

// RebaseHref is Rebase's rule for one href: for a relative internal href
// that resolves from /<fromSpace>/<fromPath>/, the href that reaches the same
// address from /<toSpace>/<toPath>/ (Relative's form, without ".md" when the
// original had none, then the original ?query and #fragment as written) and
// true; otherwise "", false. The new href may equal href. With
// RewriteHrefs it lets a caller see which href became which:
//
//	renamed := map[string]string{}
//	body = link.RewriteHrefs(body, func(h string) (string, bool) {
//		n, ok := link.RebaseHref(h, fromSpace, fromPath, toSpace, toPath)
//		if ok && n != h {
//			renamed[h] = n
//		}
//		return n, ok
//	})
//
// (Rebase also returns the body unchanged when the folder is the same.)
func RebaseHref(href, fromSpace, fromPath, toSpace, toPath string) (string, bool) {
	if !IsInternal(href) {
		return "", false
	}
	_, suffix, p := splitHref(href)
	if strings.HasPrefix(p, "/") {
		return "", false
	}
	addr, ok := Resolve(fromSpace, fromPath, href)
	if !ok {
		return "", false
	}
	nh := Relative(toSpace, toPath, addr)
	if !strings.HasSuffix(percentDecode(p), ".md") {
		nh = strings.TrimSuffix(nh, ".md")
	}
	return nh + suffix, true
}
