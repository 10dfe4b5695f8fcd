package server_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/pgtest"
)

const uploadMutation = `mutation($i: UploadAttachmentInput!) { uploadAttachment(input: $i) { existing attachment { id name mimeType byteSize url path } } }`

// upload sends uploadAttachment as a multipart request (the GraphQL
// multipart request spec) with a bearer token, or a cookie and headers.
func (b *bundle) upload(t testing.TB, r req, docID, filename string, content []byte, name *string) gqlResponse {
	t.Helper()
	vars := map[string]any{"i": map[string]any{"documentId": docID, "file": nil}}
	if name != nil {
		vars["i"].(map[string]any)["name"] = *name
	}
	return b.multipart(t, r, uploadMutation, vars, filename, content)
}

// multipart sends an operation whose variable i.file is the one file of
// the request.
func (b *bundle) multipart(t testing.TB, r req, query string, vars map[string]any, filename string, content []byte) gqlResponse {
	t.Helper()
	ops, err := json.Marshal(map[string]any{"query": query, "variables": vars})
	require.NoError(t, err)
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	require.NoError(t, mw.WriteField("operations", string(ops)))
	require.NoError(t, mw.WriteField("map", `{"0": ["variables.i.file"]}`))
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", `form-data; name="0"; filename="`+strings.ReplaceAll(filename, `"`, `\"`)+`"`)
	h.Set("Content-Type", "image/png") // a lie the server must not believe
	part, err := mw.CreatePart(h)
	require.NoError(t, err)
	_, err = part.Write(content)
	require.NoError(t, err)
	require.NoError(t, mw.Close())
	hr, err := http.NewRequest(http.MethodPost, b.http.URL+"/graphql", &body)
	require.NoError(t, err)
	hr.Header.Set("Content-Type", mw.FormDataContentType())
	if r.bearer != "" {
		hr.Header.Set("Authorization", "Bearer "+r.bearer)
	}
	if r.cookie != "" {
		hr.AddCookie(&http.Cookie{Name: auth.SessionCookie, Value: r.cookie})
	}
	for k, v := range r.header {
		hr.Header.Set(k, v)
	}
	return send(t, hr)
}

func (b *bundle) fetch(t testing.TB, path, bearer string, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	hr, err := http.NewRequest(http.MethodGet, b.http.URL+path, nil)
	require.NoError(t, err)
	if bearer != "" {
		hr.Header.Set("Authorization", "Bearer "+bearer)
	}
	for k, v := range header {
		hr.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(hr)
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, raw
}

func TestAttachmentsUploadAndDownload(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *config) { c.Files.MaxFileBytes = 3 << 20 })
	owner, reader, stranger := pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool)
	oTok, rTok, sTok := pgtest.CreatePersonToken(t, b.pool, owner.ID), pgtest.CreatePersonToken(t, b.pool, reader.ID), pgtest.CreatePersonToken(t, b.pool, stranger.ID)
	agent, sharedAgent := pgtest.CreateAgent(t, b.pool, owner.ID), pgtest.CreateAgent(t, b.pool, owner.ID)
	mgmt := pgtest.CreateManageToken(t, b.pool)
	doc := b.create(t, oTok, "ops", "deploy", "The diagram: ![](deploy.files/diagram.png)")
	docID := uuidOf(t, doc)
	pgtest.Grant(t, b.pool, docID, "user", reader.ID, "read")
	pgtest.Grant(t, b.pool, docID, "user", sharedAgent.ID, "read")

	png := append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 2<<20)...) // crosses the store's chunks
	_, err := rand.Read(png[8:])
	require.NoError(t, err)
	up := b.upload(t, req{bearer: oTok}, doc, "diagram.png", png, nil)
	require.Empty(t, up.Errors)
	a := obj(up.Data, "uploadAttachment", "attachment").(map[string]any)
	require.Equal(t, "diagram.png", a["name"])
	require.Equal(t, "image/png", a["mimeType"])
	require.EqualValues(t, len(png), a["byteSize"])
	require.Equal(t, "deploy.files/diagram.png", a["path"])
	require.Equal(t, "/files/"+doc+"/diagram.png", a["url"])
	require.Equal(t, false, obj(up.Data, "uploadAttachment", "existing"))

	// The same bytes again: the same file. Other bytes under the name: a free name.
	again := b.upload(t, req{bearer: oTok}, doc, "copy.png", png, nil)
	require.Equal(t, true, obj(again.Data, "uploadAttachment", "existing"))
	require.Equal(t, a["id"], obj(again.Data, "uploadAttachment", "attachment", "id"))
	other := b.upload(t, req{bearer: oTok}, doc, "diagram.png", []byte("\x89PNG\r\n\x1a\nother"), nil)
	require.Equal(t, "diagram-2.png", obj(other.Data, "uploadAttachment", "attachment", "name"))
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(DISTINCT storage_key) FROM attachments WHERE document_id = $1 AND name = 'diagram.png'`, docID))

	// Downloads: exactly the page's permission.
	for _, c := range []struct {
		who    string
		bearer string
		status int
	}{
		{"owner", oTok, http.StatusOK}, {"reader", rTok, http.StatusOK}, {"stranger", sTok, http.StatusNotFound},
		{"agent without a share", agent.Token, http.StatusNotFound}, {"agent with one", sharedAgent.Token, http.StatusOK},
		{"management", mgmt, http.StatusNotFound}, {"nobody", "", http.StatusUnauthorized},
	} {
		resp, body := b.fetch(t, "/files/"+doc+"/diagram.png", c.bearer, nil)
		require.Equal(t, c.status, resp.StatusCode, c.who)
		if c.status == http.StatusOK {
			require.Equal(t, png, body, c.who)
			require.Equal(t, "image/png", resp.Header.Get("Content-Type"))
			require.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
			require.Equal(t, "sandbox", resp.Header.Get("Content-Security-Policy"))
			require.Equal(t, "private", resp.Header.Get("Cache-Control"))
			require.True(t, strings.HasPrefix(resp.Header.Get("Content-Disposition"), "inline"))
		} else {
			require.NotContains(t, string(body), "PNG", c.who)
		}
	}
	resp, _ := b.fetch(t, "/files/"+doc+"/nothing.png", oTok, nil)
	require.Equal(t, http.StatusNotFound, resp.StatusCode)
	resp, _ = b.fetch(t, "/files/not-an-id/diagram.png", oTok, nil)
	require.Equal(t, http.StatusNotFound, resp.StatusCode)

	// Range and ETag, as http.ServeContent answers them.
	resp, body := b.fetch(t, "/files/"+doc+"/diagram.png", rTok, map[string]string{"Range": "bytes=1048570-1048585"})
	require.Equal(t, http.StatusPartialContent, resp.StatusCode)
	require.Equal(t, png[1048570:1048586], body)
	etag := resp.Header.Get("ETag")
	require.Len(t, etag, 66)
	resp, _ = b.fetch(t, "/files/"+doc+"/diagram.png", rTok, map[string]string{"If-None-Match": etag})
	require.Equal(t, http.StatusNotModified, resp.StatusCode)

	// The page held by management: its owner still reads its files, nobody else.
	pgtest.Exec(t, b.pool, `UPDATE documents SET quarantined_at = now() WHERE id = $1`, docID)
	resp, _ = b.fetch(t, "/files/"+doc+"/diagram.png", oTok, nil)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	resp, _ = b.fetch(t, "/files/"+doc+"/diagram.png", rTok, nil)
	require.Equal(t, http.StatusNotFound, resp.StatusCode)
	require.Equal(t, "CONFLICT", b.upload(t, req{bearer: oTok}, doc, "held.png", []byte("x"), nil).code())
	pgtest.Exec(t, b.pool, `UPDATE documents SET quarantined_at = NULL WHERE id = $1`, docID)

	// The page in the trash: its owner still reads its files, nobody else.
	b.gql(t, oTok, `mutation($id: ID!) { deleteDocument(input: {id: $id}) { document { id } } }`, map[string]any{"id": doc})
	resp, _ = b.fetch(t, "/files/"+doc+"/diagram.png", oTok, nil)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	resp, _ = b.fetch(t, "/files/"+doc+"/diagram.png", rTok, nil)
	require.Equal(t, http.StatusNotFound, resp.StatusCode)
	require.Equal(t, "CONFLICT", b.upload(t, req{bearer: oTok}, doc, "late.png", []byte("x"), nil).code())
}

