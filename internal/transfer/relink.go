package transfer

import (
	"strings"

	"codna/internal/link"
)

// relink rewrites a page's body, whose hrefs were written for the page at
// from (where the archive puts it), so that each reaches what it meant from
// to (where the page lands): a page of the import that landed elsewhere
// (moved: planned address → actual) is reached where it is, the page's own
// files follow it under the names names gives them, and relative hrefs are
// rebased when the folder differs. Hrefs that do not resolve, '/'-rooted
// ones and external ones are left as written; so is everything when
// nothing differs.
func relink(body string, from, to link.Address, moved map[string]link.Address, names map[string]string) string {
	renames := false
	for k, v := range names {
		if k != v {
			renames = true
			break
		}
	}
	if from == to && len(moved) == 0 && !renames {
		return body
	}
	body = link.RewriteHrefs(body, func(href string) (string, bool) {
		if !link.IsInternal(href) || strings.HasPrefix(href, "/") {
			return "", false
		}
		addr, ok := link.Resolve(from.Space, from.Path, href)
		if !ok {
			return "", false
		}
		target := addr
		if m, ok := moved[addr.String()]; ok {
			target = m
		}
		if target == addr && from.Space == to.Space && from.Path == to.Path {
			return "", false
		}
		path, suffix := splitSuffix(href)
		nh := link.Relative(to.Space, to.Path, target)
		if !strings.HasSuffix(strings.ToLower(path), ".md") {
			nh = strings.TrimSuffix(nh, ".md")
		}
		return nh + suffix, true
	})
	return link.RewriteFileHrefs(body, func(href string) (string, bool) {
		if strings.HasPrefix(href, "/") {
			return "", false
		}
		page, name, ok := link.ResolveFile(from.Space, from.Path, href)
		if !ok {
			return "", false
		}
		newPage, newName := page, name
		if page == from {
			newPage = to
			if n, ok := names[name]; ok {
				newName = n
			}
		} else if m, ok := moved[page.String()]; ok {
			newPage = m
		}
		if newPage == page && newName == name && from.Space == to.Space && from.Path == to.Path {
			return "", false
		}
		_, suffix := splitSuffix(href)
		return link.RelativeFile(to.Space, to.Path, newPage, newName) + suffix, true
	})
}

// renameFiles rewrites the references of the page at page to its own files
// that renamed gives other names.
func renameFiles(body string, page link.Address, renamed map[string]string) string {
	if len(renamed) == 0 {
		return body
	}
	return link.RewriteFileHrefs(body, func(href string) (string, bool) {
		p, name, ok := link.ResolveFile(page.Space, page.Path, href)
		n, renamedToo := renamed[name]
		if !ok || p != page || !renamedToo || strings.HasPrefix(href, "/") {
			return "", false
		}
		_, suffix := splitSuffix(href)
		return link.RelativeFile(page.Space, page.Path, page, n) + suffix, true
	})
}

// splitSuffix splits an href into its path and its "?query#fragment".
func splitSuffix(href string) (string, string) {
	if i := strings.IndexAny(href, "?#"); i >= 0 {
		return href[:i], href[i:]
	}
	return href, ""
}
