package db_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"codna/internal/db"
	"codna/internal/pgtest"
)

// TestBatchRunsItsStatementsInOneTransaction: a setting a queued statement
// makes local holds for the batch's last statement, whichever way it runs
// (Exec, Query, QueryRow), and not for the connection's next statement; a
// queued statement's error is the batch's, and the connection serves the
// next statement after it. Send sends what is queued, all or nothing.
func TestBatchRunsItsStatementsInOneTransaction(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	// One connection: what the batch set is what the next statement would see.
	pool := pgtest.New(t).OneConnection(t)

	batch := func() *db.Batch {
		b := db.NewBatch(pool)
		_, err := b.Exec(ctx, "SELECT set_config('application_name', 'in the batch', true)")
		require.NoError(t, err)
		return b
	}
	const setting = "SELECT current_setting('application_name')"
	outside := func() string {
		var s string
		require.NoError(t, pool.QueryRow(ctx, setting).Scan(&s))
		return s
	}
	before := outside()
	require.NotEqual(t, "in the batch", before)

	var s string
	require.NoError(t, batch().Last().QueryRow(ctx, setting).Scan(&s))
	require.Equal(t, "in the batch", s)
	require.Equal(t, before, outside())

	rows, err := batch().Last().Query(ctx, setting+" UNION ALL SELECT 'second'")
	require.NoError(t, err)
	got, err := pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	require.Equal(t, []string{"in the batch", "second"}, got)
	require.Equal(t, before, outside())

	tag, err := batch().Last().Exec(ctx, "SELECT 1 FROM generate_series(1, 3) WHERE current_setting('application_name') = 'in the batch'")
	require.NoError(t, err)
	require.EqualValues(t, 3, tag.RowsAffected())

	require.ErrorIs(t, batch().Last().QueryRow(ctx, "SELECT 1 WHERE false").Scan(&s), pgx.ErrNoRows)

	b := db.NewBatch(pool)
	_, err = b.Exec(ctx, "SELECT 1 / (random() * 0)::int")
	require.NoError(t, err, "queued: not run yet")
	_, err = b.Last().Exec(ctx, "SELECT 1")
	require.ErrorContains(t, err, "division by zero")
	require.Equal(t, before, outside())

	// Send: every queued statement, or none when one fails.
	pgtest.Exec(t, pool, "CREATE TABLE sent (n int)")
	b = db.NewBatch(pool)
	for _, n := range []int{1, 2} {
		_, err = b.Exec(ctx, "INSERT INTO sent VALUES ($1)", n)
		require.NoError(t, err)
	}
	require.NoError(t, b.Send(ctx))
	b = db.NewBatch(pool)
	_, err = b.Exec(ctx, "INSERT INTO sent VALUES (3)")
	require.NoError(t, err)
	_, err = b.Exec(ctx, "INSERT INTO sent VALUES (1 / 0)")
	require.NoError(t, err)
	require.ErrorContains(t, b.Send(ctx), "division by zero")
	require.Equal(t, 3, pgtest.Count(t, pool, "SELECT sum(n) FROM sent"), "the failed batch's first insert undone with it")
	require.NoError(t, db.NewBatch(pool).Send(ctx), "nothing queued, nothing sent")

	_, err = db.NewBatch(pool).Query(ctx, "SELECT 1")
	require.Error(t, err, "a queued statement's rows cannot be read")
}

// TestCounterCountsABatchsStatements: a batch's statements are counted one
// by one, with their names, as if each had been sent alone.
func TestCounterCountsABatchsStatements(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	counter := &db.Counter{}
	pool, err := db.Open(ctx, pgtest.NewURL(t), counter)
	require.NoError(t, err)
	t.Cleanup(pool.Close)

	b := db.NewBatch(pool)
	require.NoError(t, db.Q.OutboxDeliveryPlansIndexed(ctx, b))
	_, err = db.Q.OutboxDeliveryGetStats(ctx, b.Last(), db.OutboxDeliveryGetStatsParams{DepthCap: 1, Consumers: []string{"c"}})
	require.NoError(t, err)
	require.EqualValues(t, 2, counter.Count())
	require.Equal(t, []string{"OutboxDeliveryPlansIndexed", "OutboxDeliveryGetStats"}, counter.Names())
}
