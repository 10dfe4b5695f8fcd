package db_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"codna/internal/db"
	"codna/internal/pgtest"
)

// heldKeys maps the advisory lock keys the database's sessions hold to
// their modes.
func heldKeys(t *testing.T, d *pgtest.DB) map[int64]string {
	t.Helper()
	rows, err := d.Pool.Query(context.Background(), `SELECT (classid::bigint << 32) | objid::bigint, mode FROM pg_locks
		WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`)
	require.NoError(t, err)
	out := map[int64]string{}
	for rows.Next() {
		var key int64
		var mode string
		require.NoError(t, rows.Scan(&key, &mode))
		out[key] = mode
	}
	require.NoError(t, rows.Err())
	return out
}

// key is hashtextextended(name, 0), the key of the lock named name.
func key(t *testing.T, d *pgtest.DB, name string) int64 {
	t.Helper()
	var k int64
	require.NoError(t, d.Pool.QueryRow(context.Background(), "SELECT hashtextextended($1, 0)", name).Scan(&k))
	return k
}

// TestAdvisoryLocksAreKeyedByTheirNames: each helper takes the lock whose
// key is hashtextextended of its name (with the subject appended), in the
// mode it says, for as long as it says.
func TestAdvisoryLocksAreKeyedByTheirNames(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := pgtest.New(t)
	a, b := uuid.MustParse("00000000-0000-0000-0000-0000000000aa"), uuid.MustParse("00000000-0000-0000-0000-0000000000bb")

	tx, err := d.Pool.Begin(ctx)
	require.NoError(t, err)
	require.NoError(t, db.LockXact(ctx, tx, db.LockDemo))
	require.NoError(t, db.LockXactShared(ctx, tx, db.LockFolderShares.Of(a.String())))
	require.NoError(t, db.LockXactEach(ctx, tx, db.LockLinks, []uuid.UUID{b, a}))
	require.NoError(t, db.LockXactEach(ctx, tx, db.LockLinkAddress, []string{"wiki/b", "wiki/a", "wiki/b"}))
	require.Equal(t, map[int64]string{
		key(t, d, "codna.demo"):                                       "ExclusiveLock",
		key(t, d, "codna.folder-shares:"+a.String()):                  "ShareLock",
		key(t, d, "codna.links:00000000-0000-0000-0000-0000000000aa"): "ExclusiveLock",
		key(t, d, "codna.links:00000000-0000-0000-0000-0000000000bb"): "ExclusiveLock",
		key(t, d, "codna.link-address:wiki/a"):                        "ExclusiveLock",
		key(t, d, "codna.link-address:wiki/b"):                        "ExclusiveLock",
	}, heldKeys(t, d))
	require.NoError(t, tx.Commit(ctx))
	require.Empty(t, heldKeys(t, d), "transaction locks end with the transaction")

	c1, err := pgx.Connect(ctx, d.URL)
	require.NoError(t, err)
	defer c1.Close(ctx)
	c2, err := pgx.Connect(ctx, d.URL)
	require.NoError(t, err)
	defer c2.Close(ctx)
	got, err := db.TryLockSession(ctx, c1, db.LockSearchRebuild)
	require.NoError(t, err)
	require.True(t, got)
	require.Equal(t, map[int64]string{key(t, d, "codna.search.rebuild"): "ExclusiveLock"}, heldKeys(t, d))
	got, err = db.TryLockSession(ctx, c2, db.LockSearchRebuild)
	require.NoError(t, err)
	require.False(t, got, "another session holds it")
	released, err := db.UnlockSession(ctx, c2, db.LockSearchRebuild)
	require.NoError(t, err)
	require.False(t, released, "c2 did not hold it")
	released, err = db.UnlockSession(ctx, c1, db.LockSearchRebuild)
	require.NoError(t, err)
	require.True(t, released)
	require.NoError(t, db.LockSession(ctx, c2, db.LockSearchRebuild))
	got, err = db.TryLockSession(ctx, c1, db.LockSearchRebuild)
	require.NoError(t, err)
	require.False(t, got)
}
