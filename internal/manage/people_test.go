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

// Helpers shared by people_test.go, groups_test.go and agents_test.go are
// prefixed people so they clash with nothing else in the package.

type peopleEnv struct {
	pool *pgxpool.Pool
	svc  *manage.Service
	auth *auth.Service
}

func peopleSetup(t *testing.T) peopleEnv {
	t.Helper()
	d := pgtest.New(t)
	return peopleEnv{
		pool: d.Pool,
		svc:  manage.New(d.Pool, auth.CheapArgon2),
		auth: auth.New(d.Pool, auth.Config{Argon2: auth.CheapArgon2}, nil),
	}
}

// peopleCaller is how management acts in a test, as the audit records it:
// via "cli" (`codna manage`) or via "token" (a manage token, in a request
// with an id).
type peopleCaller struct {
	Via       string
	TokenID   uuid.UUID
	RequestID string
}

// peopleCLI is `codna manage` on the host.
var peopleCLI = peopleCaller{Via: "cli"}

// in returns ctx acting as c: auth.ManagementContext for the CLI, else a
// manage token's actor in a request with c's id.
func (c peopleCaller) in(ctx context.Context) context.Context {
	if c.Via == "cli" {
		return auth.ManagementContext(ctx)
	}
	ctx = request.With(ctx, &request.Info{ID: c.RequestID})
	return auth.WithActor(ctx, &auth.Actor{UserID: auth.ManagementID, Kind: auth.KindManagement, Name: "Management", Via: auth.ViaServiceToken, TokenID: c.TokenID})
}

// peopleTokenCaller is a caller through a real manage token, with a request id.
func peopleTokenCaller(t *testing.T, e peopleEnv) peopleCaller {
	t.Helper()
	tok, _, err := e.svc.CreateServiceToken(peopleCLI.in(context.Background()), "ops", nil)
	require.NoError(t, err)
	return peopleCaller{Via: "token", TokenID: tok.ID, RequestID: "req-" + tok.ID.String()[:8]}
}

type peopleAuditRow struct {
	Action      string
	Via         string
	TokenID     *uuid.UUID
	TargetUser  *uuid.UUID
	TargetGroup *uuid.UUID
	Details     map[string]any
	RequestID   *string
}

// peopleAudits reads every management_audit row with one of the actions, oldest first.
func peopleAudits(t *testing.T, pool *pgxpool.Pool, actions ...string) []peopleAuditRow {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT action, via, token_id, target_user_id, target_group_id, details, request_id
		FROM management_audit WHERE action = ANY($1) ORDER BY id`, actions)
	require.NoError(t, err)
	defer rows.Close()
	var out []peopleAuditRow
	for rows.Next() {
		var r peopleAuditRow
		var details []byte
		require.NoError(t, rows.Scan(&r.Action, &r.Via, &r.TokenID, &r.TargetUser, &r.TargetGroup, &details, &r.RequestID))
		require.NoError(t, json.Unmarshal(details, &r.Details))
		out = append(out, r)
	}
	require.NoError(t, rows.Err())
	return out
}

// peopleOneAudit reads the one management_audit row with the action.
func peopleOneAudit(t *testing.T, pool *pgxpool.Pool, action string) peopleAuditRow {
	t.Helper()
	rows := peopleAudits(t, pool, action)
	require.Len(t, rows, 1, "audit rows for %s", action)
	return rows[0]
}

func peopleAuditCount(t *testing.T, pool *pgxpool.Pool) int {
	t.Helper()
	var n int
	require.NoError(t, pool.QueryRow(context.Background(), `SELECT count(*) FROM management_audit`).Scan(&n))
	return n
}

// peopleRequireVia checks the audit row names how the change arrived.
func peopleRequireVia(t *testing.T, r peopleAuditRow, c peopleCaller) {
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

// peopleFault checks err is a fault with the code and, when given, the field.
func peopleFault(t *testing.T, err error, code fault.Code, field string) *fault.Error {
	t.Helper()
	require.Error(t, err)
	fe := fault.As(err)
	require.NotNil(t, fe, "want a fault, got %v", err)
	require.Equal(t, code, fe.Code, fe.Message)
	require.Equal(t, field, fe.Field, fe.Message)
	return fe
}

type peopleNotification struct {
	Type        string
	SubjectType string
	SubjectID   *uuid.UUID
	Payload     map[string]any
}

// peopleNotifications reads a recipient's notifications, oldest first.
func peopleNotifications(t *testing.T, pool *pgxpool.Pool, recipient uuid.UUID) []peopleNotification {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT type, subject_type, subject_id, payload
		FROM notifications WHERE recipient_id = $1 ORDER BY created_at, id`, recipient)
	require.NoError(t, err)
	defer rows.Close()
	var out []peopleNotification
	for rows.Next() {
		var n peopleNotification
		var payload []byte
		require.NoError(t, rows.Scan(&n.Type, &n.SubjectType, &n.SubjectID, &payload))
		require.NoError(t, json.Unmarshal(payload, &n.Payload))
		out = append(out, n)
	}
	require.NoError(t, rows.Err())
	return out
}

