package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/db"
)

// customPlans runs queries as unnamed prepared statements (pgx's
// QueryExecModeCacheDescribe), which Postgres plans for the values bound:
// a search's best plan depends on how common its words are and how much
// its actor may read, which a cached generic plan cannot know.
type customPlans struct{ db.DBTX }

func (c customPlans) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	return c.DBTX.Query(ctx, sql, append([]any{pgx.QueryExecModeCacheDescribe}, args...)...)
}

// genericPlans runs one query with its generic plan: f runs it on a
// planBatch, which sends SearchEntryPlansGeneric (plan_cache_mode for the
// current transaction only) and the query together in one pgx batch. A
// batch ends in one Sync, so its statements share one implicit transaction
// and the setting holds for the query and ends with it: one round trip and
// one extra statement, where a BEGIN … COMMIT around them costs two more of
// each. pgx prepares the query once per connection and Postgres plans it
// once, for any values, instead of at every execution. Only for statements
// whose best plan does not depend on their values (each one says so, and
// computes what it derives from its values once, in a sub-select, rather
// than per row).
func genericPlans(ctx context.Context, pool *pgxpool.Pool, f func(db.DBTX) error) error {
	b := &planBatch{pool: pool}
	if err := db.Q.SearchEntryPlansGeneric(ctx, b); err != nil {
		return err
	}
	return f(b)
}

// planBatch is a db.DBTX that queues the statements run through Exec and
// sends them in one batch with the next one run through Query, whose rows
// it returns (the batch's connection goes back to the pool when they are
// read or closed). It runs one query; QueryRow is not supported.
type planBatch struct {
	pool   *pgxpool.Pool
	batch  pgx.Batch
	queued int
}

func (p *planBatch) Exec(_ context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	p.batch.Queue(sql, args...)
	p.queued++
	return pgconn.CommandTag{}, nil
}

func (p *planBatch) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	p.batch.Queue(sql, args...)
	br := p.pool.SendBatch(ctx, &p.batch)
	for range p.queued {
		if _, err := br.Exec(); err != nil {
			_ = br.Close()
			return nil, err
		}
	}
	rows, err := br.Query()
	if err != nil {
		_ = br.Close()
		return nil, err
	}
	return &batchRows{Rows: rows, results: br}, nil
}

func (p *planBatch) QueryRow(context.Context, string, ...any) pgx.Row {
	return errRow{errors.New("postgres: planBatch runs queries only")}
}

// batchRows are a batch's last query's rows: when they end (or are
// closed), the batch is closed, and its error, if any, is theirs.
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

func (r *batchRows) Err() error {
	if err := r.Rows.Err(); err != nil {
		return err
	}
	return r.err
}

type errRow struct{ err error }

func (r errRow) Scan(...any) error { return r.err }
