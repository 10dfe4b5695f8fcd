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
	// KindSystem is background work (outbox consumers, the purger, the
	// session sweeper). It has no users row, and no request, token or
	// session can obtain it: only SystemContext makes it.
	KindSystem Kind = "system"
)

// Via says how an actor authenticated.
type Via string

// The ways in.
const (
	ViaSession      Via = "session"       // a person's session cookie
	ViaAccessToken  Via = "access_token"  // a personal or agent token
	ViaServiceToken Via = "service_token" // a manage token
	ViaCLI          Via = "cli"           // codna manage on the host
	ViaSystem       Via = "system"        // in-process background work
	// ViaAutomation: an automation applying its script's proposals as its
	// owner (a person), with exactly the owner's permissions. No credential
	// resolves to it; only the automation run worker makes it (AsOwner).
	ViaAutomation Via = "automation"
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

// AsAutomation returns ctx acting as the person owner for one of their
// automations (Via ViaAutomation): what every proposal and read of the
// automation's script is checked against.
func AsAutomation(ctx context.Context, owner *Actor) context.Context {
	a := *owner
	a.Via, a.SessionID, a.TokenID = ViaAutomation, uuid.Nil, uuid.Nil
	return WithActor(ctx, &a)
}

// IsManagement reports whether the actor is management.
func (a *Actor) IsManagement() bool { return a != nil && a.Kind == KindManagement }

// system is the one system actor. Being the system is being this pointer,
// not having its kind: an Actor built elsewhere with Kind KindSystem is
// nobody's system actor, so the kind cannot be forged, and Authenticate
// never returns it.
var system = &Actor{Kind: KindSystem, Name: "System", Via: ViaSystem}

// IsSystem reports whether a is the system actor of SystemContext.
func (a *Actor) IsSystem() bool { return a != nil && a == system }

// SystemContext returns ctx acting as the system: background work that
// no request acts for (outbox consumers, the purger, the session sweeper).
// Only the services that accept it explicitly (RequireSystem) let it in;
// RequireUser and RequireManagement refuse it.
func SystemContext(ctx context.Context) context.Context {
	return WithActor(ctx, system)
}

// ManagementContext returns ctx acting as management on the host (`codna
// manage`, via cli): what the CLI runs its commands as. No credential
// resolves to it; a manage token is management via service_token.
func ManagementContext(ctx context.Context) context.Context {
	return WithActor(ctx, &Actor{UserID: ManagementID, Kind: KindManagement, Name: "Management", Via: ViaCLI})
}

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

var errSignIn = fault.New(fault.Unauthenticated, "Sign in first.")

// RequireActor returns whoever a request acts as: a person, an agent or
// management. Nobody is UNAUTHENTICATED; the system actor is FORBIDDEN
// (it acts for no request).
func RequireActor(ctx context.Context) (*Actor, error) {
	a := ActorFrom(ctx)
	switch {
	case a == nil:
		return nil, errSignIn
	case a.Kind == KindSystem:
		return nil, fault.New(fault.Forbidden, "Background work cannot do this.")
	}
	return a, nil
}

// RequireUser returns the person or agent acting. Nobody is UNAUTHENTICATED;
// management (it never reads or writes content) and the system actor are
// FORBIDDEN.
func RequireUser(ctx context.Context) (*Actor, error) {
	a := ActorFrom(ctx)
	switch {
	case a == nil:
		return nil, errSignIn
	case a.Kind == KindManagement:
		return nil, fault.New(fault.Forbidden, "Management cannot do this.")
	case a.Kind != KindPerson && a.Kind != KindAgent:
		return nil, fault.New(fault.Forbidden, "Background work cannot do this.")
	}
	return a, nil
}

// RequirePerson returns the acting person: what only people do (own
// automations, bring originals into raw, import and export, answer for
// agents). Nobody is UNAUTHENTICATED; management and the system actor are
// FORBIDDEN as RequireUser says; an agent is FORBIDDEN with why, the
// service's reason in a sentence an agent can act on.
func RequirePerson(ctx context.Context, why string) (*Actor, error) {
	a, err := RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if a.Kind != KindPerson {
		return nil, &fault.Error{Code: fault.Forbidden, Message: why}
	}
	return a, nil
}

// RequireManagement returns the management actor (a manage token, or the
// CLI's ManagementContext). Nobody is UNAUTHENTICATED; a person, an agent
// or the system actor is FORBIDDEN.
func RequireManagement(ctx context.Context) (*Actor, error) {
	a := ActorFrom(ctx)
	switch {
	case a == nil:
		return nil, errSignIn
	case a.Kind != KindManagement:
		return nil, fault.New(fault.Forbidden, "Only management can do this.")
	}
	return a, nil
}

// RequireSystem returns the system actor of SystemContext. Nobody is
// UNAUTHENTICATED; anyone else is FORBIDDEN.
func RequireSystem(ctx context.Context) (*Actor, error) {
	a := ActorFrom(ctx)
	switch {
	case a == nil:
		return nil, errSignIn
	case !a.IsSystem():
		return nil, fault.New(fault.Forbidden, "Only background work can do this.")
	}
	return a, nil
}
