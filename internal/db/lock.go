package db

import (
	"context"
	"fmt"

	"github.com/google/uuid"
)

// AdvisoryLock names a Postgres advisory lock. Every advisory lock the code
// takes is named here, so that no two share a key by accident. A name alone
// is one lock (LockDemo); a name ending in ':' is a family of locks, one per
// subject appended to it (Of), or one per bucket of subjects when a
// transaction locks many at once (LockXactEach). The lock's key is
// hashtextextended(name, 0): stable across Postgres versions (hash
// partitioning relies on it), and what an operator types to find or take
// the lock by hand.
type AdvisoryLock string

// The advisory locks.
const (
	// LockDemo serialises the demo seeding of several replicas' first starts.
	LockDemo AdvisoryLock = "codna.demo"
	// LockFilesMaintenance is held by a files maintenance pass, start to
	// end, so that one replica at a time runs one (files.MaintenanceLock).
	LockFilesMaintenance AdvisoryLock = "codna.files.maintenance"
	// LockSearchRebuild is held by a reindex of the search index, start to
	// end, so that one runs at a time.
	LockSearchRebuild AdvisoryLock = "codna.search.rebuild"
	// LockSearch, per document id, serialises indexing the document across
	// workers and replicas.
	LockSearch AdvisoryLock = "codna.search:"
	// LockLinks, per document id, serialises work on the document's edges
	// and decisions (linkgraph's Resync and Reconcile).
	LockLinks AdvisoryLock = "codna.links:"
	// LockLinkAddress, per address (per bucket of addresses when a resync
	// names more than LockExactMax: LockXactEach), serialises the resyncs of
	// documents at and linking to the address (taken after LockLinks).
	LockLinkAddress AdvisoryLock = "codna.link-address:"
	// LockFolderShares, per owner id, serialises changes to the owner's
	// folder rules (held exclusive) against the appliers reading them
	// (held shared).
	LockFolderShares AdvisoryLock = "codna.folder-shares:"
	// LockTestTemplate serialises the builds of the test databases'
	// template across test processes sharing a server (internal/pgtest).
	LockTestTemplate AdvisoryLock = "codna.pgtest.template"
)

// Of is the lock of one subject of the family l: l's name followed by the
// subject (a document's id, an address).
func (l AdvisoryLock) Of(subject string) AdvisoryLock { return l + AdvisoryLock(subject) }

// LockXact takes l exclusively until tx's transaction ends, waiting for it.
// Errors are the database's.
func LockXact(ctx context.Context, tx DBTX, l AdvisoryLock) error {
	_, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", string(l))
	return err
}

// LockXactShared takes l shared until tx's transaction ends, waiting while
// it is held exclusively. Errors are the database's.
func LockXactShared(ctx context.Context, tx DBTX, l AdvisoryLock) error {
	_, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock_shared(hashtextextended($1, 0))", string(l))
	return err
}

// LockBuckets and LockExactMax bound the locks one LockXactEach call
// takes, so that no request can fill Postgres's shared lock table
// (max_locks_per_transaction × connections) and make other sessions fail
// with "out of shared memory" (docs/design.md#bounded-locks). A subject's
// bucket is hashtextextended(subject, 0) & (LockBuckets-1); the bucket's
// lock is named by the family, '#' and the bucket's number
// ("codna.link-address:#17"), which no subject (an id, an address) spells.
const (
	LockBuckets  = 1024
	LockExactMax = 512
)

const (
	lockBucketsID = `SELECT count(%s(hashtextextended($1 || '#' || s.b::text, 0)))
		FROM (SELECT DISTINCT hashtextextended(id::text, 0) & $3 AS b FROM unnest($2::uuid[]) AS id ORDER BY b) s`
	lockBucketsText = `SELECT count(%s(hashtextextended($1 || '#' || s.b::text, 0)))
		FROM (SELECT DISTINCT hashtextextended(a, 0) & $3 AS b FROM unnest($2::text[]) AS a ORDER BY b) s`
	lockXactEachID = `SELECT count(pg_advisory_xact_lock(hashtextextended($1 || s.id::text, 0)))
		FROM (SELECT id FROM unnest($2::uuid[]) AS id ORDER BY id) s`
	lockXactEachText = `SELECT count(pg_advisory_xact_lock(hashtextextended($1 || s.a, 0)))
		FROM (SELECT DISTINCT a FROM unnest($2::text[]) AS a ORDER BY a) s`
)

// LockXactEach takes, until tx's transaction ends, exclusive locks that
// serialise tx against every other transaction locking any of subjects in
// the family l, whatever their number, in at most LockBuckets locks:
//
//   - up to LockExactMax distinct subjects: each subject's bucket shared,
//     then each subject's own lock exclusively, so that sets of few
//     subjects exclude each other only where they share a subject;
//   - more: each subject's bucket exclusively, so that a set of many
//     subjects excludes every set sharing a bucket with it (the price of
//     bounding its locks; a large set takes its turn rather than being
//     refused).
//
// Each kind of lock is taken in one statement and in the database's order
// (buckets first, by number; then subjects, ids as uuids), so that two
// transactions locking overlapping sets cannot deadlock on them. Errors are
// the database's.
func LockXactEach[S string | uuid.UUID](ctx context.Context, tx DBTX, l AdvisoryLock, subjects []S) error {
	buckets, exact := lockBucketsText, lockXactEachText
	if _, ok := any(subjects).([]uuid.UUID); ok {
		buckets, exact = lockBucketsID, lockXactEachID
	}
	distinct := map[S]struct{}{}
	for _, s := range subjects {
		distinct[s] = struct{}{}
	}
	if len(distinct) > LockExactMax {
		_, err := tx.Exec(ctx, fmt.Sprintf(buckets, "pg_advisory_xact_lock"), string(l), subjects, int64(LockBuckets-1))
		return err
	}
	if _, err := tx.Exec(ctx, fmt.Sprintf(buckets, "pg_advisory_xact_lock_shared"), string(l), subjects, int64(LockBuckets-1)); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, exact, string(l), subjects)
	return err
}

// LockSession takes l for conn's session, waiting for it, until
// UnlockSession or the session ends. conn must be one connection (a
// *pgx.Conn, a *pgxpool.Conn), not a pool. Errors are the database's.
func LockSession(ctx context.Context, conn DBTX, l AdvisoryLock) error {
	_, err := conn.Exec(ctx, "SELECT pg_advisory_lock(hashtextextended($1, 0))", string(l))
	return err
}

// TryLockSession takes l for conn's session if no other session holds it,
// and reports whether it did; as LockSession otherwise.
func TryLockSession(ctx context.Context, conn DBTX, l AdvisoryLock) (bool, error) {
	var got bool
	err := conn.QueryRow(ctx, "SELECT pg_try_advisory_lock(hashtextextended($1, 0))", string(l)).Scan(&got)
	return got, err
}

// UnlockSession releases l, taken by LockSession or TryLockSession on
// conn, and reports whether the session held it. Errors are the database's.
func UnlockSession(ctx context.Context, conn DBTX, l AdvisoryLock) (bool, error) {
	var released bool
	err := conn.QueryRow(ctx, "SELECT pg_advisory_unlock(hashtextextended($1, 0))", string(l)).Scan(&released)
	return released, err
}
