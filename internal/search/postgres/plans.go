package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"
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

// genericPlans runs one query with its generic plan: f runs it on the last
// statement of a db.Batch that sends SearchEntryPlansGeneric
// (plan_cache_mode for the current transaction only) and the query
// together, so the setting holds for the query and ends with it: one round
// trip and one extra statement, where a BEGIN … COMMIT around them costs two
// more of each. pgx prepares the query once per connection and Postgres
// plans it once, for any values, instead of at every execution. Only for
// statements whose best plan does not depend on their values (each one says
// so, and computes what it derives from its values once, in a sub-select,
// rather than per row).
func genericPlans(ctx context.Context, pool *pgxpool.Pool, f func(db.DBTX) error) error {
	b := db.NewBatch(pool)
	if err := db.Q.SearchEntryPlansGeneric(ctx, b); err != nil {
		return err
	}
	return f(b.Last())
}
