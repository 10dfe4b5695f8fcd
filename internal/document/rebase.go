package document

import (
	"strings"

	"codna/internal/db"
	"codna/internal/link"
)

// rebase rewrites a body's relative internal hrefs so each still reaches the
// same address once the document lives in (toSpace, toPath), in place,
// keeping ?query and #fragment. Absolute ('/'-rooted) and external hrefs are
// left alone. It returns the new body and which hrefs became which.
func rebase(body string, fromSpace db.Space, fromPath string, toSpace db.Space, toPath string) (string, map[string]string) {
	renamed := map[string]string{}
	out := link.RewriteHrefs(body, func(href string) (string, bool) {
		if strings.HasPrefix(href, "/") || !link.IsInternal(href) {
			return "", false
		}
		addr, ok := link.Resolve(string(fromSpace), fromPath, href)
		if !ok {
			return "", false
		}
		n := link.Relative(string(toSpace), toPath, addr) + suffix(href)
		if n == href {
			return "", false
		}
		renamed[href] = n
		return n, true
	})
	return out, renamed
}

// suffix is an href's ?query and #fragment, kept across a rewrite.
func suffix(href string) string {
	if i := strings.IndexAny(href, "?#"); i >= 0 {
		return href[i:]
	}
	return ""
}
