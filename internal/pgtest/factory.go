package pgtest

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
)

// Password is every factory person's password.
const Password = "correct horse battery staple"

// passwordHash is Password hashed with auth.CheapArgon2, computed once ahead
// of time, so factories and logins in tests pay no argon2 cost.
const passwordHash = "$argon2id$v=19$m=8,t=1,p=1$lIy7NVhOtlOxC9Ha8M7vqg$ASthkJTMHq0p3SeDPWHd8gqa3lQqNbKHgxAYfdXPGUw"

var seq atomic.Int64

func next() int64 { return seq.Add(1) }

// Person is a person a factory made.
type Person struct {
	ID    uuid.UUID
	Email string
	Name  string
}

// CreatePerson makes an active person who signs in with Password.
func CreatePerson(t testing.TB, pool *pgxpool.Pool) Person {
	t.Helper()
	n := next()
	hash := passwordHash
	u, err := db.Q.UserCreate(context.Background(), pool, db.UserCreateParams{
		ID: uuid.Must(uuid.NewV7()), Email: fmt.Sprintf("person%d@example.com", n), Name: fmt.Sprintf("Person %d", n),
		Kind: string(auth.KindPerson), PasswordHash: &hash,
	})
	require.NoError(t, err)
	return Person{ID: u.ID, Email: u.Email, Name: u.Name}
}

// CreatePersonToken issues a personal access token for a person and returns its secret.
func CreatePersonToken(t testing.TB, pool *pgxpool.Pool, personID uuid.UUID) string {
	t.Helper()
	return createAccessToken(t, pool, personID, "person", auth.PersonTokenPrefix)
}

func createAccessToken(t testing.TB, pool *pgxpool.Pool, userID uuid.UUID, kind, prefix string) string {
	secret := auth.NewSecret(prefix)
	_, err := db.Q.AccessTokenCreate(context.Background(), pool, db.AccessTokenCreateParams{
		ID: uuid.Must(uuid.NewV7()), UserID: userID, Kind: kind, Name: "test token",
		TokenHash: auth.HashSecret(secret), Prefix: auth.DisplayPrefix(secret),
	})
	require.NoError(t, err)
	return secret
}

// Agent is an agent a factory made, with a live token.
type Agent struct {
	ID    uuid.UUID
	Slug  string
	Email string
	Token string
}

// CreateAgent makes an agent that the given people answer for, and issues it a token.
func CreateAgent(t testing.TB, pool *pgxpool.Pool, responsible ...uuid.UUID) Agent {
	t.Helper()
	ctx := context.Background()
	id := uuid.Must(uuid.NewV7())
	u, err := db.Q.UserCreate(ctx, pool, db.UserCreateParams{
		ID: id, Email: id.String() + "@agents.invalid", Name: fmt.Sprintf("Agent %d", next()), Kind: string(auth.KindAgent),
	})
	require.NoError(t, err)
	a, err := db.Q.AgentCreate(ctx, pool, db.AgentCreateParams{UserID: u.ID, Slug: fmt.Sprintf("agent-%d", next()), Description: "test agent"})
	require.NoError(t, err)
	for _, p := range responsible {
		_, err := db.Q.AgentResponsibleAdd(ctx, pool, db.AgentResponsibleAddParams{AgentID: u.ID, UserID: p})
		require.NoError(t, err)
	}
	return Agent{ID: u.ID, Slug: a.Slug, Email: u.Email, Token: createAccessToken(t, pool, u.ID, "agent", auth.AgentTokenPrefix)}
}

// CreateManageToken issues a manage service token and returns its secret.
func CreateManageToken(t testing.TB, pool *pgxpool.Pool) string {
	t.Helper()
	secret := auth.NewSecret(auth.ManageTokenPrefix)
	_, err := db.Q.ServiceTokenCreate(context.Background(), pool, db.ServiceTokenCreateParams{
		ID: uuid.Must(uuid.NewV7()), UserID: auth.ManagementID, Name: "test manage token",
		TokenHash: auth.HashSecret(secret), Prefix: auth.DisplayPrefix(secret),
	})
	require.NoError(t, err)
	return secret
}

// Group is a group a factory made.
type Group struct {
	ID   uuid.UUID
	Slug string
}

// CreateGroup makes a custom group with the given members.
func CreateGroup(t testing.TB, pool *pgxpool.Pool, members ...uuid.UUID) Group {
	t.Helper()
	ctx := context.Background()
	n := next()
	g, err := db.Q.GroupCreate(ctx, pool, db.GroupCreateParams{ID: uuid.Must(uuid.NewV7()), Slug: fmt.Sprintf("group-%d", n), Name: fmt.Sprintf("Group %d", n)})
	require.NoError(t, err)
	for _, m := range members {
		_, err := db.Q.GroupMemberAdd(ctx, pool, db.GroupMemberAddParams{GroupID: g.ID, UserID: m})
		require.NoError(t, err)
	}
	return Group{ID: g.ID, Slug: g.Slug}
}

// Doc describes a document for CreateDocument; zero fields get defaults.
type Doc struct {
	Space   document.Space
	Path    string
	Slug    string
	Title   string
	Content string
	Tags    []string
}

// CreateDocument creates a live document owned by owner through the
// documents service, as its owner would: version 1, its first revision and
// its event. (It builds the documents service itself: the service
// packages' tests import pgtest, so pgtest cannot import internal/app —
// the one exception `make lint` allows outside it and the services' own
// tests.)
func CreateDocument(t testing.TB, pool *pgxpool.Pool, owner uuid.UUID, d Doc) *document.Doc {
	t.Helper()
	n := next()
	if d.Space == "" {
		d.Space = document.SpaceWiki
	}
	if d.Slug == "" {
		d.Slug = fmt.Sprintf("doc-%d", n)
	}
	if d.Title == "" {
		d.Title = fmt.Sprintf("Document %d", n)
	}
	ctx := auth.WithActor(context.Background(), &auth.Actor{UserID: owner, Kind: auth.KindPerson})
	doc, err := document.New(pool, document.DefaultConfig).Create(ctx, document.CreateInput{
		Space: d.Space, Path: d.Path, Slug: d.Slug, Title: &d.Title, Content: d.Content, Tags: d.Tags,
	})
	require.NoError(t, err)
	return doc
}
