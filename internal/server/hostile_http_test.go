package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
	"codna/internal/server"
)

// lockedBuffer is a log sink the server's goroutines write to at once.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// logged serves b's App through a second server whose log is kept, to
// assert what a request logged.
func logged(t *testing.T, b *bundle) (*httptest.Server, *lockedBuffer) {
	t.Helper()
	var log lockedBuffer
	srv := server.New(b.app, server.DefaultConfig, slog.New(slog.NewTextHandler(&log, &slog.HandlerOptions{Level: slog.LevelWarn})))
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(hs.Close)
	return hs, &log
}

// rawGet sends path as the request target exactly as given (no cleaning,
// no re-escaping) and follows no redirect.
func rawGet(t *testing.T, base, method, path, bearer string, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	u, err := url.Parse(base)
	require.NoError(t, err)
	hr, err := http.NewRequest(method, base, nil)
	require.NoError(t, err)
	hr.URL = &url.URL{Scheme: u.Scheme, Host: u.Host, Opaque: path}
	if bearer != "" {
		hr.Header.Set("Authorization", "Bearer "+bearer)
	}
	for k, v := range header {
		hr.Header.Set(k, v)
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(hr)
	require.NoError(t, err, "%s %s", method, path)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err, "%s %s %v", method, path, header)
	return resp, raw
}

// A file name that no file can have (NUL, invalid UTF-8, a control
// character, overlong) is not looked up: 404 with the JSON error body,
// nothing logged. It was 500 INTERNAL and an ERROR line per request.
func TestFileNamesNoFileCanHaveAreNotFound(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner := pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, owner.ID)
	doc := b.create(t, tok, "ops", "deploy", "files")
	hs, log := logged(t, b)
	for _, name := range []string{"a%00b.png", "a%ffb.png", "%ed%a0%80.png", "a%01b.png", "a%7fb.png", "a%c2%85b.png", strings.Repeat("a", 300) + ".png"} {
		for _, method := range []string{http.MethodGet, http.MethodHead} {
			resp, body := rawGet(t, hs.URL, method, "/files/"+doc+"/"+name, tok, nil)
			require.Equal(t, http.StatusNotFound, resp.StatusCode, name)
			require.Equal(t, "application/json", resp.Header.Get("Content-Type"), name)
			if method == http.MethodGet {
				var e gqlResponse
				require.NoError(t, json.Unmarshal(body, &e), name)
				require.Equal(t, "NOT_FOUND", e.code(), name)
			}
		}
	}
	require.NotContains(t, log.String(), "level=ERROR")
}