func TestHostileUploads(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *config) { c.Files.MaxFileBytes = 64 << 10 })
	owner, reader := pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool)
	oTok, rTok := pgtest.CreatePersonToken(t, b.pool, owner.ID), pgtest.CreatePersonToken(t, b.pool, reader.ID)
	doc := b.create(t, oTok, "ops", "page", "A page.")
	pgtest.Grant(t, b.pool, uuidOf(t, doc), "user", reader.ID, "read")

	// HTML posing as a PNG is served as what it is, never as a page of ours.
	html := []byte("<!DOCTYPE html><html><script>alert(document.cookie)</script></html>")
	r := b.upload(t, req{bearer: oTok}, doc, "photo.png", html, nil)
	require.Empty(t, r.Errors)
	require.Equal(t, "text/html; charset=utf-8", obj(r.Data, "uploadAttachment", "attachment", "mimeType"))
	resp, _ := b.fetch(t, "/files/"+doc+"/photo.png", oTok, nil)
	require.Equal(t, "text/html; charset=utf-8", resp.Header.Get("Content-Type"))
	require.True(t, strings.HasPrefix(resp.Header.Get("Content-Disposition"), "attachment"))
	require.Equal(t, "sandbox", resp.Header.Get("Content-Security-Policy"))

	// SVG with script: an image, but downloaded, in a sandbox.
	svg := []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)
	r = b.upload(t, req{bearer: oTok}, doc, "logo.svg", svg, nil)
	require.Equal(t, "image/svg+xml", obj(r.Data, "uploadAttachment", "attachment", "mimeType"))
	resp, _ = b.fetch(t, "/files/"+doc+"/logo.svg", oTok, nil)
	require.True(t, strings.HasPrefix(resp.Header.Get("Content-Disposition"), "attachment"))

	// Names are made safe, not refused.
	for raw, want := range map[string]string{
		"../../etc/passwd": "passwd", "a\x07b\x1bc.png": "a-b-c.png", "..": "file", "  .hidden": "hidden",
		`C:\Users\me\report.pdf`: "report.pdf", "sp ace.txt": "sp ace.txt",
	} {
		name := raw
		r := b.upload(t, req{bearer: oTok}, doc, "x", append([]byte(raw+" "), 1), &name)
		require.Empty(t, r.Errors, raw)
		require.Equal(t, want, obj(r.Data, "uploadAttachment", "attachment", "name"), raw)
	}

	nul := "a\x00b.png"
	require.Equal(t, "BAD_USER_INPUT", b.upload(t, req{bearer: oTok}, doc, "x", []byte("x"), &nul).code())

	// Empty, too large, not allowed.
	require.Equal(t, "BAD_USER_INPUT", b.upload(t, req{bearer: oTok}, doc, "empty.txt", nil, nil).code())
	big := b.upload(t, req{bearer: oTok}, doc, "big.bin", make([]byte, 70<<10), nil)
	require.Equal(t, "BAD_USER_INPUT", big.code())
	huge := b.upload(t, req{bearer: oTok}, doc, "huge.bin", make([]byte, 2<<20), nil)
	require.Equal(t, http.StatusRequestEntityTooLarge, huge.Status, "refused by its length, before it is read")
	require.Equal(t, "FORBIDDEN", b.upload(t, req{bearer: rTok}, doc, "mine.txt", []byte("x"), nil).code())
	require.Equal(t, 0, pgtest.Count(t, b.pool, `SELECT count(*) FROM attachments WHERE name IN ('empty.txt', 'big.bin', 'huge.bin', 'mine.txt')`))
	require.Equal(t, 0, pgtest.Count(t, b.pool, `SELECT count(*) FROM file_chunks c WHERE NOT EXISTS (SELECT 1 FROM attachments a WHERE a.storage_key = c.storage_key)`),
		"refused uploads leave no bytes")

	// A signed-in browser must send the CSRF header with a multipart request.
	_, cookie := b.login(t, owner.Email, pgtest.Password)
	require.Equal(t, http.StatusForbidden, b.upload(t, req{cookie: cookie}, doc, "c.txt", []byte("x"), nil).Status)
	require.Empty(t, b.upload(t, req{cookie: cookie, header: map[string]string{"X-CoDNA-CSRF": "1"}}, doc, "c.txt", []byte("x"), nil).Errors)
}

