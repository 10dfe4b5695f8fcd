package ingest

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/convert/fixture"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/files"
	"codna/internal/pgtest"
)

type bundle struct {
	pool   *pgtest.DB
	svc    *Service
	docs   *document.Service
	files  *files.Service
	worker *Worker
}

func setup(t testing.TB) *bundle {
	t.Helper()
	d := pgtest.New(t)
	docs := document.New(d.Pool, document.DefaultConfig)
	store := files.NewPostgres(d.Pool)
	fs := files.New(d.Pool, store, docs, 1<<20)
	svc := New(d.Pool, store, docs, fs, 1<<20)
	log := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelError}))
	return &bundle{pool: d, svc: svc, docs: docs, files: fs, worker: svc.NewWorker(WorkerConfig{WorkerID: "test", Budget: 10 * time.Second, MaxBodyBytes: 256 << 10}, log)}
}

func (b *bundle) ingest(t testing.TB, p pgtest.Person, name string, data []byte, path string) *Ingestion {
	t.Helper()
	g, err := b.svc.Ingest(pgtest.ActingAs(p), bytes.NewReader(data), name, path, "https://example.com/"+name)
	require.NoError(t, err)
	require.Equal(t, StatusPending, g.Status)
	return g
}

func (b *bundle) done(t testing.TB, p pgtest.Person, g *Ingestion) (*Ingestion, *document.Doc) {
	t.Helper()
	require.NoError(t, b.worker.Drain(context.Background()))
	got, err := b.svc.Get(pgtest.ActingAs(p), g.ID)
	require.NoError(t, err)
	if got.DocumentID == nil {
		return got, nil
	}
	d, err := b.docs.Get(pgtest.ActingAs(p), *got.DocumentID)
	require.NoError(t, err)
	return got, d
}

// Each format becomes a raw page owned by the uploader, with the original
// kept and the uploader told.
func TestEachFormatBecomesARawPage(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool.Pool)
	cases := []struct {
		name    string
		data    []byte
		kind    string
		title   string
		content []string
	}{
		{"notes.md", []byte("# Meeting notes\n\nWe agreed on *everything*.\n"), "markdown", "Meeting notes", []string{"We agreed on *everything*."}},
		{"todo.txt", []byte("buy milk\ncall Dana\n"), "text", "todo", []string{"buy milk", "call Dana"}},
		{"page.html", []byte(`<html><head><title>Runbook</title><script>alert(1)</script></head><body><h1>Restart</h1><p>Run <a href="https://x.example/a">this</a>.</p><ul><li>one</li><li>two</li></ul></body></html>`),
			"html", "Runbook", []string{"# Restart", "[this](https://x.example/a)", "- one"}},
		{"report.pdf", fixture.PDF("Quarterly report", "Revenue went up.", "Costs went down."), "pdf", "Quarterly report", []string{"Revenue went up.", "Costs went down."}},
		{"plan.docx", fixture.DOCX(), "docx", "", []string{"# ", "**", "|"}},
		{"photo.png", fixture.PNG(), "image", "photo", []string{"![photo](photo.files/photo.png)"}},
	}
	for _, c := range cases {
		g := b.ingest(t, p, c.name, c.data, "inbox")
		require.Equal(t, c.kind, string(g.Kind), c.name)
		got, d := b.done(t, p, g)
		require.Equal(t, StatusReady, got.Status, "%s: %s", c.name, got.Error)
		require.NotNil(t, d, c.name)
		require.Equal(t, document.SpaceRaw, d.Space)
		require.Equal(t, "inbox", d.Path)
		require.Equal(t, p.ID, d.OwnerID)
		if c.title != "" {
			require.Equal(t, c.title, d.Title, c.name)
		}
		for _, s := range c.content {
			require.Contains(t, d.Content, s, c.name)
		}
		require.NotContains(t, d.Content, "alert(1)", c.name)
		require.Equal(t, 1, pgtest.Count(t, b.pool.Pool, `SELECT count(*) FROM documents WHERE source_ingestion_id = $1`, g.ID), c.name)
	}
	// The image is the page's attachment.
	img := pgtest.Count(t, b.pool.Pool, `SELECT count(*) FROM attachments a JOIN documents d ON d.id = a.document_id WHERE d.slug = 'photo' AND a.name = 'photo.png' AND a.mime_type = 'image/png'`)
	require.Equal(t, 1, img)
	require.Equal(t, len(cases), pgtest.Count(t, b.pool.Pool, `SELECT count(*) FROM notifications WHERE recipient_id = $1 AND type = 'ingestion.ready'`, p.ID))
	require.Equal(t, len(cases), pgtest.Count(t, b.pool.Pool, `SELECT count(*) FROM events WHERE event_type = 'ingestion.ready'`))
	list, more, err := b.svc.List(pgtest.ActingAs(p), 100, nil)
	require.NoError(t, err)
	require.False(t, more)
	require.Len(t, list, len(cases))
}

