package server_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/linkgraph"
	"codna/internal/pgtest"
	"codna/internal/search"
)

// The benchmarks poll while the worker drains, on the same two cores: each
// poll asks whether anything is left (a row or none), not how much —
// counting 20,000 unprocessed events took 8 ms and the search lane's left 19
// ms, every 10 ms, about a core of the cluster's CPU taken from the drain it
// measures (bench/RESULTS.md, "The backlog benchmark's polls") — and asks it
// through the indexes, as the lanes do (left).
const (
	// eventsLeft is 1 while an event is unprocessed, else 0.
	eventsLeft = `SELECT count(*) FROM (SELECT 1 FROM events WHERE processed_at IS NULL LIMIT 1) x`
	// unfannedLeft is 1 while an event is not yet fanned out to the lanes,
	// else 0.
	unfannedLeft = `SELECT count(*) FROM (SELECT 1 FROM events WHERE processed_at IS NULL AND fanned_to IS NULL LIMIT 1) x`
)

// left runs one of the polls above with the lanes' plan settings
// (OutboxDeliveryPlansIndexed): planned from the ANALYZE of the empty tables
// they would read the whole backlog each time.
func left(b *testing.B, pool *pgxpool.Pool, sql string) int {
	batch := db.NewBatch(pool)
	require.NoError(b, db.Q.OutboxDeliveryPlansIndexed(context.Background(), batch))
	var n int
	require.NoError(b, batch.Last().QueryRow(context.Background(), sql).Scan(&n))
	return n
}

// laneLeft reports whether consumer's lane has something to do: a delivery
// waiting or leased (as the lane's metrics count them), or an event not yet
// fanned out.
func laneLeft(b *testing.B, pool *pgxpool.Pool, consumer string) bool {
	batch := db.NewBatch(pool)
	require.NoError(b, db.Q.OutboxDeliveryPlansIndexed(context.Background(), batch))
	lanes, err := db.Q.OutboxDeliveryGetStats(context.Background(), batch.Last(), db.OutboxDeliveryGetStatsParams{DepthCap: 1, Consumers: []string{consumer}})
	require.NoError(b, err)
	return lanes[0].Depth > 0 || left(b, pool, unfannedLeft) > 0
}

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
			var drained, filling, goCPUTime, pgCPUTime, searchDrained time.Duration
			var statements int64
			for range b.N {
				b.StopTimer()
				bb := setup(b, func(c *config) { c.Outbox.Workers = workers })
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
							_, changed, err := bb.app.Document.Update(actx, document.UpdateInput{ID: ids[i], ExpectedVersion: version[i], Content: pgtest.Ptr(body(i, save))})
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

				pgBefore := postgresCPU(b, bb)
				goBefore := goCPU()
				bb.counter.Reset()
				b.StartTimer()
				start = time.Now()
				require.NoError(b, bb.app.Outbox.Start(ctx))
				polls := 0
				var searchDone time.Duration // when the search indexer's lane was empty
				for left(b, bb.pool, eventsLeft) > 0 {
					polls++
					if searchDone == 0 {
						polls++
						if !laneLeft(b, bb.pool, search.IndexerName) {
							searchDone = time.Since(start)
						}
					}
					time.Sleep(10 * time.Millisecond)
				}
				elapsed := time.Since(start)
				if searchDone == 0 {
					searchDone = elapsed
				}
				searchDrained += searchDone
				b.StopTimer()
				bb.app.Outbox.Stop()
				statements += bb.counter.Count() - int64(polls+1)
				goCPUTime += goCPU() - goBefore
				pgCPUTime += postgresCPU(b, bb) - pgBefore

				// Every document's edges follow its last save.
				require.Equal(b, 2*backlogDocs, pgtest.Count(b, bb.pool, `SELECT count(*) FROM document_links WHERE state = 'resolved'`))
				require.Zero(b, pgtest.Count(b, bb.pool, `SELECT count(*) FROM document_links WHERE state <> 'resolved'`))
				drained += elapsed
				filling += fill
				b.Logf("%d events drained in %v (%.0f/s; the search indexer's lane in %v, %.0f/s); filled at %.0f saves/s", backlogSaves, elapsed, float64(backlogSaves)/elapsed.Seconds(), searchDone, float64(backlogSaves)/searchDone.Seconds(), float64(backlogSaves)/fill.Seconds())
			}
			b.ReportMetric(float64(b.N*backlogSaves)/drained.Seconds(), "events/s")
			b.ReportMetric(float64(statements)/float64(b.N*backlogSaves), "statements/event")
			b.ReportMetric(float64(goCPUTime.Microseconds())/float64(b.N*backlogSaves), "go-cpu-µs/event")
			b.ReportMetric(float64(pgCPUTime.Microseconds())/float64(b.N*backlogSaves), "pg-cpu-µs/event")
			b.ReportMetric(float64(b.N*backlogSaves)/filling.Seconds(), "saves/s-filling")
			b.ReportMetric(float64(b.N*backlogSaves)/searchDrained.Seconds(), "search-events/s")
		})
	}
}

