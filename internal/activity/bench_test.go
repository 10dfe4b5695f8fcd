package activity

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

func percentile(ds []time.Duration, p float64) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, int(float64(len(s))*p))]
}

// BenchmarkActivityFirstPage: 100,000 pages and 1,000,000 entries over a
// year (seeded with one INSERT … SELECT each), the first page of 50 of
// `activity` as one person reading 1 % of the pages (direct grants), one
// reading 0.1 %, one reading all of them (a grant on each) and
// their owner. Reports p50 and p95 per caller (ms) over b.N pages (at
// least 50).
//
//	go test -run '^$' -bench ActivityFirstPage -benchtime 100x -timeout 30m ./internal/activity/
func BenchmarkActivityFirstPage(b *testing.B) {
	d := pgtest.New(b)
	s := New(d.Pool, 0)
	ctx := context.Background()
	owner := pgtest.CreatePerson(b, d.Pool)
	few := pgtest.CreatePerson(b, d.Pool)
	fewer := pgtest.CreatePerson(b, d.Pool)
	all := pgtest.CreatePerson(b, d.Pool)
	t0 := time.Now()
	pgtest.Exec(b, d.Pool, `INSERT INTO documents (id, space, path, slug, title, content, content_hash, created_by)
		SELECT gen_random_uuid(), 'wiki', 'f' || (i % 100), 'p' || i, 'Page ' || i, '', '', $1 FROM generate_series(1, 100000) i`, owner.ID)
	// The reader of all: a grant on every page (as Everyone's would be, without making every person one).
	pgtest.Exec(b, d.Pool, `INSERT INTO document_access (id, document_id, principal_type, principal_id, permission)
		SELECT gen_random_uuid(), id, 'user', $1, 'read' FROM documents WHERE created_by = $2`, all.ID, owner.ID)
	pgtest.Exec(b, d.Pool, `INSERT INTO document_access (id, document_id, principal_type, principal_id, permission)
		SELECT gen_random_uuid(), id, 'user'::principal_type, $1::uuid, 'read'::permission FROM (SELECT id FROM documents WHERE created_by = $3::uuid ORDER BY random() LIMIT 1000) d
		UNION ALL
		SELECT gen_random_uuid(), id, 'user'::principal_type, $2::uuid, 'read'::permission FROM (SELECT id FROM documents WHERE created_by = $3::uuid ORDER BY random() LIMIT 100) d`, few.ID, fewer.ID, owner.ID)
	pgtest.Exec(b, d.Pool, `INSERT INTO activity (id, document_id, actor_id, action, first_event_id, last_event_id, first_at, at)
		SELECT gen_random_uuid(), docs.ids[1 + (random() * (cardinality(docs.ids) - 1))::int], $1, 'edited',
		       gen_random_uuid(), gen_random_uuid(), t, t
		FROM (SELECT array_agg(id) AS ids FROM documents) docs,
		     LATERAL (SELECT now() - random() * interval '365 days' AS t FROM generate_series(1, 1000000)) g`, owner.ID)
	pgtest.Exec(b, d.Pool, `VACUUM ANALYZE`)
	b.Logf("seeded in %s", time.Since(t0).Round(time.Second))

	for _, c := range []struct {
		name string
		who  pgtest.Person
	}{{"reads-1pct", few}, {"reads-0.1pct", fewer}, {"reads-all", all}, {"owner", owner}} {
		b.Run(c.name, func(b *testing.B) {
			actx := pgtest.ActingAs(c.who)
			var took []time.Duration
			n := max(b.N, 50)
			for i := 0; i < n; i++ {
				t := time.Now()
				es, _, err := s.List(actx, Filter{}, nil, 50)
				took = append(took, time.Since(t))
				require.NoError(b, err)
				require.Len(b, es, 50)
			}
			b.ReportMetric(float64(percentile(took, 0.5).Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(percentile(took, 0.95).Microseconds())/1000, "p95-ms")
		})
	}
	_ = ctx
}
