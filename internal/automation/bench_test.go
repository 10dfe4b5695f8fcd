package automation

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/document"
	"codna/internal/outbox"
	"codna/internal/pgtest"
	"codna/internal/sandbox"
)

// benchSetup is setup with the production sandbox settings: default
// limits and warm runtimes (DefaultWarm), started, so the engine is
// compiled before the timer starts.
func benchSetup(b *testing.B) *bundle {
	b.Helper()
	sb, err := sandbox.New(sandbox.Config{})
	require.NoError(b, err)
	require.NoError(b, sb.Start(context.Background()))
	b.Cleanup(sb.Stop)
	return setupWith(b, sb)
}

// queueRuns queues n runs of the event automation a, each for its own
// (made-up) document.updated event on doc, as the matcher would.
func queueRuns(b *testing.B, bb *bundle, a, doc uuid.UUID, n int) {
	b.Helper()
	pgtest.Exec(b, bb.pool.Pool, `INSERT INTO automation_runs (id, automation_id, event_id, status, event, created_at)
		SELECT gen_random_uuid(), $1, gen_random_uuid(), 'queued',
		  jsonb_build_object('id', gen_random_uuid(), 'type', 'document.updated', 'documentId', $2::uuid, 'payload', '{}'::jsonb, 'createdAt', now()),
		  clock_timestamp()
		FROM generate_series(1, $3)`, a, doc, n)
}

func percentile(ds []time.Duration, p float64) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, int(float64(len(s))*p))]
}

// BenchmarkNoopRun measures a no-op script's run through the whole path of
// an event run: claim the run (lease), read the automation and its owner,
// read the event's document as the owner, run the script in a runtime of
// its own (warm), record the result, finish the run. "sequential" is one
// run at a time (the latency: p50 and p95 per run); "concurrency=2" is the
// runner's default two loops draining the queue (the throughput, and per
// core).
func BenchmarkNoopRun(b *testing.B) {
	b.Run("sequential", func(b *testing.B) {
		bb := benchSetup(b)
		svc := bb.svc
		owner := bb.person(b)
		doc := bb.doc(b, owner, pgtest.Doc{Content: "A page of a few words."})
		a := bb.create(b, owner, Input{Kind: KindEvent, TriggerEvents: []string{"document.updated"}, Script: `// nothing to do`})
		r := svc.NewRunner(RunnerConfig{WorkerID: "bench"})
		ctx := context.Background()
		queueRuns(b, bb, a.ID, doc.ID, 20+b.N)
		for range 20 { // after the first compile, the first runs warm the caches
			_, err := r.runOne(ctx, "bench")
			require.NoError(b, err)
		}
		took := make([]time.Duration, 0, b.N)
		b.ResetTimer()
		for range b.N {
			t0 := time.Now()
			ran, err := r.runOne(ctx, "bench")
			took = append(took, time.Since(t0))
			require.NoError(b, err)
			require.True(b, ran)
		}
		b.StopTimer()
		b.ReportMetric(float64(percentile(took, 0.5).Microseconds())/1000, "p50-ms")
		b.ReportMetric(float64(percentile(took, 0.95).Microseconds())/1000, "p95-ms")
		require.Equal(b, 20+b.N, pgtest.Count(b, bb.pool.Pool, `SELECT count(*) FROM automation_runs WHERE status = 'ok'`))
	})
	b.Run("concurrency=2", func(b *testing.B) {
		bb := benchSetup(b)
		svc := bb.svc
		owner := bb.person(b)
		doc := bb.doc(b, owner, pgtest.Doc{Content: "A page of a few words."})
		a := bb.create(b, owner, Input{Kind: KindEvent, TriggerEvents: []string{"document.updated"}, Script: `// nothing to do`})
		queueRuns(b, bb, a.ID, doc.ID, b.N)
		r := svc.NewRunner(RunnerConfig{WorkerID: "bench", Concurrency: 2, Poll: 10 * time.Millisecond})
		b.ResetTimer()
		t0 := time.Now()
		require.NoError(b, r.Start(context.Background()))
		for pgtest.Count(b, bb.pool.Pool, `SELECT count(*) FROM automation_runs WHERE finished_at IS NULL`) > 0 {
			time.Sleep(5 * time.Millisecond)
		}
		elapsed := time.Since(t0)
		b.StopTimer()
		r.Stop()
		perSec := float64(b.N) / elapsed.Seconds()
		b.ReportMetric(perSec, "runs/s")
		b.ReportMetric(perSec/float64(runtime.GOMAXPROCS(0)), "runs/s/core")
		require.Equal(b, b.N, pgtest.Count(b, bb.pool.Pool, `SELECT count(*) FROM automation_runs WHERE status = 'ok' AND attempts = 1`))
	})
}

