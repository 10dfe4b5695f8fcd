package server

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"

	"github.com/99designs/gqlgen/graphql/playground"
)

var (
	inlineScript = regexp.MustCompile(`(?s)<script>(.*?)</script>`)
	cdnScript    = regexp.MustCompile(`<script\s+src="(https://[^"]+)"`)
	cdnStyle     = regexp.MustCompile(`<link\s+rel="stylesheet"\s+href="(https://[^"]+)"`)
)

// playgroundHandler serves GraphiQL (gqlgen's page, docs/operations.md),
// rendered once, under a Content-Security-Policy naming exactly what the
// page loads: its one inline script by hash, and the CDN files by URL
// (which the page loads with Subresource Integrity); no framing
// (frame-ancestors 'none', X-Frame-Options DENY), no plugins, no forms;
// requests only to this origin.
func playgroundHandler() http.Handler {
	rec := httptest.NewRecorder()
	playground.Handler("CoDNA", "/graphql")(rec, httptest.NewRequest(http.MethodGet, "/playground", nil))
	page := rec.Body.Bytes()
	scripts := []string{}
	for _, m := range inlineScript.FindAllSubmatch(page, -1) {
		sum := sha256.Sum256(m[1])
		scripts = append(scripts, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
	}
	for _, m := range cdnScript.FindAllSubmatch(page, -1) {
		scripts = append(scripts, string(m[1]))
	}
	styles := []string{"'unsafe-inline'"} // the page's <style> and GraphiQL's style attributes
	for _, m := range cdnStyle.FindAllSubmatch(page, -1) {
		styles = append(styles, string(m[1]))
	}
	csp := strings.Join([]string{
		"default-src 'none'",
		"script-src " + strings.Join(scripts, " "),
		"style-src " + strings.Join(styles, " "),
		"font-src data: https://cdn.jsdelivr.net",
		"img-src data: 'self'",
		"connect-src 'self'",
		"frame-ancestors 'none'",
		"base-uri 'none'",
		"form-action 'none'",
	}, "; ")
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		h := w.Header()
		h.Set("Content-Type", "text/html; charset=utf-8")
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Frame-Options", "DENY")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cache-Control", "no-store")
		_, _ = w.Write(page)
	})
}