// What cannot be converted fails with its reason; the original stays and
// the uploader is told.
func TestBadOriginalsFailWithTheirReason(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool.Pool)
	pdf := fixture.PDF("T", "text")
	cases := []struct {
		name   string
		data   []byte
		reason string
	}{
		{"blob.bin", []byte{0x00, 0x01, 0x02, 0xff, 0xfe}, "cannot be converted"},
		{"broken.pdf", pdf[:len(pdf)/2], ""},
		{"broken.docx", fixture.DOCX()[:200], ""},
		{"bomb.docx", fixture.DOCXBomb(200 << 20), ""},
		{"huge.md", bytes.Repeat([]byte("word "), 300<<10)[:300<<10], "at most"},
	}
	for _, c := range cases {
		g := b.ingest(t, p, c.name, c.data, "")
		got, d := b.done(t, p, g)
		require.Equal(t, StatusFailed, got.Status, c.name)
		require.NotEmpty(t, got.Error, c.name)
		require.Contains(t, got.Error, c.reason, c.name)
		require.Nil(t, d, c.name)
		f, err := b.svc.store.Open(context.Background(), got.storageKey)
		require.NoError(t, err, "%s: the original is kept", c.name)
		require.NoError(t, f.Close())
	}
	require.Equal(t, len(cases), pgtest.Count(t, b.pool.Pool, `SELECT count(*) FROM notifications WHERE recipient_id = $1 AND type = 'ingestion.failed'`, p.ID))

	_, err := b.svc.Ingest(pgtest.ActingAs(p), bytes.NewReader(nil), "empty.md", "", "")
	pgtest.RequireCode(t, err, fault.BadInput, "file")
	_, err = b.svc.Ingest(pgtest.ActingAs(p), bytes.NewReader(make([]byte, 2<<20)), "big.md", "", "")
	pgtest.RequireCode(t, err, fault.BadInput, "file")
	_, err = b.svc.Ingest(pgtest.ActingAs(p), strings.NewReader("x"), "x.md", "../etc", "")
	pgtest.RequireCode(t, err, fault.BadInput, "path")
	agent := pgtest.CreateAgent(t, b.pool.Pool, p.ID)
	_, err = b.svc.Ingest(pgtest.ActingAsAgent(agent), strings.NewReader("x"), "x.md", "", "")
	pgtest.RequireCode(t, err, fault.Forbidden, "")
	_, err = b.svc.Ingest(pgtest.ActingAsManagement(), strings.NewReader("x"), "x.md", "", "")
	pgtest.RequireCode(t, err, fault.Forbidden, "")
	other := pgtest.CreatePerson(t, b.pool.Pool)
	_, err = b.svc.Get(pgtest.ActingAs(other), uuid.Must(uuid.NewV7()))
	pgtest.RequireCode(t, err, fault.NotFound, "id")
}

// Reconverting adds a revision to the same page; a conversion a dead
// worker left half done is finished by the next without a second page.
func TestReconvertAndRestartMakeNoSecondPage(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool.Pool)
	g := b.ingest(t, p, "notes.md", []byte("# Notes\n\nFirst.\n"), "")
	got, d := b.done(t, p, g)
	require.Equal(t, StatusReady, got.Status)
	// Nobody edits a raw body; a reconversion with the same result writes
	// nothing, and after the converter changes its mind (simulated: the
	// stored body differs) it writes the next version.
	pgtest.Exec(t, b.pool.Pool, `UPDATE documents SET content = 'old conversion' WHERE id = $1`, d.ID)
	_, err := b.svc.Reconvert(pgtest.ActingAs(p), g.ID)
	require.NoError(t, err)
	_, err = b.svc.Reconvert(pgtest.ActingAs(p), g.ID)
	pgtest.RequireCode(t, err, fault.Conflict, "id")
	got, d2 := b.done(t, p, g)
	require.Equal(t, StatusReady, got.Status, got.Error)
	require.Equal(t, d.ID, d2.ID)
	require.Equal(t, 2, d2.Version)
	require.Contains(t, d2.Content, "First.")

	// A worker dies after making the page, before finishing: the next one
	// takes over when the lease runs out and makes no second page.
	g2 := b.ingest(t, p, "later.md", []byte("# Later\n\nSecond.\n"), "")
	ctx := auth.SystemContext(context.Background())
	row, err := db.Q.IngestionClaim(ctx, b.pool.Pool, db.IngestionClaimParams{WorkerID: "dying", LeaseMs: 60000})
	require.NoError(t, err)
	c := &conversion{w: b.worker, ing: fromRow(row), worker: "dying"}
	require.NoError(t, db.InTx(ctx, b.pool.Pool, func(tx db.DBTX) error {
		d, err := b.docs.CreateIngested(ctx, tx, p.ID, g2.ID, document.CreateInput{Space: document.SpaceRaw, Slug: "later", Title: pgtest.Ptr("Later"), Content: "partial"})
		if err != nil {
			return err
		}
		_, err = db.Q.IngestionSetDocument(ctx, tx, db.IngestionSetDocumentParams{ID: g2.ID, WorkerID: c.worker, DocumentID: &d.ID})
		return err
	}))
	pgtest.Exec(t, b.pool.Pool, `UPDATE ingestions SET lease_until = now() - interval '1 second' WHERE id = $1`, g2.ID)
	got2, d3 := b.done(t, p, g2)
	require.Equal(t, StatusReady, got2.Status, got2.Error)
	require.Equal(t, 2, got2.Attempts)
	require.Contains(t, d3.Content, "Second.")
	require.Equal(t, 1, pgtest.Count(t, b.pool.Pool, `SELECT count(*) FROM documents WHERE source_ingestion_id = $1`, g2.ID))
}