func peopleLogin(e peopleEnv, email, password string) (*auth.Session, error) {
	return e.auth.Login(context.Background(), auth.LoginRequest{Email: email, Password: password, IP: "192.0.2.1"})
}

func TestResetPassword(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := peopleSetup(t)
	c := peopleTokenCaller(t, e)
	p := pgtest.CreatePerson(t, e.pool)
	other := pgtest.CreatePerson(t, e.pool)
	s1, err := peopleLogin(e, p.Email, pgtest.Password)
	require.NoError(t, err)
	s2, err := peopleLogin(e, p.Email, pgtest.Password)
	require.NoError(t, err)
	otherSession, err := peopleLogin(e, other.Email, pgtest.Password)
	require.NoError(t, err)
	patToken := pgtest.CreatePersonToken(t, e.pool, p.ID)

	u, err := e.svc.ResetPassword(c.in(ctx), p.ID, "a brand new password")
	require.NoError(t, err)
	require.Equal(t, p.ID, u.ID)
	require.Equal(t, auth.KindPerson, u.Kind)

	// Their sessions ended, nobody else's; their personal token still works.
	for _, s := range []*auth.Session{s1, s2} {
		_, err := e.auth.Authenticate(ctx, auth.Credentials{Session: s.Secret})
		peopleFault(t, err, fault.Unauthenticated, "")
	}
	a, err := e.auth.Authenticate(ctx, auth.Credentials{Session: otherSession.Secret})
	require.NoError(t, err)
	require.Equal(t, other.ID, a.UserID)
	a, err = e.auth.Authenticate(ctx, auth.Credentials{Bearer: patToken})
	require.NoError(t, err)
	require.Equal(t, p.ID, a.UserID)

	// The new password signs in; the old one does not.
	_, err = peopleLogin(e, p.Email, pgtest.Password)
	peopleFault(t, err, fault.Unauthenticated, "")
	_, err = peopleLogin(e, p.Email, "a brand new password")
	require.NoError(t, err)

	r := peopleOneAudit(t, e.pool, "user.password_reset")
	peopleRequireVia(t, r, c)
	require.Equal(t, p.ID, *r.TargetUser)
	require.Nil(t, r.TargetGroup)
	require.EqualValues(t, 2, r.Details["sessions_ended"])
	require.NotContains(t, r.Details, "password")

	ns := peopleNotifications(t, e.pool, p.ID)
	require.Len(t, ns, 1)
	require.Equal(t, "account.password_reset", ns[0].Type)
	require.Equal(t, p.ID, *ns[0].SubjectID)
	require.Empty(t, peopleNotifications(t, e.pool, other.ID))
}

func TestResetPasswordErrors(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := peopleSetup(t)
	p := pgtest.CreatePerson(t, e.pool)
	ag := pgtest.CreateAgent(t, e.pool, p.ID)
	before := peopleAuditCount(t, e.pool)

	_, err := e.svc.ResetPassword(peopleCLI.in(ctx), p.ID, "short")
	peopleFault(t, err, fault.BadInput, "newPassword")
	for _, id := range []uuid.UUID{ag.ID, auth.ManagementID, uuid.Must(uuid.NewV7())} {
		_, err = e.svc.ResetPassword(peopleCLI.in(ctx), id, "long enough password")
		peopleFault(t, err, fault.NotFound, "")
	}
	require.Equal(t, before, peopleAuditCount(t, e.pool), "a refused change writes no audit")
	// The old password still works.
	_, err = peopleLogin(e, p.Email, pgtest.Password)
	require.NoError(t, err)
}

