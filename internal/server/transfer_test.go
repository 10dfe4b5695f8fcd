package server_test

import (
	"archive/zip"
	"bytes"
	"context"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

// An import over GraphQL (a multipart request), watched live through
// importProgress until it is done; then the folder exported and the zip
// downloaded with the requester's token, and with nobody else's.
func TestImportAndExportOverHTTP(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, p.ID)
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, body := range map[string]string{"index.md": "# Index\nSee [guide](guide.md).", "guide.md": "Back to [index](index.md)."} {
		f, err := zw.Create(name)
		require.NoError(t, err)
		_, _ = io.WriteString(f, body)
	}
	require.NoError(t, zw.Close())
	r := b.multipart(t, req{bearer: tok}, `mutation($i: StartImportInput!) { startImport(input: $i) { import { id status format space path } } }`,
		map[string]any{"i": map[string]any{"file": nil, "format": "MARKDOWN", "path": "imported"}}, "wiki.zip", buf.Bytes())
	require.Empty(t, r.Errors)
	imp := obj(r.Data, "startImport", "import").(map[string]any)
	require.Equal(t, "QUEUED", imp["status"])
	require.Equal(t, "RAW", imp["space"])

	sub := b.subscribe(t, "graphql-transport-ws", tok, `subscription($id: ID!) { importProgress(id: $id) { status done total } }`, map[string]any{"id": imp["id"]})
	require.Equal(t, "QUEUED", obj(sub.next(5*time.Second), "importProgress", "status"))
	require.NoError(t, b.app.ImportWorker.Drain(context.Background()))
	for {
		m := sub.next(5 * time.Second)
		if obj(m, "importProgress", "status") == "DONE" {
			require.Equal(t, float64(2), obj(m, "importProgress", "done"))
			break
		}
	}
	list := b.gql(t, tok, `{ imports { edges { node { id status report { created skipped { entry reason } } } } } }`, nil)
	node := obj(list, "imports", "edges").([]any)[0].(map[string]any)["node"].(map[string]any)
	require.Equal(t, float64(2), obj(node, "report", "created"))

	e := obj(b.gql(t, tok, `mutation { exportDocuments(space: RAW, path: "imported") { export { id status url } } }`, nil), "exportDocuments", "export").(map[string]any)
	require.Equal(t, "QUEUED", e["status"])
	require.Nil(t, e["url"])
	require.NoError(t, b.app.ExportWorker.Drain(context.Background()))
	got := obj(b.gql(t, tok, `query($id: ID!) { export(id: $id) { status url byteSize expiresAt } }`, map[string]any{"id": e["id"]}), "export").(map[string]any)
	require.Equal(t, "READY", got["status"])
	resp, body := b.fetch(t, got["url"].(string), tok, nil)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "application/zip", resp.Header.Get("Content-Type"))
	require.Contains(t, resp.Header.Get("Content-Disposition"), "attachment")
	zr, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	require.NoError(t, err)
	require.Len(t, zr.File, 3, "two pages and the manifest")

	other := pgtest.CreatePersonToken(t, b.pool, pgtest.CreatePerson(t, b.pool).ID)
	resp, _ = b.fetch(t, got["url"].(string), other, nil)
	require.Equal(t, http.StatusNotFound, resp.StatusCode)
	require.Nil(t, obj(b.gql(t, other, `query($id: ID!) { export(id: $id) { id } }`, map[string]any{"id": e["id"]}), "export"))
	resp, _ = b.fetch(t, got["url"].(string), "", nil)
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode)
	r = b.do(t, req{query: `mutation { exportDocuments(space: WIKI) { export { id } } }`, bearer: pgtest.CreateManageToken(t, b.pool)})
	require.NotEmpty(t, r.Errors)
	require.Equal(t, "FORBIDDEN", r.Errors[0].Extensions["code"])
}
