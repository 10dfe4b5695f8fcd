package manage_test

import (
	"testing"

	"github.com/google/uuid"

	"codna/internal/auth"
	"codna/internal/fault"
	"codna/internal/manage"
	"codna/internal/pgtest"
)

// TestEveryManageMethodRefusesAllButManagement calls every exported method
// of manage.Service — found by reflection, so a new one is covered — as
// nobody (UNAUTHENTICATED) and as each actor that is not management
// (FORBIDDEN): reads as well as changes check the actor themselves, so a
// resolver or command cannot forget to.
func TestEveryManageMethodRefusesAllButManagement(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	svc := manage.New(d.Pool, auth.CheapArgon2)
	p := pgtest.CreatePerson(t, d.Pool)
	a := pgtest.CreateAgent(t, d.Pool, p.ID)

	pgtest.RequireRefused(t, svc, nil, fault.Unauthenticated)
	for _, actor := range []*auth.Actor{
		{UserID: p.ID, Kind: auth.KindPerson, Email: p.Email, Via: auth.ViaSession, SessionID: uuid.Must(uuid.NewV7())},
		{UserID: p.ID, Kind: auth.KindPerson, Email: p.Email, Via: auth.ViaAccessToken, TokenID: uuid.Must(uuid.NewV7())},
		{UserID: a.ID, Kind: auth.KindAgent, Email: a.Email, Via: auth.ViaAccessToken, TokenID: uuid.Must(uuid.NewV7())},
		auth.ActorFrom(auth.SystemContext(t.Context())),
	} {
		pgtest.RequireRefused(t, svc, actor, fault.Forbidden)
	}
}
