package watch

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/document"
	"codna/internal/outbox"
	"codna/internal/pgtest"
)

func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, int(float64(len(s))*p))]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// benchSeconds is how long the save load runs (CODNA_BENCH_SECONDS, default 10).
func benchSeconds() int {
	if n, err := strconv.Atoi(os.Getenv("CODNA_BENCH_SECONDS")); err == nil && n > 0 {
		return n
	}
	return 10
}

// BenchmarkFanOut: 100 pages in one folder (among 20,000 others), 1,000
// people watching the folder and reading every page (Everyone), 50 saves a second across the
// pages through the documents service, the fan-out as the only consumer of
// a started outbox worker. It reports save → watcher notification
// latencies (from the event's commit to the commit of the fan-out's
// transaction that handled it): for the
// saves that notified (first one per page: each writes 1,000
// notifications), and for every save (the later ones skip inside the
// window). "worst" has no window: every save notifies 1,000 watchers
// (50,000 notifications a second). "one-edit" times one event on a page
// with 1,000 watchers: one statement writing 1,000 rows.
//
//	go test -run '^$' -bench FanOut -benchtime 1x ./internal/watch/
func BenchmarkFanOut(b *testing.B) {
	b.Run("coalesced", func(b *testing.B) { benchFanOut(b, Window) })
	b.Run("worst", func(b *testing.B) { benchFanOut(b, 0) })
	b.Run("one-edit", func(b *testing.B) {
		d := pgtest.New(b)
		owner, _, docs := seedWatchers(b, d, 1)
		f := New(d.Pool).FanOut()
		var took []time.Duration
		for i := 0; i < b.N; i++ {
			pgtest.Exec(b, d.Pool, `DELETE FROM notifications`)
			e := outbox.Stored{ID: uuid.Must(uuid.NewV7()), Type: "document.updated", DocumentID: &docs[0].ID, ActorID: &owner, Payload: []byte("{}"), CreatedAt: time.Now()}
			t0 := time.Now()
			require.NoError(b, f.HandleBatch(context.Background(), []outbox.Stored{e}))
			took = append(took, time.Since(t0))
			require.Equal(b, 1000, pgtest.Count(b, d.Pool, `SELECT count(*) FROM notifications`))
		}
		b.ReportMetric(ms(percentile(took, 0.5)), "p50-ms")
		b.ReportMetric(ms(percentile(took, 0.99)), "p99-ms")
	})
}

// seedWatchers makes pages pages in wiki/bench owned by a person, read by
// Everyone, and 1,000 people watching the folder.
func seedWatchers(b *testing.B, d *pgtest.DB, pages int) (uuid.UUID, *document.Service, []*document.Doc) {
	b.Helper()
	owner := pgtest.CreatePerson(b, d.Pool)
	docs := make([]*document.Doc, pages)
	for i := range docs {
		docs[i] = pgtest.CreateDocument(b, d.Pool, owner.ID, pgtest.Doc{Path: "bench", Slug: fmt.Sprintf("p-%d", i), Content: "initial"})
	}
	pgtest.Exec(b, d.Pool, `INSERT INTO document_access (id, document_id, principal_type, principal_id, permission)
		SELECT gen_random_uuid(), id, 'group', '00000000-0000-0000-0000-000000000002', 'read' FROM documents`)
	pgtest.Exec(b, d.Pool, `WITH u AS (
		INSERT INTO users (id, email, name) SELECT gen_random_uuid(), 'w' || i || '@example.com', 'W' || i FROM generate_series(1, 1000) i RETURNING id)
		INSERT INTO watches (id, user_id, space, path, source) SELECT gen_random_uuid(), id, 'wiki', 'bench', 'manual' FROM u`)
	// The rest of a real instance: 20,000 other pages, each shared with
	// someone, so the read rule's grant lookups go by index as they would.
	pgtest.Exec(b, d.Pool, `INSERT INTO documents (id, space, path, slug, title, content, content_hash, created_by)
		SELECT gen_random_uuid(), 'wiki', 'other', 'o' || i, 'O' || i, '', '', $1 FROM generate_series(1, 20000) i`, owner.ID)
	pgtest.Exec(b, d.Pool, `INSERT INTO document_access (id, document_id, principal_type, principal_id, permission)
		SELECT gen_random_uuid(), id, 'user', $1, 'read' FROM documents WHERE path = 'other'`, owner.ID)
	pgtest.Exec(b, d.Pool, `ANALYZE`)
	return owner.ID, document.New(d.Pool, document.DefaultConfig), docs
}

