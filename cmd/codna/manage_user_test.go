package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/app/apptest"
	"codna/internal/auth"
	"codna/internal/pgtest"
)

// TestManageUserTokensListsAndRevokes: `manage user tokens` lists a
// person's personal tokens by prefix (never the secret) and revokes one,
// audited; the revoked token stops authenticating. It never makes one.
func TestManageUserTokensListsAndRevokes(t *testing.T) {
	d := pgtest.New(t)
	t.Setenv("CODNA_DATABASE_URL", d.URL)
	p := pgtest.CreatePerson(t, d.Pool)
	secret := pgtest.CreatePersonToken(t, d.Pool, p.ID)

	out, _, err := runCLI(t, "", "manage", "user", "tokens", "--email", p.Email)
	require.NoError(t, err)
	require.Contains(t, out, auth.DisplayPrefix(secret))
	require.NotContains(t, out, secret)
	var id string
	require.NoError(t, d.Pool.QueryRow(t.Context(), `SELECT id::text FROM access_tokens WHERE user_id = $1`, p.ID).Scan(&id))
	require.Contains(t, out, id)

	out, _, err = runCLI(t, "", "manage", "user", "tokens", "--id", p.ID.String(), "--revoke", id)
	require.NoError(t, err)
	require.Contains(t, out, "revoked personal token")
	svc := apptest.New(t, d.Pool).Auth
	_, err = svc.Authenticate(t.Context(), auth.Credentials{Bearer: secret})
	pgtest.RequireCode(t, err, "UNAUTHENTICATED", "")
	require.Equal(t, 1, pgtest.Count(t, d.Pool, `SELECT count(*) FROM management_audit WHERE action = 'user.token_revoke' AND target_user_id = $1 AND via = 'cli'`, p.ID))

	out, _, err = runCLI(t, "", "manage", "user", "tokens", "--email", p.Email)
	require.NoError(t, err)
	require.Regexp(t, `\d{4}-\d\d-\d\dT[^\s]+\s*$`, strings.TrimSpace(out), "the revoked token is listed with its revocation time")

	_, _, err = runCLI(t, "", "manage", "user", "tokens", "--email", p.Email, "--revoke", "00000000-0000-7000-8000-000000000000")
	require.ErrorContains(t, err, "NOT_FOUND")
	_, _, err = runCLI(t, "", "manage", "user", "tokens", "--email", "nobody@example.com")
	require.ErrorContains(t, err, "NOT_FOUND")
	_, _, err = runCLI(t, "", "manage", "user", "tokens")
	require.ErrorContains(t, err, "needs --email or --id")
	_, _, err = runCLI(t, "", "manage", "user", "tokens", "--email", p.Email, "--revoke", "nope")
	require.ErrorContains(t, err, "not a valid id")
}
