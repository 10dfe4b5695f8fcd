package server

import (
	"encoding/hex"
	"mime"
	"net/http"
	"strings"

	"github.com/google/uuid"

	"codna/internal/auth"
	"codna/internal/fault"
	"codna/internal/request"
)

// download serves GET /files/<document-id>/<name>: a page's file, to whoever
// may read the page (its session cookie or a bearer token), with
// http.ServeContent's semantics (Range, If-None-Match against the sha256
// ETag). 404 when the page is unreadable or has no such file — the two are
// one answer; 401 without a credential.
//
// What the browser may do with it is held down: the type is the sniffed
// one, never re-sniffed (nosniff); anything but an image, PDF, audio or
// video — and SVG, which can carry script — is a download (attachment),
// never rendered as a page of this origin; and every response carries
// Content-Security-Policy: sandbox, so even an inline file runs nothing.
func (s *Server) download(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	info := request.From(ctx)
	actor, err := s.Auth.Authenticate(ctx, auth.Credentials{Session: info.Session, Bearer: bearerToken(r)})
	if err != nil {
		if fe := fault.As(err); fe != nil {
			writeError(w, http.StatusUnauthorized, fe.Code, fe.Message)
			return
		}
		s.log.ErrorContext(ctx, "files: authenticate", "error", err)
		writeError(w, http.StatusServiceUnavailable, fault.Unavailable, "The file cannot be read now; try again.")
		return
	}
	if actor == nil {
		writeError(w, http.StatusUnauthorized, fault.Unauthenticated, "Sign in first.")
		return
	}
	ctx = auth.WithActor(ctx, actor)
	docID, err := uuid.Parse(r.PathValue("document"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	a, f, err := s.Files.Open(ctx, docID, r.PathValue("name"))
	if err != nil {
		switch fault.CodeOf(err) {
		case fault.NotFound, fault.Forbidden, fault.BadInput:
			http.NotFound(w, r)
		case fault.Unauthenticated:
			writeError(w, http.StatusUnauthorized, fault.Unauthenticated, "Sign in first.")
		default:
			s.log.ErrorContext(ctx, "files: open", "document", docID, "error", err)
			writeError(w, http.StatusInternalServerError, fault.Internal, "The file could not be read. Quote request id "+info.ID+" if you report it.")
		}
		return
	}
	defer f.Close()
	h := w.Header()
	h.Set("Content-Type", a.MimeType)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "sandbox")
	h.Set("Cache-Control", "private")
	h.Set("ETag", `"`+hex.EncodeToString(a.SHA256)+`"`)
	disposition := "attachment"
	if inline(a.MimeType) {
		disposition = "inline"
	}
	h.Set("Content-Disposition", mime.FormatMediaType(disposition, map[string]string{"filename": a.Name}))
	http.ServeContent(w, r, a.Name, a.CreatedAt, f)
}

// inline reports whether a browser may show a file of this type in place:
// images (but SVG), PDF, audio and video.
func inline(mimeType string) bool {
	t, _, _ := strings.Cut(mimeType, ";")
	switch {
	case t == "image/svg+xml":
		return false
	case strings.HasPrefix(t, "image/"), strings.HasPrefix(t, "audio/"), strings.HasPrefix(t, "video/"), t == "application/pdf":
		return true
	}
	return false
}