// The hostile corpus over the download endpoints: hostile paths, ids and
// Range headers, as nobody, a stranger and the owner. Never a 5xx, never an
// ERROR logged, never a byte of the file or export to anyone but the owner.
func TestHostileDownloadPaths(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner, stranger := pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool)
	oTok, sTok := pgtest.CreatePersonToken(t, b.pool, owner.ID), pgtest.CreatePersonToken(t, b.pool, stranger.ID)
	doc := b.create(t, oTok, "ops", "deploy", "The diagram")
	secret := []byte("\x89PNG\r\n\x1a\nSECRET-BYTES-OF-THE-OWNER")
	require.Empty(t, b.upload(t, req{bearer: oTok}, doc, "diagram.png", secret, nil).Errors)
	e := obj(b.gql(t, oTok, `mutation { exportDocuments(space: WIKI) { export { id } } }`, nil), "exportDocuments", "export", "id").(string)
	require.NoError(t, b.app.ExportWorker.Drain(context.Background()))
	hs, log := logged(t, b)

	ids := []string{doc, "not-an-id", "%00", doc + "%00", "%ff" + doc[2:], strings.ToUpper(doc), "urn:uuid:" + doc, "{" + doc + "}",
		"00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff", strings.Repeat("9", 4000), "..", "%2e%2e", "%e6%97%a5"}
	names := []string{"diagram.png", "a%00b.png", "diagram.png%00", "%ff%fe", "%c0%ae%c0%ae%2f", "..", "..%2f..%2fetc%2fpasswd", "%2e%2e%2f",
		"diagram.png%2f..", "a%0d%0aSet-Cookie:x=1", "%e2%80%aediagram.png", "%ef%bf%bf", "%f0%9f%92%a9.png", "DIAGRAM.PNG", "diagram.png%20",
		strings.Repeat("%ff", 1000), strings.Repeat("a", 4000), "%25"}
	var paths []string
	for _, id := range ids {
		for _, n := range names {
			paths = append(paths, "/files/"+id+"/"+n)
		}
		paths = append(paths, "/files/"+id, "/files/"+id+"/", "/ingestions/"+id+"/original", "/ingestions/"+id+"/original%00", "/exports/"+id)
	}
	paths = append(paths, "/exports/"+e, "/exports/"+e+"%00", "/exports/"+e+"/..", "/exports/..%2f"+e, "/files//diagram.png", "/files/"+doc+"//diagram.png")
	ranges := []string{"", "bytes=0-0,1-1,2-2,3-3,4-4,5-5,6-6,7-7,8-8,9-9,10-10,11-11", "bytes=5-2", "bytes=-99999999999999999999999",
		"bytes=99999999999999999999-", "bytes=0-" + strings.Repeat("9", 100), "bytes=" + strings.Repeat("0-,", 2000) + "0-", "items=0-5", "bytes=0-1;\t"}

	for _, who := range []struct{ name, token string }{{"nobody", ""}, {"stranger", sTok}, {"owner", oTok}} {
		for i, p := range paths {
			method := http.MethodGet
			if i%3 == 1 {
				method = http.MethodHead
			}
			hdr := map[string]string{}
			if rg := ranges[i%len(ranges)]; rg != "" {
				hdr["Range"] = rg
			}
			resp, body := rawGet(t, hs.URL, method, p, who.token, hdr)
			require.Less(t, resp.StatusCode, 500, "%s %s %s", who.name, method, p)
			if who.name != "owner" {
				require.NotContains(t, string(body), "SECRET", "%s %s", who.name, p)
				require.NotContains(t, string(body), "PK\x03\x04", "%s %s", who.name, p)
				require.NotEqual(t, http.StatusPartialContent, resp.StatusCode, "%s %s", who.name, p)
			}
		}
	}
	// The owner does read both, so the corpus ran against readable things.
	resp, body := rawGet(t, hs.URL, http.MethodGet, "/files/"+doc+"/diagram.png", oTok, nil)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, secret, body)
	resp, _ = rawGet(t, hs.URL, http.MethodGet, "/exports/"+e, oTok, nil)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.NotContains(t, log.String(), "level=ERROR")
}

// /files paths that are not /files/{document}/{name} (an empty name, no
// name, more segments) answer the downloads' JSON 404, GET and HEAD, never
// the web app's page.
func TestFilePathsWithoutANameAreNotFound(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner := pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, owner.ID)
	doc := b.create(t, tok, "ops", "deploy", "files")
	hs, _ := logged(t, b)
	for _, path := range []string{"/files/" + doc + "/", "/files/" + doc, "/files/", "/files/" + doc + "/a/b.png"} {
		for _, method := range []string{http.MethodGet, http.MethodHead} {
			resp, body := rawGet(t, hs.URL, method, path, tok, nil)
			require.Equal(t, http.StatusNotFound, resp.StatusCode, method+" "+path)
			require.Equal(t, "application/json", resp.Header.Get("Content-Type"), method+" "+path)
			if method == http.MethodGet {
				var e gqlResponse
				require.NoError(t, json.Unmarshal(body, &e), path)
				require.Equal(t, "NOT_FOUND", e.code(), path)
			}
		}
	}
}
