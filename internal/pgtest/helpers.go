package pgtest

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/access"
	"codna/internal/auth"
	"codna/internal/document"
	"codna/internal/fault"
)

// The helpers below are shared by the tests of every package: each is
// defined here once rather than copied into each package's tests.

// Ptr returns a pointer to a copy of v, for the optional (pointer) fields of
// inputs: Ptr("ops"), Ptr(true).
func Ptr[T any](v T) *T { return &v }

// RequireCode fails t unless err is a coded error (fault.As) with exactly
// code and field (field "" when the error names none). It returns the coded
// error for further checks of its message or details.
func RequireCode(t testing.TB, err error, code fault.Code, field string) *fault.Error {
	t.Helper()
	require.Error(t, err)
	fe := fault.As(err)
	require.NotNil(t, fe, "want a coded error, got %v", err)
	require.Equal(t, code, fe.Code, fe.Message)
	require.Equal(t, field, fe.Field, fe.Message)
	return fe
}

// ActingAs returns a background context whose actor is the person p (id,
// email and name), as the server's authentication would make it: what a
// service sees when p calls it.
func ActingAs(p Person) context.Context {
	return auth.WithActor(context.Background(), ActingAsActor(p))
}

// ActingAsActor is the actor ActingAs puts in its context.
func ActingAsActor(p Person) *auth.Actor {
	return &auth.Actor{UserID: p.ID, Kind: auth.KindPerson, Email: p.Email, Name: p.Name}
}

// SignedIn is ActingAs through a session cookie (a made-up session id):
// what minting or revoking a personal token and changing a password need.
func SignedIn(p Person) context.Context {
	return auth.WithActor(context.Background(), &auth.Actor{UserID: p.ID, Kind: auth.KindPerson, Email: p.Email, Name: p.Name,
		Via: auth.ViaSession, SessionID: uuid.Must(uuid.NewV7())})
}

// ActingAsAgent returns a background context whose actor is the agent a.
func ActingAsAgent(a Agent) context.Context {
	return auth.WithActor(context.Background(), &auth.Actor{UserID: a.ID, Kind: auth.KindAgent})
}

// ActingAsManagement returns a background context whose actor is
// management (a management token's caller).
func ActingAsManagement() context.Context {
	return auth.WithActor(context.Background(), &auth.Actor{UserID: auth.ManagementID, Kind: auth.KindManagement})
}

// PersonViewer is the document.Viewer of the person (user) id.
func PersonViewer(id uuid.UUID) document.Viewer {
	return document.Viewer{ID: id, IsPerson: true}
}

// UserPrincipal is the access principal of the user (person or agent) id.
func UserPrincipal(id uuid.UUID) access.Principal {
	return access.Principal{Type: access.PrincipalUser, ID: id}
}

// GroupPrincipal is the access principal of the group id.
func GroupPrincipal(id uuid.UUID) access.Principal {
	return access.Principal{Type: access.PrincipalGroup, ID: id}
}

// Count runs sql, a query returning one integer (a count(*)), on pool and
// returns that integer; any error fails t.
func Count(t testing.TB, pool *pgxpool.Pool, sql string, args ...any) int {
	t.Helper()
	var n int
	require.NoError(t, pool.QueryRow(context.Background(), sql, args...).Scan(&n))
	return n
}

// Exec runs sql on pool, as test set-up that goes around the services
// (rows they would refuse, states they reach only over time); any error
// fails t.
func Exec(t testing.TB, pool *pgxpool.Pool, sql string, args ...any) {
	t.Helper()
	_, err := pool.Exec(context.Background(), sql, args...)
	require.NoError(t, err)
}

// Grant inserts a grant row straight into document_access: principalType
// ("user" or "group") principal may read or write (perm) document docID.
// It goes around access.GrantInTx (no access event, no notification), for
// tests of what reads the grants rather than of how they are made.
func Grant(t testing.TB, pool *pgxpool.Pool, docID uuid.UUID, principalType string, principal uuid.UUID, perm string) {
	t.Helper()
	Exec(t, pool, `INSERT INTO document_access (id, document_id, principal_type, principal_id, permission)
		VALUES (gen_random_uuid(), $1, $2, $3, $4)`, docID, principalType, principal, perm)
}
