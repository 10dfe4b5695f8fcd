package graphwalk_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/document"
	"codna/internal/graphwalk"
	"codna/internal/pgtest"
)

// Size of the benchmark's graph.
const (
	benchDocs  = 100_000
	benchLinks = 8 // outgoing resolved links per document
)

// benchGraph is the benchmark's fixture: benchDocs documents owned by owner,
// each with benchLinks outgoing resolved links to pseudo-random others (so
// about as many incoming), and reader, who reads about half of them: a
// quarter through grants to Everyone, a quarter through a group of theirs.
type benchGraph struct {
	pool     *pgxpool.Pool
	owner    document.Viewer
	reader   document.Viewer
	all      []uuid.UUID // every document
	readable []uuid.UUID // those reader can read
}

// benchID is document i's id, as SQL: time-ordered like the UUIDv7 ids the
// application makes.
const benchID = `('00000000-0000-7000-8000-' || lpad(to_hex(%s), 12, '0'))::uuid`

func newBenchGraph(b *testing.B) *benchGraph {
	b.Helper()
	start := time.Now()
	ctx := context.Background()
	d := pgtest.New(b)
	owner := pgtest.CreatePerson(b, d.Pool)
	reader := pgtest.CreatePerson(b, d.Pool)
	group := pgtest.CreateGroup(b, d.Pool, reader.ID)
	id := func(expr string) string { return fmt.Sprintf(benchID, expr) }

	// One transaction, with foreign-key checks off (session_replication_role
	// replica skips the RI triggers): the rows are consistent by
	// construction, and the 1.6 million key lookups more than double the
	// links' insert (33 s against 14 s on the machine of bench/RESULTS.md).
	tx, err := d.Pool.Begin(ctx)
	require.NoError(b, err)
	defer func() { _ = tx.Rollback(ctx) }()
	exec := func(sql string, args ...any) {
		b.Helper()
		_, err := tx.Exec(ctx, sql, args...)
		require.NoError(b, err)
	}
	exec(`SET LOCAL session_replication_role = replica`)
	exec(`INSERT INTO documents (id, space, path, slug, title, content_hash, created_by)
		SELECT `+id("i")+`, 'wiki', 'bench', 'doc-' || i, 'Document ' || i, '\x00'::bytea, $1
		FROM generate_series(0, $2::int - 1) i`, owner.ID, benchDocs)
	// Targets are a hash of (i, k), so the graph has no structure the
	// readability split could line up with; self-links are left out.
	exec(`INSERT INTO document_links (id, source_id, target_id, href_as_written, resolved_address, state)
		SELECT `+id("(i::bigint * $2::int + k) + x'100000000'::bigint")+`, `+id("i")+`, `+id("t")+`,
		       '../bench/doc-' || t || '.md#' || k, 'wiki:bench/doc-' || t, 'resolved'
		FROM generate_series(0, $1::int - 1) i, generate_series(0, $2::int - 1) k,
		     LATERAL (SELECT ((hashint8(i::bigint * $2::int + k)::bigint & 2147483647) % $1::int)::int AS t) h
		WHERE t <> i`, benchDocs, benchLinks)
	exec(`INSERT INTO document_access (id, document_id, principal_type, principal_id, permission)
		SELECT gen_random_uuid(), `+id("i")+`, 'group', CASE WHEN hashint4(i) & 2 = 0 THEN $2 ELSE $3::uuid END, 'read'
		FROM generate_series(0, $1::int - 1) i
		WHERE hashint4(i) & 1 = 0`, benchDocs, auth.EveryoneID, group.ID)
	require.NoError(b, tx.Commit(ctx))
	// Steady state: statistics, and a visibility map for index-only scans,
	// as autovacuum would leave them.
	_, err = d.Pool.Exec(ctx, `VACUUM ANALYZE`)
	require.NoError(b, err)

	g := &benchGraph{
		pool:   d.Pool,
		owner:  document.Viewer{ID: owner.ID, IsPerson: true},
		reader: document.Viewer{ID: reader.ID, IsPerson: true},
	}
	ids := func(sql string, args ...any) []uuid.UUID {
		rows, err := d.Pool.Query(ctx, sql, args...)
		require.NoError(b, err)
		defer rows.Close()
		var out []uuid.UUID
		for rows.Next() {
			var id uuid.UUID
			require.NoError(b, rows.Scan(&id))
			out = append(out, id)
		}
		require.NoError(b, rows.Err())
		return out
	}
	g.all = ids(`SELECT id FROM documents`)
	g.readable = ids(`SELECT id FROM documents d
		WHERE document_access_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, $1, true) > 0`, reader.ID)
	var links int
	require.NoError(b, d.Pool.QueryRow(ctx, `SELECT count(*) FROM document_links`).Scan(&links))
	b.Logf("fixture: %d documents, %d links, %d readable by the reader, built in %s",
		len(g.all), links, len(g.readable), time.Since(start).Round(time.Millisecond))
	return g
}

