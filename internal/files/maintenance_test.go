package files

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/pgtest"
)

// maintFixture is a database, a local store, the files service on them and
// a person who owns the pages of a test.
type maintFixture struct {
	pool   *pgxpool.Pool
	url    string
	store  Store
	files  *Service
	docs   *document.Service
	person pgtest.Person
}

func newMaintFixture(t *testing.T) *maintFixture {
	t.Helper()
	d := pgtest.New(t)
	store, err := NewLocal(filepath.Join(t.TempDir(), "files"))
	require.NoError(t, err)
	docs := document.New(d.Pool, document.DefaultConfig)
	return &maintFixture{
		pool: d.Pool, url: d.URL, store: store, files: New(d.Pool, store, docs, 0), docs: docs,
		person: pgtest.CreatePerson(t, d.Pool),
	}
}

// maintenance is a Maintenance on the fixture with a small batch, so that
// the passes of the tests run several batches of every step.
func (f *maintFixture) maintenance(store Store, log *slog.Logger) *Maintenance {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return NewMaintenance(f.pool, store, MaintenanceConfig{Batch: 2, InFlight: -1}, log)
}

func (f *maintFixture) page(t *testing.T, d pgtest.Doc) *document.Doc {
	t.Helper()
	return pgtest.CreateDocument(t, f.pool, f.person.ID, d)
}

// upload adds a file named name to the page, its bytes made of the name
// (so that no two files of a test have the same bytes).
func (f *maintFixture) upload(t *testing.T, doc *document.Doc, name string) *Attachment {
	t.Helper()
	a, existing, err := f.files.Upload(pgtest.ActingAs(f.person), doc.ID, name, strings.NewReader("bytes of "+doc.ID.String()+"/"+name))
	require.NoError(t, err)
	require.False(t, existing)
	require.Equal(t, name, a.Name)
	return a
}

// save writes content as the page's next version (a revision).
func (f *maintFixture) save(t *testing.T, doc *document.Doc, content string) {
	t.Helper()
	cur, err := f.docs.Get(pgtest.ActingAs(f.person), doc.ID)
	require.NoError(t, err)
	_, changed, err := f.docs.Update(pgtest.ActingAs(f.person), document.UpdateInput{ID: doc.ID, ExpectedVersion: cur.Version, Content: &content})
	require.NoError(t, err)
	require.True(t, changed)
}

// age sets a file's upload time back by d.
func (f *maintFixture) age(t *testing.T, a *Attachment, d time.Duration) {
	t.Helper()
	pgtest.Exec(t, f.pool, "UPDATE attachments SET created_at = created_at - $2::bigint * interval '1 millisecond' WHERE id = $1", a.ID, d.Milliseconds())
}

func (f *maintFixture) referenced(t *testing.T, a *Attachment) bool {
	t.Helper()
	return pgtest.Count(t, f.pool, "SELECT count(*) FROM attachments WHERE id = $1 AND referenced_at IS NOT NULL", a.ID) == 1
}

func (f *maintFixture) rowExists(t *testing.T, a *Attachment) bool {
	t.Helper()
	return pgtest.Count(t, f.pool, "SELECT count(*) FROM attachments WHERE id = $1", a.ID) == 1
}

func (f *maintFixture) queued(t *testing.T) int {
	t.Helper()
	return pgtest.Count(t, f.pool, "SELECT count(*) FROM file_deletions")
}

// requireBytes requires the store to have key's bytes (present) or none.
func requireBytes(t *testing.T, store Store, key string, present bool) {
	t.Helper()
	file, err := store.Open(context.Background(), key)
	if !present {
		require.ErrorIs(t, err, ErrNoFile, "bytes of %s still in the store", key)
		return
	}
	require.NoError(t, err, "bytes of %s gone from the store", key)
	require.NoError(t, file.Close())
}

func runOnce(t *testing.T, m *Maintenance) Report {
	t.Helper()
	rep, err := m.RunOnce(context.Background())
	require.NoError(t, err)
	return rep
}

