package automation

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/db"
	"codna/internal/pgtest"
)

// queueFor queues n runs of the event automation a on doc, as the matcher
// would (the owner is filled in from the automation).
func queueFor(t testing.TB, b *bundle, a, doc uuid.UUID, n int) {
	t.Helper()
	pgtest.Exec(t, b.pool.Pool, `INSERT INTO automation_runs (id, automation_id, event_id, status, event, created_at)
		SELECT gen_random_uuid(), $1, gen_random_uuid(), 'queued',
		  jsonb_build_object('id', gen_random_uuid(), 'type', 'document.updated', 'documentId', $2::uuid, 'payload', '{}'::jsonb, 'createdAt', now()),
		  clock_timestamp()
		FROM generate_series(1, $3)`, a, doc, n)
}

// The claim takes turns between owners (docs/design.md, "Runner"): one
// owner's 40 queued runs do not hold the workers while another owner's run
// waits. Claims are driven directly, each holding its lease, so the order
// is exact: the oldest run's owner first, then each owner never claimed for
// in queue order, then the owner whose last claim is oldest.
func TestClaimTakesTurnsBetweenOwners(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ann, bob, cat := b.person(t), b.person(t), b.person(t)
	owners := map[uuid.UUID]string{ann.ID: "ann", bob.ID: "bob", cat.ID: "cat"}
	queue := func(p pgtest.Person, n int) {
		doc := b.doc(t, p, pgtest.Doc{Content: "A page."})
		a := b.create(t, p, Input{Kind: KindEvent, TriggerEvents: []string{"document.updated"}, Script: `// nothing`})
		queueFor(t, b, a.ID, doc.ID, n)
	}
	queue(ann, 40)
	queue(bob, 1)
	queue(cat, 2)
	require.Equal(t, 43, pgtest.Count(t, b.pool.Pool, `SELECT count(*) FROM automation_runs r JOIN automations a ON a.id = r.automation_id WHERE r.owner_id = a.owner_id`),
		"every queued run records its owner")

	var order []string
	for i := range 6 {
		run, err := db.Q.AutomationRunClaim(context.Background(), b.pool.Pool, db.AutomationRunClaimParams{WorkerID: fmt.Sprintf("w%d", i), LeaseMs: time.Minute.Milliseconds()})
		require.NoError(t, err)
		order = append(order, owners[run.OwnerID])
	}
	require.Equal(t, "ann bob cat ann cat ann", strings.Join(order, " "))
}

// End to end with the default two workers: one owner's 40 queued runs of
// scripts that spends its whole wall time, then another owner's run, which
// finishes within 3 s of the workers starting (oldest first across owners
// it waited for all 40: 40 × the wall time / 2 workers).
func TestOneOwnersLoopsDoNotDelayAnothersRun(t *testing.T) {
	t.Parallel()
	b := setup(t)
	busy, other := b.person(t), b.person(t)
	ctx, cancel := context.WithCancel(context.Background())
	r := b.svc.NewRunner(RunnerConfig{WorkerID: "fair"})
	t.Cleanup(func() { cancel(); r.Stop() })
	require.Equal(t, DefaultConcurrency, r.cfg.Concurrency)

	otherDoc := b.doc(t, other, pgtest.Doc{Content: "Another page."})
	quick := b.create(t, other, Input{Kind: KindEvent, TriggerEvents: []string{"document.updated"}, Script: `console.log('hi')`})
	queueFor(t, b, quick.ID, otherDoc.ID, 1)
	require.NoError(t, r.Drain(ctx), "a first run compiles the sandbox's engine")

	busyDoc := b.doc(t, busy, pgtest.Doc{Content: "A page."})
	// 20 automations of two runs each (five failures in a row would
	// disable one and skip the rest of its runs).
	for range 20 {
		loop := b.create(t, busy, Input{Kind: KindEvent, TriggerEvents: []string{"document.updated"}, Script: `while (true) {}`})
		queueFor(t, b, loop.ID, busyDoc.ID, 2)
	}
	queueFor(t, b, quick.ID, otherDoc.ID, 1)
	started := time.Now()
	require.NoError(t, r.Start(ctx))
	require.Eventually(t, func() bool {
		return pgtest.Count(t, b.pool.Pool, `SELECT count(*) FROM automation_runs WHERE automation_id = $1 AND finished_at IS NOT NULL`, quick.ID) == 2
	}, 3*time.Second, 20*time.Millisecond, "the other owner's run finishes within 3 s")
	t.Logf("the other owner's run finished %v after the workers started", time.Since(started).Round(time.Millisecond))
	require.Greater(t, pgtest.Count(t, b.pool.Pool, `SELECT count(*) FROM automation_runs WHERE owner_id = $1 AND finished_at IS NULL`, busy.ID), 20,
		"the busy owner's runs are still waiting")
}
