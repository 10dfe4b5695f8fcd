package server_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/pgtest"
)

// visibility is a benchmark fixture: how many documents there are and who can
// read which.
type visibility struct {
	name string
	docs int
	// reader's share: "sparse" grants 1 % of the documents to the reader
	// (half to them, half to a group of theirs); "everyone" grants every
	// document to Everyone; "dense" grants 2,504 of them, a third each to
	// the reader, a group of theirs and Everyone.
	shape string
}

// seedVisibility fills a fresh database: v.docs documents in wiki:bench
// owned by 20 other people, each with three resolved links to pseudo-random
// others, a grant to someone else on about half of them, and the reader's
// grants by v.shape. Set-based SQL in one transaction with foreign-key checks
// off (session_replication_role replica); the rows are consistent by
// construction. It returns the bundle and the reader's token.
func seedVisibility(b *testing.B, v visibility) (*bundle, string) {
	b.Helper()
	start := time.Now()
	ctx := context.Background()
	bb := setup(b)
	reader := pgtest.CreatePerson(b, bb.pool)
	token := pgtest.CreatePersonToken(b, bb.pool, reader.ID)
	group := pgtest.CreateGroup(b, bb.pool, reader.ID)
	var owners []uuid.UUID
	for range 20 {
		owners = append(owners, pgtest.CreatePerson(b, bb.pool).ID)
	}
	other := pgtest.CreateGroup(b, bb.pool, owners[:5]...)
	tx, err := bb.pool.Begin(ctx)
	require.NoError(b, err)
	defer func() { _ = tx.Rollback(ctx) }()
	exec := func(sql string, args ...any) {
		b.Helper()
		_, err := tx.Exec(ctx, sql, args...)
		require.NoError(b, err)
	}
	const docID = `('00000000-0000-7000-8000-' || lpad(to_hex(%s), 12, '0'))::uuid`
	id := func(expr string) string { return fmt.Sprintf(docID, expr) }
	exec(`SET LOCAL session_replication_role = replica`)
	exec(`INSERT INTO documents (id, space, path, slug, title, content, content_hash, created_by, updated_by, created_at, updated_at)
		SELECT `+id("i")+`, 'wiki', 'bench', 'doc-' || i, 'Document ' || md5(i::text),
		       repeat('Some text of document ' || i || '. ', 20), '\x00'::bytea,
		       ($2::uuid[])[1 + i % 20], ($2::uuid[])[1 + i % 20], now() - interval '1 year',
		       now() - (hashint4(i) & 2147483647) * interval '10 milliseconds'
		FROM generate_series(0, $1::int - 1) i`, v.docs, owners)
	exec(`INSERT INTO document_links (id, source_id, target_id, href_as_written, resolved_address, state)
		SELECT gen_random_uuid(), `+id("i")+`, `+id("t")+`, 'doc-' || t || '.md#' || k, 'wiki:bench/doc-' || t, 'resolved'
		FROM generate_series(0, $1::int - 1) i, generate_series(0, 2) k,
		     LATERAL (SELECT ((hashint8(i::bigint * 3 + k)::bigint & 2147483647) % $1::int)::int AS t) h
		WHERE t <> i`, v.docs)
	exec(`INSERT INTO document_access (id, document_id, principal_type, principal_id, permission)
		SELECT gen_random_uuid(), `+id("i")+`,
		       CASE WHEN i % 2 = 0 THEN 'user' ELSE 'group' END::principal_type,
		       CASE WHEN i % 2 = 0 THEN ($2::uuid[])[1 + (i / 2 + 7) % 20] ELSE $3 END,
		       CASE WHEN i % 3 = 0 THEN 'write' ELSE 'read' END::permission
		FROM generate_series(0, $1::int - 1) i WHERE hashint4(i + 3) & 1 = 0`, v.docs, owners, other.ID)
	// The reader's documents, chosen by a hash so they spread over the
	// update order; a third principal kind each (shape by shape).
	reads, principals := 0, []uuid.UUID{}
	switch v.shape {
	case "sparse":
		reads, principals = v.docs/100, []uuid.UUID{reader.ID, group.ID}
	case "dense":
		reads, principals = 2504, []uuid.UUID{reader.ID, group.ID, auth.EveryoneID}
	case "everyone":
		reads, principals = v.docs, []uuid.UUID{auth.EveryoneID}
	}
	exec(`INSERT INTO document_access (id, document_id, principal_type, principal_id, permission)
		SELECT gen_random_uuid(), d.id,
		       CASE WHEN ($3::uuid[])[1 + n % cardinality($3::uuid[])] = $4 THEN 'user' ELSE 'group' END::principal_type,
		       ($3::uuid[])[1 + n % cardinality($3::uuid[])], CASE WHEN n % 5 = 0 THEN 'write' ELSE 'read' END::permission
		FROM (SELECT d.id, row_number() OVER (ORDER BY hashtext(d.id::text)) AS n FROM documents d WHERE d.slug LIKE 'doc-%') d
		WHERE n <= $1 AND $2
		ON CONFLICT DO NOTHING`, reads, reads > 0, principals, reader.ID)
	require.NoError(b, tx.Commit(ctx))
	_, err = bb.pool.Exec(ctx, `VACUUM ANALYZE`)
	require.NoError(b, err)
	var readable int
	require.NoError(b, bb.pool.QueryRow(ctx, `SELECT count(*) FROM documents d
		WHERE d.deleted_at IS NULL AND document_access_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, $1, true) > 0`,
		reader.ID).Scan(&readable))
	b.Logf("fixture %s: %d documents, reader reads %d, built in %s", v.name, v.docs, readable, time.Since(start).Round(time.Millisecond))
	return bb, token
}

