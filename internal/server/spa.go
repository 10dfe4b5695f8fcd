package server

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"

	"codna/frontend"
)

// appCSP is the web app's Content-Security-Policy: its own scripts and
// styles only (no inline script, no eval), images from itself and data or
// blob URLs (a pasted image's preview), and the API and its websocket on
// the same origin.
const appCSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; " +
	"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// appHandler serves the web app embedded in the binary (frontend.Dist): a
// file of the build as it is, hashed assets (assets/) cached for a year,
// and index.html for every other path (the app routes in the browser:
// /wiki/ops/deploy is a page). A binary built without the app serves the
// placeholder that says how to build it.
func appHandler() http.Handler {
	zipped := &gzipCache{files: map[string][]byte{}}
	app, err := fs.Sub(frontend.Dist, "dist/app")
	if _, statErr := fs.Stat(app, "index.html"); err != nil || statErr != nil {
		app, _ = fs.Sub(frontend.Dist, "dist")
	}
	index, _ := fs.ReadFile(app, "index.html")
	files := http.FileServerFS(app)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed\n", http.StatusMethodNotAllowed)
			return
		}
		h := w.Header()
		h.Set("Content-Security-Policy", appCSP)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "same-origin")
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name != "" && name != "index.html" {
			if st, err := fs.Stat(app, name); err == nil && !st.IsDir() {
				if strings.HasPrefix(name, "assets/") {
					h.Set("Cache-Control", "public, max-age=31536000, immutable")
					if gz := zipped.get(app, name); gz != nil && acceptsGzip(r) {
						h.Set("Vary", "Accept-Encoding")
						h.Set("Content-Encoding", "gzip")
						h.Set("Content-Type", contentType(name))
						http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(gz))
						return
					}
					h.Set("Vary", "Accept-Encoding")
				} else {
					h.Set("Cache-Control", "no-cache")
				}
				files.ServeHTTP(w, r)
				return
			}
			if strings.HasPrefix(name, "assets/") {
				http.NotFound(w, r) // a stale asset, not a page
				return
			}
		}
		h.Set("Content-Type", "text/html; charset=utf-8")
		h.Set("Cache-Control", "no-cache")
		_, _ = w.Write(index)
	})
}

// gzipCache holds the gzipped bytes of the app's compressible assets, made
// once on first request (the build never changes under a running binary).
type gzipCache struct {
	mu    sync.Mutex
	files map[string][]byte // nil: not worth compressing
}

// get returns name's gzipped bytes, or nil for a file not compressed
// (images, fonts, small files).
func (c *gzipCache) get(app fs.FS, name string) []byte {
	ext := path.Ext(name)
	if ext != ".js" && ext != ".css" && ext != ".svg" && ext != ".json" && ext != ".map" {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if gz, ok := c.files[name]; ok {
		return gz
	}
	raw, err := fs.ReadFile(app, name)
	var out []byte
	if err == nil && len(raw) > 1024 {
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		_, _ = zw.Write(raw)
		_ = zw.Close()
		out = b.Bytes()
	}
	c.files[name] = out
	return out
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(enc), "gzip") && strings.TrimSpace(q) != "q=0" {
			return true
		}
	}
	return false
}

func contentType(name string) string {
	switch path.Ext(name) {
	case ".js":
		return "text/javascript; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".svg":
		return "image/svg+xml"
	}
	return "application/json"
}
