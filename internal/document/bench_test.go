package document_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/pgtest"
)

// BenchmarkLevels is the permission loader's one statement: what a person
// in 20 groups may do to 100 documents, with 10,000 grants in the table.
func BenchmarkLevels(b *testing.B) {
	d := pgtest.New(b)
	ctx := context.Background()
	owner := pgtest.CreatePerson(b, d.Pool)
	me := pgtest.CreatePerson(b, d.Pool)
	var groups []uuid.UUID
	for range 20 {
		groups = append(groups, pgtest.CreateGroup(b, d.Pool, me.ID).ID)
	}
	others := make([]uuid.UUID, 50)
	for i := range others {
		others[i] = pgtest.CreatePerson(b, d.Pool).ID
	}
	// 2,000 documents; 10,000 grants spread over users and groups, some to me.
	_, err := d.Pool.Exec(ctx, `INSERT INTO documents (id, space, path, slug, title, content_hash, created_by)
		SELECT gen_random_uuid(), 'wiki', 'bench', 'doc-' || i, 'Doc ' || i, '\x00'::bytea, $1 FROM generate_series(1, 2000) i`, owner.ID)
	require.NoError(b, err)
	_, err = d.Pool.Exec(ctx, `
		WITH docs AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM documents),
		     principals AS (
		       SELECT 'user'::principal_type AS t, u AS id, row_number() OVER () AS n FROM unnest($1::uuid[]) u
		       UNION ALL SELECT 'group', g, 100 + row_number() OVER () FROM unnest($2::uuid[]) g
		       UNION ALL SELECT 'user', $3::uuid, 1000)
		INSERT INTO document_access (id, document_id, principal_type, principal_id, permission)
		SELECT gen_random_uuid(), d.id, p.t, p.id, CASE WHEN (d.n + p.n) % 3 = 0 THEN 'write' ELSE 'read' END::permission
		FROM docs d JOIN principals p ON (d.n * 7 + p.n) % 14 = 0
		ON CONFLICT DO NOTHING`, others, groups, me.ID)
	require.NoError(b, err)
	var grants int
	require.NoError(b, d.Pool.QueryRow(ctx, `SELECT count(*) FROM document_access`).Scan(&grants))
	if grants < 10000 {
		_, err = d.Pool.Exec(ctx, `INSERT INTO document_access (id, document_id, principal_type, principal_id, permission)
			SELECT gen_random_uuid(), d.id, 'user', gen_random_uuid(), 'read'
			FROM documents d, generate_series(1, $1) LIMIT $2`, (10000-grants)/2000+1, 10000-grants)
		require.NoError(b, err)
	}
	_, err = d.Pool.Exec(ctx, "ANALYZE")
	require.NoError(b, err)
	require.NoError(b, d.Pool.QueryRow(ctx, `SELECT count(*) FROM document_access`).Scan(&grants))

	rows, err := d.Pool.Query(ctx, `SELECT id FROM documents ORDER BY id LIMIT 100`)
	require.NoError(b, err)
	var ids []uuid.UUID
	for rows.Next() {
		var id uuid.UUID
		require.NoError(b, rows.Scan(&id))
		ids = append(ids, id)
	}
	require.NoError(b, rows.Err())

	counter := &db.Counter{}
	pool, err := db.Open(ctx, d.URL, counter)
	require.NoError(b, err)
	defer pool.Close()
	actor := &auth.Actor{UserID: me.ID, Kind: auth.KindPerson}
	readable := 0
	b.ResetTimer()
	for range b.N {
		levels, err := document.Levels(ctx, pool, actor, ids)
		if err != nil {
			b.Fatal(err)
		}
		readable = len(levels)
	}
	b.StopTimer()
	b.ReportMetric(float64(counter.Count())/float64(b.N), "statements/op")
	b.ReportMetric(float64(grants), "grants")
	b.ReportMetric(float64(readable), "readable")
}
