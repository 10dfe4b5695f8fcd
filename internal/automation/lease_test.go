package automation

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/db"
	"codna/internal/pgtest"
)

// With the defaults, a run interrupted by a crash is taken up again within
// 30 s (docs/operations.md, "Leases"): its lease runs out and the next
// poll claims it.
func TestDefaultLeasesResumeWithin30s(t *testing.T) {
	t.Parallel()
	r := (&Service{log: slog.Default()}).NewRunner(RunnerConfig{})
	require.LessOrEqual(t, r.cfg.Lease+r.cfg.Poll, 30*time.Second)
}

// A live worker keeps its run by renewing the lease while the script runs
// longer than the lease: a rival polling all along never takes it, and the
// script runs once.
func TestLiveRunnerKeepsItsRunLongerThanTheLease(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner := b.person(t)
	doc := b.doc(t, owner, pgtest.Doc{Content: "A page."})
	warm := b.create(t, owner, Input{Kind: KindEvent, TriggerEvents: []string{"document.updated"}, Script: `console.log('hi')`})
	queueFor(t, b, warm.ID, doc.ID, 1)
	require.NoError(t, b.runner.Drain(context.Background()), "a first run compiles the sandbox's engine")

	const lease = 300 * time.Millisecond // the script spends its whole wall time, testWall (a second): three renewals at least
	slow := b.create(t, owner, Input{Kind: KindEvent, TriggerEvents: []string{"document.updated"}, Script: `while (true) {}`})
	queueFor(t, b, slow.ID, doc.ID, 1)
	live := b.svc.NewRunner(RunnerConfig{WorkerID: "live", Lease: lease})
	done := make(chan error, 1)
	go func() { done <- live.Drain(context.Background()) }()
	require.Eventually(t, func() bool {
		return pgtest.Count(t, b.pool.Pool, `SELECT count(*) FROM automation_runs WHERE automation_id = $1 AND worker_id LIKE 'live%'`, slow.ID) == 1
	}, 5*time.Second, 5*time.Millisecond)
	ctx, cancel := context.WithCancel(context.Background())
	rival := b.svc.NewRunner(RunnerConfig{WorkerID: "rival", Lease: lease, Poll: 10 * time.Millisecond})
	t.Cleanup(func() { cancel(); rival.Stop() })
	require.NoError(t, rival.Start(ctx))
	require.NoError(t, <-done)

	runs := b.runs(t, owner, slow.ID)
	require.Len(t, runs, 1)
	require.Equal(t, StatusTimeout, runs[0].Status, runs[0].Error)
	var attempts int32
	var worker string
	require.NoError(t, b.pool.Pool.QueryRow(context.Background(), `SELECT attempts, worker_id FROM automation_runs WHERE automation_id = $1`, slow.ID).Scan(&attempts, &worker))
	require.Equal(t, int32(1), attempts, "nobody took the run from the live worker")
	require.True(t, strings.HasPrefix(worker, "live"), worker)
}

// A worker that dies holding a run (its lease left running) loses it to
// the next one once the lease runs out, and the run then finishes.
func TestRunResumesWhenTheDeadWorkersLeaseRunsOut(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner := b.person(t)
	doc := b.doc(t, owner, pgtest.Doc{Content: "A page."})
	a := b.create(t, owner, Input{Kind: KindEvent, TriggerEvents: []string{"document.updated"}, Script: `console.log('hi')`})
	queueFor(t, b, a.ID, doc.ID, 1)
	const lease = 300 * time.Millisecond
	ctx := context.Background()
	_, err := db.Q.AutomationRunClaim(ctx, b.pool.Pool, db.AutomationRunClaimParams{WorkerID: "dead", LeaseMs: lease.Milliseconds()})
	require.NoError(t, err)
	claimed := time.Now()

	require.NoError(t, b.runner.Drain(ctx))
	if time.Since(claimed) < lease {
		require.Equal(t, StatusQueued, b.runs(t, owner, a.ID)[0].Status, "the dead worker's lease still holds the run")
	}
	time.Sleep(time.Until(claimed.Add(lease + 50*time.Millisecond)))
	require.NoError(t, b.runner.Drain(ctx))
	runs := b.runs(t, owner, a.ID)
	require.Len(t, runs, 1)
	require.Equal(t, StatusOK, runs[0].Status, runs[0].Error)
}