// BenchmarkDocumentPageVisibility measures the documents page as readers of
// different reach see it: one person who reads 1 % of 100,000 documents
// through grants ("sparse"), one who reads all 100,000 through Everyone
// ("everyone"), and one who reads 2,504 of 5,000 ("dense", the fixture of
// the page's CPU target). "list" asks ids and titles; "links" also each
// document's links with targets and backlinks with sources. It reports the
// p50 and p95 of one request in milliseconds and the SQL statements per
// request. Each fixture is built here, so only -bench pays for it:
//
//	go test -v -run '^$' -bench DocumentPageVisibility -benchtime 200x ./internal/server/
func BenchmarkDocumentPageVisibility(b *testing.B) {
	queries := []struct{ name, q string }{
		{"list", `{ documents(first: 50) { edges { node { id title } } } }`},
		{"links", `{ documents(first: 50) { edges { node { id title links { state target { title } } backlinks { state source { title } } } } } }`},
		{"list-by-title", `{ documents(first: 50, orderBy: TITLE) { edges { node { id title } } } }`},
	}
	for _, v := range []visibility{
		{"sparse", 100_000, "sparse"},
		{"everyone", 100_000, "everyone"},
		{"dense", 5_000, "dense"},
	} {
		b.Run(v.name, func(b *testing.B) {
			bb, token := seedVisibility(b, v)
			for _, q := range queries {
				b.Run(q.name, func(b *testing.B) {
					do := func() {
						r := bb.do(b, req{query: q.q, bearer: token})
						if len(r.Errors) > 0 {
							b.Fatal(r.Errors)
						}
					}
					for range 20 { // warm the pool, its statement caches and the buffers
						do()
					}
					lat := make([]time.Duration, 0, b.N)
					bb.counter.Reset()
					for b.Loop() {
						t0 := time.Now()
						do()
						lat = append(lat, time.Since(t0))
					}
					b.ReportMetric(float64(bb.counter.Count())/float64(len(lat)), "statements/op")
					slices.Sort(lat)
					ms := func(p float64) float64 {
						return float64(lat[min(len(lat)-1, int(p*float64(len(lat))))]) / float64(time.Millisecond)
					}
					b.ReportMetric(ms(0.50), "p50-ms")
					b.ReportMetric(ms(0.95), "p95-ms")
				})
			}
		})
	}
}
