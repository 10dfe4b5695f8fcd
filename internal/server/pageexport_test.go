package server_test

import (
	"archive/zip"
	"bytes"
	"io"
	"mime"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/pgtest"
)

// GET /documents/<id>.md: the page's permission decides (owner and reader
// get it; a stranger, management, an unknown id and a trashed page get
// the same 404 body; nobody gets 401), the body is markdown with the
// page's frontmatter, and a page with files comes as a zip of <slug>.md and
// <slug>.files/<name>.
func TestPageExportOverHTTP(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner, reader, stranger := pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool)
	oTok, rTok, sTok := pgtest.CreatePersonToken(t, b.pool, owner.ID), pgtest.CreatePersonToken(t, b.pool, reader.ID), pgtest.CreatePersonToken(t, b.pool, stranger.ID)
	mgmt := pgtest.CreateManageToken(t, b.pool)
	title := `The "Ünïcødé" plan — 計画`
	d := b.gql(t, oTok, `mutation($i: CreateDocumentInput!) { createDocument(input: $i) { document { id } } }`, map[string]any{"i": map[string]any{
		"space": "WIKI", "path": "ops", "slug": "plan", "title": title, "content": "---\nteam: ops\n---\nShip it.\n", "tags": []string{"runbook"},
	}})
	doc := obj(d, "createDocument", "document", "id").(string)
	pgtest.Grant(t, b.pool, uuidOf(t, doc), "user", reader.ID, "read")
	url := "/documents/" + doc + ".md"

	resp, body := b.fetch(t, url, oTok, nil)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	require.Equal(t, "text/markdown; charset=utf-8", resp.Header.Get("Content-Type"))
	require.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
	disp, params, err := mime.ParseMediaType(resp.Header.Get("Content-Disposition"))
	require.NoError(t, err)
	require.Equal(t, "attachment", disp)
	require.Equal(t, "plan.md", params["filename"], "Go's parser prefers filename*, decoded")
	require.Contains(t, resp.Header.Get("Content-Disposition"), `filename*=UTF-8''plan.md`)
	md := string(body)
	require.True(t, strings.HasPrefix(md, "---\nid: "+doc+"\n"), md)
	for _, line := range []string{"title: " + title, "space: wiki", "path: ops", "slug: plan", "tags:\n    - runbook", "status: active", "owner: " + owner.Email, "updated: \"20", "team: ops"} {
		require.Contains(t, md, line)
	}
	require.True(t, strings.HasSuffix(md, "---\nShip it.\n"), md)

	resp, body = b.fetch(t, url, rTok, nil)
	require.Equal(t, http.StatusOK, resp.StatusCode, "a reader may download it")
	require.Equal(t, md, string(body))

	resp, notFoundBody := b.fetch(t, url, sTok, nil)
	require.Equal(t, http.StatusNotFound, resp.StatusCode)
	for _, c := range []struct{ path, tok, why string }{
		{url, mgmt, "management reads no content"},
		{"/documents/" + uuid.NewString() + ".md", oTok, "unknown"},
		{"/documents/" + doc, oTok, "without .md"},
		{"/documents/nope.md", oTok, "malformed"},
	} {
		resp, body := b.fetch(t, c.path, c.tok, nil)
		require.Equal(t, http.StatusNotFound, resp.StatusCode, c.why)
		require.Equal(t, string(notFoundBody), string(body), "one 404 body: %s", c.why)
	}
	resp, _ = b.fetch(t, url, "", nil)
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode)
	_, cookie := b.login(t, reader.Email, pgtest.Password)
	hr, err := http.NewRequest(http.MethodGet, b.http.URL+url, nil)
	require.NoError(t, err)
	hr.AddCookie(&http.Cookie{Name: auth.SessionCookie, Value: cookie})
	cresp, err := http.DefaultClient.Do(hr)
	require.NoError(t, err)
	cresp.Body.Close()
	require.Equal(t, http.StatusOK, cresp.StatusCode, "the session cookie, with no CSRF header, as a link click sends it")

	// With a file: a zip of the page and its file, under the name the body uses.
	b.upload(t, req{bearer: oTok}, doc, "diagram.png", []byte("\x89PNG\r\n\x1a\nbytes"), nil)
	resp, body = b.fetch(t, url, rTok, nil)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "application/zip", resp.Header.Get("Content-Type"))
	require.Contains(t, resp.Header.Get("Content-Disposition"), `filename="plan.zip"`)
	zr, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	require.NoError(t, err)
	got := map[string]string{}
	for _, f := range zr.File {
		rc, err := f.Open()
		require.NoError(t, err)
		data, err := io.ReadAll(rc)
		require.NoError(t, err)
		rc.Close()
		got[f.Name] = string(data)
	}
	require.Equal(t, []string{"plan.files/diagram.png", "plan.md"}, keys(got))
	require.Equal(t, "\x89PNG\r\n\x1a\nbytes", got["plan.files/diagram.png"])
	require.True(t, strings.HasPrefix(got["plan.md"], "---\nid: "+doc))

	// In the trash: gone from the export too, even for its owner.
	b.gql(t, oTok, `mutation($i: DeleteDocumentInput!) { deleteDocument(input: $i) { document { id } } }`, map[string]any{"i": map[string]any{"id": doc}})
	resp, body = b.fetch(t, url, oTok, nil)
	require.Equal(t, http.StatusNotFound, resp.StatusCode)
	require.Equal(t, string(notFoundBody), string(body))
}

func keys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