func TestMaintenanceMarksReferencedFiles(t *testing.T) {
	t.Parallel()
	f := newMaintFixture(t)
	f.page(t, pgtest.Doc{Path: "y", Slug: "early", Content: "![](../x/plan.files/early.png)"}) // before the upload
	plan := f.page(t, pgtest.Doc{Path: "x", Slug: "plan", Content: "The plan."})
	own := f.upload(t, plan, "own.png")
	other := f.upload(t, plan, "other.png")
	none := f.upload(t, plan, "none.png")
	elsewhere := f.upload(t, plan, "elsewhere.png")
	tooEarly := f.upload(t, plan, "early.png")
	// Its own page names own.png; another page names other.png by the
	// page's folder; elsewhere.png is named only as another page's file
	// (no slug of plan's); early.png only by a revision older than it.
	f.save(t, plan, "The plan.\n\n![diagram](plan.files/own.png)")
	f.page(t, pgtest.Doc{Path: "z", Slug: "notes", Content: "See [it](../x/plan.files/other.png) and ![](notes.files/elsewhere.png)"})

	m := f.maintenance(f.store, nil)
	rep := runOnce(t, m)
	require.Equal(t, Report{Referenced: 2}, rep)
	require.True(t, f.referenced(t, own))
	require.True(t, f.referenced(t, other))
	for _, a := range []*Attachment{none, elsewhere, tooEarly} {
		require.False(t, f.referenced(t, a), a.Name)
		require.True(t, f.rowExists(t, a), a.Name) // young: kept
		requireBytes(t, f.store, a.storageKey, true)
	}

	// A later revision naming a file marks it at the next pass; the marked
	// ones are not counted again.
	f.save(t, plan, "The plan.\n\n![diagram](plan.files/own.png) ![](plan.files/none.png)")
	require.Equal(t, Report{Referenced: 1}, runOnce(t, m))
	require.True(t, f.referenced(t, none))
	require.Equal(t, Report{}, runOnce(t, m))
}

func TestMaintenanceDeletesUnreferencedFilesAfterTheirTime(t *testing.T) {
	t.Parallel()
	f := newMaintFixture(t)
	page := f.page(t, pgtest.Doc{Slug: "page"})
	var unused []*Attachment
	for _, name := range []string{"a.png", "b.png", "c.png"} { // more than a batch
		a := f.upload(t, page, name)
		f.age(t, a, 31*24*time.Hour)
		unused = append(unused, a)
	}
	used := f.upload(t, page, "used.png")
	f.age(t, used, 31*24*time.Hour)
	f.save(t, page, "![](page.files/used.png)") // a revision after the (aged) upload
	fresh := f.upload(t, page, "fresh.png")
	f.age(t, fresh, 29*24*time.Hour)
	// A file marked referenced earlier stays whatever its age.
	marked := f.upload(t, page, "marked.png")
	pgtest.Exec(t, f.pool, "UPDATE attachments SET created_at = now() - interval '400 days', referenced_at = now() - interval '399 days' WHERE id = $1", marked.ID)

	rep := runOnce(t, f.maintenance(f.store, nil))
	require.Equal(t, Report{Referenced: 1, Expired: 3, BytesDeleted: 3}, rep)
	for _, a := range unused {
		require.False(t, f.rowExists(t, a), a.Name)
		requireBytes(t, f.store, a.storageKey, false)
	}
	for _, a := range []*Attachment{used, fresh, marked} {
		require.True(t, f.rowExists(t, a), a.Name)
		requireBytes(t, f.store, a.storageKey, true)
	}
	require.True(t, f.referenced(t, used))
	require.Zero(t, f.queued(t))
}

func TestMaintenanceDeletesTheBytesOfAPurgedPage(t *testing.T) {
	t.Parallel()
	f := newMaintFixture(t)
	page := f.page(t, pgtest.Doc{Slug: "gone"})
	kept := f.page(t, pgtest.Doc{Slug: "kept"})
	a := f.upload(t, page, "a.png")
	b := f.upload(t, page, "b.pdf")
	c := f.upload(t, page, "c.txt")
	f.save(t, page, "![](gone.files/a.png)")
	other := f.upload(t, kept, "other.png")

	pgtest.Exec(t, f.pool, "DELETE FROM documents WHERE id = $1", page.ID)
	require.Equal(t, 3, f.queued(t))

	rep := runOnce(t, f.maintenance(f.store, nil))
	require.Equal(t, Report{BytesDeleted: 3}, rep)
	for _, x := range []*Attachment{a, b, c} {
		requireBytes(t, f.store, x.storageKey, false)
	}
	requireBytes(t, f.store, other.storageKey, true)
	require.Zero(t, f.queued(t))
}

