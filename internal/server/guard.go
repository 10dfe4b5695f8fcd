package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"

	"codna/graph/transport"
	"codna/internal/auth"
	"codna/internal/fault"
	"codna/internal/request"
)

// graphqlGuard enforces, before GraphQL sees a request: the body limit, the
// CSRF rule for cookie requests, the websocket Origin check, authentication
// and the per-request timeout.
func (s *Server) graphqlGuard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		info := request.From(ctx)
		upgrade := r.Header.Get("Upgrade") != ""
		bearer := bearerToken(r)
		multipart := false
		var body *deadlineBody

		if upgrade {
			if !s.originAllowed(r) {
				writeError(w, http.StatusForbidden, fault.Forbidden, "This origin may not open a websocket here.")
				return
			}
			// The socket outlives this request: the websocket transport
			// serves it on a goroutine of its own and closes it when
			// s.sockets ends (transport.Options.Sockets).
		} else {
			multipart = isMultipart(r)
			limit := s.cfg.BodyLimit
			if multipart {
				limit = s.maxUpload()
			}
			if r.ContentLength > limit {
				writeError(w, http.StatusRequestEntityTooLarge, fault.BadInput,
					fmt.Sprintf("The request body is larger than %d bytes.", limit))
				return
			}
			// A body must keep arriving, and a body read whole here must
			// arrive within the request's timeout (docs/operations.md,
			// Limits): a slow client holds a connection that long at most.
			// The deadline is set before anything is read, so a body left
			// unread when the request is refused is not waited for either.
			total := s.cfg.RequestTimeout
			if multipart {
				total = s.uploadTimeout()
			}
			if r.Body != nil && r.Body != http.NoBody {
				body = newDeadlineBody(w, r.Body, s.bodyIdleTimeout(), total)
				r.Body = body
			}
			// A multipart body streams to the transport (to temporary
			// files past its first MiB) under its own limit, once its
			// sender is known; any other is read whole here.
			if !multipart && !s.readBody(w, r) {
				return
			}
			// A cookie rides along on cross-site requests; a JSON body or the
			// custom header cannot be sent cross-site without a CORS preflight,
			// which this server never grants.
			if bearer == "" && info.Session != "" && !csrfSafe(r) {
				writeError(w, http.StatusForbidden, fault.Forbidden,
					"Requests signed in by cookie must be JSON or carry the X-CoDNA-CSRF: 1 (or Apollo-Require-Preflight) header.")
				return
			}
			info.SetCookie = func(c *http.Cookie) { http.SetCookie(w, c) }
			timeout := s.cfg.RequestTimeout
			if multipart {
				timeout = s.uploadTimeout()
			}
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, timeout)
			defer cancel()
		}

		actor, err := s.app.Auth.Authenticate(ctx, auth.Credentials{Session: info.Session, Bearer: bearer})
		if err != nil {
			if fe := fault.As(err); fe != nil && fe.Code == fault.Forbidden {
				// A paused agent's token: known, but refused until resumed.
				writeError(w, http.StatusForbidden, fe.Code, fe.Message)
				return
			}
			if fe := fault.As(err); fe != nil {
				if info.Session != "" && bearer == "" && info.SetCookie != nil {
					// The browser holds a dead session: clear it.
					info.SetCookie(&http.Cookie{Name: auth.SessionCookie, Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode})
				}
				writeError(w, http.StatusUnauthorized, fe.Code, fe.Message)
				return
			}
			if fe := fault.As(fault.FromConn(err)); fe != nil {
				s.log.WarnContext(ctx, "authenticate: database unavailable", "error", err)
				writeError(w, http.StatusServiceUnavailable, fe.Code, fe.Message)
				return
			}
			s.log.ErrorContext(ctx, "authenticate", "error", err)
			writeError(w, http.StatusInternalServerError, fault.Internal,
				"Something went wrong on our side. Quote request id "+info.ID+" if you report it.")
			return
		}
		if multipart {
			// Uploads are for signed-in people only: nobody else's file part
			// is read, let alone spooled to disk (docs/api.md, Files).
			if actor == nil {
				body.stop()
				w.Header().Set("Connection", "close")
				writeError(w, http.StatusUnauthorized, fault.Unauthenticated, "Sign in first.")
				return
			}
			release, ok := s.uploads.acquire(actor.UserID, s.maxUploadsPerUser())
			if !ok {
				body.stop()
				w.Header().Set("Connection", "close")
				writeError(w, http.StatusTooManyRequests, fault.RateLimited,
					fmt.Sprintf("At most %d uploads of one person run at once; wait for one to finish.", s.maxUploadsPerUser()))
				return
			}
			defer release()
		}
		if actor != nil {
			ctx = auth.WithActor(ctx, actor)
			s.app.Auth.NoteWebUse(ctx, actor)
		}
		if upgrade {
			next.ServeHTTP(w, r.WithContext(ctx))
			return
		}
		cw := &codedWriter{ResponseWriter: w}
		next.ServeHTTP(cw, r.WithContext(ctx))
		cw.finish()
	})
}

