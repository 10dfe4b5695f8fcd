package server

import (
	"context"
	"encoding/hex"
	"io"
	"mime"
	"net/http"
	"strings"
	"time"

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
	ctx, ok := s.fileActor(w, r)
	if !ok {
		return
	}
	docID, err := uuid.Parse(r.PathValue("document"))
	if err != nil {
		notFound(w)
		return
	}
	a, f, err := s.app.Files.Open(ctx, docID, r.PathValue("name"))
	if err != nil {
		s.fileError(w, r, err)
		return
	}
	defer f.Close()
	serveFile(w, r, f, a.Name, a.MimeType, a.SHA256, a.CreatedAt, inline(a.MimeType))
}

// original serves GET /ingestions/<id>/original: the kept original of one
// of your ingestions, always as a download (404 for anyone else's).
func (s *Server) original(w http.ResponseWriter, r *http.Request) {
	ctx, ok := s.fileActor(w, r)
	if !ok {
		return
	}
	id, err := uuid.Parse(r.PathValue("id"))
	if err != nil {
		notFound(w)
		return
	}
	g, f, err := s.app.Ingest.Original(ctx, id)
	if err != nil {
		s.fileError(w, r, err)
		return
	}
	defer f.Close()
	serveFile(w, r, f, g.Filename, g.MimeType, g.SHA256, g.CreatedAt, false)
}

// exportZip serves a ready export's zip to its requester, as a download.
func (s *Server) exportZip(w http.ResponseWriter, r *http.Request) {
	ctx, ok := s.fileActor(w, r)
	if !ok {
		return
	}
	id, err := uuid.Parse(r.PathValue("id"))
	if err != nil {
		notFound(w)
		return
	}
	e, f, err := s.app.Transfer.OpenExport(ctx, id)
	if err != nil {
		s.fileError(w, r, err)
		return
	}
	defer f.Close()
	name := "codna-" + string(e.Space)
	if e.Path != "" {
		name += "-" + strings.ReplaceAll(e.Path, "/", "-")
	}
	modified := e.CreatedAt
	if e.FinishedAt != nil {
		modified = *e.FinishedAt
	}
	serveFile(w, r, f, name+".zip", "application/zip", []byte(e.ID.String()), modified, false)
}

// fileActor authenticates a file download (session cookie or bearer
// token) and returns its context; false when it has answered (401, 503).
func (s *Server) fileActor(w http.ResponseWriter, r *http.Request) (context.Context, bool) {
	ctx := r.Context()
	info := request.From(ctx)
	actor, err := s.app.Auth.Authenticate(ctx, auth.Credentials{Session: info.Session, Bearer: bearerToken(r)})
	if err != nil {
		if fe := fault.As(err); fe != nil {
			status := http.StatusUnauthorized
			if fe.Code == fault.Forbidden {
				status = http.StatusForbidden // a paused agent's token
			}
			writeError(w, status, fe.Code, fe.Message)
			return nil, false
		}
		s.log.ErrorContext(ctx, "files: authenticate", "error", err)
		writeError(w, http.StatusServiceUnavailable, fault.Unavailable, "The file cannot be read now; try again.")
		return nil, false
	}
	if actor == nil {
		writeError(w, http.StatusUnauthorized, fault.Unauthenticated, "Sign in first.")
		return nil, false
	}
	return auth.WithActor(ctx, actor), true
}

// fileError answers a download the service refused: 404 for anything that
// must not say more (an unreadable page answers as a missing one).
func (s *Server) fileError(w http.ResponseWriter, r *http.Request, err error) {
	switch fault.CodeOf(err) {
	case fault.NotFound, fault.Forbidden, fault.BadInput:
		notFound(w)
	case fault.Unauthenticated:
		writeError(w, http.StatusUnauthorized, fault.Unauthenticated, "Sign in first.")
	default:
		s.log.ErrorContext(r.Context(), "files: open", "path", r.URL.Path, "error", err)
		writeError(w, http.StatusInternalServerError, fault.Internal, "The file could not be read. Quote request id "+request.From(r.Context()).ID+" if you report it.")
	}
}

// notFound is every download's 404 (a malformed id or name, a missing or
// unreadable file): one JSON error body, saying nothing more.
func notFound(w http.ResponseWriter) {
	writeError(w, http.StatusNotFound, fault.NotFound, "No such file.")
}

// serveFile sends a stored file with the headers every download carries.
func serveFile(w http.ResponseWriter, r *http.Request, f io.ReadSeeker, name, mimeType string, sum []byte, modified time.Time, showInline bool) {
	h := w.Header()
	h.Set("Content-Type", mimeType)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "sandbox")
	h.Set("Cache-Control", "private")
	if len(sum) > 0 {
		h.Set("ETag", `"`+hex.EncodeToString(sum)+`"`)
	}
	disposition := "attachment"
	if showInline {
		disposition = "inline"
	}
	h.Set("Content-Disposition", mime.FormatMediaType(disposition, map[string]string{"filename": name}))
	http.ServeContent(w, r, name, modified, f)
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