// goCPU is the CPU time (user and system) this process has used.
func goCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// postgresCPU is the CPU time (user and system) the processes of the
// database's cluster have used, read from /proc (0 where it cannot be: a
// server on another machine, or not Linux). Every backend counts, so the
// figure is meaningful only while nothing else uses the cluster.
func postgresCPU(b *testing.B, bb *bundle) time.Duration {
	var dir string
	if err := bb.pool.QueryRow(context.Background(), `SELECT setting FROM pg_settings WHERE name = 'data_directory'`).Scan(&dir); err != nil {
		return 0
	}
	raw, err := os.ReadFile(filepath.Join(dir, "postmaster.pid"))
	if err != nil {
		return 0
	}
	postmaster, _, _ := strings.Cut(string(raw), "\n")
	procs, _ := filepath.Glob("/proc/[0-9]*/stat")
	var total time.Duration
	for _, p := range procs {
		pid := filepath.Base(filepath.Dir(p))
		parent, cpu, err := pgtest.ProcessCPU(pid)
		if err != nil || (parent != postmaster && pid != postmaster) {
			continue
		}
		total += cpu
	}
	return total
}

// Sizes of BenchmarkOutboxLag's run.
const (
	lagDocs     = 512              // documents, each linking to two others (a multiple of lagWriters)
	lagWriters  = 8                // concurrent writers saving them
	lagDuration = 20 * time.Second // how long they save
)

