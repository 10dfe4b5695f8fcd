package transfer

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"sort"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/archive"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/files"
	"codna/internal/ingest"
	"codna/internal/linkgraph"
	"codna/internal/outbox"
	"codna/internal/pgtest"
)

type bundle struct {
	pool    *pgxpool.Pool
	svc     *Service
	docs    *document.Service
	files   *files.Service
	worker  *ImportWorker
	outbox  *outbox.Worker
	person  pgtest.Person
	ctx     context.Context
	store   files.Store
	exports *ExportWorker
}

func setup(t testing.TB) *bundle {
	t.Helper()
	d := pgtest.New(t)
	docs := document.New(d.Pool, document.DefaultConfig)
	store := files.NewPostgres(d.Pool)
	fs := files.New(d.Pool, store, docs, 1<<20)
	in := ingest.New(d.Pool, store, docs, fs, 1<<20)
	svc := New(d.Pool, store, docs, fs, in, linkgraph.New(d.Pool, docs), Config{TempDir: t.TempDir(), MaxArchiveBytes: 8 << 20})
	log := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelError}))
	ob := outbox.New(d.Pool, outbox.Config{}, nil)
	ob.RegisterBatch(linkgraph.ConsumerName, linkgraph.NewConsumer(d.Pool).HandleBatch, outbox.Lane{Budget: time.Minute})
	p := pgtest.CreatePerson(t, d.Pool)
	return &bundle{
		pool: d.Pool, svc: svc, docs: docs, files: fs, outbox: ob, person: p, ctx: pgtest.ActingAs(p), store: store,
		worker:  svc.NewImportWorker(WorkerConfig{WorkerID: "test"}, log),
		exports: svc.NewExportWorker(WorkerConfig{WorkerID: "test"}, log),
	}
}

// zipOf writes name → body entries into a zip, in name order.
func zipOf(t testing.TB, entries map[string]string) []byte {
	t.Helper()
	names := make([]string, 0, len(entries))
	for n := range entries {
		names = append(names, n)
	}
	sort.Strings(names)
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, n := range names {
		f, err := w.Create(n)
		require.NoError(t, err)
		_, err = io.WriteString(f, entries[n])
		require.NoError(t, err)
	}
	require.NoError(t, w.Close())
	return buf.Bytes()
}

func (b *bundle) start(t testing.TB, data []byte, format archive.Format, space document.Space, path string) *Import {
	t.Helper()
	imp, err := b.svc.StartImport(b.ctx, bytes.NewReader(data), "archive.zip", format, space, path, "")
	require.NoError(t, err)
	require.Equal(t, StatusQueued, imp.Status)
	return imp
}

// run drains the import worker and the link resolver and returns the
// import as it ended.
func (b *bundle) run(t testing.TB, imp *Import) *Import {
	t.Helper()
	require.NoError(t, b.worker.Drain(context.Background()))
	require.NoError(t, b.outbox.Drain(context.Background()))
	got, err := b.svc.GetImport(b.ctx, imp.ID)
	require.NoError(t, err)
	return got
}

// doc reads the live document at an address.
func (b *bundle) doc(t testing.TB, space, path, slug string) *document.Doc {
	t.Helper()
	var id uuid.UUID
	require.NoError(t, b.pool.QueryRow(context.Background(),
		`SELECT id FROM documents WHERE space = $1 AND path = $2 AND slug = $3 AND deleted_at IS NULL`, space, path, slug).Scan(&id),
		"%s:%s/%s", space, path, slug)
	d, err := b.docs.Get(b.ctx, id)
	require.NoError(t, err)
	return d
}

func (b *bundle) linkStates(t testing.TB, source uuid.UUID) map[string]string {
	t.Helper()
	rows, err := b.pool.Query(context.Background(), `SELECT href_as_written, state::text FROM document_links WHERE source_id = $1`, source)
	require.NoError(t, err)
	out := map[string]string{}
	for rows.Next() {
		var h, s string
		require.NoError(t, rows.Scan(&h, &s))
		out[h] = s
	}
	return out
}

