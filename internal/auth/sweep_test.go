package auth_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/periodic"
	"codna/internal/pgtest"
)

// TestSessionSweeperDeletesExpiredSessions: expired sessions are deleted
// by the sweeper, live ones stay, and Stop is idempotent.
func TestSessionSweeperDeletesExpiredSessions(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	ctx := context.Background()
	p := pgtest.CreatePerson(t, d.Pool)
	for i, at := range []string{"now() - interval '1 hour'", "now() - interval '40 days'", "now() + interval '1 hour'"} {
		_, err := d.Pool.Exec(ctx, `INSERT INTO sessions (id, user_id, token_hash, expires_at) VALUES (gen_random_uuid(), $1, $2, `+at+`)`,
			p.ID, fmt.Sprint("hash-", i))
		require.NoError(t, err)
	}
	count := func(where string) int {
		var n int
		require.NoError(t, d.Pool.QueryRow(ctx, `SELECT count(*) FROM sessions WHERE `+where).Scan(&n))
		return n
	}
	require.Equal(t, 2, count("expires_at <= now()"))

	svc := auth.New(d.Pool, auth.DefaultConfig, nil)
	w := periodic.New("delete expired sessions", 10*time.Millisecond, svc.DeleteExpiredSessions, nil)
	require.NoError(t, w.Start(ctx))
	require.Eventually(t, func() bool { return count("expires_at <= now()") == 0 }, 10*time.Second, 10*time.Millisecond)
	w.Stop()
	w.Stop()
	require.Equal(t, 1, count("true"), "the live session stays")

	n, err := svc.DeleteExpiredSessions(auth.SystemContext(ctx))
	require.NoError(t, err)
	require.Zero(t, n)
}
