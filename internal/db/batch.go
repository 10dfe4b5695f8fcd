package db

import (
	"cmp"
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Batch sends statements to Postgres in one pgx batch: one round trip ending
// in one Sync, so Postgres runs them in one implicit transaction, and a
// setting a statement makes local (set_config(…, true)) holds for the
// statements after it in the batch and ends with them. Statements run
// through the Batch itself (Exec) are queued; the statement run through
// Last() sends the batch and returns its own result, or the first queued
// statement's error; Send sends the queued statements alone. A Batch is sent
// once and is not safe for concurrent use.
type Batch struct {
	pool  *pgxpool.Pool
	batch pgx.Batch
}

// NewBatch returns an empty batch to send on a connection of pool.
func NewBatch(pool *pgxpool.Pool) *Batch { return &Batch{pool: pool} }

// Exec queues sql; its outcome is known when the batch is sent (Last).
func (b *Batch) Exec(_ context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	b.batch.Queue(sql, args...)
	return pgconn.CommandTag{}, nil
}

// Send sends the queued statements, in one implicit transaction: all of
// them take effect or, if one fails, none; it returns the first error.
func (b *Batch) Send(ctx context.Context) error {
	if b.batch.Len() == 0 {
		return nil
	}
	return b.pool.SendBatch(ctx, &b.batch).Close()
}

var errQueueOnly = errors.New("db: a Batch queues statements through Exec; the last one runs through Last")

// Query fails: a queued statement's rows cannot be read (run the last
// statement through Last).
func (b *Batch) Query(context.Context, string, ...any) (pgx.Rows, error) { return nil, errQueueOnly }

// QueryRow fails as Query does.
func (b *Batch) QueryRow(context.Context, string, ...any) pgx.Row { return errRow{errQueueOnly} }

// Last is the DBTX of the batch's last statement: its Exec, Query or
// QueryRow queues the statement, sends the batch and returns that
// statement's result. Query's rows hold the batch's connection until they
// are read to their end or closed.
func (b *Batch) Last() DBTX { return lastStatement{b} }

type lastStatement struct{ b *Batch }

// send queues sql, sends the batch and reads the queued statements'
// results, leaving the last one's to read.
func (l lastStatement) send(ctx context.Context, sql string, args []any) (pgx.BatchResults, error) {
	queued := l.b.batch.Len()
	l.b.batch.Queue(sql, args...)
	br := l.b.pool.SendBatch(ctx, &l.b.batch)
	for range queued {
		if _, err := br.Exec(); err != nil {
			_ = br.Close()
			return nil, err
		}
	}
	return br, nil
}

func (l lastStatement) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	br, err := l.send(ctx, sql, args)
	if err != nil {
		return pgconn.CommandTag{}, err
	}
	tag, err := br.Exec()
	return tag, cmp.Or(err, br.Close())
}

func (l lastStatement) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	br, err := l.send(ctx, sql, args)
	if err != nil {
		return nil, err
	}
	rows, err := br.Query()
	if err != nil {
		_ = br.Close()
		return nil, err
	}
	return &batchRows{Rows: rows, results: br}, nil
}

func (l lastStatement) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	rows, err := l.Query(ctx, sql, args...)
	if err != nil {
		return errRow{err}
	}
	return batchRow{rows}
}

// batchRows are a batch's last statement's rows: when they end (or are
// closed) the batch is closed, and its error, if any, is theirs.
type batchRows struct {
	pgx.Rows
	results pgx.BatchResults
	closed  bool
	err     error
}

func (r *batchRows) Next() bool {
	if r.Rows.Next() {
		return true
	}
	r.Close()
	return false
}

func (r *batchRows) Close() {
	if r.closed {
		return
	}
	r.closed = true
	r.Rows.Close()
	r.err = r.results.Close()
}

func (r *batchRows) Err() error { return cmp.Or(r.Rows.Err(), r.err) }

// batchRow is the first of a batch's last statement's rows, as pgx.Row:
// pgx.ErrNoRows when there is none.
type batchRow struct{ rows pgx.Rows }

func (r batchRow) Scan(dest ...any) error {
	defer r.rows.Close()
	if !r.rows.Next() {
		return cmp.Or(r.rows.Err(), pgx.ErrNoRows)
	}
	err := r.rows.Scan(dest...)
	r.rows.Close()
	return cmp.Or(err, r.rows.Err())
}

type errRow struct{ err error }

func (r errRow) Scan(...any) error { return r.err }