// readBody reads a request body whole, within the body limit, in place of
// the stream gqlgen would read: a body over the limit answers 413 even when
// it came chunked (with no Content-Length to refuse it by), and a JSON body
// must be exactly one JSON value — gqlgen's decoder would silently ignore
// whatever follows the first. False when it has answered the request.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request) bool {
	body, status, msg := s.readWhole(w, r)
	if status != 0 {
		writeError(w, status, fault.BadInput, msg)
		return false
	}
	if body == nil {
		return true
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err == nil && mt == "application/json" {
		if json.Valid(body) { // one JSON value and nothing after it: the usual case, checked without a decoder
			return true
		}
		dec := json.NewDecoder(bytes.NewReader(body))
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			writeError(w, http.StatusBadRequest, fault.BadInput, "The request body is not valid JSON.")
			return false
		}
		if _, err := dec.Token(); !errors.Is(err, io.EOF) {
			writeError(w, http.StatusBadRequest, fault.BadInput, "The request body must be one JSON object, with nothing after it.")
			return false
		}
	}
	return true
}

// readWhole reads a request body whole, within the body limit, and puts
// the bytes back as the body; nil when there is none. A body it cannot
// take gives the status and message to refuse it with (413 over the limit,
// chunked or not).
func (s *Server) readWhole(w http.ResponseWriter, r *http.Request) (body []byte, status int, msg string) {
	if r.Body == nil || r.Body == http.NoBody {
		return nil, 0, ""
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.BodyLimit))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return nil, http.StatusRequestEntityTooLarge, fmt.Sprintf("The request body is larger than %d bytes.", s.cfg.BodyLimit)
		}
		return nil, http.StatusBadRequest, "The request body could not be read."
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	return body, 0, ""
}

// isMultipart reports whether r is a multipart request (a file upload).
func isMultipart(r *http.Request) bool {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return err == nil && mt == "multipart/form-data"
}

// maxUpload is the largest multipart request: one file at its limit plus
// room for the operation and the part headers.
// maxUpload bounds a multipart request: the larger of a file and an
// import's archive, and a MiB for the rest of the request. Each service
// holds its own files to its own limit as they stream.
func (s *Server) maxUpload() int64 {
	return max(s.app.Files.MaxBytes(), s.app.Transfer.Config().MaxArchiveBytes) + 1<<20
}

func (s *Server) uploadTimeout() time.Duration {
	if s.cfg.UploadTimeout > 0 {
		return s.cfg.UploadTimeout
	}
	return 10 * time.Minute
}

// csrfSafe reports whether a cookie request shows it was not forged
// cross-site: a JSON body, or a header a cross-site page could only send
// after a CORS preflight this server never grants — X-CoDNA-CSRF: 1, or
// Apollo's Apollo-Require-Preflight with any value (docs/api.md).
func csrfSafe(r *http.Request) bool {
	if r.Header.Get("X-CoDNA-CSRF") == "1" || r.Header.Get("Apollo-Require-Preflight") != "" {
		return true
	}
	if r.Method == http.MethodPost {
		mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
		return err == nil && mt == "application/json"
	}
	return false
}

func bearerToken(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return ""
}

// originAllowed accepts a missing Origin (not a browser), the request's own
// host, and the configured origins.
func (s *Server) originAllowed(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	host := transport.OriginHost(origin)
	if host == "" {
		return false
	}
	if strings.EqualFold(host, r.Host) {
		return true
	}
	for _, o := range s.cfg.AllowedOrigins {
		if ok, _ := path.Match(strings.ToLower(transport.OriginHost(o)), strings.ToLower(host)); ok {
			return true
		}
	}
	return false
}
