package app_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/app/apptest"
	"codna/internal/outbox"
	"codna/internal/pgtest"
)

// Two saves of pathological bodies (1 MB of "> - ", nested as deep as
// Markdown allows) keep a consumer busy for seconds — here a test-only
// consumer registered beside the real ones, slow on exactly those
// documents, since the nesting cap made the real consumers quick on them.
// An unrelated document saved meanwhile still has its link resolved within
// a second: the slow consumer holds only its own lane.
func TestPathologicalSavesDoNotDelayAnotherLinkResolution(t *testing.T) {
	t.Parallel()
	a, d := apptest.Open(t)
	const slowFor = 4 * time.Second
	var busy, done atomic.Int32
	a.Outbox.RegisterBatch("slow-on-pathological", func(ctx context.Context, events []outbox.Stored) error {
		for _, e := range events {
			if e.DocumentID == nil {
				continue
			}
			var slug string
			if err := d.Pool.QueryRow(ctx, `SELECT slug FROM documents WHERE id = $1`, *e.DocumentID).Scan(&slug); err != nil {
				return err
			}
			if !strings.HasPrefix(slug, "pathological") {
				continue
			}
			busy.Add(1)
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(slowFor):
			}
			done.Add(1)
		}
		return nil
	}, outbox.Lane{Budget: time.Minute})
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	require.NoError(t, a.Start(ctx))

	p := pgtest.CreatePerson(t, d.Pool)
	pgtest.CreateDocument(t, d.Pool, p.ID, pgtest.Doc{Path: "lanes", Slug: "target", Content: "The target."})
	body := strings.Repeat("> - ", 250_000)
	for _, slug := range []string{"pathological-1", "pathological-2"} {
		pgtest.CreateDocument(t, d.Pool, p.ID, pgtest.Doc{Path: "lanes", Slug: slug, Content: body})
	}
	require.Eventually(t, func() bool { return busy.Load() > 0 }, 30*time.Second, 5*time.Millisecond, "the slow consumer got the pathological saves")
	// The real consumers' own work on those bodies (tens of milliseconds
	// each since the nesting cap) is done; the slow consumer's is not.
	require.Eventually(t, func() bool {
		return pgtest.Count(t, d.Pool, `SELECT count(*) FROM outbox_deliveries WHERE consumer <> 'slow-on-pathological'`) == 0
	}, 30*time.Second, 5*time.Millisecond)

	start := time.Now()
	src := pgtest.CreateDocument(t, d.Pool, p.ID, pgtest.Doc{Path: "lanes", Slug: "unrelated", Content: "See [the target](target.md)."})
	require.Eventually(t, func() bool {
		return pgtest.Count(t, d.Pool, `SELECT count(*) FROM document_links WHERE source_id = $1 AND state = 'resolved'`, src.ID) == 1
	}, 30*time.Second, 5*time.Millisecond)
	lag := time.Since(start)
	require.Less(t, done.Load(), int32(2), "the slow consumer was still on the pathological saves")
	require.LessOrEqual(t, lag, time.Second, "the unrelated save's link resolved %v after it", lag)
	t.Logf("link resolved %v after the save, the slow lane still busy", lag)
}
