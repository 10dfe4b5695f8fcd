package files

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/db"
	"codna/internal/periodic"
)

// MaintenanceLock names the session advisory lock a maintenance pass holds
// from start to end, so that one replica at a time runs one
// (db.LockFilesMaintenance): the key is
// hashtextextended('codna.files.maintenance', 0), as
// pg_try_advisory_lock(hashtextextended('codna.files.maintenance', 0)) takes
// it (5060943013844212959; hashtextextended is stable across Postgres
// versions, hash partitioning relies on it).
const MaintenanceLock = string(db.LockFilesMaintenance)

// MaintenanceConfig is how often and how much maintenance does.
type MaintenanceConfig struct {
	// Interval is the time between passes (the first runs at Start); zero
	// is the default, 10 minutes, and less than zero never starts the job
	// (RunOnce still works).
	Interval time.Duration
	// UnreferencedAfter is how long after its upload a file no revision
	// names is kept (an upload the page was never saved with); zero or less
	// is the default, 30 days.
	UnreferencedAfter time.Duration
	// InFlight is how long a queued key waits before its bytes may be
	// deleted: an upload queues its key before it writes the bytes and
	// takes it off once its row exists, so a younger key may be an upload
	// still running. Zero is the default, an hour (uploads end within
	// their timeout); less than zero is none (tests).
	InFlight time.Duration
	// Batch is the most rows one statement of a pass touches, and the most
	// keys whose bytes are deleted between two reads of the queue; zero or
	// less is the default, 500.
	Batch int
}

// The defaults of MaintenanceConfig.
const (
	DefaultMaintenanceInterval = 10 * time.Minute
	DefaultUnreferencedAfter   = 30 * 24 * time.Hour
	DefaultMaintenanceBatch    = 500
	DefaultInFlight            = time.Hour
)

// Report is what a maintenance pass did.
type Report struct {
	// Referenced is how many files it found named by a revision and marked
	// referenced (kept for good: revisions are kept forever).
	Referenced int64
	// Expired is how many files it deleted for having been named by no
	// revision UnreferencedAfter after their upload.
	Expired int64
	// BytesDeleted is how many files' bytes it deleted from the store (a
	// count of storage keys, not of bytes).
	BytesDeleted int64
}

// Maintenance keeps attachments and their bytes tidy (docs/design.md,
// "Files"). A pass, in bounded batches:
//
//  1. marks referenced (referenced_at) the files some revision made since
//     their upload names — one of their page's revisions holding
//     ".files/<name>", or any page's holding "<slug>.files/<name>" (slug
//     their page's): what history shows stays;
//  2. deletes the files still named by none UnreferencedAfter after their
//     upload (uploaded, then never used), which queues their storage keys
//     in file_deletions (the trigger on attachments, which queues those the
//     service deletes and those of purged pages too);
//  3. deletes the bytes of the queued keys, oldest first, then the keys;
//     a key an attachment still names is dropped from the queue with its
//     bytes kept, and a key the store fails to delete stays queued for the
//     next pass.
//
// A pass runs on one replica at a time: it holds the session advisory lock
// MaintenanceLock on one connection, on which it runs all its statements,
// and a replica that cannot take the lock does nothing. It runs as a
// periodic.Job (Start, Stop) every Interval, or once with RunOnce.
type Maintenance struct {
	pool  *pgxpool.Pool
	store Store
	cfg   MaintenanceConfig
	log   *slog.Logger
	job   *periodic.Job
}

// NewMaintenance returns the maintenance of the attachments in pool and the
// bytes in store; cfg's zero fields get the defaults. log may be nil.
func NewMaintenance(pool *pgxpool.Pool, store Store, cfg MaintenanceConfig, log *slog.Logger) *Maintenance {
	if log == nil {
		log = slog.Default()
	}
	if cfg.Interval == 0 {
		cfg.Interval = DefaultMaintenanceInterval
	}
	if cfg.UnreferencedAfter <= 0 {
		cfg.UnreferencedAfter = DefaultUnreferencedAfter
	}
	if cfg.InFlight == 0 {
		cfg.InFlight = DefaultInFlight
	} else if cfg.InFlight < 0 {
		cfg.InFlight = 0
	}
	if cfg.Batch <= 0 {
		cfg.Batch = DefaultMaintenanceBatch
	}
	cfg.Batch = min(cfg.Batch, math.MaxInt32)
	m := &Maintenance{pool: pool, store: store, cfg: cfg, log: log}
	m.job = periodic.New("files maintenance", cfg.Interval, func(ctx context.Context) (int64, error) {
		r, err := m.RunOnce(ctx)
		return r.Referenced + r.Expired + r.BytesDeleted, err
	}, log)
	return m
}

// Start runs a pass now and then every Interval, in the background, until
// ctx ends or Stop is called (periodic.Job). It never fails.
func (m *Maintenance) Start(ctx context.Context) error { return m.job.Start(ctx) }

// Stop ends the job, waiting for a pass in progress to return. Safe to call
// twice and before Start.
func (m *Maintenance) Stop() { m.job.Stop() }