func benchFanOut(b *testing.B, w time.Duration) {
	window = w
	b.Cleanup(func() { window = Window })
	d := pgtest.New(b)
	owner, docSvc, docs := seedWatchers(b, d, 100)
	f := New(d.Pool).FanOut()

	var mu sync.Mutex
	var all, notified []time.Duration
	seen := map[uuid.UUID]bool{}
	handled := 0
	loops := 1 // CODNA_BENCH_WORKERS: the lane's delivery loops (CODNA_OUTBOX_WORKERS)
	if n, err := strconv.Atoi(os.Getenv("CODNA_BENCH_WORKERS")); err == nil && n > 0 {
		loops = n
	}
	worker := outbox.New(d.Pool, outbox.Config{PollInterval: 100 * time.Millisecond, Workers: loops}, nil)
	f.afterCommit = func(e outbox.Stored) {
		if e.Type != "document.updated" {
			return
		}
		lat := time.Since(e.CreatedAt)
		mu.Lock()
		defer mu.Unlock()
		all = append(all, lat)
		if w == 0 || !seen[*e.DocumentID] {
			notified = append(notified, lat)
		}
		seen[*e.DocumentID] = true
		handled++
	}
	worker.RegisterBatch(FanOutName, f.HandleBatch, outbox.Lane{Budget: 10 * time.Second, Events: FanOutEvents()})
	require.NoError(b, worker.Drain(context.Background())) // the creations, before the clock starts
	// Their notifications would hold every page's window: the first save
	// of each page must notify its 1,000 watchers.
	pgtest.Exec(b, d.Pool, `DELETE FROM notifications`)
	mu.Lock()
	all, notified, handled = nil, nil, 0
	mu.Unlock()
	require.NoError(b, worker.Start(context.Background()))
	defer worker.Stop()

	ctx := auth.WithActor(context.Background(), &auth.Actor{UserID: owner, Kind: auth.KindPerson})
	versions := make([]int, len(docs))
	for i := range versions {
		versions[i] = 1
	}
	saves := 50 * benchSeconds()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	b.ResetTimer()
	var late time.Duration
	start := time.Now()
	for i := 0; i < saves; i++ {
		<-tick.C
		j := i % len(docs)
		body := fmt.Sprintf("v%d", i)
		t0 := time.Now()
		got, _, err := docSvc.Update(ctx, document.UpdateInput{ID: docs[j].ID, ExpectedVersion: versions[j], Content: &body})
		require.NoError(b, err)
		late = max(late, time.Since(t0))
		versions[j] = got.Version
	}
	rate := float64(saves) / time.Since(start).Seconds()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		mu.Lock()
		n := handled
		mu.Unlock()
		if n >= saves || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	b.StopTimer()
	mu.Lock()
	defer mu.Unlock()
	require.Equal(b, saves, handled, "every save reached the fan-out")
	b.ReportMetric(rate, "saves/s")
	b.ReportMetric(ms(percentile(notified, 0.5)), "notified-p50-ms")
	b.ReportMetric(ms(percentile(notified, 0.99)), "notified-p99-ms")
	b.ReportMetric(ms(percentile(all, 0.5)), "all-p50-ms")
	b.ReportMetric(ms(percentile(all, 0.99)), "all-p99-ms")
	b.ReportMetric(float64(len(notified)), "notifying-saves")
	b.ReportMetric(ms(late), "slowest-save-ms")
	b.Logf("%d saves at %.1f/s; %d notifying: p50 %.1f ms, p99 %.1f ms; all: p50 %.1f ms, p99 %.1f ms; notifications %d",
		saves, rate, len(notified), ms(percentile(notified, 0.5)), ms(percentile(notified, 0.99)),
		ms(percentile(all, 0.5)), ms(percentile(all, 0.99)), pgtest.Count(b, d.Pool, `SELECT count(*) FROM notifications`))
	if w > 0 {
		require.Equal(b, 100*1000, pgtest.Count(b, d.Pool, `SELECT count(*) FROM notifications`), "one per watcher and page in the window")
	}
}