// BenchmarkOutboxLag measures the link resolver's lag while saves run: the
// server's worker (every consumer registerConsumers registers, one lane
// each) runs while lagWriters writers save lagDocs documents for
// lagDuration (each save points the document's two links elsewhere), then
// the backlog drains. Lag is from an event's creation to the link
// resolver's success on it recorded (codna_outbox_lag_seconds, p50 and p99
// interpolated in its buckets as histogram_quantile does, and the share
// within 1 s); processed-lag is to the event's processed_at (every consumer
// done), exact, from the database. Run it once (-benchtime 1x).
func BenchmarkOutboxLag(b *testing.B) {
	for range b.N {
		bb := setup(b)
		ctx := context.Background()
		p := pgtest.CreatePerson(b, bb.pool)
		body := func(i, save int) string {
			x, y := (i+1+save)%lagDocs, (i+7+3*save)%lagDocs
			return fmt.Sprintf("Save %d of %d: see [one](doc-%d.md) and [two](doc-%d.md).\n", save, i, x, y)
		}
		ids := make([]uuid.UUID, lagDocs)
		for i := range lagDocs {
			ids[i] = pgtest.CreateDocument(b, bb.pool, p.ID, pgtest.Doc{Path: "bench", Slug: fmt.Sprintf("doc-%d", i), Content: body(i, 0)}).ID
		}
		bb.drain(b)
		reg := prometheus.NewRegistry()
		reg.MustRegister(bb.app.Outbox.Collector())
		_, base := lagBuckets(b, reg, linkgraph.ConsumerName) // the set-up's drain
		_, searchBase := lagBuckets(b, reg, search.IndexerName)
		var since time.Time
		require.NoError(b, bb.pool.QueryRow(ctx, `SELECT now()`).Scan(&since))
		require.NoError(b, bb.app.Outbox.Start(ctx))

		actx := pgtest.ActingAs(p)
		var saves atomic.Int64
		stop := time.Now().Add(lagDuration)
		var wg sync.WaitGroup
		for w := range lagWriters {
			wg.Go(func() {
				version := map[int]int{}
				for n := w; time.Now().Before(stop); n += lagWriters {
					i := n % lagDocs
					if version[i] == 0 {
						version[i] = 1
					}
					_, _, err := bb.app.Document.Update(actx, document.UpdateInput{ID: ids[i], ExpectedVersion: version[i], Content: pgtest.Ptr(body(i, n/lagDocs+1))})
					if err != nil {
						b.Errorf("save of doc %d: %v", i, err)
						return
					}
					version[i]++
					saves.Add(1)
				}
			})
		}
		wg.Wait()
		wrote := time.Now()
		for left(b, bb.pool, eventsLeft) > 0 {
			time.Sleep(10 * time.Millisecond)
		}
		tail := time.Since(wrote)
		bb.app.Outbox.Stop()

		var processed int
		var p50, p99, span float64
		require.NoError(b, bb.pool.QueryRow(ctx, `SELECT count(*),
			coalesce(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM processed_at - created_at)), 0),
			coalesce(percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM processed_at - created_at)), 0),
			coalesce(extract(epoch FROM max(processed_at) - min(created_at)), 0)::float8
			FROM events WHERE created_at >= $1`, since).Scan(&processed, &p50, &p99, &span))
		lp50, lp99, within := lagQuantiles(b, reg, linkgraph.ConsumerName, base)
		sp50, sp99, swithin := lagQuantiles(b, reg, search.IndexerName, searchBase)
		b.ReportMetric(float64(saves.Load())/lagDuration.Seconds(), "saves/s")
		b.ReportMetric(float64(processed)/span, "events/s")
		b.ReportMetric(lp50, "resolver-lag-p50-s")
		b.ReportMetric(lp99, "resolver-lag-p99-s")
		b.ReportMetric(within, "resolver-within-1s-share")
		b.ReportMetric(sp50, "search-lag-p50-s")
		b.ReportMetric(sp99, "search-lag-p99-s")
		b.ReportMetric(swithin, "search-within-1s-share")
		b.ReportMetric(p50, "processed-lag-p50-s")
		b.ReportMetric(p99, "processed-lag-p99-s")
		b.Logf("%d saves in %v by %d writers, %d events processed, the backlog drained %v after the last save",
			saves.Load(), lagDuration, lagWriters, processed, tail)
	}
}

// lagBuckets reads consumer's codna_outbox_lag_seconds from reg: the
// cumulative count of each bucket, by upper bound, in order.
func lagBuckets(b *testing.B, reg *prometheus.Registry, consumer string) (bounds []float64, counts []float64) {
	families, err := reg.Gather()
	require.NoError(b, err)
	for _, f := range families {
		if f.GetName() != "codna_outbox_lag_seconds" {
			continue
		}
		for _, m := range f.GetMetric() {
			if m.GetLabel()[0].GetValue() != consumer {
				continue
			}
			for _, bk := range m.GetHistogram().GetBucket() {
				bounds = append(bounds, bk.GetUpperBound())
				counts = append(counts, float64(bk.GetCumulativeCount()))
			}
			return bounds, counts
		}
	}
	b.Fatalf("no codna_outbox_lag_seconds for %s", consumer)
	return nil, nil
}

// lagQuantiles is p50 and p99 of the observations of consumer's
// codna_outbox_lag_seconds made since base (lagBuckets' counts then),
// interpolated linearly within the bucket that holds them (as Prometheus's
// histogram_quantile does), and the share of them within 1 s.
func lagQuantiles(b *testing.B, reg *prometheus.Registry, consumer string, base []float64) (p50, p99, within float64) {
	bounds, counts := lagBuckets(b, reg, consumer)
	for i := range counts {
		counts[i] -= base[i]
	}
	total := counts[len(counts)-1] // the last finite bucket: every lag here is far below it
	q := func(q float64) float64 {
		rank, lower, below := q*total, 0.0, 0.0
		for i, n := range counts {
			if n >= rank {
				return lower + (bounds[i]-lower)*(rank-below)/max(n-below, 1)
			}
			lower, below = bounds[i], n
		}
		return lower
	}
	for i, ub := range bounds {
		if ub == 1 {
			within = counts[i] / max(total, 1)
		}
	}
	return q(0.5), q(0.99), within
}
