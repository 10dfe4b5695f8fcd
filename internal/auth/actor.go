package auth

import (
	"context"

	"github.com/google/uuid"

	"codna/internal/fault"
)

// Kind is what kind of user an actor is.
type Kind string

// The kinds of actor (users.kind).
const (
	KindPerson     Kind = "person"
	KindAgent      Kind = "agent"
	KindManagement Kind = "management"
)

// Via says how an actor authenticated.
type Via string

// The ways in.
const (
	ViaSession      Via = "session"       // a person's session cookie
	ViaAccessToken  Via = "access_token"  // a personal or agent token
	ViaServiceToken Via = "service_token" // a manage token
	ViaCLI          Via = "cli"           // codna manage on the host
)

// ManagementID is the fixed id of the one management user.
var ManagementID = uuid.MustParse("00000000-0000-0000-0000-000000000001")

// EveryoneID is the fixed id of the Everyone group.
var EveryoneID = uuid.MustParse("00000000-0000-0000-0000-000000000002")

// Actor is who a request acts as. A nil *Actor is nobody.
type Actor struct {
	UserID    uuid.UUID
	Kind      Kind
	Email     string
	Name      string
	Via       Via
	SessionID uuid.UUID // set when Via is ViaSession
	TokenID   uuid.UUID // set when Via is ViaAccessToken or ViaServiceToken
}

// IsManagement reports whether the actor is management.
func (a *Actor) IsManagement() bool { return a != nil && a.Kind == KindManagement }

type actorKey struct{}

// WithActor returns ctx carrying a.
func WithActor(ctx context.Context, a *Actor) context.Context {
	return context.WithValue(ctx, actorKey{}, a)
}

// ActorFrom returns the actor in ctx, or nil for nobody.
func ActorFrom(ctx context.Context) *Actor {
	a, _ := ctx.Value(actorKey{}).(*Actor)
	return a
}

// RequireActor returns whoever is acting: a person, an agent or
// management. Nobody is UNAUTHENTICATED.
func RequireActor(ctx context.Context) (*Actor, error) {
	a := ActorFrom(ctx)
	if a == nil {
		return nil, fault.New(fault.Unauthenticated, "Sign in first.")
	}
	return a, nil
}

// RequireUser returns the person or agent acting. Nobody is UNAUTHENTICATED;
// management is FORBIDDEN (it never reads or writes content).
func RequireUser(ctx context.Context) (*Actor, error) {
	a := ActorFrom(ctx)
	switch {
	case a == nil:
		return nil, fault.New(fault.Unauthenticated, "Sign in first.")
	case a.Kind == KindManagement:
		return nil, fault.New(fault.Forbidden, "Management cannot do this.")
	}
	return a, nil
}

// RequireManagement returns the management actor. Nobody is UNAUTHENTICATED;
// a person or an agent is FORBIDDEN.
func RequireManagement(ctx context.Context) (*Actor, error) {
	a := ActorFrom(ctx)
	switch {
	case a == nil:
		return nil, fault.New(fault.Unauthenticated, "Sign in first.")
	case a.Kind != KindManagement:
		return nil, fault.New(fault.Forbidden, "Only management can do this.")
	}
	return a, nil
}
