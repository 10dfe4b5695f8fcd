package server_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

// TestServerDeletesExpiredSessions: a running server sweeps expired
// sessions away in the background, and Stop ends the sweeper.
func TestServerDeletesExpiredSessions(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *config) {
		c.Listen = "127.0.0.1:0"
		c.Auth.SessionSweep = 10 * time.Millisecond
	})
	ctx := context.Background()
	p := pgtest.CreatePerson(t, b.pool)
	_, err := b.pool.Exec(ctx, `INSERT INTO sessions (id, user_id, token_hash, expires_at)
		VALUES (gen_random_uuid(), $1, 'expired', now() - interval '1 day'), (gen_random_uuid(), $1, 'live', now() + interval '1 day')`, p.ID)
	require.NoError(t, err)
	require.NoError(t, b.srv.Start(ctx))
	t.Cleanup(b.srv.Stop)
	require.Eventually(t, func() bool {
		var n int
		require.NoError(t, b.pool.QueryRow(ctx, `SELECT count(*) FROM sessions WHERE token_hash = 'expired'`).Scan(&n))
		return n == 0
	}, 10*time.Second, 10*time.Millisecond)
	b.srv.Stop()
	var live int
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT count(*) FROM sessions WHERE token_hash = 'live'`).Scan(&live))
	require.Equal(t, 1, live)
}
