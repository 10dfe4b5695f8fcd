package postgres

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"codna/internal/db"
	"codna/internal/pgtest"
)

// TestGenericPlansHoldForTheirQueryOnly: genericPlans sends
// SearchEntryPlansGeneric and the query in one batch, so the query runs with
// plan_cache_mode = force_generic_plan and the connection's next statement,
// out of that implicit transaction, does not; an error of the query is
// returned, and the connection serves the next one.
func TestGenericPlansHoldForTheirQueryOnly(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	// One connection: what the batch set is what the next statement would see.
	pool := pgtest.New(t).OneConnection(t)

	setting := func(q db.DBTX) string {
		rows, err := q.Query(ctx, "SELECT current_setting('plan_cache_mode')")
		require.NoError(t, err)
		s, err := pgx.CollectExactlyOneRow(rows, pgx.RowTo[string])
		require.NoError(t, err)
		return s
	}
	var inside string
	require.NoError(t, genericPlans(ctx, pool, func(q db.DBTX) error {
		inside = setting(q)
		return nil
	}))
	require.Equal(t, "force_generic_plan", inside)
	require.Equal(t, "auto", setting(pool))

	err := genericPlans(ctx, pool, func(q db.DBTX) error {
		rows, err := q.Query(ctx, "SELECT 1 / (random() * 0)::int")
		if err != nil {
			return err
		}
		_, err = pgx.CollectRows(rows, pgx.RowTo[int32])
		return err
	})
	require.ErrorContains(t, err, "division by zero")
	require.Equal(t, "auto", setting(pool))
}