var handbook = map[string]string{
	"Read Me.md":                         "---\nid: 0193\ntitle: Welcome\ntags: [Intro, On Boarding]\nowner: a@b.c\n---\nSee [setup](eng/Laptop%20Setup.md) and [deploy](eng/deploy.md).\n",
	"eng/Laptop Setup.md":                "Back [home](../Read%20Me.md). ![d](Laptop%20Setup.files/diagram.png)\n",
	"eng/Laptop Setup.files/diagram.png": "\x89PNG\r\n\x1a\nimage",
	"eng/deploy.md":                      "# Deploy\nSee [setup](Laptop%20Setup.md#steps).\n",
}

// A markdown tree lands in its folder as raw pages owned by the importer,
// with their files, links that resolve, the frontmatter keys of the old
// instance dropped and a report; the importer is told.
func TestImportMarkdownTree(t *testing.T) {
	t.Parallel()
	b := setup(t)
	imp := b.run(t, b.start(t, zipOf(t, handbook), archive.FormatMarkdown, document.SpaceRaw, "imported"))
	require.Equal(t, StatusDone, imp.Status, imp.Error)
	require.Equal(t, 3, imp.Done)
	require.Equal(t, 3, imp.Total)
	require.Equal(t, 3, imp.Report.Created)
	require.ElementsMatch(t, []string{"id", "owner"}, imp.Report.DroppedKeys)

	home := b.doc(t, "raw", "imported", "read-me")
	require.Equal(t, "Welcome", home.Title)
	require.Equal(t, []string{"intro", "on-boarding"}, home.Tags)
	require.Equal(t, b.person.ID, home.OwnerID)
	require.Equal(t, map[string]string{"eng/laptop-setup.md": "resolved", "eng/deploy.md": "resolved"}, b.linkStates(t, home.ID))
	setup := b.doc(t, "raw", "imported/eng", "laptop-setup")
	require.Equal(t, map[string]string{"../read-me.md": "resolved"}, b.linkStates(t, setup.ID))
	as, err := b.files.ForDocuments(b.ctx, []*document.Doc{setup})
	require.NoError(t, err)
	require.Len(t, as[setup], 1)
	require.Equal(t, "diagram.png", as[setup][0].Name)
	deploy := b.doc(t, "raw", "imported/eng", "deploy")
	require.Equal(t, map[string]string{"laptop-setup.md#steps": "resolved"}, b.linkStates(t, deploy.ID))
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM notifications WHERE recipient_id = $1 AND type = 'import.done'`, b.person.ID))
	require.Equal(t, 3, pgtest.Count(t, b.pool, `SELECT count(*) FROM import_pages WHERE import_id = $1`, imp.ID))
}

// Importing the same tree into the same folder again updates only the pages
// that changed, wherever they were moved since, and makes no second page.
func TestReimportUpdatesOnlyChangedPagesWhereverTheyAre(t *testing.T) {
	t.Parallel()
	b := setup(t)
	first := b.run(t, b.start(t, zipOf(t, handbook), archive.FormatMarkdown, document.SpaceRaw, "imported"))
	require.Equal(t, StatusDone, first.Status, first.Error)
	setup := b.doc(t, "raw", "imported/eng", "laptop-setup")
	_, err := b.docs.Move(b.ctx, document.MoveInput{ID: setup.ID, Path: pgtest.Ptr("elsewhere")})
	require.NoError(t, err)
	before := pgtest.Count(t, b.pool, `SELECT count(*) FROM document_revisions`)

	changed := map[string]string{}
	for k, v := range handbook {
		changed[k] = v
	}
	changed["eng/Laptop Setup.md"] = "Back [home](../Read%20Me.md), updated. ![d](Laptop%20Setup.files/diagram.png)\n"
	changed["eng/new.md"] = "A new page linking [setup](Laptop%20Setup.md)."
	again := b.run(t, b.start(t, zipOf(t, changed), archive.FormatMarkdown, document.SpaceRaw, "imported"))
	require.Equal(t, StatusDone, again.Status, again.Error)
	// The changed page is updated, and so are the two whose links reach
	// it: they now reach it where it was moved.
	require.Equal(t, 1, again.Report.Created, "%+v", again.Report)
	require.Equal(t, 3, again.Report.Updated)
	require.Equal(t, 0, again.Report.Unchanged)
	require.Equal(t, 4, pgtest.Count(t, b.pool, `SELECT count(*) FROM documents`))
	require.Equal(t, before+4, pgtest.Count(t, b.pool, `SELECT count(*) FROM document_revisions`), "one create, three updates")

	// A third run of the same archive changes nothing.
	third := b.run(t, b.start(t, zipOf(t, changed), archive.FormatMarkdown, document.SpaceRaw, "imported"))
	require.Equal(t, Report{Unchanged: 4, Skipped: []archive.Skip{}, DroppedKeys: []string{"id", "owner"}}, third.Report)
	require.Equal(t, before+4, pgtest.Count(t, b.pool, `SELECT count(*) FROM document_revisions`))

	moved := b.doc(t, "raw", "elsewhere", "laptop-setup")
	require.Equal(t, setup.ID, moved.ID)
	body, err := b.docs.Bodies(b.ctx, []*document.Doc{moved})
	require.NoError(t, err)
	require.Contains(t, body[moved].Content, "Back [home](../imported/read-me.md), updated. ![d](laptop-setup.files/diagram.png)")
	require.Equal(t, map[string]string{"../imported/read-me.md": "resolved"}, b.linkStates(t, moved.ID))
	fresh := b.doc(t, "raw", "imported/eng", "new")
	require.Equal(t, map[string]string{"../../elsewhere/laptop-setup.md": "resolved"}, b.linkStates(t, fresh.ID))
}

// A worker that dies mid-way is replaced: the next one resumes after the
// pages already written, and no page is written twice.
func TestImportResumesAfterADeadWorker(t *testing.T) {
	t.Parallel()
	b := setup(t)
	tree := map[string]string{}
	for i := range 12 {
		tree[fmt.Sprintf("p%02d.md", i)] = fmt.Sprintf("Page %d links [next](p%02d.md).", i, (i+1)%12)
	}
	imp := b.start(t, zipOf(t, tree), archive.FormatMarkdown, document.SpaceRaw, "resume")
	ctx, cancel := context.WithCancel(context.Background())
	b.worker.afterPage = func(done int) {
		if done == 5 {
			cancel() // the worker dies after its fifth page
		}
	}
	require.ErrorIs(t, b.worker.Drain(ctx), context.Canceled)
	b.worker.afterPage = nil
	require.Equal(t, 5, pgtest.Count(t, b.pool, `SELECT count(*) FROM import_pages WHERE import_id = $1`, imp.ID))
	pgtest.Exec(t, b.pool, `UPDATE imports SET lease_until = now() - interval '1 second', worker_id = 'dead' WHERE id = $1`, imp.ID)

	got := b.run(t, imp)
	require.Equal(t, StatusDone, got.Status, got.Error)
	require.Equal(t, 12, got.Done)
	require.Equal(t, 12, got.Report.Created)
	require.Equal(t, 12, pgtest.Count(t, b.pool, `SELECT count(*) FROM documents`))
	require.Equal(t, 12, pgtest.Count(t, b.pool, `SELECT count(*) FROM import_pages WHERE import_id = $1`, imp.ID))
	require.Equal(t, 0, pgtest.Count(t, b.pool, `SELECT count(*) FROM document_links WHERE state <> 'resolved'`))
}

// Hostile archives: unsafe entries are skipped with their reason and
// nothing lands outside the folder; a truncated zip, a bomb over the caps
// and a Confluence export without its index fail with the reason.
func TestHostileArchives(t *testing.T) {
	t.Parallel()
	b := setup(t)
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, n := range []string{"ok.md", "../evil.md", "/abs.md", "a/../../up.md", "dup.md", "DUP.md"} {
		f, err := w.Create(n)
		require.NoError(t, err)
		_, _ = io.WriteString(f, "body of "+n)
	}
	require.NoError(t, w.Close())
	imp := b.run(t, b.start(t, buf.Bytes(), archive.FormatMarkdown, document.SpaceRaw, "safe"))
	require.Equal(t, StatusDone, imp.Status, imp.Error)
	require.Equal(t, 2, imp.Report.Created)
	reasons := map[string]string{}
	for _, s := range imp.Report.Skipped {
		reasons[s.Entry] = s.Reason
	}
	require.Contains(t, reasons["../evil.md"], "..")
	require.Contains(t, reasons["/abs.md"], "absolute")
	require.Contains(t, reasons["a/../../up.md"], "..")
	require.Contains(t, reasons["DUP.md"], "duplicate")
	require.Equal(t, 0, pgtest.Count(t, b.pool, `SELECT count(*) FROM documents WHERE path <> 'safe'`))

	data := zipOf(t, handbook)
	failed := b.run(t, b.start(t, data[:len(data)-30], archive.FormatMarkdown, document.SpaceRaw, "truncated"))
	require.Equal(t, StatusFailed, failed.Status)
	require.Contains(t, failed.Error, "cannot be read")

	b.svc.cfg.Archive.MaxBytes = 1 << 20
	bomb := zipOf(t, map[string]string{"a.md": string(make([]byte, 600<<10)), "b.md": string(make([]byte, 600<<10))})
	failed = b.run(t, b.start(t, bomb, archive.FormatMarkdown, document.SpaceRaw, "bomb"))
	require.Equal(t, StatusFailed, failed.Status)
	require.Contains(t, failed.Error, "expands to")

	failed = b.run(t, b.start(t, zipOf(t, map[string]string{"SPACE/page_1.html": "<html></html>"}), archive.FormatConfluence, document.SpaceRaw, "conf"))
	require.Equal(t, StatusFailed, failed.Status)
	require.Contains(t, failed.Error, "index.html")
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM notifications WHERE recipient_id = $1 AND type = 'import.failed' AND payload->>'reason' LIKE '%index.html%'`, b.person.ID))
}

