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
// token cannot mint or revoke tokens, change the password or end sessions — a leaked
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
	err = svc.EndSession(ctx, uuid.Must(uuid.NewV7()))
	pgtest.RequireCode(t, err, fault.Forbidden, "")
	_, err = svc.EndOtherSessions(ctx)
	pgtest.RequireCode(t, err, fault.Forbidden, "")
	tokens, err := svc.AccessTokens(ctx)
	require.NoError(t, err, "listing needs no session")
	require.Empty(t, tokens)
}