func TestMaintenanceNeverDeletesBytesARowNames(t *testing.T) {
	t.Parallel()
	f := newMaintFixture(t)
	page := f.page(t, pgtest.Doc{Slug: "page"})
	copyPage := f.page(t, pgtest.Doc{Slug: "copy"})
	a := f.upload(t, page, "a.png")
	m := f.maintenance(f.store, nil)

	// A key queued by mistake while its row is there.
	pgtest.Exec(t, f.pool, "INSERT INTO file_deletions (storage_key) VALUES ($1)", a.storageKey)
	require.Equal(t, Report{}, runOnce(t, m))
	requireBytes(t, f.store, a.storageKey, true)
	require.True(t, f.rowExists(t, a))
	require.Zero(t, f.queued(t), "the key named by a row is dropped from the queue")

	// Two rows share the bytes: deleting one queues the key, which keeps
	// its bytes while the other names them, and loses them after.
	copyID := uuid.Must(uuid.NewV7())
	pgtest.Exec(t, f.pool, `INSERT INTO attachments (id, document_id, name, mime_type, byte_size, sha256, storage_key)
		SELECT $1, $2, name, mime_type, byte_size, sha256, storage_key FROM attachments WHERE id = $3`, copyID, copyPage.ID, a.ID)
	pgtest.Exec(t, f.pool, "DELETE FROM attachments WHERE id = $1", a.ID)
	require.Equal(t, 1, f.queued(t))
	require.Equal(t, Report{}, runOnce(t, m))
	requireBytes(t, f.store, a.storageKey, true)
	require.Zero(t, f.queued(t))

	pgtest.Exec(t, f.pool, "DELETE FROM attachments WHERE id = $1", copyID)
	require.Equal(t, Report{BytesDeleted: 1}, runOnce(t, m))
	requireBytes(t, f.store, a.storageKey, false)
	require.Zero(t, f.queued(t))
}

func TestMaintenanceRunsOnOneReplicaAtATime(t *testing.T) {
	t.Parallel()
	f := newMaintFixture(t)
	page := f.page(t, pgtest.Doc{Slug: "page"})
	var named []string
	for i := range 5 {
		a := f.upload(t, page, fmt.Sprintf("used-%d.png", i))
		named = append(named, "page.files/"+a.Name)
	}
	f.save(t, page, strings.Join(named, "\n"))
	var old []*Attachment
	for i := range 7 {
		a := f.upload(t, page, fmt.Sprintf("old-%d.png", i))
		f.age(t, a, 40*24*time.Hour)
		old = append(old, a)
	}

	// Two replicas: two pools, each with its maintenance.
	cfg, err := pgxpool.ParseConfig(f.url)
	require.NoError(t, err)
	db.Configure(cfg)
	pool2, err := pgxpool.NewWithConfig(context.Background(), cfg)
	require.NoError(t, err)
	t.Cleanup(pool2.Close)
	quiet := slog.New(slog.DiscardHandler)
	ms := []*Maintenance{
		NewMaintenance(f.pool, f.store, MaintenanceConfig{Batch: 1, InFlight: -1}, quiet),
		NewMaintenance(pool2, f.store, MaintenanceConfig{Batch: 1, InFlight: -1}, quiet),
	}
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		total Report
		errs  []error
	)
	start := make(chan struct{})
	for i := range 6 {
		wg.Go(func() {
			<-start
			rep, err := ms[i%2].RunOnce(context.Background())
			mu.Lock()
			defer mu.Unlock()
			errs = append(errs, err)
			total.Referenced += rep.Referenced
			total.Expired += rep.Expired
			total.BytesDeleted += rep.BytesDeleted
		})
	}
	close(start)
	wg.Wait()
	for _, err := range errs {
		require.NoError(t, err)
	}
	require.Equal(t, Report{Referenced: 5, Expired: 7, BytesDeleted: 7}, total)
	for _, a := range old {
		requireBytes(t, f.store, a.storageKey, false)
	}
	require.Zero(t, f.queued(t))
	require.Zero(t, pgtest.Count(t, f.pool, `SELECT count(*) FROM pg_locks
		WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`),
		"a pass left its lock")

	// While another session holds the lock, a pass does nothing.
	a := f.upload(t, page, "late.png")
	f.age(t, a, 40*24*time.Hour)
	conn, err := pool2.Acquire(context.Background())
	require.NoError(t, err)
	defer conn.Release()
	_, err = conn.Exec(context.Background(), "SELECT pg_advisory_lock(hashtextextended($1, 0))", MaintenanceLock)
	require.NoError(t, err)
	require.Equal(t, Report{}, runOnce(t, ms[0]))
	require.True(t, f.rowExists(t, a))
	_, err = conn.Exec(context.Background(), "SELECT pg_advisory_unlock(hashtextextended($1, 0))", MaintenanceLock)
	require.NoError(t, err)
	require.Equal(t, Report{Expired: 1, BytesDeleted: 1}, runOnce(t, ms[0]))
}

// failingStore is a Store whose Delete fails.
type failingStore struct{ Store }

var errStoreDown = errors.New("store down")