// Only people import; an import is its starter's alone; bad arguments are
// refused with their field.
func TestImportRefusals(t *testing.T) {
	t.Parallel()
	b := setup(t)
	data := zipOf(t, handbook)
	agent := pgtest.CreateAgent(t, b.pool, b.person.ID)
	_, err := b.svc.StartImport(pgtest.ActingAsAgent(agent), bytes.NewReader(data), "a.zip", archive.FormatMarkdown, document.SpaceOutput, "", "")
	pgtest.RequireCode(t, err, fault.Forbidden, "")
	_, err = b.svc.StartImport(pgtest.ActingAsManagement(), bytes.NewReader(data), "a.zip", archive.FormatMarkdown, document.SpaceRaw, "", "")
	pgtest.RequireCode(t, err, fault.Forbidden, "")
	_, err = b.svc.StartImport(b.ctx, bytes.NewReader(data), "a.zip", "word", document.SpaceRaw, "", "")
	pgtest.RequireCode(t, err, fault.BadInput, "format")
	_, err = b.svc.StartImport(b.ctx, bytes.NewReader(data), "a.zip", archive.FormatMarkdown, document.SpaceRaw, "../x", "")
	pgtest.RequireCode(t, err, fault.BadInput, "path")
	_, err = b.svc.StartImport(b.ctx, bytes.NewReader(nil), "a.zip", archive.FormatMarkdown, document.SpaceRaw, "", "")
	pgtest.RequireCode(t, err, fault.BadInput, "file")
	_, err = b.svc.StartImport(b.ctx, bytes.NewReader(make([]byte, 9<<20)), "a.zip", archive.FormatMarkdown, document.SpaceRaw, "", "")
	pgtest.RequireCode(t, err, fault.BadInput, "file")

	imp := b.start(t, data, archive.FormatMarkdown, document.SpaceRaw, "")
	other := pgtest.CreatePerson(t, b.pool)
	_, err = b.svc.GetImport(pgtest.ActingAs(other), imp.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "id")
	list, more, err := b.svc.ListImports(b.ctx, 10, nil)
	require.NoError(t, err)
	require.False(t, more)
	require.Len(t, list, 1)
}