func TestAttachmentsListAndDelete(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner := pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, owner.ID)
	doc := b.create(t, tok, "ops", "deploy", "See ![](deploy.files/shown.png).")
	b.upload(t, req{bearer: tok}, doc, "shown.png", []byte("\x89PNG\r\n\x1a\nshown"), nil)
	spare := b.upload(t, req{bearer: tok}, doc, "spare.txt", []byte("spare"), nil)
	shown := b.gql(t, tok, `query($id: ID!) { document(id: $id) { attachments { id name path } } }`, map[string]any{"id": doc})
	list := obj(shown, "document", "attachments").([]any)
	require.Len(t, list, 2)
	require.Equal(t, "deploy.files/shown.png", obj(list[0], "path"))

	r := b.do(t, req{query: `mutation($id: ID!) { deleteAttachment(id: $id) { attachment { name } } }`, bearer: tok, variables: map[string]any{"id": obj(list[0], "id")}})
	require.Equal(t, "CONFLICT", r.code(), "a revision shows it")
	d := b.gql(t, tok, `mutation($id: ID!) { deleteAttachment(id: $id) { attachment { name } } }`, map[string]any{"id": obj(spare.Data, "uploadAttachment", "attachment", "id")})
	require.Equal(t, "spare.txt", obj(d, "deleteAttachment", "attachment", "name"))
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM file_deletions`), "its bytes wait for maintenance")
	// Purging the page queues the rest.
	pgtest.Exec(t, b.pool, `DELETE FROM documents WHERE id = $1`, uuidOf(t, doc))
	require.Equal(t, 2, pgtest.Count(t, b.pool, `SELECT count(*) FROM file_deletions`))
}

func uuidOf(t testing.TB, s string) uuid.UUID {
	t.Helper()
	id, err := uuid.Parse(s)
	require.NoError(t, err)
	return id
}

// An original brought in over GraphQL becomes a raw page, and the
// uploader follows it through ingestions and the inbox.
func TestIngestOverGraphQL(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, p.ID)
	ops, err := json.Marshal(map[string]any{
		"query":     `mutation($i: IngestInput!) { ingest(input: $i) { ingestion { id filename kind status path source } } }`,
		"variables": map[string]any{"i": map[string]any{"file": nil, "path": "imports/web", "source": "https://example.com/runbook"}},
	})
	require.NoError(t, err)
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	require.NoError(t, mw.WriteField("operations", string(ops)))
	require.NoError(t, mw.WriteField("map", `{"0": ["variables.i.file"]}`))
	part, err := mw.CreateFormFile("0", "runbook.html")
	require.NoError(t, err)
	_, err = part.Write([]byte(`<html><head><title>Restart the queue</title></head><body><h2>Steps</h2><ol><li>Drain</li><li>Restart</li></ol></body></html>`))
	require.NoError(t, err)
	require.NoError(t, mw.Close())
	hr, err := http.NewRequest(http.MethodPost, b.http.URL+"/graphql", &body)
	require.NoError(t, err)
	hr.Header.Set("Content-Type", mw.FormDataContentType())
	hr.Header.Set("Authorization", "Bearer "+tok)
	r := send(t, hr)
	require.Empty(t, r.Errors)
	g := obj(r.Data, "ingest", "ingestion").(map[string]any)
	require.Equal(t, "html", g["kind"])
	require.Equal(t, "PENDING", g["status"])
	require.Equal(t, "imports/web", g["path"])

	require.NoError(t, b.app.IngestWorker.Drain(context.Background()))
	got := b.gql(t, tok, `query($id: ID!) { ingestion(id: $id) { status error document { space path slug title content } } }`, map[string]any{"id": g["id"]})
	require.Equal(t, "READY", obj(got, "ingestion", "status"), obj(got, "ingestion", "error"))
	require.Equal(t, "RAW", obj(got, "ingestion", "document", "space"))
	require.Equal(t, "runbook", obj(got, "ingestion", "document", "slug"))
	require.Equal(t, "Restart the queue", obj(got, "ingestion", "document", "title"))
	require.Contains(t, obj(got, "ingestion", "document", "content"), "Drain")
	list := b.gql(t, tok, `{ ingestions(first: 10) { edges { node { id status } } } inbox { edges { node { type } } } }`, nil)
	require.Len(t, obj(list, "ingestions", "edges").([]any), 1)
	require.Equal(t, "ingestion.ready", obj(obj(list, "inbox", "edges").([]any)[0], "node", "type"))
	// The kept original, for its uploader only.
	orig := b.gql(t, tok, `query($id: ID!) { ingestion(id: $id) { originalUrl } }`, map[string]any{"id": g["id"]})
	url := obj(orig, "ingestion", "originalUrl").(string)
	resp, raw := b.fetch(t, url, tok, nil)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Contains(t, string(raw), "<title>Restart the queue</title>")
	require.True(t, strings.HasPrefix(resp.Header.Get("Content-Disposition"), "attachment"))
	require.Equal(t, "sandbox", resp.Header.Get("Content-Security-Policy"))
	other := pgtest.CreatePersonToken(t, b.pool, pgtest.CreatePerson(t, b.pool).ID)
	resp, _ = b.fetch(t, url, other, nil)
	require.Equal(t, http.StatusNotFound, resp.StatusCode)
	resp, _ = b.fetch(t, url, "", nil)
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode)

	again := b.gql(t, tok, `mutation($id: ID!) { reconvertIngestion(id: $id) { ingestion { status } } }`, map[string]any{"id": g["id"]})
	require.Equal(t, "PENDING", obj(again, "reconvertIngestion", "ingestion", "status"))
}

// Renaming or moving a page keeps its own references to its files working:
// the body follows the new slug, and the files stay the page's.
func TestRenamedPageKeepsShowingItsFiles(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, p.ID)
	doc := b.create(t, tok, "ops", "deploy", "![diagram](deploy.files/diagram.png) and [the log](./deploy.files/log.txt), not `deploy.files/code` or other.files/x.png.")
	b.upload(t, req{bearer: tok}, doc, "diagram.png", []byte("\x89PNG\r\n\x1a\nimg"), nil)
	moved := b.gql(t, tok, `mutation($id: ID!) { moveDocument(input: {id: $id, path: "platform", slug: "release"}) { document { content attachments { path url } } } }`, map[string]any{"id": doc})
	content := obj(moved, "moveDocument", "document", "content").(string)
	require.Contains(t, content, "![diagram](release.files/diagram.png)")
	require.Contains(t, content, "[the log](./release.files/log.txt)")
	require.Contains(t, content, "`deploy.files/code`", "code is not a reference")
	require.Contains(t, content, "other.files/x.png", "another page's folder is left alone")
	require.Equal(t, "release.files/diagram.png", obj(obj(moved, "moveDocument", "document", "attachments").([]any)[0], "path"))
	resp, _ := b.fetch(t, obj(obj(moved, "moveDocument", "document", "attachments").([]any)[0], "url").(string), tok, nil)
	require.Equal(t, http.StatusOK, resp.StatusCode)
}

// Another page's reference to a page's file, over GraphQL: it shows its
// page and file, goes STALE_TEXT when the page moves (a decision in the
// inbox, named for the reader), and decideFileReference UPDATE rewrites it;
// a reader who cannot read the page sees it PENDING, with no page or file.
func TestFileReferencesOverGraphQL(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, p.ID)
	deploy := b.create(t, tok, "ops", "deploy", "Deploy")
	b.upload(t, req{bearer: tok}, deploy, "diagram.png", []byte("\x89PNG\r\n\x1a\nimg"), nil)
	src := b.create(t, tok, "notes", "index", "![d](../ops/deploy.files/diagram.png)")
	b.drain(t)
	const q = `query($id: ID!) { document(id: $id) { content fileReferences { id href name occurrences state keptAt page { id } attachment { name url } } } }`
	refs := obj(b.gql(t, tok, q, map[string]any{"id": src}), "document", "fileReferences").([]any)
	require.Len(t, refs, 1)
	ref := refs[0].(map[string]any)
	require.Equal(t, "RESOLVED", ref["state"])
	require.Equal(t, "diagram.png", ref["name"])
	require.Equal(t, deploy, obj(ref, "page", "id"))
	require.Equal(t, "/files/"+deploy+"/diagram.png", obj(ref, "attachment", "url"))

	b.gql(t, tok, `mutation($id: ID!) { moveDocument(input: {id: $id, path: "runbooks"}) { document { id } } }`, map[string]any{"id": deploy})
	b.drain(t)
	require.Equal(t, float64(1), b.decisions(t, tok))
	inbox := obj(b.gql(t, tok, `{ inbox(filter: {requiresDecision: true}) { edges { node { type subjectType subjectId payload } } } }`, nil), "inbox", "edges").([]any)
	require.Len(t, inbox, 1)
	n := inbox[0].(map[string]any)["node"].(map[string]any)
	require.Equal(t, "file.target_moved", n["type"])
	require.Equal(t, "attachment_ref", n["subjectType"])
	require.Equal(t, "diagram.png", obj(n, "payload", "name"))
	require.Equal(t, "wiki:runbooks/deploy", obj(n, "payload", "to"))
	require.Equal(t, "../ops/deploy.files/diagram.png", obj(n, "payload", "href"))

	// Someone who can read the source but not the page sees nothing of it.
	other := pgtest.CreatePerson(t, b.pool)
	otherTok := pgtest.CreatePersonToken(t, b.pool, other.ID)
	pgtest.Grant(t, b.pool, uuidOf(t, src), "user", other.ID, "read")
	seen := obj(b.gql(t, otherTok, q, map[string]any{"id": src}), "document", "fileReferences").([]any)[0].(map[string]any)
	require.Equal(t, "PENDING", seen["state"])
	require.Nil(t, seen["page"])
	require.Nil(t, seen["attachment"])
	r := b.do(t, req{query: `mutation($id: ID!) { decideFileReference(input: {id: $id, answer: UPDATE}) { document { id } } }`,
		variables: map[string]any{"id": ref["id"]}, bearer: otherTok})
	require.Equal(t, "NOT_FOUND", r.Errors[0].Extensions["code"])

	d := b.gql(t, tok, `mutation($id: ID!) { decideFileReference(input: {id: $id, answer: UPDATE}) { document { content fileReferences { state href } } } }`,
		map[string]any{"id": n["subjectId"]})
	require.Equal(t, "![d](../runbooks/deploy.files/diagram.png)", obj(d, "decideFileReference", "document", "content"))
	require.Equal(t, "RESOLVED", obj(d, "decideFileReference", "document", "fileReferences").([]any)[0].(map[string]any)["state"])
	require.Equal(t, float64(0), b.decisions(t, tok))
}
