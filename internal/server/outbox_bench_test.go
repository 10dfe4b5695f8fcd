package server_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/document"
	"codna/internal/pgtest"
	"codna/internal/server"
)

// Sizes of BenchmarkOutboxBacklog's fixture.
const (
	backlogDocs    = 2_000  // documents, each linking to two others
	backlogSaves   = 20_000 // link-changing saves in the backlog
	backlogWriters = 16     // concurrent writers filling it
)

// BenchmarkOutboxBacklog measures how fast the real consumers (as the server
// registers them) drain a backlog of link-changing saves: backlogDocs
// documents are created and their links resolved, then backlogSaves saves
// through document.Service (backlogWriters at once, round robin over the
// documents, each save pointing the document's two links at two other
// documents: two edges removed, two created) fill the outbox while no worker
// runs. The timer then covers the server's worker, started, draining them
// all; the figure to read is events/s. Run it once (-benchtime 1x), against
// a server with fsync on (TEST_DATABASE_URL).
func BenchmarkOutboxBacklog(b *testing.B) {
	for _, workers := range []int{1, 2, 4} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			var drained, filling time.Duration
			for range b.N {
				b.StopTimer()
				bb := setup(b, func(c *server.Config) { c.Outbox.Workers = workers })
				ctx := context.Background()
				p := pgtest.CreatePerson(b, bb.pool)
				body := func(i, save int) string {
					// Two links whose targets move with every save.
					x, y := (i+1+save)%backlogDocs, (i+7+3*save)%backlogDocs
					return fmt.Sprintf("Save %d of %d: see [one](doc-%d.md) and [two](doc-%d.md).\n", save, i, x, y)
				}
				ids := make([]uuid.UUID, backlogDocs)
				for i := range backlogDocs {
					ids[i] = pgtest.CreateDocument(b, bb.pool, p.ID, pgtest.Doc{Path: "bench", Slug: fmt.Sprintf("doc-%d", i), Content: body(i, 0)}).ID
				}
				bb.drain(b)

				actx := pgtest.ActingAs(p)
				var wg sync.WaitGroup
				start := time.Now()
				for w := range backlogWriters {
					wg.Go(func() {
						version := map[int]int{}
						for n := w; n < backlogSaves; n += backlogWriters {
							i := n % backlogDocs
							if version[i] == 0 {
								version[i] = 1
							}
							save := n/backlogDocs + 1
							_, changed, err := bb.srv.Docs.Update(actx, document.UpdateInput{ID: ids[i], ExpectedVersion: version[i], Content: pgtest.Ptr(body(i, save))})
							if err != nil || !changed {
								b.Errorf("save %d of doc %d: changed %v, %v", save, i, changed, err)
								return
							}
							version[i]++
						}
					})
				}
				wg.Wait()
				fill := time.Since(start)
				backlog := pgtest.Count(b, bb.pool, `SELECT count(*) FROM events WHERE processed_at IS NULL`)
				require.Equal(b, backlogSaves, backlog)
				_, err := bb.pool.Exec(ctx, `ANALYZE`)
				require.NoError(b, err)

				b.StartTimer()
				start = time.Now()
				require.NoError(b, bb.srv.Outbox.Start(ctx))
				for pgtest.Count(b, bb.pool, `SELECT count(*) FROM events WHERE processed_at IS NULL`) > 0 {
					time.Sleep(10 * time.Millisecond)
				}
				elapsed := time.Since(start)
				b.StopTimer()
				bb.srv.Outbox.Stop()

				// Every document's edges follow its last save.
				require.Equal(b, 2*backlogDocs, pgtest.Count(b, bb.pool, `SELECT count(*) FROM document_links WHERE state = 'resolved'`))
				require.Zero(b, pgtest.Count(b, bb.pool, `SELECT count(*) FROM document_links WHERE state <> 'resolved'`))
				drained += elapsed
				filling += fill
				b.Logf("%d events drained in %v (%.0f/s); filled at %.0f saves/s", backlogSaves, elapsed, float64(backlogSaves)/elapsed.Seconds(), float64(backlogSaves)/fill.Seconds())
			}
			b.ReportMetric(float64(b.N*backlogSaves)/drained.Seconds(), "events/s")
			b.ReportMetric(float64(b.N*backlogSaves)/filling.Seconds(), "saves/s-filling")
		})
	}
}