// A zip of files: each becomes a page as an ingestion would make it, an
// image a page showing it.
func TestImportFiles(t *testing.T) {
	t.Parallel()
	b := setup(t)
	imp := b.run(t, b.start(t, zipOf(t, map[string]string{
		"notes/plan.md":   "# The plan\nDo it.",
		"notes/page.html": "<html><head><title>Web page</title></head><body><p>Hello <b>there</b></p></body></html>",
		"photo.png":       "\x89PNG\r\n\x1a\nimage",
		"tool.exe":        "MZ\x90\x00binary\x00\x00",
	}), archive.FormatFiles, document.SpaceRaw, "drop"))
	require.Equal(t, StatusDone, imp.Status, imp.Error)
	require.Equal(t, 3, imp.Report.Created)
	require.Len(t, imp.Report.Skipped, 1)
	require.Equal(t, "tool.exe", imp.Report.Skipped[0].Entry)
	require.Equal(t, "Web page", b.doc(t, "raw", "drop/notes", "page").Title)
	photo := b.doc(t, "raw", "drop", "photo")
	as, err := b.files.ForDocuments(b.ctx, []*document.Doc{photo})
	require.NoError(t, err)
	require.Len(t, as[photo], 1)
	require.Equal(t, map[string]string{}, b.linkStates(t, photo.ID))
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM attachment_refs WHERE source_id = $1 AND state = 'resolved'`, photo.ID))
}

// A Notion export and a Confluence export land as pages in their hierarchy,
// with their links resolved in the graph and their images as files.
func TestImportNotionAndConfluence(t *testing.T) {
	t.Parallel()
	b := setup(t)
	const home, child = "0123456789abcdef0123456789abcdef", "fedcba9876543210fedcba9876543210"
	png := "\x89PNG\r\n\x1a\nimage"
	notion := b.run(t, b.start(t, zipOf(t, map[string]string{
		"Home " + home + ".md":                          "# Home\n\nTags: Team, Docs\n\nSee [Child](Home%20" + home + "/Child%20" + child + ".md).\n",
		"Home " + home + "/Child " + child + ".md":      "# Child\n\nBack to [Home](../Home%20" + home + ".md). ![pic](Child%20" + child + "/pic.png)\n",
		"Home " + home + "/Child " + child + "/pic.png": png,
	}), archive.FormatNotion, document.SpaceRaw, "notion"))
	require.Equal(t, StatusDone, notion.Status, notion.Error)
	require.Equal(t, 2, notion.Report.Created, "%+v", notion.Report)
	h := b.doc(t, "raw", "notion", "home")
	require.Equal(t, []string{"team", "docs"}, h.Tags)
	c := b.doc(t, "raw", "notion/home", "child")
	for _, id := range []uuid.UUID{h.ID, c.ID} {
		for href, state := range b.linkStates(t, id) {
			require.Equal(t, "resolved", state, href)
		}
	}
	require.Len(t, b.linkStates(t, h.ID), 1)
	as, err := b.files.ForDocuments(b.ctx, []*document.Doc{c})
	require.NoError(t, err)
	require.Len(t, as[c], 1)

	page := func(title, body string) string {
		return `<html><head><title>Docs : ` + title + `</title></head><body><div id="main-header"><h1 id="title-heading" class="pagetitle"><span id="title-text"> Docs : ` +
			title + ` </span></h1></div><div id="content" class="view"><div id="main-content" class="wiki-content group">` + body + `</div></div></body></html>`
	}
	conf := b.run(t, b.start(t, zipOf(t, map[string]string{
		"DOCS/index.html": `<html><body><div id="main-content"><h2>Available Pages:</h2><ul><li><a href="Home_100.html">Home</a>` +
			`<ul><li><a href="Guide_200.html">Guide</a></li></ul></li></ul></div></body></html>`,
		"DOCS/Home_100.html":           page("Home", `<p>Read the <a href="Guide_200.html">guide</a>.</p>`),
		"DOCS/Guide_200.html":          page("Guide", `<p>Back <a href="Home_100.html">home</a>.</p><p><img src="attachments/200/300.png" alt="diagram.png"></p>`),
		"DOCS/attachments/200/300.png": png,
	}), archive.FormatConfluence, document.SpaceWiki, "conf"))
	require.Equal(t, StatusDone, conf.Status, conf.Error)
	require.Equal(t, 2, conf.Report.Created, "%+v", conf.Report)
	ch := b.doc(t, "wiki", "conf", "home")
	require.Equal(t, "Home", ch.Title)
	g := b.doc(t, "wiki", "conf/home", "guide")
	require.Equal(t, map[string]string{"home/guide": "resolved"}, b.linkStates(t, ch.ID))
	require.Equal(t, map[string]string{"../home": "resolved"}, b.linkStates(t, g.ID))
	as, err = b.files.ForDocuments(b.ctx, []*document.Doc{g})
	require.NoError(t, err)
	require.Len(t, as[g], 1)
}
