package main

import (
	"regexp"
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

// TestManageUserResetLink: `manage user reset-link` prints a link under
// CODNA_PUBLIC_URL whose token resets the password once, audited via cli;
// a second link replaces the first; no link for an unknown address or a
// deactivated person.
func TestManageUserResetLink(t *testing.T) {
	d := pgtest.New(t)
	t.Setenv("CODNA_DATABASE_URL", d.URL)
	t.Setenv("CODNA_PUBLIC_URL", "https://wiki.example.com/")
	p := pgtest.CreatePerson(t, d.Pool)
	link := func(args ...string) string {
		t.Helper()
		out, _, err := runCLI(t, "", append([]string{"manage", "user", "reset-link"}, args...)...)
		require.NoError(t, err)
		m := regexp.MustCompile(`https://wiki\.example\.com/reset/([A-Za-z0-9_-]{43})\n`).FindStringSubmatch(out)
		require.NotNil(t, m, out)
		return m[1]
	}
	first := link("--email", p.Email)
	second := link("--id", p.ID.String())
	require.Equal(t, 2, pgtest.Count(t, d.Pool, `SELECT count(*) FROM management_audit WHERE action = 'user.password_reset_link' AND target_user_id = $1 AND via = 'cli'`, p.ID))
	require.Zero(t, pgtest.Count(t, d.Pool, `SELECT count(*) FROM management_audit WHERE details::text LIKE '%' || $1 || '%'`, second), "the token is not in the audit")

	svc := apptest.New(t, d.Pool).Auth
	_, err := svc.ResetPasswordWithToken(t.Context(), first, "a brand new password", "")
	pgtest.RequireCode(t, err, "UNAUTHENTICATED", "")
	s, err := svc.ResetPasswordWithToken(t.Context(), second, "a brand new password", "")
	require.NoError(t, err)
	require.Equal(t, p.ID, s.User.ID)

	_, _, err = runCLI(t, "", "manage", "user", "reset-link", "--email", "nobody@example.com")
	require.ErrorContains(t, err, "NOT_FOUND")
	pgtest.Exec(t, d.Pool, `UPDATE users SET is_active = false WHERE id = $1`, p.ID)
	_, _, err = runCLI(t, "", "manage", "user", "reset-link", "--email", p.Email)
	require.ErrorContains(t, err, "NOT_FOUND")
	_, _, err = runCLI(t, "", "manage", "user", "reset-link")
	require.ErrorContains(t, err, "needs --email or --id")
}