// RunOnce runs one pass (see Maintenance) and reports what it did; for
// tests and operators. When another replica's pass holds the lock, it does
// nothing and reports nothing. On an error it returns what it had done.
// A store's failure to delete bytes is no error: it is logged and the key
// stays queued.
func (m *Maintenance) RunOnce(ctx context.Context) (rep Report, err error) {
	conn, err := m.pool.Acquire(ctx)
	if err != nil {
		return rep, fmt.Errorf("files maintenance: %w", err)
	}
	defer conn.Release()
	// closeConn ends the session, when it may hold the lock and cannot
	// release it: a pooled session holding it would keep every other
	// replica's pass out.
	closeConn := func() { _ = conn.Conn().Close(context.WithoutCancel(ctx)) }
	got, err := db.TryLockSession(ctx, conn, db.LockFilesMaintenance)
	if err != nil {
		closeConn()
		return rep, fmt.Errorf("files maintenance: lock: %w", err)
	}
	if !got {
		m.log.Debug("files maintenance: another replica is running a pass")
		return rep, nil
	}
	defer func() {
		released, err := db.UnlockSession(context.WithoutCancel(ctx), conn, db.LockFilesMaintenance)
		if err != nil || !released {
			closeConn()
		}
	}()

	if rep.Referenced, err = m.markReferenced(ctx, conn); err != nil {
		return rep, fmt.Errorf("files maintenance: mark referenced files: %w", err)
	}
	if rep.Expired, err = m.deleteExpired(ctx, conn); err != nil {
		return rep, fmt.Errorf("files maintenance: delete unreferenced files: %w", err)
	}
	if rep.BytesDeleted, err = m.deleteBytes(ctx, conn); err != nil {
		return rep, fmt.Errorf("files maintenance: delete bytes: %w", err)
	}
	m.log.Debug("files maintenance: pass done", "referenced", rep.Referenced, "expired", rep.Expired, "bytesDeleted", rep.BytesDeleted)
	return rep, nil
}

// markReferenced is step 1: batch after batch of the unreferenced files,
// oldest first, until a batch is short.
func (m *Maintenance) markReferenced(ctx context.Context, conn db.DBTX) (int64, error) {
	var n int64
	p := db.AttachmentMarkReferencedParams{AfterCreatedAt: time.Time{}, AfterID: uuid.Nil, BatchSize: int32(m.cfg.Batch)}
	for {
		rows, err := db.Q.AttachmentMarkReferenced(ctx, conn, p)
		if err != nil {
			return n, err
		}
		for _, r := range rows {
			if r.Marked {
				n++
			}
		}
		if len(rows) < m.cfg.Batch {
			return n, nil
		}
		last := rows[len(rows)-1]
		p.AfterCreatedAt, p.AfterID = last.CreatedAt, last.ID
	}
}

// deleteExpired is step 2, a batch at a time until a batch is short.
func (m *Maintenance) deleteExpired(ctx context.Context, conn db.DBTX) (int64, error) {
	var n int64
	p := db.AttachmentDeleteExpiredParams{UnreferencedMs: m.cfg.UnreferencedAfter.Milliseconds(), BatchSize: int32(m.cfg.Batch)}
	for {
		k, err := db.Q.AttachmentDeleteExpired(ctx, conn, p)
		n += k
		if err != nil || k < int64(m.cfg.Batch) {
			return n, err
		}
	}
}

// deleteBytes is step 3: the queue read a batch at a time, oldest first,
// past the keys already seen (those the store failed on stay queued), until
// a batch is short. The store's failures are logged once, at the end.
func (m *Maintenance) deleteBytes(ctx context.Context, conn db.DBTX) (int64, error) {
	var (
		n        int64
		failed   int
		firstKey string
		firstErr error
	)
	defer func() {
		if failed > 0 {
			m.log.Error("files maintenance: the store did not delete bytes; their keys stay queued for the next pass",
				"store", m.store.Name(), "count", failed, "key", firstKey, "error", firstErr)
		}
	}()
	p := db.FileDeletionListBatchParams{AfterCreatedAt: time.Time{}, AfterKey: "", BatchSize: int32(m.cfg.Batch), QueuedBefore: time.Now().Add(-m.cfg.InFlight)}
	for {
		keys, err := db.Q.FileDeletionListBatch(ctx, conn, p)
		if err != nil {
			return n, err
		}
		for _, k := range keys {
			if !k.Named { // a key a row names keeps its bytes: only the queue row goes
				if err := m.store.Delete(ctx, k.StorageKey); err != nil {
					if ctx.Err() != nil {
						return n, errors.Join(ctx.Err(), err)
					}
					if failed == 0 {
						firstKey, firstErr = k.StorageKey, err
					}
					failed++
					continue
				}
				n++
			}
			if err := db.Q.FileDeletionDelete(ctx, conn, k.StorageKey); err != nil {
				return n, err
			}
		}
		if len(keys) < m.cfg.Batch {
			return n, nil
		}
		last := keys[len(keys)-1]
		p.AfterCreatedAt, p.AfterKey = last.CreatedAt, last.StorageKey
	}
}
