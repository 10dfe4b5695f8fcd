package transfer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"codna/internal/archive"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/pgtest"
)

// An import or export a dead worker held is taken up again within 30 s:
// the lease it left runs out within Lease, and an idle replica looks for
// it every Poll (docs/operations.md, "Leases").
func TestDefaultLeasesResumeWithin30s(t *testing.T) {
	t.Parallel()
	cfg := WorkerConfig{}.withDefaults()
	require.LessOrEqual(t, cfg.Lease+cfg.Poll, 30*time.Second)
}

// A live worker keeps its import by renewing the lease while a page takes
// longer than the lease; when it dies mid-import (its last renewal left
// the lease running), a new worker's loops resume it once the lease runs
// out, without writing any page twice.
func TestImportResumesWhenTheDeadWorkersLeaseRunsOut(t *testing.T) {
	t.Parallel()
	b := setup(t)
	const lease = 600 * time.Millisecond
	log := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelError}))
	dying := b.svc.NewImportWorker(WorkerConfig{WorkerID: "dying", Lease: lease}, log)
	tree := map[string]string{}
	for i := range 12 {
		tree[fmt.Sprintf("p%02d.md", i)] = fmt.Sprintf("Page %d links [next](p%02d.md).", i, (i+1)%12)
	}
	imp := b.start(t, zipOf(t, tree), archive.FormatMarkdown, document.SpaceRaw, "resume")
	ctx, cancel := context.WithCancel(context.Background())
	dying.afterPage = func(done int) {
		switch done {
		case 2: // a slow page: three leases long, and nobody takes the import
			time.Sleep(3 * lease)
			_, err := db.Q.ImportClaim(ctx, b.pool, db.ImportClaimParams{WorkerID: "thief", LeaseMs: lease.Milliseconds()})
			require.True(t, errors.Is(err, pgx.ErrNoRows), "a renewed import was claimed: %v", err)
		case 5:
			cancel() // the worker dies after its fifth page
		}
	}
	require.ErrorIs(t, dying.Drain(ctx), context.Canceled)
	require.Equal(t, 5, pgtest.Count(t, b.pool, `SELECT count(*) FROM import_pages WHERE import_id = $1`, imp.ID))
	// What a killed process leaves: the import held, its lease running.
	pgtest.Exec(t, b.pool, `UPDATE imports SET worker_id = 'dying/0', lease_until = now() + $2::bigint * interval '1 millisecond' WHERE id = $1`, imp.ID, lease.Milliseconds())

	start := time.Now()
	next := b.svc.NewImportWorker(WorkerConfig{WorkerID: "next", Lease: lease, Poll: 100 * time.Millisecond}, log)
	require.NoError(t, next.Start(context.Background()))
	defer next.Stop()
	require.Eventually(t, func() bool {
		got, err := b.svc.GetImport(b.ctx, imp.ID)
		require.NoError(t, err)
		return got.Status == StatusDone
	}, 10*time.Second, 20*time.Millisecond)
	took := time.Since(start)
	require.GreaterOrEqual(t, took, lease/2, "resumed before the dead worker's lease ran out")
	require.Less(t, took, lease+2*time.Second)
	got, err := b.svc.GetImport(b.ctx, imp.ID)
	require.NoError(t, err)
	require.Equal(t, 12, got.Done)
	require.Equal(t, 12, got.Report.Created)
	require.Equal(t, 12, pgtest.Count(t, b.pool, `SELECT count(*) FROM import_pages WHERE import_id = $1`, imp.ID))
}
