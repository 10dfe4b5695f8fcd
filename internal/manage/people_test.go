package manage_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/fault"
	"codna/internal/manage"
	"codna/internal/pgtest"
	"codna/internal/request"
)

// Helpers shared by people_test.go, groups_test.go and agents_test.go.

type testEnv struct {
	pool *pgxpool.Pool
	svc  *manage.Service
	auth *auth.Service
}

func setup(t *testing.T) testEnv {
	t.Helper()
	d := pgtest.New(t)
	return testEnv{
		pool: d.Pool,
		svc:  manage.New(d.Pool, auth.CheapArgon2, nil),
		auth: auth.New(d.Pool, auth.Config{Argon2: auth.CheapArgon2}, nil),
	}
}

// caller is how management acts in a test, as the audit records it:
// via "cli" (`codna manage`) or via "token" (a manage token, in a request
// with an id).
type caller struct {
	Via       string
	TokenID   uuid.UUID
	RequestID string
}

// cli is `codna manage` on the host.
var cli = caller{Via: "cli"}

// in returns ctx acting as c: auth.ManagementContext for the CLI, else a
// manage token's actor in a request with c's id.
func (c caller) in(ctx context.Context) context.Context {
	if c.Via == "cli" {
		return auth.ManagementContext(ctx)
	}
	ctx = request.With(ctx, &request.Info{ID: c.RequestID})
	return auth.WithActor(ctx, &auth.Actor{UserID: auth.ManagementID, Kind: auth.KindManagement, Name: "Management", Via: auth.ViaServiceToken, TokenID: c.TokenID})
}

// tokenCaller is a caller through a real manage token, with a request id.
func tokenCaller(t *testing.T, e testEnv) caller {
	t.Helper()
	tok, _, err := e.svc.CreateServiceToken(cli.in(context.Background()), "ops", nil)
	require.NoError(t, err)
	return caller{Via: "token", TokenID: tok.ID, RequestID: "req-" + tok.ID.String()[:8]}
}

type auditRecord struct {
	Action      string
	Via         string
	TokenID     *uuid.UUID
	TargetUser  *uuid.UUID
	TargetGroup *uuid.UUID
	Details     map[string]any
	RequestID   *string
}

// audits reads every management_audit row with one of the actions, oldest first.
func audits(t *testing.T, pool *pgxpool.Pool, actions ...string) []auditRecord {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT action, via, token_id, target_user_id, target_group_id, details, request_id
		FROM management_audit WHERE action = ANY($1) ORDER BY id`, actions)
	require.NoError(t, err)
	defer rows.Close()
	var out []auditRecord
	for rows.Next() {
		var r auditRecord
		var details []byte
		require.NoError(t, rows.Scan(&r.Action, &r.Via, &r.TokenID, &r.TargetUser, &r.TargetGroup, &details, &r.RequestID))
		require.NoError(t, json.Unmarshal(details, &r.Details))
		out = append(out, r)
	}
	require.NoError(t, rows.Err())
	return out
}

// oneAudit reads the one management_audit row with the action.
func oneAudit(t *testing.T, pool *pgxpool.Pool, action string) auditRecord {
	t.Helper()
	rows := audits(t, pool, action)
	require.Len(t, rows, 1, "audit rows for %s", action)
	return rows[0]
}

func auditCount(t *testing.T, pool *pgxpool.Pool) int {
	t.Helper()
	var n int
	require.NoError(t, pool.QueryRow(context.Background(), `SELECT count(*) FROM management_audit`).Scan(&n))
	return n
}

// requireVia checks the audit row names how the change arrived.
func requireVia(t *testing.T, r auditRecord, c caller) {
	t.Helper()
	require.Equal(t, c.Via, r.Via)
	if c.Via == "token" {
		require.NotNil(t, r.TokenID)
		require.Equal(t, c.TokenID, *r.TokenID)
		require.NotNil(t, r.RequestID)
		require.Equal(t, c.RequestID, *r.RequestID)
	} else {
		require.Nil(t, r.TokenID)
	}
}

type notificationRow struct {
	Type        string
	SubjectType string
	SubjectID   *uuid.UUID
	Payload     map[string]any
}

// notificationsTo reads a recipient's notifications, oldest first.
func notificationsTo(t *testing.T, pool *pgxpool.Pool, recipient uuid.UUID) []notificationRow {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT type, subject_type, subject_id, payload
		FROM notifications WHERE recipient_id = $1 ORDER BY created_at, id`, recipient)
	require.NoError(t, err)
	defer rows.Close()
	var out []notificationRow
	for rows.Next() {
		var n notificationRow
		var payload []byte
		require.NoError(t, rows.Scan(&n.Type, &n.SubjectType, &n.SubjectID, &payload))
		require.NoError(t, json.Unmarshal(payload, &n.Payload))
		out = append(out, n)
	}
	require.NoError(t, rows.Err())
	return out
}

