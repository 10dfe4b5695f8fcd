package server_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

// countingReader counts what is read of a request body.
type countingReader struct {
	r io.Reader
	n atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// multipartHead is the start of a multipart request for query with
// variable i.file, up to its file part's bytes.
func multipartHead(query string) (head, contentType string) {
	const boundary = "xBOUNDARYx"
	ops, _ := json.Marshal(map[string]any{"query": query, "variables": map[string]any{"i": map[string]any{"file": nil, "format": "MARKDOWN"}}})
	head = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"operations\"\r\n\r\n" + string(ops) +
		"\r\n--" + boundary + "\r\nContent-Disposition: form-data; name=\"map\"\r\n\r\n{\"0\": [\"variables.i.file\"]}" +
		"\r\n--" + boundary + "\r\nContent-Disposition: form-data; name=\"0\"; filename=\"a.zip\"\r\nContent-Type: application/zip\r\n\r\n"
	return head, "multipart/form-data; boundary=" + boundary
}

const startImportMutation = `mutation($i: StartImportInput!) { startImport(input: $i) { import { id } } }`

// An anonymous multipart request is refused before any file part is read:
// nothing is spooled to disk, and hardly any of the body is read, however
// large the archive it claims to carry (issue 31).
func TestAnonymousMultipartSpoolsNothing(t *testing.T) {
	t.Parallel()
	tmp := t.TempDir()
	b := setup(t, func(c *config) { c.Files.TempDir = tmp })
	head, ct := multipartHead(startImportMutation)
	body := &countingReader{r: io.MultiReader(strings.NewReader(head), io.LimitReader(zeros{}, 64<<20))}
	hr := httptest.NewRequest(http.MethodPost, "/graphql", body)
	hr.ContentLength = -1 // streamed: no length to refuse it by
	hr.Header.Set("Content-Type", ct)
	rec := httptest.NewRecorder()
	b.srv.Handler().ServeHTTP(rec, hr)
	require.Equal(t, http.StatusUnauthorized, rec.Code, rec.Body.String())
	require.Contains(t, rec.Body.String(), `"UNAUTHENTICATED"`)
	require.LessOrEqual(t, body.n.Load(), int64(64<<10), "bytes of the body read")
	entries, err := os.ReadDir(tmp)
	require.NoError(t, err)
	require.Empty(t, entries, "nothing spooled")
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// A browser's multipart request proves it is not cross-site with Apollo's
// Apollo-Require-Preflight header as well as with X-CoDNA-CSRF (issue 31).
func TestMultipartApolloRequirePreflight(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner := pgtest.CreatePerson(t, b.pool)
	doc := b.create(t, pgtest.CreatePersonToken(t, b.pool, owner.ID), "ops", "page", "A page.")
	_, cookie := b.login(t, owner.Email, pgtest.Password)
	require.Equal(t, http.StatusForbidden, b.upload(t, req{cookie: cookie}, doc, "c.txt", []byte("x"), nil).Status)
	r := b.upload(t, req{cookie: cookie, header: map[string]string{"Apollo-Require-Preflight": "true"}}, doc, "c.txt", []byte("x"), nil)
	require.Empty(t, r.Errors)
	// The same rule for other requests signed in by cookie.
	require.Equal(t, http.StatusOK, b.do(t, req{query: `{ me { id } }`, cookie: cookie, header: map[string]string{"Apollo-Require-Preflight": "1"}}).Status)
}

// rawRequest opens a connection to the test server and writes a request's
// head and the first bytes of its body.
func rawRequest(t *testing.T, b *bundle, header, first string) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(b.http.URL, "http://"))
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close() })
	_, err = io.WriteString(conn, "POST /graphql HTTP/1.1\r\nHost: x\r\n"+header+"\r\n"+first)
	require.NoError(t, err)
	return conn
}

// closedWithin waits for the server to answer and close conn, or fails
// after d.
func closedWithin(t *testing.T, conn net.Conn, d time.Duration) {
	t.Helper()
	require.NoError(t, conn.SetReadDeadline(time.Now().Add(d)))
	_, err := io.Copy(io.Discard, bufio.NewReader(conn))
	require.NoError(t, err, "the server did not close the connection within %v", d)
}

