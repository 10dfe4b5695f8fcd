package manage_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/access"
	"codna/internal/auth"
	"codna/internal/fault"
	"codna/internal/pgtest"
)

func idsOf(us []auth.User) []uuid.UUID {
	out := make([]uuid.UUID, len(us))
	for i, u := range us {
		out[i] = u.ID
	}
	return out
}

func TestCreateAgent(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := setup(t)
	c := tokenCaller(t, e)
	p1 := pgtest.CreatePerson(t, e.pool)
	p2 := pgtest.CreatePerson(t, e.pool)
	bystander := pgtest.CreatePerson(t, e.pool)

	a, token, err := e.svc.CreateAgent(c.in(ctx), "helper-bot", " Helper ", "Answers questions", []uuid.UUID{p1.ID, p2.ID, p1.ID})
	require.NoError(t, err)
	require.Equal(t, "helper-bot", a.Slug)
	require.Equal(t, "Helper", a.Name)
	require.Equal(t, "Answers questions", a.Description)
	require.Nil(t, a.DeletedAt)
	require.ElementsMatch(t, []uuid.UUID{p1.ID, p2.ID}, idsOf(a.Responsible))
	require.True(t, strings.HasPrefix(token, auth.AgentTokenPrefix), token)

	// The token authenticates as the agent.
	actor, err := e.auth.Authenticate(ctx, auth.Credentials{Bearer: token})
	require.NoError(t, err)
	require.Equal(t, auth.KindAgent, actor.Kind)
	require.Equal(t, a.ID, actor.UserID)
	require.Equal(t, auth.ViaAccessToken, actor.Via)

	// Its rows: a users row of kind agent without a password, its identity, its token.
	var kind, email string
	var hasPassword, active bool
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT kind, email, password_hash IS NOT NULL, is_active FROM users WHERE id = $1`, a.ID).
		Scan(&kind, &email, &hasPassword, &active))
	require.Equal(t, "agent", kind)
	require.Equal(t, a.ID.String()+"@agents.invalid", email)
	require.False(t, hasPassword)
	require.True(t, active)
	var provider, subject string
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT provider, subject FROM identities WHERE user_id = $1`, a.ID).Scan(&provider, &subject))
	require.Equal(t, "service", provider)
	require.Equal(t, a.ID.String(), subject)
	var tokKind, tokHash, tokPrefix string
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT kind, token_hash, prefix FROM access_tokens WHERE user_id = $1`, a.ID).Scan(&tokKind, &tokHash, &tokPrefix))
	require.Equal(t, "agent", tokKind)
	require.Equal(t, auth.HashSecret(token), tokHash)
	require.Equal(t, auth.DisplayPrefix(token), tokPrefix)

	r := oneAudit(t, e.pool, "agent.create")
	requireVia(t, r, c)
	require.Equal(t, a.ID, *r.TargetUser)
	require.Equal(t, "helper-bot", r.Details["slug"])
	require.ElementsMatch(t, []any{p1.ID.String(), p2.ID.String()}, r.Details["responsible"])
	require.NotEmpty(t, r.Details["token_id"])

	for _, p := range []uuid.UUID{p1.ID, p2.ID} {
		ns := notificationsTo(t, e.pool, p)
		require.Len(t, ns, 1)
		require.Equal(t, "agent.responsible_added", ns[0].Type)
		require.Equal(t, "agent", ns[0].SubjectType)
		require.Equal(t, a.ID, *ns[0].SubjectID)
		require.Equal(t, "helper-bot", ns[0].Payload["agentSlug"])
	}
	require.Empty(t, notificationsTo(t, e.pool, bystander.ID))

	list, err := e.svc.ListAgents(cli.in(ctx))
	require.NoError(t, err)
	require.Len(t, list, 1)
	require.Equal(t, a.ID, list[0].ID)
	require.ElementsMatch(t, []uuid.UUID{p1.ID, p2.ID}, idsOf(list[0].Responsible))
	one, err := e.svc.Agent(cli.in(ctx), a.ID)
	require.NoError(t, err)
	require.Equal(t, list[0], one)
}

func TestCreateAgentErrors(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := setup(t)
	p := pgtest.CreatePerson(t, e.pool)
	gone := pgtest.CreatePerson(t, e.pool)
	_, err := e.svc.SetPersonActive(cli.in(ctx), gone.ID, false)
	require.NoError(t, err)
	existing := pgtest.CreateAgent(t, e.pool, p.ID)
	before := auditCount(t, e.pool)
	var users int
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT count(*) FROM users`).Scan(&users))

	for _, slug := range []string{"", "x", "Bot", "-bot", "bot-", "bot_1"} {
		_, _, err := e.svc.CreateAgent(cli.in(ctx), slug, "Bot", "", []uuid.UUID{p.ID})
		pgtest.RequireCode(t, err, fault.BadInput, "slug")
	}
	_, _, err = e.svc.CreateAgent(cli.in(ctx), "bot", "", "", []uuid.UUID{p.ID})
	pgtest.RequireCode(t, err, fault.BadInput, "name")
	_, _, err = e.svc.CreateAgent(cli.in(ctx), "bot", "Bot", strings.Repeat("x", 2001), []uuid.UUID{p.ID})
	pgtest.RequireCode(t, err, fault.BadInput, "description")
	_, _, err = e.svc.CreateAgent(cli.in(ctx), "bot", "Bot", "", nil)
	pgtest.RequireCode(t, err, fault.BadInput, "responsible")
	for _, id := range []uuid.UUID{existing.ID, auth.ManagementID, gone.ID, uuid.Must(uuid.NewV7())} {
		_, _, err = e.svc.CreateAgent(cli.in(ctx), "bot", "Bot", "", []uuid.UUID{p.ID, id})
		pgtest.RequireCode(t, err, fault.BadInput, "responsible")
	}
	_, _, err = e.svc.CreateAgent(cli.in(ctx), existing.Slug, "Bot", "", []uuid.UUID{p.ID})
	pgtest.RequireCode(t, err, fault.Conflict, "slug")

	require.Equal(t, before, auditCount(t, e.pool), "a refused change writes no audit")
	var after int
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT count(*) FROM users`).Scan(&after))
	require.Equal(t, users, after, "a refused agent leaves no users row")
	require.Empty(t, notificationsTo(t, e.pool, p.ID))
}

func TestSetResponsible(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := setup(t)
	c := tokenCaller(t, e)
	p1 := pgtest.CreatePerson(t, e.pool)
	p2 := pgtest.CreatePerson(t, e.pool)
	p3 := pgtest.CreatePerson(t, e.pool)
	a, _, err := e.svc.CreateAgent(cli.in(ctx), "bot", "Bot", "", []uuid.UUID{p1.ID, p2.ID})
	require.NoError(t, err)

	got, err := e.svc.SetResponsible(c.in(ctx), a.ID, []uuid.UUID{p3.ID, p2.ID}, []uuid.UUID{p1.ID})
	require.NoError(t, err)
	require.ElementsMatch(t, []uuid.UUID{p2.ID, p3.ID}, idsOf(got.Responsible))

	// p2 answered already: nothing is written for them.
	adds := audits(t, e.pool, "agent.responsible_add")
	require.Len(t, adds, 1)
	requireVia(t, adds[0], c)
	require.Equal(t, a.ID, *adds[0].TargetUser)
	require.Equal(t, p3.ID.String(), adds[0].Details["user_id"])
	rm := oneAudit(t, e.pool, "agent.responsible_remove")
	requireVia(t, rm, c)
	require.Equal(t, a.ID, *rm.TargetUser)
	require.Equal(t, p1.ID.String(), rm.Details["user_id"])

	ns := notificationsTo(t, e.pool, p1.ID)
	require.Len(t, ns, 2)
	require.Equal(t, "agent.responsible_removed", ns[1].Type)
	require.Equal(t, a.ID, *ns[1].SubjectID)
	ns = notificationsTo(t, e.pool, p3.ID)
	require.Len(t, ns, 1)
	require.Equal(t, "agent.responsible_added", ns[0].Type)
	require.Len(t, notificationsTo(t, e.pool, p2.ID), 1, "only the creation's")

	// Only responsible people may share with the agent: p1 no longer can.
	var responsible bool
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM agent_responsible WHERE agent_id = $1 AND user_id = $2)`, a.ID, p1.ID).Scan(&responsible))
	require.False(t, responsible)

	before := auditCount(t, e.pool)
	_, err = e.svc.SetResponsible(c.in(ctx), a.ID, nil, nil)
	pgtest.RequireCode(t, err, fault.BadInput, "add")
	_, err = e.svc.SetResponsible(c.in(ctx), a.ID, []uuid.UUID{p1.ID}, []uuid.UUID{p1.ID})
	pgtest.RequireCode(t, err, fault.BadInput, "remove")
	other := pgtest.CreateAgent(t, e.pool, p1.ID)
	_, err = e.svc.SetResponsible(c.in(ctx), a.ID, []uuid.UUID{other.ID}, nil)
	pgtest.RequireCode(t, err, fault.BadInput, "add")
	_, err = e.svc.SetResponsible(c.in(ctx), uuid.Must(uuid.NewV7()), []uuid.UUID{p1.ID}, nil)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, err = e.svc.SetResponsible(c.in(ctx), p1.ID, []uuid.UUID{p2.ID}, nil)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	require.Equal(t, before, auditCount(t, e.pool))
}