func login(e testEnv, email, password string) (*auth.Session, error) {
	return e.auth.Login(context.Background(), auth.LoginRequest{Email: email, Password: password, IP: "192.0.2.1"})
}

func TestResetPassword(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := setup(t)
	c := tokenCaller(t, e)
	p := pgtest.CreatePerson(t, e.pool)
	other := pgtest.CreatePerson(t, e.pool)
	s1, err := login(e, p.Email, pgtest.Password)
	require.NoError(t, err)
	s2, err := login(e, p.Email, pgtest.Password)
	require.NoError(t, err)
	otherSession, err := login(e, other.Email, pgtest.Password)
	require.NoError(t, err)
	patToken := pgtest.CreatePersonToken(t, e.pool, p.ID)

	u, err := e.svc.ResetPassword(c.in(ctx), p.ID, "a brand new password")
	require.NoError(t, err)
	require.Equal(t, p.ID, u.ID)
	require.Equal(t, auth.KindPerson, u.Kind)

	// Their sessions ended, nobody else's; their personal token still works.
	for _, s := range []*auth.Session{s1, s2} {
		_, err := e.auth.Authenticate(ctx, auth.Credentials{Session: s.Secret})
		pgtest.RequireCode(t, err, fault.Unauthenticated, "")
	}
	a, err := e.auth.Authenticate(ctx, auth.Credentials{Session: otherSession.Secret})
	require.NoError(t, err)
	require.Equal(t, other.ID, a.UserID)
	a, err = e.auth.Authenticate(ctx, auth.Credentials{Bearer: patToken})
	require.NoError(t, err)
	require.Equal(t, p.ID, a.UserID)

	// The new password signs in; the old one does not.
	_, err = login(e, p.Email, pgtest.Password)
	pgtest.RequireCode(t, err, fault.Unauthenticated, "")
	_, err = login(e, p.Email, "a brand new password")
	require.NoError(t, err)

	r := oneAudit(t, e.pool, "user.password_reset")
	requireVia(t, r, c)
	require.Equal(t, p.ID, *r.TargetUser)
	require.Nil(t, r.TargetGroup)
	require.EqualValues(t, 2, r.Details["sessions_ended"])
	require.NotContains(t, r.Details, "password")

	ns := notificationsTo(t, e.pool, p.ID)
	require.Len(t, ns, 1)
	require.Equal(t, "account.password_reset", ns[0].Type)
	require.Equal(t, p.ID, *ns[0].SubjectID)
	require.Empty(t, notificationsTo(t, e.pool, other.ID))
}

func TestResetPasswordErrors(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := setup(t)
	p := pgtest.CreatePerson(t, e.pool)
	ag := pgtest.CreateAgent(t, e.pool, p.ID)
	before := auditCount(t, e.pool)

	_, err := e.svc.ResetPassword(cli.in(ctx), p.ID, "short")
	pgtest.RequireCode(t, err, fault.BadInput, "newPassword")
	for _, id := range []uuid.UUID{ag.ID, auth.ManagementID, uuid.Must(uuid.NewV7())} {
		_, err = e.svc.ResetPassword(cli.in(ctx), id, "long enough password")
		pgtest.RequireCode(t, err, fault.NotFound, "")
	}
	require.Equal(t, before, auditCount(t, e.pool), "a refused change writes no audit")
	// The old password still works.
	_, err = login(e, p.Email, pgtest.Password)
	require.NoError(t, err)
}

