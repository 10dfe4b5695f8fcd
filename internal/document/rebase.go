package document

import (
	"codna/internal/db"
	"codna/internal/link"
)

// rebase rewrites a body's relative internal hrefs so each still reaches the
// same address once the document lives in (toSpace, toPath), in place, by
// link.RebaseHref's rule (absolute and external hrefs untouched, ?query and
// #fragment kept). It returns the new body and which hrefs became which, so
// the document's edges can be renamed rather than re-created.
func rebase(body string, fromSpace db.Space, fromPath string, toSpace db.Space, toPath string) (string, map[string]string) {
	renamed := map[string]string{}
	if fromSpace == toSpace && fromPath == toPath {
		return body, renamed
	}
	out := link.RewriteHrefs(body, func(href string) (string, bool) {
		n, ok := link.RebaseHref(href, string(fromSpace), fromPath, string(toSpace), toPath)
		if ok && n != href {
			renamed[href] = n
		}
		return n, ok
	})
	return out, renamed
}
