package db_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/db"
	"codna/internal/pgtest"
)

var someID = uuid.MustParse("0192f0c4-7d1e-7a3b-8c5d-0123456789ab")

// TestUUIDScanPlansCopyBytes holds the uuid plans to their point: a uuid read
// in binary is 16 bytes copied, with no text form in between. pgx's
// sql.Scanner path (text, a string, a parse) allocates; these must not,
// beyond the *uuid.UUID a nullable column's pointer needs. Not parallel:
// testing.AllocsPerRun refuses to run beside other tests.
func TestUUIDScanPlansCopyBytes(t *testing.T) {
	m := pgtype.NewMap()
	db.RegisterTypes(m)
	src := someID[:]

	var u uuid.UUID
	plan := m.PlanScan(pgtype.UUIDOID, pgtype.BinaryFormatCode, &u)
	require.Zero(t, testing.AllocsPerRun(100, func() { require.NoError(t, plan.Scan(src, &u)) }))
	require.Equal(t, someID, u)
	require.ErrorContains(t, plan.Scan(nil, &u), "NULL")

	var p *uuid.UUID
	plan = m.PlanScan(pgtype.UUIDOID, pgtype.BinaryFormatCode, &p)
	require.Equal(t, 1.0, testing.AllocsPerRun(100, func() { require.NoError(t, plan.Scan(src, &p)) }), "the uuid behind the pointer, nothing else")
	require.Equal(t, someID, *p)
	require.NoError(t, plan.Scan(nil, &p))
	require.Nil(t, p)

	var n uuid.NullUUID
	plan = m.PlanScan(pgtype.UUIDOID, pgtype.BinaryFormatCode, &n)
	require.Zero(t, testing.AllocsPerRun(100, func() { require.NoError(t, plan.Scan(src, &n)) }))
	require.Equal(t, uuid.NullUUID{UUID: someID, Valid: true}, n)
	require.NoError(t, plan.Scan(nil, &n))
	require.False(t, n.Valid)

	text := []byte(someID.String())
	plan = m.PlanScan(pgtype.UUIDOID, pgtype.TextFormatCode, &u)
	u = uuid.UUID{}
	require.Zero(t, testing.AllocsPerRun(100, func() { require.NoError(t, plan.Scan(text, &u)) }))
	require.Equal(t, someID, u)
}

// TestUUIDEncodePlansCopyBytes: a uuid argument is its 16 bytes in binary,
// its canonical text in text; a nil *uuid.UUID or an invalid NullUUID is
// NULL. Not parallel, for testing.AllocsPerRun.
func TestUUIDEncodePlansCopyBytes(t *testing.T) {
	m := pgtype.NewMap()
	db.RegisterTypes(m)
	buf := make([]byte, 0, 64)
	for _, v := range []any{someID, &someID, uuid.NullUUID{UUID: someID, Valid: true}} {
		plan := m.PlanEncode(pgtype.UUIDOID, pgtype.BinaryFormatCode, v)
		require.NotNil(t, plan, "%T", v)
		require.Zero(t, testing.AllocsPerRun(100, func() {
			_, err := plan.Encode(v, buf[:0])
			require.NoError(t, err)
		}), "%T", v)
		out, err := plan.Encode(v, buf[:0])
		require.NoError(t, err)
		require.Equal(t, someID[:], out, "%T", v)

		plan = m.PlanEncode(pgtype.UUIDOID, pgtype.TextFormatCode, v)
		out, err = plan.Encode(v, buf[:0])
		require.NoError(t, err)
		require.Equal(t, someID.String(), string(out), "%T", v)
	}
	for _, v := range []any{(*uuid.UUID)(nil), uuid.NullUUID{}} {
		out, err := m.PlanEncode(pgtype.UUIDOID, pgtype.BinaryFormatCode, v).Encode(v, buf[:0])
		require.NoError(t, err)
		require.Nil(t, out, "%T is NULL", v)
	}
}

// TestUUIDArrayEncodesAsPgxDoes: a []uuid.UUID argument is written in
// binary without reflection or an allocation, byte for byte as pgx's own
// array codec writes it (nil is NULL, empty is an empty array). Not
// parallel, for testing.AllocsPerRun.
func TestUUIDArrayEncodesAsPgxDoes(t *testing.T) {
	m := pgtype.NewMap()
	db.RegisterTypes(m)
	reference := pgtype.NewMap() // pgx's own codecs: uuid.UUID through its [16]byte
	other := uuid.MustParse("ffffffff-0000-4000-8000-000000000001")
	buf := make([]byte, 0, 256)
	for _, ids := range [][]uuid.UUID{nil, {}, {someID}, {someID, other, someID}} {
		plan := m.PlanEncode(pgtype.UUIDArrayOID, pgtype.BinaryFormatCode, ids)
		require.NotNil(t, plan)
		got, err := plan.Encode(ids, buf[:0])
		require.NoError(t, err)
		want, err := reference.Encode(pgtype.UUIDArrayOID, pgtype.BinaryFormatCode, ids, nil)
		require.NoError(t, err)
		require.Equal(t, want, got, "%v", ids)
		require.Equal(t, ids == nil, got == nil, "nil is NULL, empty is not")
		value := any(ids) // as pgx holds an argument
		require.Zero(t, testing.AllocsPerRun(100, func() {
			_, err := plan.Encode(value, buf[:0])
			require.NoError(t, err)
		}), "%v", ids)
	}
}

