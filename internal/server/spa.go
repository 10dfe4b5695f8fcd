package server

import (
	"io/fs"
	"net/http"
	"path"
	"strings"

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
