package linkgraph

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/db"
	"codna/internal/periodic"
)

// backfillBatch is how many documents one back-fill step resyncs.
const backfillBatch = 100

// Backfill takes up to limit documents off attachment_ref_backfill (the
// pages whose bodies were written before file references were tracked) and
// resyncs them in one transaction, which records their file references. It
// returns how many it took; 0 once the list is empty. Several replicas may
// run it at once: a claimed document is skipped by the others.
func Backfill(ctx context.Context, pool *pgxpool.Pool, limit int) (int, error) {
	n := 0
	err := db.InTx(ctx, pool, func(tx db.DBTX) error {
		ids, err := db.Q.AttachmentRefBackfillClaim(ctx, tx, int32(limit))
		if err != nil || len(ids) == 0 {
			return err
		}
		n = len(ids)
		return ResyncInTx(ctx, tx, ids...)
	})
	return n, err
}

// NewBackfiller returns the loop that drains the back-fill list at start
// and then checks it every ten minutes (only a migration fills it).
func NewBackfiller(pool *pgxpool.Pool, log *slog.Logger) *periodic.Loops {
	step := func(ctx context.Context, _ string) (bool, error) {
		n, err := Backfill(ctx, pool, backfillBatch)
		return n > 0, err
	}
	return periodic.NewLoops("file reference back-fill", 1, 10*time.Minute, "file-ref-backfill", step, log)
}