func (failingStore) Delete(context.Context, string) error { return errStoreDown }

// syncBuffer is a log destination safe for the job's goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestMaintenanceKeepsTheQueueRowWhenTheStoreFails(t *testing.T) {
	t.Parallel()
	f := newMaintFixture(t)
	page := f.page(t, pgtest.Doc{Slug: "page"})
	var gone []*Attachment
	for _, name := range []string{"a.png", "b.png", "c.png"} { // more than a batch
		a := f.upload(t, page, name)
		_, err := f.files.Delete(pgtest.ActingAs(f.person), a.ID)
		require.NoError(t, err)
		gone = append(gone, a)
	}
	require.Equal(t, 3, f.queued(t))

	var logs syncBuffer
	failing := f.maintenance(failingStore{f.store}, slog.New(slog.NewTextHandler(&logs, nil)))
	require.Equal(t, Report{}, runOnce(t, failing))
	require.Equal(t, 3, f.queued(t))
	for _, a := range gone {
		requireBytes(t, f.store, a.storageKey, true)
	}
	require.Contains(t, logs.String(), "store down")
	require.Contains(t, logs.String(), "count=3")

	require.Equal(t, Report{BytesDeleted: 3}, runOnce(t, f.maintenance(f.store, nil)))
	require.Zero(t, f.queued(t))
	for _, a := range gone {
		requireBytes(t, f.store, a.storageKey, false)
	}
}

func TestMaintenanceJob(t *testing.T) {
	t.Parallel()
	f := newMaintFixture(t)
	page := f.page(t, pgtest.Doc{Slug: "page"})
	a := f.upload(t, page, "a.png")
	f.age(t, a, 31*24*time.Hour)

	var logs syncBuffer
	m := NewMaintenance(f.pool, f.store, MaintenanceConfig{Interval: 10 * time.Millisecond, InFlight: -1}, slog.New(slog.NewTextHandler(&logs, nil)))
	m.Stop() // before Start: nothing
	require.NoError(t, m.Start(context.Background()))
	require.Eventually(t, func() bool {
		return !f.rowExists(t, a) && f.queued(t) == 0
	}, 10*time.Second, 10*time.Millisecond)
	m.Stop()
	m.Stop()
	requireBytes(t, f.store, a.storageKey, false)
	require.Contains(t, logs.String(), "files maintenance")
	require.NotContains(t, logs.String(), "level=ERROR")
}

func TestMaintenanceConfigDefaults(t *testing.T) {
	t.Parallel()
	m := NewMaintenance(nil, nil, MaintenanceConfig{}, nil)
	require.Equal(t, MaintenanceConfig{Interval: 10 * time.Minute, UnreferencedAfter: 30 * 24 * time.Hour, InFlight: time.Hour, Batch: 500}, m.cfg)
	m.Stop()
}

// An upload that died after writing its bytes and before its row existed
// leaves a queued key: maintenance deletes those bytes once the key is
// older than an upload can take, and never while the upload may still run.
func TestMaintenanceDeletesBytesAnUploadLeftWithoutARow(t *testing.T) {
	t.Parallel()
	f := newMaintFixture(t)
	ctx := context.Background()
	const key = "0193aaaa-0000-7000-8000-000000000001.png"
	require.NoError(t, db.Q.FileDeletionQueue(ctx, f.pool, key))
	require.NoError(t, f.store.Put(ctx, key, strings.NewReader("orphan bytes")))

	patient := NewMaintenance(f.pool, f.store, MaintenanceConfig{}, slog.New(slog.DiscardHandler))
	_, err := patient.RunOnce(ctx)
	require.NoError(t, err)
	file, err := f.store.Open(ctx, key)
	require.NoError(t, err, "the upload may still be running: its bytes stay")
	require.NoError(t, file.Close())

	pgtest.Exec(t, f.pool, `UPDATE file_deletions SET created_at = now() - interval '2 hours' WHERE storage_key = $1`, key)
	rep, err := patient.RunOnce(ctx)
	require.NoError(t, err)
	require.EqualValues(t, 1, rep.BytesDeleted)
	_, err = f.store.Open(ctx, key)
	require.ErrorIs(t, err, ErrNoFile)

	// A finished upload took its key off the queue with its row.
	page := f.page(t, pgtest.Doc{})
	a, _, err := f.files.Upload(pgtest.ActingAs(f.person), page.ID, "kept.txt", strings.NewReader("kept"))
	require.NoError(t, err)
	require.Zero(t, pgtest.Count(t, f.pool, `SELECT count(*) FROM file_deletions WHERE storage_key = $1`, a.storageKey))
}
