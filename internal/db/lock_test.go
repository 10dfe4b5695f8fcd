package db_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
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

// bucketKey is the key of the lock of subject's bucket in family.
func bucketKey(t *testing.T, d *pgtest.DB, family, subject string) int64 {
	t.Helper()
	var k int64
	require.NoError(t, d.Pool.QueryRow(context.Background(),
		"SELECT hashtextextended($1 || '#' || (hashtextextended($2, 0) & $3)::text, 0)",
		family, subject, int64(db.LockBuckets-1)).Scan(&k))
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
		bucketKey(t, d, "codna.links:", a.String()):                   "ShareLock",
		bucketKey(t, d, "codna.links:", b.String()):                   "ShareLock",
		bucketKey(t, d, "codna.link-address:", "wiki/a"):              "ShareLock",
		bucketKey(t, d, "codna.link-address:", "wiki/b"):              "ShareLock",
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

// TestLockXactEachIsBounded: however many subjects one transaction locks,
// it holds at most LockBuckets locks, and still excludes every other
// transaction locking one of them, in few subjects or in many
// (docs/design.md#bounded-locks).
func TestLockXactEachIsBounded(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := pgtest.New(t)
	many := make([]string, 5*db.LockBuckets)
	for i := range many {
		many[i] = fmt.Sprintf("wiki/page-%d", i)
	}

	tx, err := d.Pool.Begin(ctx)
	require.NoError(t, err)
	defer func() { _ = tx.Rollback(ctx) }()
	require.NoError(t, db.LockXactEach(ctx, tx, db.LockLinkAddress, many))
	held := heldKeys(t, d)
	require.LessOrEqual(t, len(held), db.LockBuckets)
	require.Greater(t, len(held), db.LockBuckets/2)
	for _, mode := range held {
		require.Equal(t, "ExclusiveLock", mode)
	}

	excluded := func(subjects []string) bool {
		t.Helper()
		other, err := d.Pool.Begin(ctx)
		require.NoError(t, err)
		defer func() { _ = other.Rollback(ctx) }()
		_, err = other.Exec(ctx, "SET LOCAL lock_timeout = '100ms'")
		require.NoError(t, err)
		err = db.LockXactEach(ctx, other, db.LockLinkAddress, subjects)
		if err == nil {
			return false
		}
		var pgErr *pgconn.PgError
		require.ErrorAs(t, err, &pgErr)
		require.Equal(t, "55P03", pgErr.Code, "lock_not_available")
		return true
	}
	require.True(t, excluded([]string{"wiki/page-17"}), "a few subjects wait for the many")
	require.True(t, excluded(many[:db.LockExactMax+1]), "many subjects wait for the many")
	require.NoError(t, tx.Rollback(ctx))

	tx, err = d.Pool.Begin(ctx)
	require.NoError(t, err)
	require.NoError(t, db.LockXactEach(ctx, tx, db.LockLinkAddress, []string{"wiki/page-17", "wiki/page-18"}))
	require.True(t, excluded([]string{"wiki/page-17"}), "a few wait for a few sharing a subject")
	require.True(t, excluded(many), "many wait for a few")
	require.False(t, excluded([]string{"wiki/page-19", "wiki/page-20"}), "a few sharing none do not wait")
	require.NoError(t, tx.Rollback(ctx))
}