// BenchmarkMatcherOn200Automations measures what the automation matcher adds
// to the outbox on an instance with 200 event automations, three of which
// a save matches (the others listen to other events, other tags or other
// folders): the matcher's call for one event (the outbox's latency) and
// for a batch of 100 (its throughput). Each iteration saves a document and
// hands its event to the matcher.
func BenchmarkMatcherOn200Automations(b *testing.B) {
	for _, batch := range []int{1, 100} {
		b.Run(fmt.Sprintf("batch=%d", batch), func(b *testing.B) {
			bb := setup(b)
			owners := []pgtest.Person{bb.person(b), bb.person(b), bb.person(b)}
			for i := range 200 {
				in := Input{Kind: KindEvent, Script: `1`}
				switch {
				case i < 3: // the three that match
					in.TriggerEvents, in.Scope = []string{"document.updated"}, Scope{Tags: []string{"runbook"}}
				case i%3 == 0:
					in.TriggerEvents = []string{"access.granted"}
				case i%3 == 1:
					in.TriggerEvents, in.Scope = []string{"document.updated"}, Scope{Tags: []string{fmt.Sprintf("other-%d", i)}}
				default:
					in.TriggerEvents, in.Scope = []string{"document.updated", "document.created"}, Scope{PathPrefix: fmt.Sprintf("team-%d", i)}
				}
				bb.create(b, owners[i%3], in)
			}
			docs := make([]*document.Doc, batch)
			for i := range docs {
				docs[i] = bb.doc(b, owners[0], pgtest.Doc{Path: "ops", Tags: []string{"runbook"}})
				pgtest.Grant(b, bb.pool.Pool, docs[i].ID, "group", pgtestEveryone, "read")
			}
			m := bb.svc.NewMatcher(nil)
			ctx := pgtest.ActingAs(owners[0])
			var took time.Duration
			b.ResetTimer()
			for i := range b.N {
				b.StopTimer()
				events := make([]outbox.Stored, 0, batch)
				for _, d := range docs {
					cur, err := bb.docs.Get(ctx, d.ID)
					require.NoError(b, err)
					content := fmt.Sprintf("Save %d.", i)
					_, _, err = bb.docs.Update(ctx, document.UpdateInput{ID: d.ID, ExpectedVersion: cur.Version, Content: &content})
					require.NoError(b, err)
					var id uuid.UUID
					require.NoError(b, bb.pool.Pool.QueryRow(context.Background(),
						`SELECT id FROM events WHERE document_id = $1 ORDER BY created_at DESC LIMIT 1`, d.ID).Scan(&id))
					events = append(events, outbox.Stored{ID: id, Type: "document.updated", DocumentID: &d.ID})
				}
				b.StartTimer()
				t0 := time.Now()
				require.NoError(b, m.HandleBatch(context.Background(), events))
				took += time.Since(t0)
			}
			b.StopTimer()
			b.ReportMetric(float64(took.Microseconds())/float64(b.N)/1000, "ms/call")
			b.ReportMetric(float64(took.Microseconds())/float64(b.N*batch), "µs/event")
			require.Equal(b, 3*batch*b.N, pgtest.Count(b, bb.pool.Pool, `SELECT count(*) FROM automation_runs`))
		})
	}
}

// pgtestEveryone is the Everyone group's id (auth.EveryoneID), so every
// owner can read the benchmark's documents.
var pgtestEveryone = uuid.MustParse("00000000-0000-0000-0000-000000000002")

// BenchmarkSchedulerThousandDue has 1,000 schedules due in the same minute
// and two schedulers (replicas) ticking at once, then two runners (two
// loops each) executing the runs: every tick is queued once and run once.
func BenchmarkSchedulerThousandDue(b *testing.B) {
	const n = 1000
	for range b.N {
		b.StopTimer()
		bb := benchSetup(b)
		svc := bb.svc
		owners := make([]pgtest.Person, n/MaxPerOwner)
		for i := range owners {
			owners[i] = bb.person(b)
		}
		for i := range n {
			bb.create(b, owners[i%len(owners)], Input{Kind: KindSchedule, Schedule: "* * * * *", Script: `1`})
		}
		pgtest.Exec(b, bb.pool.Pool, `UPDATE automations SET next_run_at = date_trunc('minute', now())`)
		b.StartTimer()
		t0 := time.Now()
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := svc.NewScheduler(0, nil, nil).Tick(context.Background())
				require.NoError(b, err)
			}()
		}
		wg.Wait()
		queued := time.Since(t0)
		runners := []*Runner{svc.NewRunner(RunnerConfig{WorkerID: "one", Poll: 10 * time.Millisecond}), svc.NewRunner(RunnerConfig{WorkerID: "two", Poll: 10 * time.Millisecond})}
		for _, r := range runners {
			require.NoError(b, r.Start(context.Background()))
		}
		for pgtest.Count(b, bb.pool.Pool, `SELECT count(*) FROM automation_runs WHERE finished_at IS NULL`) > 0 {
			time.Sleep(5 * time.Millisecond)
		}
		ran := time.Since(t0)
		b.StopTimer()
		for _, r := range runners {
			r.Stop()
		}
		require.Equal(b, n, pgtest.Count(b, bb.pool.Pool, `SELECT count(*) FROM automation_runs`))
		require.Equal(b, n, pgtest.Count(b, bb.pool.Pool, `SELECT count(DISTINCT automation_id) FROM automation_runs WHERE status = 'ok' AND attempts = 1`))
		b.ReportMetric(float64(queued.Milliseconds()), "queue-ms")
		b.ReportMetric(float64(ran.Milliseconds()), "queue+run-ms")
		b.ReportMetric(float64(n)/ran.Seconds(), "ticks/s")
	}
}
