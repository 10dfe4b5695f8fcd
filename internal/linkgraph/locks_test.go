package linkgraph_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/linkgraph"
)

// TestALargePageHoldsBoundedLocks: resolving a page with 25,000 distinct
// link targets holds a bounded number of advisory locks (not one per
// address, which filled the shared lock table and failed other people's
// requests with "out of shared memory"), and while it runs a bystander's
// save and resolution-style locking succeed (docs/design.md#bounded-locks).
func TestALargePageHoldsBoundedLocks(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	const targets = 25_000
	var body strings.Builder
	for i := range targets {
		fmt.Fprintf(&body, "[t](../eng/p%d.md)\n", i)
	}
	big := b.doc(t, "notes", "big", body.String())

	tx, err := b.pool.Begin(ctx)
	require.NoError(t, err)
	defer func() { _ = tx.Rollback(ctx) }()
	var pid int
	require.NoError(t, tx.QueryRow(ctx, "SELECT pg_backend_pid()").Scan(&pid))
	require.NoError(t, linkgraph.ResyncInTx(ctx, tx, big))

	var held int
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT count(*) FROM pg_locks WHERE pid = $1 AND locktype = 'advisory'`, pid).Scan(&held))
	require.LessOrEqual(t, held, 2*db.LockBuckets, "the document's locks and the addresses' buckets")

	title := "Bystander"
	// A bystander saves a page and takes the locks of a batch of others
	// while the large page's resolution holds its locks.
	_, err = b.docs.Create(b.ctx, document.CreateInput{Space: document.SpaceWiki, Path: "eng", Slug: "bystander", Title: &title, Content: "hello"})
	require.NoError(t, err)
	require.NoError(t, db.InTx(ctx, b.pool, func(other db.DBTX) error {
		subjects := make([]string, db.LockExactMax)
		for i := range subjects {
			subjects[i] = fmt.Sprintf("bystander-%d", i)
		}
		return db.LockXactEach(ctx, other, db.LockSearch, subjects)
	}))
	require.NoError(t, tx.Commit(ctx))
	require.Equal(t, "pending", b.edge(t, big, "../eng/p24999.md").state)
}
