package server

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"io/fs"
	"net/http"
	"strings"
	"time"

	"codna/frontend/playground"
)

// playgroundCSP is the playground page's Content-Security-Policy for a
// response whose nonce is %s: scripts from this origin only (the page's own files,
// no inline script, no eval, no CDN), styles from this origin and the
// <style> elements carrying the nonce (GraphiQL's dialogs insert one),
// GraphiQL's fonts as data URLs, requests (HTTP and the subscriptions'
// websocket) only to this origin; no framing, no plugins, no forms.
const playgroundCSP = "default-src 'none'; script-src 'self'; style-src 'self' 'nonce-%s'; font-src data:; img-src 'self' data:; " +
	"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// playgroundNonce is the placeholder the build leaves in the page
// (frontend/vite.playground.config.ts) for each response's nonce.
var playgroundNonce = []byte("CODNA_CSP_NONCE")

// playgroundHandler serves GraphiQL built into the binary
// (playground.Dist, docs/api.md): the page at /playground, never cached,
// each response with a fresh nonce in the page and its policy, and the
// page's hashed scripts and styles under /playground/assets/, cached for a
// year and gzipped for clients that accept it; any other asset name is 404.
func playgroundHandler() http.Handler {
	dist, err := fs.Sub(playground.Dist, "dist")
	if err != nil {
		panic(err) // the embedded build always has dist
	}
	page, err := fs.ReadFile(dist, "index.html")
	if err != nil {
		panic(err)
	}
	zipped := &gzipCache{files: map[string][]byte{}}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Frame-Options", "DENY")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		if r.URL.Path == "/playground" {
			var random [18]byte
			_, _ = rand.Read(random[:]) // never fails (crypto/rand)
			nonce := base64.StdEncoding.EncodeToString(random[:])
			h.Set("Content-Security-Policy", fmt.Sprintf(playgroundCSP, nonce))
			h.Set("Content-Type", "text/html; charset=utf-8")
			h.Set("Cache-Control", "no-store")
			_, _ = w.Write(bytes.ReplaceAll(page, playgroundNonce, []byte(nonce)))
			return
		}
		h.Set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'") // a script or style: runs nothing itself
		name := strings.TrimPrefix(r.URL.Path, "/playground/")
		if !strings.HasPrefix(name, "assets/") || strings.Contains(name[len("assets/"):], "/") {
			notFound(w)
			return
		}
		raw, err := fs.ReadFile(dist, name)
		if err != nil {
			notFound(w) // a stale or unknown asset
			return
		}
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
		h.Set("Content-Type", contentType(name))
		h.Set("Vary", "Accept-Encoding")
		if gz := zipped.get(dist, name); gz != nil && acceptsGzip(r) {
			h.Set("Content-Encoding", "gzip")
			raw = gz
		}
		http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(raw))
	})
}
