package db_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/require"

	"codna/internal/db"
	"codna/internal/pgtest"
)

var (
	managementID = uuid.MustParse("00000000-0000-0000-0000-000000000001")
	everyoneID   = uuid.MustParse("00000000-0000-0000-0000-000000000002")
)

func tables(t *testing.T, d *pgtest.DB) int {
	t.Helper()
	var n int
	require.NoError(t, d.Pool.QueryRow(context.Background(),
		`SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'`).Scan(&n))
	return n
}

func TestMigrationsUpDownUp(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := pgtest.New(t)
	require.Equal(t, 69, tables(t, d), "the template is fully migrated")

	require.NoError(t, db.MigrateDown(ctx, d.URL))
	require.Zero(t, tables(t, d))
	var types int
	require.NoError(t, d.Pool.QueryRow(ctx, `SELECT count(*) FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
		WHERE n.nspname = 'public' AND t.typtype = 'e'`).Scan(&types))
	require.Zero(t, types, "down drops every enum")

	require.NoError(t, db.MigrateUp(ctx, d.URL))
	require.Equal(t, 69, tables(t, d))
	v, dirty, err := db.MigrationVersion(ctx, d.URL)
	require.NoError(t, err)
	require.False(t, dirty)
	latest, err := db.LatestVersion()
	require.NoError(t, err)
	require.Equal(t, latest, v)
	// Up on a current database is a no-op.
	require.NoError(t, db.MigrateUp(ctx, d.URL))
}

func TestFixedRows(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := pgtest.New(t)
	m, err := db.Q.UserGetByID(ctx, d.Pool, managementID)
	require.NoError(t, err)
	require.Equal(t, "management", m.Kind)
	require.Equal(t, "", m.Email)
	require.Nil(t, m.PasswordHash, "nothing can sign in as management")

	var kind, slug string
	require.NoError(t, d.Pool.QueryRow(ctx, `SELECT kind, slug FROM groups WHERE id = $1`, everyoneID).Scan(&kind, &slug))
	require.Equal(t, "everyone", kind)
	require.Equal(t, "everyone", slug)

	// A second management row is refused.
	_, err = db.Q.UserCreate(ctx, d.Pool, db.UserCreateParams{ID: uuid.New(), Email: "m2@example.com", Name: "M2", Kind: "management"})
	require.Error(t, err)
}

func TestEveryoneGroupCannotBeDeleted(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := pgtest.New(t)

	_, err := db.Q.GroupDelete(ctx, d.Pool, everyoneID)
	var pe *pgconn.PgError
	require.ErrorAs(t, err, &pe)
	require.Equal(t, "23001", pe.Code)

	p := pgtest.CreatePerson(t, d.Pool)
	g := pgtest.CreateGroup(t, d.Pool, p.ID)
	n, err := db.Q.GroupDelete(ctx, d.Pool, g.ID)
	require.NoError(t, err)
	require.EqualValues(t, 1, n, "other groups delete normally")
	var members int
	require.NoError(t, d.Pool.QueryRow(ctx, `SELECT count(*) FROM group_members WHERE group_id = $1`, g.ID).Scan(&members))
	require.Zero(t, members)
}

// Each test's database is its own: rows written here are invisible to the
// sibling test running at the same time, and vice versa.
func TestDatabasesAreIsolated(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"a", "b"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			d := pgtest.New(t)
			var before int
			require.NoError(t, d.Pool.QueryRow(context.Background(), `SELECT count(*) FROM users WHERE kind = 'person'`).Scan(&before))
			require.Zero(t, before)
			for range 3 {
				pgtest.CreatePerson(t, d.Pool)
			}
			var after int
			require.NoError(t, d.Pool.QueryRow(context.Background(), `SELECT count(*) FROM users WHERE kind = 'person'`).Scan(&after))
			require.Equal(t, 3, after)
		})
	}
}

func TestEmailIsUniqueCaseInsensitively(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := pgtest.New(t)
	p := pgtest.CreatePerson(t, d.Pool)
	_, err := db.Q.UserCreate(ctx, d.Pool, db.UserCreateParams{ID: uuid.New(), Email: strings.ToUpper(p.Email), Name: "x", Kind: "person"})
	var pe *pgconn.PgError
	require.ErrorAs(t, err, &pe)
	require.Equal(t, "users_email_key", pe.ConstraintName)
}

// TestLargeResultsReadThroughTheBufferedFrontend reads results larger than
// the connection's read buffer (many rows, and one row larger than it) and
// then more statements on the same connection: every byte arrives, and
// nothing of one statement's input is left for the next.
func TestLargeResultsReadThroughTheBufferedFrontend(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := pgtest.New(t)
	conn, err := d.Pool.Acquire(ctx)
	require.NoError(t, err)
	defer conn.Release()
	for round := range 3 {
		rows, err := conn.Query(ctx, `SELECT n, repeat(chr(65 + n % 26), 700 + n) FROM generate_series(1, 400) n`)
		require.NoError(t, err)
		n := 0
		for rows.Next() {
			var i int
			var s string
			require.NoError(t, rows.Scan(&i, &s))
			n++
			require.Equal(t, n, i)
			require.Equal(t, strings.Repeat(string(rune(65+i%26)), 700+i), s, "round %d row %d", round, i)
		}
		require.NoError(t, rows.Err())
		require.Equal(t, 400, n)
		var big string
		require.NoError(t, conn.QueryRow(ctx, `SELECT repeat('z', 300000)`).Scan(&big))
		require.Equal(t, strings.Repeat("z", 300000), big)
		var one int
		require.NoError(t, conn.QueryRow(ctx, `SELECT 1`).Scan(&one))
		require.Equal(t, 1, one)
	}
}
