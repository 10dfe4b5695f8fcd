package document

import (
	"context"

	"github.com/jackc/pgx/v5"

	"codna/internal/db"
)

// plannedPerCall runs the statements it is given planned for their
// arguments on every call (pgx's QueryExecModeCacheDescribe: an unnamed
// statement), never from a generic plan. The lists need it: a generic plan
// of DocumentListByUpdated/ByTitle is built on the columns' average
// statistics, and on a table with few owners or grantees it reads every
// document to find an actor's own (docs/design.md#lists).
type plannedPerCall struct{ db.DBTX }

// Query runs sql planned for args.
func (p plannedPerCall) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	return p.DBTX.Query(ctx, sql, append([]any{pgx.QueryExecModeCacheDescribe}, args...)...)
}
