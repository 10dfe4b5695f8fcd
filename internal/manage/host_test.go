package manage_test

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/pgtest"
)

// The demo's first person is created once, only into an instance with no
// person, by however many replicas start together; with no audit row.
func TestCreateFirstPersonOnlyOnce(t *testing.T) {
	t.Parallel()
	e := setup(t)
	ctx := auth.ManagementContext(context.Background())

	var wg sync.WaitGroup
	created := make(chan bool, 4)
	for range 4 {
		wg.Go(func() {
			_, ok, err := e.svc.CreateFirstPerson(ctx, "demo@codna.local", "Demo Person", "a long enough password")
			require.NoError(t, err)
			created <- ok
		})
	}
	wg.Wait()
	close(created)
	n := 0
	for ok := range created {
		if ok {
			n++
		}
	}
	require.Equal(t, 1, n, "one replica creates the person")
	require.Equal(t, 1, pgtest.Count(t, e.pool, `SELECT count(*) FROM users WHERE kind = 'person'`))
	require.Zero(t, pgtest.Count(t, e.pool, `SELECT count(*) FROM management_audit`))
	_, err := e.auth.Login(context.Background(), auth.LoginRequest{Email: "demo@codna.local", Password: "a long enough password"})
	require.NoError(t, err)

	_, ok, err := e.svc.CreateFirstPerson(ctx, "other@codna.local", "Other", "a long enough password")
	require.NoError(t, err)
	require.False(t, ok, "the instance has a person")
}

// ActAs finds the person and records that management acted as them.
func TestActAsIsAudited(t *testing.T) {
	t.Parallel()
	e := setup(t)
	p := pgtest.CreatePerson(t, e.pool)
	ctx := auth.ManagementContext(context.Background())

	u, err := e.svc.ActAs(ctx, p.Email, "document.export", map[string]any{"space": "wiki"})
	require.NoError(t, err)
	require.Equal(t, p.ID, u.ID)
	require.Equal(t, 1, pgtest.Count(t, e.pool, `SELECT count(*) FROM management_audit
		WHERE action = 'document.export' AND target_user_id = $1 AND via = 'cli' AND details->>'as' = $2 AND details->>'space' = 'wiki'`, p.ID, p.Email))

	_, err = e.svc.ActAs(ctx, "nobody@example.com", "document.export", nil)
	pgtest.RequireCode(t, err, "NOT_FOUND", "")
}
