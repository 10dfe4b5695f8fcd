package agent_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/access"
	"codna/internal/agent"
	"codna/internal/auth"
	"codna/internal/fault"
	"codna/internal/pgtest"
)

// A person who answers for an agent lists its tokens, revokes one (the
// others keep working) and resumes it when paused; nobody else can.
func TestResponsiblePeopleLookAfterTokensAndResume(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	svc := agent.New(d.Pool)
	au := auth.New(d.Pool, auth.Config{Argon2: auth.CheapArgon2}, nil)
	ctx := context.Background()
	dana, other := pgtest.CreatePerson(t, d.Pool), pgtest.CreatePerson(t, d.Pool)
	bot := pgtest.CreateAgent(t, d.Pool, dana.ID)
	spare := pgtest.CreateAgent(t, d.Pool, dana.ID)
	pgtest.Exec(t, d.Pool, `UPDATE access_tokens SET user_id = $1 WHERE user_id = $2`, bot.ID, spare.ID)

	ts, err := svc.Tokens(pgtest.ActingAs(dana), bot.ID)
	require.NoError(t, err)
	require.Len(t, ts, 2)
	var first uuid.UUID
	require.NoError(t, d.Pool.QueryRow(ctx, `SELECT id FROM access_tokens WHERE token_hash = $1`, auth.HashSecret(bot.Token)).Scan(&first))
	tok, err := svc.RevokeToken(pgtest.ActingAs(dana), bot.ID, first)
	require.NoError(t, err)
	require.NotNil(t, tok.RevokedAt)
	_, err = au.Authenticate(ctx, auth.Credentials{Bearer: bot.Token})
	pgtest.RequireCode(t, err, fault.Unauthenticated, "")
	_, err = au.Authenticate(ctx, auth.Credentials{Bearer: spare.Token})
	require.NoError(t, err, "its other token keeps working")

	_, err = svc.Tokens(pgtest.ActingAs(other), bot.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "agentId")
	_, err = svc.RevokeToken(pgtest.ActingAs(other), bot.ID, first)
	pgtest.RequireCode(t, err, fault.NotFound, "agentId")
	_, err = svc.RevokeToken(pgtest.ActingAs(dana), bot.ID, uuid.Must(uuid.NewV7()))
	pgtest.RequireCode(t, err, fault.NotFound, "tokenId")
	_, err = svc.Tokens(pgtest.ActingAsAgent(bot), bot.ID)
	pgtest.RequireCode(t, err, fault.Forbidden, "")

	pgtest.Exec(t, d.Pool, `UPDATE agents SET paused_at = now() WHERE user_id = $1`, bot.ID)
	_, err = au.Authenticate(ctx, auth.Credentials{Bearer: spare.Token})
	fe := pgtest.RequireCode(t, err, fault.Forbidden, "")
	require.Contains(t, fe.Message, "agent paused")
	mine, err := svc.Mine(pgtest.ActingAs(dana))
	require.NoError(t, err)
	require.NotNil(t, mine[0].PausedAt)
	_, err = svc.Resume(pgtest.ActingAs(other), bot.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "agentId")
	a, err := svc.Resume(pgtest.ActingAs(dana), bot.ID)
	require.NoError(t, err)
	require.Nil(t, a.PausedAt)
	_, err = au.Authenticate(ctx, auth.Credentials{Bearer: spare.Token})
	require.NoError(t, err)
}

// The people who answer for an agent choose whom it may share with: people
// by email and groups, never agents; the list replaces the last.
func TestShareTargets(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	svc := agent.New(d.Pool)
	dana, erin, other := pgtest.CreatePerson(t, d.Pool), pgtest.CreatePerson(t, d.Pool), pgtest.CreatePerson(t, d.Pool)
	g := pgtest.CreateGroup(t, d.Pool, erin.ID)
	bot := pgtest.CreateAgent(t, d.Pool, dana.ID)
	peer := pgtest.CreateAgent(t, d.Pool, dana.ID)

	ts, err := svc.SetShareTargets(pgtest.ActingAs(dana), bot.ID, []string{erin.Email, "group:" + g.Slug})
	require.NoError(t, err)
	require.Len(t, ts, 2)
	require.Equal(t, pgtest.GroupPrincipal(g.ID), ts[0].Principal, "groups first")
	require.Equal(t, "group:"+g.Slug, ts[0].Label)
	require.Equal(t, access.Principal{Type: access.PrincipalUser, ID: erin.ID}, ts[1].Principal)
	require.Equal(t, erin.Email, ts[1].Label)
	got, err := svc.ShareTargets(pgtest.ActingAs(dana), bot.ID)
	require.NoError(t, err)
	require.Equal(t, ts, got)

	_, err = svc.SetShareTargets(pgtest.ActingAs(dana), bot.ID, []string{"agent:" + peer.Slug})
	pgtest.RequireCode(t, err, fault.BadInput, "principals")
	_, err = svc.SetShareTargets(pgtest.ActingAs(dana), bot.ID, []string{"nobody@example.com"})
	pgtest.RequireCode(t, err, fault.BadInput, "principals")
	_, err = svc.SetShareTargets(pgtest.ActingAs(other), bot.ID, []string{erin.Email})
	pgtest.RequireCode(t, err, fault.NotFound, "agentId")
	_, err = svc.ShareTargets(pgtest.ActingAs(other), bot.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "agentId")
	got, err = svc.ShareTargets(pgtest.ActingAs(dana), bot.ID)
	require.NoError(t, err)
	require.Len(t, got, 2, "a refused change changes nothing")

	ts, err = svc.SetShareTargets(pgtest.ActingAs(dana), bot.ID, nil)
	require.NoError(t, err)
	require.Empty(t, ts)
}
