package server_test

import (
	"context"
	"io"
	"net/http"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

// With the database refusing connections and the open ones cut, requests
// answer UNAVAILABLE (503 when the database is needed to authenticate),
// never INTERNAL; /readyz says not ready and /healthz (no liveness hook)
// stays up.
func TestDatabaseDownAnswersUnavailable(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	token := pgtest.CreatePersonToken(t, b.pool, p.ID)
	require.Empty(t, b.do(t, req{query: meQuery, bearer: token}).Errors)

	ctx := context.Background()
	cfg := b.pool.Config().ConnConfig.Copy()
	name := cfg.Database
	cfg.Database = "postgres"
	conn, err := pgx.ConnectConfig(ctx, cfg)
	require.NoError(t, err)
	_, err = conn.Exec(ctx, `ALTER DATABASE `+pgx.Identifier{name}.Sanitize()+` ALLOW_CONNECTIONS false`)
	require.NoError(t, err)
	_, err = conn.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, name)
	require.NoError(t, err)
	require.NoError(t, conn.Close(ctx))

	r := b.do(t, req{query: meQuery, bearer: token})
	require.Equal(t, http.StatusServiceUnavailable, r.Status)
	require.Equal(t, "UNAVAILABLE", r.code())
	for range 3 { // the pool's dead connections, then refused new ones
		r = b.do(t, req{
			query:     `mutation($i: LoginInput!) { login(input: $i) { user { id } } }`,
			variables: map[string]any{"i": map[string]any{"email": p.Email, "password": "whatever it is"}},
		})
		require.Equal(t, "UNAVAILABLE", r.code(), "%+v", r.Errors)
	}

	get := func(path string) int {
		resp, err := http.Get(b.http.URL + path)
		require.NoError(t, err)
		defer resp.Body.Close()
		_, _ = io.Copy(io.Discard, resp.Body)
		return resp.StatusCode
	}
	require.Equal(t, http.StatusServiceUnavailable, get("/readyz"))
	require.Equal(t, http.StatusOK, get("/healthz"))
}