func TestDeleteAgent(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := setup(t)
	c := tokenCaller(t, e)
	p := pgtest.CreatePerson(t, e.pool)
	a, first, err := e.svc.CreateAgent(cli.in(ctx), "helper", "Helper", "", []uuid.UUID{p.ID})
	require.NoError(t, err)

	tok, second, err := e.svc.IssueAgentToken(c.in(ctx), a.ID, " ci ")
	require.NoError(t, err)
	require.Equal(t, "ci", tok.Name)
	require.Equal(t, a.ID, tok.AgentID)
	require.Equal(t, auth.DisplayPrefix(second), tok.Prefix)
	require.True(t, strings.HasPrefix(second, auth.AgentTokenPrefix))
	r := oneAudit(t, e.pool, "agent.token_create")
	requireVia(t, r, c)
	require.Equal(t, a.ID, *r.TargetUser)
	require.Equal(t, tok.ID.String(), r.Details["token_id"])
	for _, s := range []string{first, second} {
		actor, err := e.auth.Authenticate(ctx, auth.Credentials{Bearer: s})
		require.NoError(t, err)
		require.Equal(t, a.ID, actor.UserID)
	}

	// A grant to the agent, which deletion keeps.
	doc := pgtest.CreateDocument(t, e.pool, p.ID, pgtest.Doc{})
	_, err = access.GrantInTx(ctx, e.pool, access.GrantSpec{DocumentID: doc.ID, Principal: access.Principal{Type: access.PrincipalUser, ID: a.ID},
		Permission: access.PermissionRead, GrantedBy: &p.ID, Reason: access.Direct})
	require.NoError(t, err)

	deleted, err := e.svc.DeleteAgent(c.in(ctx), a.ID)
	require.NoError(t, err)
	require.NotNil(t, deleted.DeletedAt)
	require.WithinDuration(t, time.Now(), *deleted.DeletedAt, time.Minute)
	require.Equal(t, "helper", deleted.Slug)

	for _, s := range []string{first, second} {
		_, err := e.auth.Authenticate(ctx, auth.Credentials{Bearer: s})
		pgtest.RequireCode(t, err, fault.Unauthenticated, "")
	}
	var live, identities, users, grants, responsible int
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT count(*) FROM access_tokens WHERE user_id = $1 AND revoked_at IS NULL`, a.ID).Scan(&live))
	require.Zero(t, live)
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT count(*) FROM identities WHERE user_id = $1`, a.ID).Scan(&identities))
	require.Zero(t, identities)
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT count(*) FROM users WHERE id = $1`, a.ID).Scan(&users))
	require.Equal(t, 1, users)
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT count(*) FROM document_access WHERE principal_id = $1`, a.ID).Scan(&grants))
	require.Equal(t, 1, grants)
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT count(*) FROM agent_responsible WHERE agent_id = $1`, a.ID).Scan(&responsible))
	require.Equal(t, 1, responsible)

	r = oneAudit(t, e.pool, "agent.delete")
	requireVia(t, r, c)
	require.Equal(t, a.ID, *r.TargetUser)
	require.Equal(t, "helper", r.Details["slug"])
	require.EqualValues(t, 2, r.Details["tokens_revoked"])

	// Gone from management's reads and changes.
	list, err := e.svc.ListAgents(cli.in(ctx))
	require.NoError(t, err)
	require.Empty(t, list)
	_, err = e.svc.Agent(cli.in(ctx), a.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	before := auditCount(t, e.pool)
	_, err = e.svc.DeleteAgent(c.in(ctx), a.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, _, err = e.svc.IssueAgentToken(c.in(ctx), a.ID, "again")
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, err = e.svc.SetResponsible(c.in(ctx), a.ID, nil, []uuid.UUID{p.ID})
	pgtest.RequireCode(t, err, fault.NotFound, "")
	require.Equal(t, before, auditCount(t, e.pool))

	// The slug is free for a new agent, whose token works.
	b, token, err := e.svc.CreateAgent(c.in(ctx), "helper", "Helper 2", "", []uuid.UUID{p.ID})
	require.NoError(t, err)
	require.NotEqual(t, a.ID, b.ID)
	actor, err := e.auth.Authenticate(ctx, auth.Credentials{Bearer: token})
	require.NoError(t, err)
	require.Equal(t, b.ID, actor.UserID)
	require.Equal(t, auth.KindAgent, actor.Kind)
}

func TestIssueAgentTokenErrors(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := setup(t)
	p := pgtest.CreatePerson(t, e.pool)
	a, _, err := e.svc.CreateAgent(cli.in(ctx), "bot", "Bot", "", []uuid.UUID{p.ID})
	require.NoError(t, err)
	before := auditCount(t, e.pool)

	_, _, err = e.svc.IssueAgentToken(cli.in(ctx), a.ID, "  ")
	pgtest.RequireCode(t, err, fault.BadInput, "name")
	_, _, err = e.svc.IssueAgentToken(cli.in(ctx), a.ID, strings.Repeat("n", 101))
	pgtest.RequireCode(t, err, fault.BadInput, "name")
	_, _, err = e.svc.IssueAgentToken(cli.in(ctx), p.ID, "person")
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, _, err = e.svc.IssueAgentToken(cli.in(ctx), uuid.Must(uuid.NewV7()), "nobody")
	pgtest.RequireCode(t, err, fault.NotFound, "")
	require.Equal(t, before, auditCount(t, e.pool))
}
