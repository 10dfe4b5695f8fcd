package manage_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/fault"
	"codna/internal/pgtest"
)

func pausedAt(t *testing.T, e testEnv, agent uuid.UUID) bool {
	t.Helper()
	return pgtest.Count(t, e.pool, `SELECT count(*) FROM agents WHERE user_id = $1 AND paused_at IS NOT NULL`, agent) == 1
}

// Removing an agent's last responsible person pauses it: management is told
// (agent.paused), its tokens answer FORBIDDEN "agent paused"; adding someone
// does not resume it; ResumeAgent does, and is refused while nobody active
// answers for it.
func TestAgentPausedWhenLastResponsibleRemoved(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := setup(t)
	c := tokenCaller(t, e)
	p1 := pgtest.CreatePerson(t, e.pool)
	p2 := pgtest.CreatePerson(t, e.pool)
	a := pgtest.CreateAgent(t, e.pool, p1.ID)

	_, err := e.auth.Authenticate(ctx, auth.Credentials{Bearer: a.Token})
	require.NoError(t, err)
	got, err := e.svc.SetResponsible(c.in(ctx), a.ID, nil, []uuid.UUID{p1.ID})
	require.NoError(t, err)
	require.NotNil(t, got.PausedAt)
	require.Empty(t, got.Responsible)
	r := oneAudit(t, e.pool, "agent.paused")
	requireVia(t, r, c)
	require.Equal(t, a.ID, *r.TargetUser)
	require.Equal(t, a.Slug, r.Details["slug"])

	_, err = e.auth.Authenticate(ctx, auth.Credentials{Bearer: a.Token})
	fe := pgtest.RequireCode(t, err, fault.Forbidden, "")
	require.Contains(t, fe.Message, "agent paused")

	list, err := e.svc.ListAgents(c.in(ctx))
	require.NoError(t, err)
	require.Len(t, list, 1)
	require.NotNil(t, list[0].PausedAt, "the console shows it paused")

	_, err = e.svc.ResumeAgent(c.in(ctx), a.ID)
	pgtest.RequireCode(t, err, fault.BadInput, "agentId")
	_, err = e.svc.SetResponsible(c.in(ctx), a.ID, []uuid.UUID{p2.ID}, nil)
	require.NoError(t, err)
	require.True(t, pausedAt(t, e, a.ID), "adding someone does not resume it")
	resumed, err := e.svc.ResumeAgent(c.in(ctx), a.ID)
	require.NoError(t, err)
	require.Nil(t, resumed.PausedAt)
	require.Len(t, audits(t, e.pool, "agent.resume"), 1)
	_, err = e.auth.Authenticate(ctx, auth.Credentials{Bearer: a.Token})
	require.NoError(t, err)
	// Resuming a working agent changes nothing.
	_, err = e.svc.ResumeAgent(c.in(ctx), a.ID)
	require.NoError(t, err)
	require.Len(t, audits(t, e.pool, "agent.resume"), 1)
	_, err = e.svc.ResumeAgent(c.in(ctx), uuid.Must(uuid.NewV7()))
	pgtest.RequireCode(t, err, fault.NotFound, "")
}

// Deactivating the last active person who answers for an agent pauses it;
// an agent someone active still answers for keeps working.
func TestAgentPausedWhenLastResponsibleDeactivated(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := setup(t)
	c := tokenCaller(t, e)
	p1 := pgtest.CreatePerson(t, e.pool)
	p2 := pgtest.CreatePerson(t, e.pool)
	alone := pgtest.CreateAgent(t, e.pool, p1.ID)
	shared := pgtest.CreateAgent(t, e.pool, p1.ID, p2.ID)

	_, err := e.svc.SetPersonActive(c.in(ctx), p1.ID, false)
	require.NoError(t, err)
	require.True(t, pausedAt(t, e, alone.ID))
	require.False(t, pausedAt(t, e, shared.ID))
	r := oneAudit(t, e.pool, "agent.paused")
	require.Equal(t, alone.ID, *r.TargetUser)
	_, err = e.auth.Authenticate(ctx, auth.Credentials{Bearer: alone.Token})
	pgtest.RequireCode(t, err, fault.Forbidden, "")
	_, err = e.auth.Authenticate(ctx, auth.Credentials{Bearer: shared.Token})
	require.NoError(t, err)
}

// Management lists an agent's tokens and revokes one; the others keep
// working.
func TestAgentTokensOneByOne(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := setup(t)
	c := tokenCaller(t, e)
	p := pgtest.CreatePerson(t, e.pool)
	a := pgtest.CreateAgent(t, e.pool, p.ID)
	second, secret, err := e.svc.IssueAgentToken(c.in(ctx), a.ID, "second")
	require.NoError(t, err)

	ts, err := e.svc.AgentTokens(c.in(ctx), a.ID)
	require.NoError(t, err)
	require.Len(t, ts, 2)
	require.Equal(t, second.ID, ts[0].ID, "newest first")

	revoked, err := e.svc.RevokeAgentToken(c.in(ctx), a.ID, second.ID)
	require.NoError(t, err)
	require.NotNil(t, revoked.RevokedAt)
	_, err = e.auth.Authenticate(ctx, auth.Credentials{Bearer: secret})
	pgtest.RequireCode(t, err, fault.Unauthenticated, "")
	_, err = e.auth.Authenticate(ctx, auth.Credentials{Bearer: a.Token})
	require.NoError(t, err, "the other token keeps working")
	r := oneAudit(t, e.pool, "agent.token_revoke")
	require.Equal(t, second.ID.String(), r.Details["token_id"])

	_, err = e.svc.RevokeAgentToken(c.in(ctx), a.ID, uuid.Must(uuid.NewV7()))
	pgtest.RequireCode(t, err, fault.NotFound, "tokenId")
	_, err = e.svc.AgentTokens(c.in(ctx), p.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, err = e.svc.AgentTokens(pgtest.ActingAs(p), a.ID)
	pgtest.RequireCode(t, err, fault.Forbidden, "")
}