// coveringIndexes are the indexes the benchmark's "covering" runs add: the
// walk's edges, by either end, with the far end included, so each step is an
// index-only scan.
var coveringIndexes = []string{
	`CREATE INDEX document_links_walk_out_idx ON document_links (source_id) INCLUDE (target_id)
	   WHERE state IN ('resolved', 'stale_text')`,
	`CREATE INDEX document_links_walk_in_idx ON document_links (target_id) INCLUDE (source_id)
	   WHERE state IN ('resolved', 'stale_text')`,
}

// BenchmarkWalk times depth-3 walks from random roots over a graph of
// 100,000 documents with 8 outgoing links each, as their owner and as a
// person who reads about half of them, and Graph alike. It reports the p50,
// p95 and p99 of one call in milliseconds, and how many documents a call
// reached on average. "schema" runs on the migrations' indexes; "covering"
// adds coveringIndexes first. The fixture is built here, once, not in
// TestMain: only -bench pays for it. Run it as:
//
//	go test -v -run '^$' -bench Walk -benchtime 500x ./internal/graphwalk/
func BenchmarkWalk(b *testing.B) {
	g := newBenchGraph(b)
	ctx := context.Background()
	for _, indexes := range []string{"schema", "covering"} {
		b.Run(indexes, func(b *testing.B) {
			if indexes == "covering" {
				for _, sql := range append(coveringIndexes, `VACUUM ANALYZE document_links`) {
					_, err := g.pool.Exec(ctx, sql)
					require.NoError(b, err)
				}
			}
			g.run(b)
		})
	}
}

func (g *benchGraph) run(b *testing.B) {
	for _, tc := range []struct {
		name  string
		v     document.Viewer
		roots []uuid.UUID
		dir   graphwalk.Direction
		graph bool
	}{
		{"owner", g.owner, g.all, graphwalk.Outgoing, false},
		{"half-reader", g.reader, g.readable, graphwalk.Outgoing, false},
		{"owner-incoming", g.owner, g.all, graphwalk.Incoming, false},
		{"owner-both", g.owner, g.all, graphwalk.Both, false},
		{"half-reader-both", g.reader, g.readable, graphwalk.Both, false},
		{"graph-owner", g.owner, g.all, graphwalk.Outgoing, true},
		{"graph-half-reader", g.reader, g.readable, graphwalk.Outgoing, true},
		{"graph-owner-both", g.owner, g.all, graphwalk.Both, true},
	} {
		b.Run(tc.name, func(b *testing.B) {
			ctx := context.Background()
			rng := rand.New(rand.NewPCG(1, uint64(len(tc.name))))
			walk := func() int {
				root := tc.roots[rng.IntN(len(tc.roots))]
				if tc.graph {
					nodes, _, err := graphwalk.Graph(ctx, g.pool, tc.v, root, graphwalk.MaxDepth, tc.dir)
					require.NoError(b, err)
					return len(nodes) - 1
				}
				rs, err := graphwalk.Walk(ctx, g.pool, tc.v, root, graphwalk.MaxDepth, tc.dir)
				require.NoError(b, err)
				return len(rs)
			}
			for range 20 { // warm the pool's connections, statement cache and buffers
				walk()
			}
			lat := make([]time.Duration, 0, b.N)
			total := 0
			for b.Loop() { // resets the timer on its first call
				t0 := time.Now()
				total += walk()
				lat = append(lat, time.Since(t0))
			}
			slices.Sort(lat)
			ms := func(p float64) float64 {
				return float64(lat[min(len(lat)-1, int(p*float64(len(lat))))]) / float64(time.Millisecond)
			}
			b.ReportMetric(ms(0.50), "p50-ms")
			b.ReportMetric(ms(0.95), "p95-ms")
			b.ReportMetric(ms(0.99), "p99-ms")
			b.ReportMetric(float64(total)/float64(len(lat)), "reached/op")
		})
	}
}