// TestUUIDRoundTrips sends and reads uuids through Postgres — single,
// NULL, in arrays with and without NULLs — in binary (the extended
// protocol) and in text (the simple protocol), on the pools tests and the
// server use.
func TestUUIDRoundTrips(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := pgtest.New(t)
	opened, err := db.Open(ctx, d.URL, nil)
	require.NoError(t, err)
	t.Cleanup(opened.Close)
	other := uuid.MustParse("ffffffff-0000-4000-8000-000000000001")
	for name, pool := range map[string]*pgxpool.Pool{"pgtest.New": d.Pool, "db.Open": opened} {
		require.NoError(t, pool.AcquireFunc(ctx, func(c *pgxpool.Conn) error {
			dt, ok := c.Conn().TypeMap().TypeForOID(pgtype.UUIDOID)
			require.True(t, ok)
			require.IsType(t, db.UUIDCodec{}, dt.Codec, "%s registers the uuid codec", name)
			return nil
		}))
		for _, mode := range []pgx.QueryExecMode{pgx.QueryExecModeCacheStatement, pgx.QueryExecModeSimpleProtocol} {
			var (
				one     uuid.UUID
				some    *uuid.UUID
				none    *uuid.UUID
				null    uuid.NullUUID
				list    []uuid.UUID
				holes   []*uuid.UUID
				echoed  uuid.UUID
				isNull  bool
				asText  string
				nothing []uuid.UUID
				empty   int
				absent  bool
			)
			err := pool.QueryRow(ctx, `SELECT $1::uuid, $1::uuid, NULL::uuid, NULL::uuid, $2::uuid[], ARRAY[$1::uuid, NULL, $3::uuid],
				($2::uuid[])[2], $4::uuid IS NULL, $1::uuid::text, '{}'::uuid[]`,
				mode, someID, []uuid.UUID{someID, other}, &other, (*uuid.UUID)(nil)).
				Scan(&one, &some, &none, &null, &list, &holes, &echoed, &isNull, &asText, &nothing)
			require.NoError(t, err, "%s %v", name, mode)
			require.Equal(t, someID, one)
			require.Equal(t, &someID, some)
			require.Nil(t, none)
			require.False(t, null.Valid)
			require.Equal(t, []uuid.UUID{someID, other}, list)
			require.Equal(t, []*uuid.UUID{&someID, nil, &other}, holes)
			require.Equal(t, other, echoed)
			require.True(t, isNull, "a nil *uuid.UUID is sent as NULL")
			require.Equal(t, someID.String(), asText)
			require.Equal(t, []uuid.UUID{}, nothing)

			err = pool.QueryRow(ctx, `SELECT cardinality($1::uuid[]), $2::uuid[] IS NULL`, mode, []uuid.UUID{}, []uuid.UUID(nil)).Scan(&empty, &absent)
			require.NoError(t, err, "%s %v", name, mode)
			require.Zero(t, empty, "an empty slice is an empty array")
			require.True(t, absent, "a nil slice is NULL")

			err = pool.QueryRow(ctx, `SELECT NULL::uuid`, mode).Scan(&one)
			require.ErrorContains(t, err, "NULL", "%s %v: NULL into a uuid.UUID is an error", name, mode)
		}
	}
}

// TestEnumsScanAsTheirLabels: a pool set up by db.Configure reads an enum
// column into its Go type, or a pointer to it, as the label that type
// already holds — no string allocated per value — and writes one back. Not
// parallel, for testing.AllocsPerRun.
func TestEnumsScanAsTheirLabels(t *testing.T) {
	ctx := context.Background()
	d := pgtest.New(t)
	var (
		space  db.Space
		status *db.DocumentStatus
		none   *db.LinkState
		same   bool
	)
	for _, mode := range []pgx.QueryExecMode{pgx.QueryExecModeCacheStatement, pgx.QueryExecModeSimpleProtocol} {
		require.NoError(t, d.Pool.QueryRow(ctx, `SELECT 'wiki'::space, 'archived'::document_status, NULL::link_state, $1::space = 'output' AND $2::link_state = 'stale_text'`,
			mode, db.SpaceOutput, ptr(db.LinkStateStaleText)).Scan(&space, &status, &none, &same))
		require.Equal(t, db.SpaceWiki, space)
		require.Equal(t, db.DocumentStatusArchived, *status)
		require.Nil(t, none)
		require.True(t, same)
	}
	require.NoError(t, d.Pool.AcquireFunc(ctx, func(c *pgxpool.Conn) error {
		dt, ok := c.Conn().TypeMap().TypeForName("space")
		require.True(t, ok, "the space enum is registered")
		plan := c.Conn().TypeMap().PlanScan(dt.OID, pgtype.TextFormatCode, &space)
		src := []byte("raw")
		require.Zero(t, testing.AllocsPerRun(100, func() { require.NoError(t, plan.Scan(src, &space)) }))
		require.Equal(t, db.SpaceRaw, space)
		return nil
	}))
}

func ptr[T any](v T) *T { return &v }
