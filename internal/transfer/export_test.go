package transfer

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"io"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/archive"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/pgtest"
)

// snapshot is what the round trip keeps: by address, each page's title,
// tags, status and body, its files' names and hashes, and its links'
// targets by address.
type snapshot map[string]pageShot

type pageShot struct {
	Title, Status, Body string
	Tags                []string
	Files               map[string]string // name → sha256
	Links               map[string]string // href → target address ("" pending)
}

func (b *bundle) snapshot(t *testing.T, space, prefix string) snapshot {
	t.Helper()
	docs, err := b.svc.listFolder(b.ctx, document.Space(space), prefix)
	require.NoError(t, err)
	bodies, err := b.docs.Bodies(b.ctx, docs)
	require.NoError(t, err)
	atts, err := b.files.ForDocuments(b.ctx, docs)
	require.NoError(t, err)
	out := snapshot{}
	for _, d := range docs {
		s := pageShot{Title: d.Title, Status: string(d.Status), Body: bodies[d].Content, Tags: d.Tags, Files: map[string]string{}, Links: map[string]string{}}
		for _, a := range atts[d] {
			s.Files[a.Name] = hex.EncodeToString(a.SHA256)
		}
		rows, err := b.pool.Query(context.Background(), `SELECT l.href_as_written, coalesce(t.space::text || ':' || t.path || '/' || t.slug, '')
			FROM document_links l LEFT JOIN documents t ON t.id = l.target_id WHERE l.source_id = $1`, d.ID)
		require.NoError(t, err)
		for rows.Next() {
			var h, a string
			require.NoError(t, rows.Scan(&h, &a))
			s.Links[h] = a
		}
		out[d.Address()] = s
	}
	return out
}

func (b *bundle) export(t *testing.T, ctx context.Context, space document.Space, path string) []byte {
	t.Helper()
	e, err := b.svc.StartExport(ctx, space, path)
	require.NoError(t, err)
	require.NoError(t, b.exports.Drain(context.Background()))
	got, f, err := b.svc.OpenExport(ctx, e.ID)
	require.NoError(t, err)
	defer f.Close()
	require.Equal(t, ExportReady, got.Status)
	data, err := io.ReadAll(f)
	require.NoError(t, err)
	require.Equal(t, got.ByteSize, int64(len(data)))
	return data
}

func zipEntries(t *testing.T, data []byte) map[string]string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	require.NoError(t, err)
	out := map[string]string{}
	for _, f := range zr.File {
		rc, err := f.Open()
		require.NoError(t, err)
		b, err := io.ReadAll(rc)
		require.NoError(t, err)
		out[f.Name] = string(b)
	}
	return out
}

