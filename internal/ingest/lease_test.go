package ingest

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/pgtest"
)

// An ingestion a dead worker held is converted again within 30 s: the
// lease it left runs out within Lease, and an idle replica looks for it
// every Poll (docs/operations.md, "Leases").
func TestDefaultLeaseResumesWithin30s(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.svc.NewWorker(WorkerConfig{}, nil)
	require.LessOrEqual(t, w.cfg.Lease+w.cfg.Poll, 30*time.Second)
}

// A live worker keeps its conversion by renewing the lease while it takes
// longer than the lease; a conversion a dead worker held (its last
// renewal left the lease running) is taken up by a new worker's loops once
// the lease runs out.
func TestIngestionResumesWhenTheDeadWorkersLeaseRunsOut(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool.Pool)
	const lease = 600 * time.Millisecond
	log := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelError}))
	ctx := auth.SystemContext(context.Background())

	slow := b.svc.NewWorker(WorkerConfig{WorkerID: "slow", Lease: lease, Budget: 10 * time.Second}, log)
	g := b.ingest(t, p, "slow.md", []byte("# Slow\n\nTakes a while.\n"), "")
	slow.converted = func() {
		time.Sleep(3 * lease)
		_, err := db.Q.IngestionClaim(ctx, b.pool.Pool, db.IngestionClaimParams{WorkerID: "thief", LeaseMs: lease.Milliseconds()})
		require.True(t, errors.Is(err, pgx.ErrNoRows), "a renewed conversion was claimed: %v", err)
	}
	require.NoError(t, slow.Drain(context.Background()))
	got, err := b.svc.Get(pgtest.ActingAs(p), g.ID)
	require.NoError(t, err)
	require.Equal(t, StatusReady, got.Status, got.Error)
	require.Equal(t, 1, got.Attempts)

	// A worker claims a conversion and dies: its lease is left running.
	g2 := b.ingest(t, p, "later.md", []byte("# Later\n\nSecond.\n"), "")
	_, err = db.Q.IngestionClaim(ctx, b.pool.Pool, db.IngestionClaimParams{WorkerID: "dying/0", LeaseMs: lease.Milliseconds()})
	require.NoError(t, err)
	start := time.Now()
	next := b.svc.NewWorker(WorkerConfig{WorkerID: "next", Lease: lease, Budget: 10 * time.Second, Poll: 100 * time.Millisecond}, log)
	require.NoError(t, next.Start(context.Background()))
	defer next.Stop()
	require.Eventually(t, func() bool {
		got, err := b.svc.Get(pgtest.ActingAs(p), g2.ID)
		require.NoError(t, err)
		return got.Status == StatusReady
	}, 10*time.Second, 20*time.Millisecond)
	took := time.Since(start)
	require.GreaterOrEqual(t, took, lease/2, "converted before the dead worker's lease ran out")
	require.Less(t, took, lease+2*time.Second)
	require.Equal(t, 1, pgtest.Count(t, b.pool.Pool, `SELECT count(*) FROM documents WHERE source_ingestion_id = $1`, g2.ID))
}