func TestInvitationFlow(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := peopleSetup(t)

	u, secret, err := e.svc.Invite(peopleCLI.in(ctx), "  nino@example.com ", " Nino ", 0)
	require.NoError(t, err)
	require.NotEmpty(t, secret)
	require.Equal(t, "nino@example.com", u.Email)
	require.Equal(t, "Nino", u.Name)
	require.Equal(t, auth.KindPerson, u.Kind)
	require.True(t, u.Active)

	r := peopleOneAudit(t, e.pool, "user.invite")
	peopleRequireVia(t, r, peopleCLI)
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
	_, err = peopleLogin(e, u.Email, "")
	peopleFault(t, err, fault.Unauthenticated, "")

	// The password rules are CreatePerson's, checked before the invitation.
	_, err = e.auth.AcceptInvitation(ctx, secret, "short")
	peopleFault(t, err, fault.BadInput, "password")
	_, err = e.auth.AcceptInvitation(ctx, "not-a-secret", "short")
	peopleFault(t, err, fault.BadInput, "password")

	before := peopleAuditCount(t, e.pool)
	got, err := e.auth.AcceptInvitation(ctx, secret, "my chosen password")
	require.NoError(t, err)
	require.Equal(t, u.ID, got.ID)
	require.Equal(t, before, peopleAuditCount(t, e.pool), "accepting is the person's act, not management's")

	sess, err := peopleLogin(e, "NINO@example.com", "my chosen password")
	require.NoError(t, err)
	require.Equal(t, u.ID, sess.User.ID)

	// Single use.
	_, err = e.auth.AcceptInvitation(ctx, secret, "another password!")
	fe := peopleFault(t, err, fault.Unauthenticated, "")
	require.Equal(t, "This invitation is not valid.", fe.Message)
	_, err = peopleLogin(e, u.Email, "my chosen password")
	require.NoError(t, err, "the refused second use changed nothing")

	// Unknown and empty secrets.
	for _, s := range []string{"", "nope", auth.NewSecret("")} {
		_, err = e.auth.AcceptInvitation(ctx, s, "another password!")
		peopleFault(t, err, fault.Unauthenticated, "")
	}
}

func TestInvitationExpiresAndDeactivation(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := peopleSetup(t)
	c := peopleTokenCaller(t, e)

	u, secret, err := e.svc.Invite(c.in(ctx), "late@example.com", "Late", time.Hour)
	require.NoError(t, err)
	peopleRequireVia(t, peopleOneAudit(t, e.pool, "user.invite"), c)
	_, err = e.pool.Exec(ctx, `UPDATE invitations SET expires_at = now() - interval '1 second' WHERE user_id = $1`, u.ID)
	require.NoError(t, err)
	_, err = e.auth.AcceptInvitation(ctx, secret, "my chosen password")
	peopleFault(t, err, fault.Unauthenticated, "")

	// A person deactivated before accepting cannot accept.
	u2, secret2, err := e.svc.Invite(c.in(ctx), "gone@example.com", "Gone", 0)
	require.NoError(t, err)
	_, err = e.svc.SetPersonActive(c.in(ctx), u2.ID, false)
	require.NoError(t, err)
	_, err = e.auth.AcceptInvitation(ctx, secret2, "my chosen password")
	peopleFault(t, err, fault.Unauthenticated, "")
}

func TestInvitationAcceptedOnceUnderRace(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := peopleSetup(t)
	_, secret, err := e.svc.Invite(peopleCLI.in(ctx), "race@example.com", "Race", 0)
	require.NoError(t, err)

	const n = 8
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { _, errs[i] = e.auth.AcceptInvitation(ctx, secret, "my chosen password") })
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
		} else {
			peopleFault(t, err, fault.Unauthenticated, "")
		}
	}
	require.Equal(t, 1, ok)
}

func TestInviteErrors(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := peopleSetup(t)
	p := pgtest.CreatePerson(t, e.pool)
	before := peopleAuditCount(t, e.pool)

	_, _, err := e.svc.Invite(peopleCLI.in(ctx), "not an email", "X", 0)
	peopleFault(t, err, fault.BadInput, "email")
	_, _, err = e.svc.Invite(peopleCLI.in(ctx), "x@agents.invalid", "X", 0)
	peopleFault(t, err, fault.BadInput, "email")
	_, _, err = e.svc.Invite(peopleCLI.in(ctx), "x@example.com", "  ", 0)
	peopleFault(t, err, fault.BadInput, "name")
	_, _, err = e.svc.Invite(peopleCLI.in(ctx), "x@example.com", "X", 30*time.Second)
	peopleFault(t, err, fault.BadInput, "ttl")
	_, _, err = e.svc.Invite(peopleCLI.in(ctx), "x@example.com", "X", 31*24*time.Hour)
	peopleFault(t, err, fault.BadInput, "ttl")
	_, _, err = e.svc.Invite(peopleCLI.in(ctx), "x@example.com", "X", -time.Hour)
	peopleFault(t, err, fault.BadInput, "ttl")
	_, _, err = e.svc.Invite(peopleCLI.in(ctx), p.Email, "X", 0)
	peopleFault(t, err, fault.Conflict, "email")

	require.Equal(t, before, peopleAuditCount(t, e.pool))
	var n int
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT count(*) FROM invitations`).Scan(&n))
	require.Zero(t, n)
}