// Exporting a folder and importing the zip as markdown into an empty
// database gives the same pages, tags, statuses, files and resolved link
// graph; a link to a page outside the folder is kept and listed in the
// manifest; a page the exporter cannot read is not in the zip.
func TestExportImportRoundTrip(t *testing.T) {
	t.Parallel()
	b := setup(t)
	mk := func(path, slug, title, content string, tags []string) *document.Doc {
		d, err := b.docs.Create(b.ctx, document.CreateInput{Space: document.SpaceWiki, Path: path, Slug: slug, Title: &title, Content: content, Tags: tags})
		require.NoError(t, err)
		return d
	}
	mk("", "outside", "Outside", "Not exported.", nil)
	home := mk("handbook", "index", "Handbook", "---\naudience: everyone\n---\nStart with [setup](eng/setup.md), [deploy](eng/deploy.md#run) and [out](../outside.md).\n\n![logo](index.files/logo.png)\n", []string{"intro"})
	laptop := mk("handbook/eng", "setup", "Laptop setup", "Back to [the index](../index.md). See [deploy](deploy.md).", []string{"eng", "laptop"})
	mk("handbook/eng", "deploy", "Deploy", "Deploying, see ![diagram](../index.files/logo.png).", nil)
	_, _, err := b.files.Upload(b.ctx, home.ID, "logo.png", strings.NewReader("\x89PNG\r\n\x1a\nlogo"))
	require.NoError(t, err)
	_, _, err = b.files.Upload(b.ctx, laptop.ID, "notes.txt", strings.NewReader("some notes"))
	require.NoError(t, err)
	stranger := pgtest.CreatePerson(t, b.pool)
	title := "Private"
	_, err = b.docs.Create(pgtest.ActingAs(stranger), document.CreateInput{Space: document.SpaceWiki, Path: "handbook", Slug: "private", Title: &title, Content: "secret"})
	require.NoError(t, err)
	require.NoError(t, b.outbox.Drain(context.Background()))
	want := b.snapshot(t, "wiki", "handbook")
	require.Len(t, want, 3)

	data := b.export(t, b.ctx, document.SpaceWiki, "handbook")
	entries := zipEntries(t, data)
	keys := make([]string, 0, len(entries))
	for k := range entries {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	require.Equal(t, []string{"eng/deploy.md", "eng/setup.files/notes.txt", "eng/setup.md", "index.files/logo.png", "index.md", "manifest.json"}, keys)
	require.NotContains(t, string(data), "secret")
	require.True(t, strings.HasPrefix(entries["index.md"], "---\nid: "+home.ID.String()+"\ntitle: Handbook\ntags:\n    - intro\nstatus: active\nowner: "))
	require.Contains(t, entries["index.md"], "audience: everyone\n---\nStart with")
	var man Manifest
	require.NoError(t, json.Unmarshal([]byte(entries["manifest.json"]), &man))
	require.Equal(t, 3, man.Pages)
	require.Equal(t, []ExternalLink{{Source: "index.md", Href: "../outside.md", Target: "wiki:outside"}}, man.External)

	// Into an empty instance.
	c := setup(t)
	imp := c.run(t, c.start(t, data, archive.FormatMarkdown, document.SpaceWiki, "handbook"))
	require.Equal(t, StatusDone, imp.Status, imp.Error)
	require.Equal(t, 3, imp.Report.Created)
	require.ElementsMatch(t, []string{"id", "owner", "created", "updated"}, imp.Report.DroppedKeys)
	got := c.snapshot(t, "wiki", "handbook")
	// The link out of the folder has no page to reach in the new instance.
	require.Equal(t, "wiki:/outside", want["wiki:handbook/index"].Links["../outside.md"])
	want["wiki:handbook/index"].Links["../outside.md"] = ""
	require.Equal(t, want, got)
}

// A stale link is exported pointing where its target is now; an export is
// its requester's alone, and management exports nothing.
func TestExportRefusalsAndStaleLinks(t *testing.T) {
	t.Parallel()
	b := setup(t)
	title := "T"
	_, err := b.docs.Create(b.ctx, document.CreateInput{Space: document.SpaceWiki, Path: "f", Slug: "a", Title: &title, Content: "To [b](b.md)."})
	require.NoError(t, err)
	bb, err := b.docs.Create(b.ctx, document.CreateInput{Space: document.SpaceWiki, Path: "f", Slug: "b", Title: &title, Content: "B"})
	require.NoError(t, err)
	require.NoError(t, b.outbox.Drain(context.Background()))
	_, err = b.docs.Move(b.ctx, document.MoveInput{ID: bb.ID, Path: pgtest.Ptr("f/sub"), Slug: pgtest.Ptr("bee")})
	require.NoError(t, err)
	require.NoError(t, b.outbox.Drain(context.Background()))
	entries := zipEntries(t, b.export(t, b.ctx, document.SpaceWiki, "f"))
	require.Contains(t, entries["a.md"], "To [b](sub/bee.md).")

	_, err = b.svc.StartExport(pgtest.ActingAsManagement(), document.SpaceWiki, "")
	pgtest.RequireCode(t, err, fault.Forbidden, "")
	_, err = b.svc.StartExport(b.ctx, "nowhere", "")
	pgtest.RequireCode(t, err, fault.BadInput, "space")
	e, err := b.svc.StartExport(b.ctx, document.SpaceWiki, "f")
	require.NoError(t, err)
	_, _, err = b.svc.OpenExport(b.ctx, e.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "id")
	require.NoError(t, b.exports.Drain(context.Background()))
	other := pgtest.CreatePerson(t, b.pool)
	_, _, err = b.svc.OpenExport(pgtest.ActingAs(other), e.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "id")
	require.Equal(t, 2, pgtest.Count(t, b.pool, `SELECT count(*) FROM notifications WHERE recipient_id = $1 AND type = 'export.ready'`, b.person.ID), "one for each export")

	// Expired: gone, its bytes queued for deletion.
	pgtest.Exec(t, b.pool, `UPDATE exports SET expires_at = now() - interval '1 minute'`)
	n, err := b.exports.Sweep(context.Background(), 10)
	require.NoError(t, err)
	require.Equal(t, 2, n)
	require.Equal(t, 2, pgtest.Count(t, b.pool, `SELECT count(*) FROM file_deletions WHERE storage_key LIKE 'export-%'`))
}
