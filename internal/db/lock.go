package db

import (
	"context"

	"github.com/google/uuid"
)

// AdvisoryLock names a Postgres advisory lock. Every advisory lock the code
// takes is named here, so that no two share a key by accident. A name alone
// is one lock (LockDemo); a name ending in ':' is a family of locks, one per
// subject appended to it (Of, LockXactEach). The lock's key is
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
	// LockLinkAddress, per address, serialises the resyncs of documents at
	// and linking to the address (taken after LockLinks).
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

const (
	lockXactEachID = `SELECT count(pg_advisory_xact_lock(hashtextextended($1 || s.id::text, 0)))
		FROM (SELECT id FROM unnest($2::uuid[]) AS id ORDER BY id) s`
	lockXactEachText = `SELECT count(pg_advisory_xact_lock(hashtextextended($1 || s.a, 0)))
		FROM (SELECT DISTINCT a FROM unnest($2::text[]) AS a ORDER BY a) s`
)

// LockXactEach takes the lock of each of subjects in the family l
// exclusively until tx's transaction ends, in one statement and in the
// database's order of the subjects (ids as uuids), so that two transactions
// locking overlapping sets cannot deadlock on them. Errors are the
// database's.
func LockXactEach[S string | uuid.UUID](ctx context.Context, tx DBTX, l AdvisoryLock, subjects []S) error {
	q := lockXactEachText
	if _, ok := any(subjects).([]uuid.UUID); ok {
		q = lockXactEachID
	}
	_, err := tx.Exec(ctx, q, string(l), subjects)
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
