package main

import (
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/app/apptest"
	"codna/internal/auth"
	"codna/internal/pgtest"
)

// TestManageAgentTokensAndResume: `manage agent tokens` lists an agent's
// tokens by prefix (never the secret) and revokes one, audited, while its
// other tokens keep working; `manage agent resume` resumes a paused agent,
// and `manage agent list` says which is paused.
func TestManageAgentTokensAndResume(t *testing.T) {
	d := pgtest.New(t)
	t.Setenv("CODNA_DATABASE_URL", d.URL)
	p := pgtest.CreatePerson(t, d.Pool)
	a := pgtest.CreateAgent(t, d.Pool, p.ID)
	other := pgtest.CreateAgent(t, d.Pool, p.ID)
	pgtest.Exec(t, d.Pool, `UPDATE access_tokens SET user_id = $1 WHERE user_id = $2`, a.ID, other.ID) // a second token of a's

	out, _, err := runCLI(t, "", "manage", "agent", "tokens", "--agent", a.ID.String())
	require.NoError(t, err)
	require.Contains(t, out, auth.DisplayPrefix(a.Token))
	require.NotContains(t, out, a.Token)

	var id string
	require.NoError(t, d.Pool.QueryRow(t.Context(), `SELECT id::text FROM access_tokens WHERE token_hash = $1`, auth.HashSecret(a.Token)).Scan(&id))
	out, _, err = runCLI(t, "", "manage", "agent", "tokens", "--agent", a.ID.String(), "--revoke", id)
	require.NoError(t, err)
	require.Contains(t, out, "revoked agent token")
	svc := apptest.New(t, d.Pool).Auth
	_, err = svc.Authenticate(t.Context(), auth.Credentials{Bearer: a.Token})
	pgtest.RequireCode(t, err, "UNAUTHENTICATED", "")
	_, err = svc.Authenticate(t.Context(), auth.Credentials{Bearer: other.Token})
	require.NoError(t, err, "the agent's other token keeps working")
	require.Equal(t, 1, pgtest.Count(t, d.Pool, `SELECT count(*) FROM management_audit WHERE action = 'agent.token_revoke' AND target_user_id = $1 AND via = 'cli'`, a.ID))
	_, _, err = runCLI(t, "", "manage", "agent", "tokens", "--agent", a.ID.String(), "--revoke", "00000000-0000-7000-8000-000000000000")
	require.ErrorContains(t, err, "NOT_FOUND")
	_, _, err = runCLI(t, "", "manage", "agent", "tokens")
	require.ErrorContains(t, err, "needs --agent")

	// Paused, it says so; resumed, it works again.
	_, _, err = runCLI(t, "", "manage", "user", "deactivate", "--email", p.Email)
	require.NoError(t, err)
	out, _, err = runCLI(t, "", "manage", "agent", "list")
	require.NoError(t, err)
	require.Contains(t, out, a.Slug+"\t")
	require.Contains(t, out, "paused")
	_, _, err = runCLI(t, "", "manage", "agent", "resume", "--agent", a.ID.String())
	require.ErrorContains(t, err, "BAD_USER_INPUT", "nobody active answers for it")
	_, _, err = runCLI(t, "", "manage", "user", "reactivate", "--email", p.Email)
	require.NoError(t, err)
	out, _, err = runCLI(t, "", "manage", "agent", "resume", "--agent", a.ID.String())
	require.NoError(t, err)
	require.Contains(t, out, "is working")
	_, err = svc.Authenticate(t.Context(), auth.Credentials{Bearer: other.Token})
	require.NoError(t, err)
}