func TestInvitationFlow(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := setup(t)

	u, secret, err := e.svc.Invite(cli.in(ctx), "  nino@example.com ", " Nino ", 0)
	require.NoError(t, err)
	require.NotEmpty(t, secret)
	require.Equal(t, "nino@example.com", u.Email)
	require.Equal(t, "Nino", u.Name)
	require.Equal(t, auth.KindPerson, u.Kind)
	require.True(t, u.Active)

	r := oneAudit(t, e.pool, "user.invite")
	requireVia(t, r, cli)
	require.Equal(t, u.ID, *r.TargetUser)
	require.NotEmpty(t, r.Details["invitation_id"])

	// Only the hash is stored; the default lifetime is a week.
	var hash string
	var expires time.Time
	var hasPassword bool
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT i.token_hash, i.expires_at, u.password_hash IS NOT NULL
		FROM invitations i JOIN users u ON u.id = i.user_id WHERE i.user_id = $1`, u.ID).Scan(&hash, &expires, &hasPassword))
	require.Equal(t, auth.HashSecret(secret), hash)
	require.NotEqual(t, secret, hash)
	require.WithinDuration(t, time.Now().Add(manage.DefaultInvitationTTL), expires, time.Minute)
	require.False(t, hasPassword)

	// Until accepted nothing signs in as them.
	_, err = login(e, u.Email, "")
	pgtest.RequireCode(t, err, fault.Unauthenticated, "")

	// The password rules are CreatePerson's, checked before the invitation.
	_, err = e.auth.AcceptInvitation(ctx, secret, "short", "")
	pgtest.RequireCode(t, err, fault.BadInput, "password")
	_, err = e.auth.AcceptInvitation(ctx, "not-a-secret", "short", "")
	pgtest.RequireCode(t, err, fault.BadInput, "password")

	before := auditCount(t, e.pool)
	got, err := e.auth.AcceptInvitation(ctx, secret, "my chosen password", "")
	require.NoError(t, err)
	require.Equal(t, u.ID, got.ID)
	require.Equal(t, before, auditCount(t, e.pool), "accepting is the person's act, not management's")

	sess, err := login(e, "NINO@example.com", "my chosen password")
	require.NoError(t, err)
	require.Equal(t, u.ID, sess.User.ID)

	// Single use.
	_, err = e.auth.AcceptInvitation(ctx, secret, "another password!", "")
	fe := pgtest.RequireCode(t, err, fault.Unauthenticated, "")
	require.Equal(t, "This invitation is not valid.", fe.Message)
	_, err = login(e, u.Email, "my chosen password")
	require.NoError(t, err, "the refused second use changed nothing")

	// Unknown and empty secrets.
	for _, s := range []string{"", "nope", auth.NewSecret("")} {
		_, err = e.auth.AcceptInvitation(ctx, s, "another password!", "")
		pgtest.RequireCode(t, err, fault.Unauthenticated, "")
	}
}

func TestInvitationExpiresAndDeactivation(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := setup(t)
	c := tokenCaller(t, e)

	u, secret, err := e.svc.Invite(c.in(ctx), "late@example.com", "Late", time.Hour)
	require.NoError(t, err)
	requireVia(t, oneAudit(t, e.pool, "user.invite"), c)
	_, err = e.pool.Exec(ctx, `UPDATE invitations SET expires_at = now() - interval '1 second' WHERE user_id = $1`, u.ID)
	require.NoError(t, err)
	_, err = e.auth.AcceptInvitation(ctx, secret, "my chosen password", "")
	pgtest.RequireCode(t, err, fault.Unauthenticated, "")

	// A person deactivated before accepting cannot accept.
	u2, secret2, err := e.svc.Invite(c.in(ctx), "gone@example.com", "Gone", 0)
	require.NoError(t, err)
	_, err = e.svc.SetPersonActive(c.in(ctx), u2.ID, false)
	require.NoError(t, err)
	_, err = e.auth.AcceptInvitation(ctx, secret2, "my chosen password", "")
	pgtest.RequireCode(t, err, fault.Unauthenticated, "")
}

func TestInvitationAcceptedOnceUnderRace(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := setup(t)
	_, secret, err := e.svc.Invite(cli.in(ctx), "race@example.com", "Race", 0)
	require.NoError(t, err)

	const n = 8
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { _, errs[i] = e.auth.AcceptInvitation(ctx, secret, "my chosen password", "") })
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
		} else {
			pgtest.RequireCode(t, err, fault.Unauthenticated, "")
		}
	}
	require.Equal(t, 1, ok)
}

func TestInviteErrors(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := setup(t)
	p := pgtest.CreatePerson(t, e.pool)
	before := auditCount(t, e.pool)

	_, _, err := e.svc.Invite(cli.in(ctx), "not an email", "X", 0)
	pgtest.RequireCode(t, err, fault.BadInput, "email")
	_, _, err = e.svc.Invite(cli.in(ctx), "x@agents.invalid", "X", 0)
	pgtest.RequireCode(t, err, fault.BadInput, "email")
	_, _, err = e.svc.Invite(cli.in(ctx), "x@example.com", "  ", 0)
	pgtest.RequireCode(t, err, fault.BadInput, "name")
	_, _, err = e.svc.Invite(cli.in(ctx), "x@example.com", "X", 30*time.Second)
	pgtest.RequireCode(t, err, fault.BadInput, "ttl")
	_, _, err = e.svc.Invite(cli.in(ctx), "x@example.com", "X", 31*24*time.Hour)
	pgtest.RequireCode(t, err, fault.BadInput, "ttl")
	_, _, err = e.svc.Invite(cli.in(ctx), "x@example.com", "X", -time.Hour)
	pgtest.RequireCode(t, err, fault.BadInput, "ttl")
	_, _, err = e.svc.Invite(cli.in(ctx), p.Email, "X", 0)
	pgtest.RequireCode(t, err, fault.Conflict, "email")

	require.Equal(t, before, auditCount(t, e.pool))
	var n int
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT count(*) FROM invitations`).Scan(&n))
	require.Zero(t, n)
}
