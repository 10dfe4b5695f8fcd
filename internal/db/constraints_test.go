package db_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/db"
	"codna/internal/fault"
	"codna/internal/pgtest"
)

// Every constraint fault maps exists in the migrated schema, as a table
// constraint or as a unique index: a renamed one would silently turn its
// violations into INTERNAL.
func TestMappedConstraintsExist(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := pgtest.New(t)
	names := fault.Constraints()
	require.NotEmpty(t, names)
	for _, name := range names {
		var found bool
		require.NoError(t, d.Pool.QueryRow(ctx, `SELECT
			EXISTS (SELECT 1 FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = 'public' AND c.conname = $1)
			OR EXISTS (SELECT 1 FROM pg_indexes WHERE schemaname = 'public' AND indexname = $1)`, name).Scan(&found))
		require.True(t, found, "constraint %s is not in the schema", name)
	}
}

// A constraint violation leaving InTx is already the client's error, naming
// the field; one raised on the pool, outside a transaction, is read as the
// same error by fault.As, which every error reader uses. A violation of a
// constraint not in fault's table stays internal.
func TestConstraintViolationsAreMapped(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := pgtest.New(t)
	p := pgtest.CreatePerson(t, d.Pool)
	dup := db.UserCreateParams{ID: uuid.New(), Email: p.Email, Name: "Dup", Kind: "person"}

	err := db.InTx(ctx, d.Pool, func(tx db.DBTX) error {
		_, err := db.Q.UserCreate(ctx, tx, dup)
		return fmt.Errorf("create: %w", err)
	})
	var fe *fault.Error
	require.True(t, errors.As(err, &fe), "InTx returns the mapped error itself: %v", err)
	require.Equal(t, fault.Conflict, fe.Code)
	require.Equal(t, "email", fe.Field)
	require.Equal(t, "Someone already has that email address.", fe.Message)

	_, err = db.Q.UserCreate(ctx, d.Pool, dup)
	require.Error(t, err)
	fe = fault.As(err)
	require.NotNil(t, fe, "fault.As maps a violation that did not pass through InTx")
	require.Equal(t, fault.Conflict, fe.Code)
	require.Equal(t, "email", fe.Field)
	require.Equal(t, fault.Conflict, fault.CodeOf(err))

	// A check constraint is bad input.
	agent := uuid.New()
	_, err = db.Q.UserCreate(ctx, d.Pool, db.UserCreateParams{ID: agent, Email: agent.String() + "@agents.invalid", Name: "A", Kind: "agent"})
	require.NoError(t, err)
	err = db.InTx(ctx, d.Pool, func(tx db.DBTX) error {
		_, err := db.Q.AgentCreate(ctx, tx, db.AgentCreateParams{UserID: agent, Slug: "-Bad-", Description: ""})
		return err
	})
	require.Equal(t, fault.BadInput, fault.CodeOf(err))
	require.Equal(t, "slug", fault.As(err).Field)

	// The primary key is not a client's fault: it stays internal.
	err = db.InTx(ctx, d.Pool, func(tx db.DBTX) error {
		_, err := db.Q.UserCreate(ctx, tx, db.UserCreateParams{ID: p.ID, Email: "other@example.com", Name: "Other", Kind: "person"})
		return err
	})
	require.Error(t, err)
	require.Nil(t, fault.As(err))
	require.Equal(t, fault.Internal, fault.CodeOf(err))
}
