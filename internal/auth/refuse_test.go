package auth_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/fault"
	"codna/internal/pgtest"
)

// credentialMethods take no actor: the credential is in their arguments
// (a password, a session or token, an invitation secret, an actor to
// recheck, or many), or they take no context at all (Argon2).
var credentialMethods = []string{"Argon2", "Login", "Logout", "Authenticate", "Recheck", "RecheckAll", "NoteWebUse", "AcceptInvitation"}

// TestAuthMethodsRefuseTheWrongActor calls every other exported method of
// auth.Service — found by reflection, so a new one must either check its
// actor or be named a credential method above — as nobody
// (UNAUTHENTICATED) and as each kind of actor it does not serve
// (FORBIDDEN): tokens are a person's or agent's own (and only a person
// signed in by session mints or revokes them), users are read by
// whoever a request acts as, expired sessions are deleted by background
// work alone.
func TestAuthMethodsRefuseTheWrongActor(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	svc := auth.New(d.Pool, auth.Config{Argon2: auth.CheapArgon2}, nil)
	p := pgtest.CreatePerson(t, d.Pool)
	a := pgtest.CreateAgent(t, d.Pool, p.ID)
	person := &auth.Actor{UserID: p.ID, Kind: auth.KindPerson, Via: auth.ViaSession, SessionID: uuid.Must(uuid.NewV7())}
	agent := &auth.Actor{UserID: a.ID, Kind: auth.KindAgent, Via: auth.ViaAccessToken, TokenID: uuid.Must(uuid.NewV7())}
	management := auth.ActorFrom(auth.ManagementContext(t.Context()))
	system := auth.ActorFrom(auth.SystemContext(t.Context()))
	// An actor of the system's kind made outside auth.SystemContext is not
	// the system: the kind alone cannot be forged into it.
	forged := &auth.Actor{Kind: auth.KindSystem, Via: auth.ViaSystem}
	except := func(names ...string) []string { return append(names, credentialMethods...) }

	pgtest.RequireRefused(t, svc, nil, fault.Unauthenticated, except()...)
	pgtest.RequireRefused(t, svc, person, fault.Forbidden, except("CreateAccessToken", "RevokeAccessToken", "ChangePassword", "AccessTokens", "NoteToolCall", "NoteAgentRead", "UsersByID")...)
	// An agent lists its tokens and is counted, but mints, revokes and
	// changes nothing: management issues its tokens.
	pgtest.RequireRefused(t, svc, agent, fault.Forbidden, except("AccessTokens", "NoteToolCall", "NoteAgentRead", "UsersByID")...)
	pgtest.RequireRefused(t, svc, management, fault.Forbidden, except("UsersByID")...)
	pgtest.RequireRefused(t, svc, system, fault.Forbidden, except("DeleteExpiredSessions", "FlushCounts")...)
	pgtest.RequireRefused(t, svc, forged, fault.Forbidden, except()...)
}

// TestSystemAndManagementContexts: the system actor is recognised only as
// made by SystemContext, and passes RequireSystem alone; the CLI's
// management actor is management via cli.
func TestSystemAndManagementContexts(t *testing.T) {
	t.Parallel()
	sys := auth.SystemContext(t.Context())
	a, err := auth.RequireSystem(sys)
	require.NoError(t, err)
	require.True(t, a.IsSystem())
	for name, check := range map[string]func(context.Context) (*auth.Actor, error){
		"user": auth.RequireUser, "management": auth.RequireManagement, "actor": auth.RequireActor,
	} {
		_, err = check(sys)
		require.Equal(t, fault.Forbidden, fault.CodeOf(err), "the system passes no Require but RequireSystem: %s", name)
	}
	_, err = auth.RequireSystem(t.Context())
	require.Equal(t, fault.Unauthenticated, fault.CodeOf(err), "nobody is not the system")
	forged := auth.WithActor(t.Context(), &auth.Actor{Kind: auth.KindSystem, Via: auth.ViaSystem})
	_, err = auth.RequireSystem(forged)
	require.Equal(t, fault.Forbidden, fault.CodeOf(err), "a system kind built elsewhere is not the system")

	m, err := auth.RequireManagement(auth.ManagementContext(t.Context()))
	require.NoError(t, err)
	require.Equal(t, auth.ViaCLI, m.Via)
	require.Equal(t, auth.ManagementID, m.UserID)
	_, err = auth.RequireSystem(auth.ManagementContext(t.Context()))
	require.Equal(t, fault.Forbidden, fault.CodeOf(err), "management is not the system")
}

// TestCredentialChangesNeedASession: a person acting through a personal
// token cannot mint or revoke tokens or change the password — a leaked
// token must not outlive its revocation or lock its owner out.
func TestCredentialChangesNeedASession(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	svc := auth.New(d.Pool, auth.Config{Argon2: auth.CheapArgon2}, nil)
	p := pgtest.CreatePerson(t, d.Pool)
	ctx := auth.WithActor(t.Context(), &auth.Actor{UserID: p.ID, Kind: auth.KindPerson, Via: auth.ViaAccessToken, TokenID: uuid.Must(uuid.NewV7())})
	_, err := svc.CreateAccessToken(ctx, "script", nil)
	pgtest.RequireCode(t, err, fault.Forbidden, "")
	_, err = svc.RevokeAccessToken(ctx, uuid.Must(uuid.NewV7()))
	pgtest.RequireCode(t, err, fault.Forbidden, "")
	_, err = svc.ChangePassword(ctx, pgtest.Password, "a brand new password")
	pgtest.RequireCode(t, err, fault.Forbidden, "")
	tokens, err := svc.AccessTokens(ctx)
	require.NoError(t, err, "listing needs no session")
	require.Empty(t, tokens)
}