// A body must keep arriving: a slow anonymous body is cut off by the
// request's timeout even while it trickles, and a stalled upload by the idle
// deadline, long before its upload timeout (issue 31).
func TestSlowBodiesAreClosed(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *config) {
		c.RequestTimeout = time.Second
		c.BodyIdleTimeout = 300 * time.Millisecond
	})

	// Trickling: a byte every 100 ms of a 1,000-byte JSON body.
	conn := rawRequest(t, b, "Content-Type: application/json\r\nContent-Length: 1000\r\n", "{")
	stop := make(chan struct{})
	defer close(stop)
	go func(conn net.Conn) {
		for {
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Millisecond):
				if _, err := conn.Write([]byte(" ")); err != nil {
					return
				}
			}
		}
	}(conn)
	start := time.Now()
	closedWithin(t, conn, 5*time.Second)
	require.Less(t, time.Since(start), 3*time.Second)

	// Stalled: a signed-in upload that stops sending its file.
	owner := pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, owner.ID)
	head, ct := multipartHead(startImportMutation)
	conn = rawRequest(t, b, fmt.Sprintf("Authorization: Bearer %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n", tok, ct, len(head)+1<<20), head+"PK")
	start = time.Now()
	closedWithin(t, conn, 5*time.Second)
	require.Less(t, time.Since(start), 3*time.Second)
}

// One person runs at most CODNA_MAX_UPLOADS_PER_USER uploads at once; one
// more answers RATE_LIMITED (issue 31).
func TestConcurrentUploadsPerPerson(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *config) { c.MaxUploadsPerUser = 1 })
	owner, other := pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool)
	tok, otherTok := pgtest.CreatePersonToken(t, b.pool, owner.ID), pgtest.CreatePersonToken(t, b.pool, other.ID)
	doc := b.create(t, tok, "ops", "page", "A page.")
	otherDoc := b.create(t, otherTok, "ops", "other", "A page.")

	// The first upload holds its slot while its file is still arriving: a
	// byte every 100 ms keeps it within the body's idle timeout however
	// slowly the checks below run on a loaded machine.
	head, ct := multipartHead(startImportMutation)
	hold := func() (net.Conn, func()) {
		conn := rawRequest(t, b, fmt.Sprintf("Authorization: Bearer %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n", tok, ct, len(head)+1<<20), head+"PK")
		stop, trickled := make(chan struct{}), make(chan struct{})
		go func() {
			defer close(trickled)
			for {
				select {
				case <-stop:
					return
				case <-time.After(100 * time.Millisecond):
					if _, err := conn.Write([]byte("x")); err != nil {
						return
					}
				}
			}
		}()
		return conn, func() { close(stop); <-trickled; _ = conn.Close() }
	}
	conn, release := hold()
	var last gqlResponse
	var held []byte
	if !assert.Eventually(t, func() bool {
		last = b.upload(t, req{bearer: tok}, doc, "c.txt", []byte("x"), nil)
		if last.code() == "RATE_LIMITED" {
			return true
		}
		// This upload may have reached the server before the held one,
		// which was then refused itself: hold another.
		_ = conn.SetReadDeadline(time.Now().Add(20 * time.Millisecond))
		if n, _ := conn.Read(make([]byte, 1)); n > 0 {
			_ = conn.SetReadDeadline(time.Now().Add(time.Second))
			rest, _ := io.ReadAll(io.LimitReader(conn, 4096))
			held = rest
			release()
			conn, release = hold()
		}
		return false
	}, 20*time.Second, 20*time.Millisecond) {
		t.Fatalf("no RATE_LIMITED; the last upload answered %d %+v; a held upload was answered %q", last.Status, last.Errors, held)
	}
	require.Empty(t, b.upload(t, req{bearer: otherTok}, otherDoc, "c.txt", []byte("x"), nil).Errors, "another person's upload")

	// Once it ends, the slot is free again.
	release()
	require.Eventually(t, func() bool {
		return len(b.upload(t, req{bearer: tok}, doc, "d.txt", []byte("x"), nil).Errors) == 0
	}, 20*time.Second, 20*time.Millisecond)
}
