package server

import (
	"fmt"
	"net/http"
	"strings"
	"unicode"

	"github.com/google/uuid"
)

// pageExport serves GET /documents/<id>.md: the page as markdown with its
// frontmatter, or, when it has files, a zip of <slug>.md and its files
// (transfer.Service.ExportPage), to whoever may read it, by session cookie
// or bearer token as /files/ downloads are (a GET that changes nothing,
// so no CSRF header is asked). An unreadable, unknown or trashed page and
// management all get the one 404 body; no credential is 401.
func (s *Server) pageExport(w http.ResponseWriter, r *http.Request) {
	ctx, ok := s.fileActor(w, r)
	if !ok {
		return
	}
	raw, isMD := strings.CutSuffix(r.PathValue("file"), ".md")
	id, err := uuid.Parse(raw)
	if !isMD || err != nil {
		notFound(w)
		return
	}
	p, err := s.app.Transfer.ExportPage(ctx, id)
	if err != nil {
		s.fileError(w, r, err)
		return
	}
	h := w.Header()
	if p.Zip() {
		h.Set("Content-Type", "application/zip")
	} else {
		h.Set("Content-Type", "text/markdown; charset=utf-8")
	}
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "sandbox")
	h.Set("Cache-Control", "private, no-store")
	h.Set("Content-Disposition", attachment(p.Name()))
	if r.Method == http.MethodHead {
		return
	}
	if err := p.Write(ctx, w); err != nil {
		// The headers are gone: the body stops short, and the log says why.
		s.log.ErrorContext(ctx, "page export: write", "document", id, "error", err)
	}
}

// attachment is a Content-Disposition of a download named name, as RFC 6266
// asks: an ASCII filename for old clients (anything else, quotes and
// backslashes as _) and the exact name in filename* (RFC 8187, UTF-8,
// percent-encoded). Control characters are stripped from both, so a name
// can never break the header.
func attachment(name string) string {
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, name)
	ascii := strings.Map(func(r rune) rune {
		if r < 0x20 || r > 0x7e || r == '"' || r == '\\' {
			return '_'
		}
		return r
	}, name)
	var enc strings.Builder
	for _, b := range []byte(name) {
		if isAttrChar(b) {
			enc.WriteByte(b)
		} else {
			fmt.Fprintf(&enc, "%%%02X", b)
		}
	}
	return `attachment; filename="` + ascii + `"; filename*=UTF-8''` + enc.String()
}

// isAttrChar reports whether b may stand for itself in an RFC 8187 value.
func isAttrChar(b byte) bool {
	switch {
	case 'a' <= b && b <= 'z', 'A' <= b && b <= 'Z', '0' <= b && b <= '9':
		return true
	}
	return strings.IndexByte("!#$&+-.^_`|~", b) >= 0
}
