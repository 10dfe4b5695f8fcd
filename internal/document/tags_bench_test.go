package document_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/document"
	"codna/internal/pgtest"
)

// BenchmarkTags is the tag index's one statement (document.Service.Tags,
// first 100) over 100,000 live documents holding 1–4 of 2,000 tags (a few
// common, most rare), owned by 200 people; 60 % read by Everyone, 5 % by
// one of 20 groups, 1 % shared with an agent. Actors: a person who reads
// Everyone's pages, is in 3 of the groups and owns 500 (about 60,000
// readable), the same with a prefix, and the agent, which reads only its
// 1,000 grants.
func BenchmarkTags(b *testing.B) {
	d := pgtest.New(b)
	ctx := context.Background()
	wide := pgtest.CreatePerson(b, d.Pool)
	narrow := pgtest.CreateAgent(b, d.Pool, wide.ID)
	owners := []uuid.UUID{wide.ID}
	for range 199 {
		owners = append(owners, pgtest.CreatePerson(b, d.Pool).ID)
	}
	var groups []uuid.UUID
	for i := range 20 {
		members := []uuid.UUID{}
		if i < 3 {
			members = append(members, wide.ID)
		}
		groups = append(groups, pgtest.CreateGroup(b, d.Pool, members...).ID)
	}
	// Tag i has weight ~ 1/i (Zipf-like): tag-1 on about 1 page in 8, tag-2000 on a few.
	_, err := d.Pool.Exec(ctx, `
		INSERT INTO documents (id, space, path, slug, title, content, tags, content_hash, created_by)
		SELECT gen_random_uuid(), 'wiki', 'bench/' || (i % 50), 'doc-' || i, 'Doc ' || i, 'body ' || i,
		       ARRAY(SELECT DISTINCT 'tag-' || (1 + floor(power(2000, random()))::int - 1 + (k * 0))
		             FROM generate_series(1, 1 + (i % 4)) k),
		       '\x00'::bytea, ($1::uuid[])[1 + (i % 200)]
		FROM generate_series(1, 100000) i`, owners)
	require.NoError(b, err)
	_, err = d.Pool.Exec(ctx, `
		WITH docs AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM documents)
		INSERT INTO document_access (id, document_id, principal_type, principal_id, permission)
		SELECT gen_random_uuid(), id, 'group'::principal_type, '00000000-0000-0000-0000-000000000002'::uuid, 'read'::permission FROM docs WHERE n % 10 < 6
		UNION ALL
		SELECT gen_random_uuid(), id, 'group', ($1::uuid[])[1 + (n / 20) % 20], 'read' FROM docs WHERE n % 20 = 7
		UNION ALL
		SELECT gen_random_uuid(), id, 'user', $2::uuid, 'read' FROM docs WHERE n % 100 = 9`, groups, narrow.ID)
	require.NoError(b, err)
	for _, t := range []string{"documents", "document_access"} {
		_, err = d.Pool.Exec(ctx, "VACUUM ANALYZE "+t)
		require.NoError(b, err)
	}
	svc := document.New(d.Pool, document.DefaultConfig)
	for _, c := range []struct {
		name   string
		actor  *auth.Actor
		prefix string
	}{
		{"everyone-reader", &auth.Actor{UserID: wide.ID, Kind: auth.KindPerson}, ""},
		{"everyone-reader-prefix", &auth.Actor{UserID: wide.ID, Kind: auth.KindPerson}, "tag-1"},
		{"agent-1000-grants", &auth.Actor{UserID: narrow.ID, Kind: auth.KindAgent}, ""},
	} {
		b.Run(c.name, func(b *testing.B) {
			actx := auth.WithActor(ctx, c.actor)
			var tags []document.TagCount
			for b.Loop() {
				if tags, err = svc.Tags(actx, c.prefix, 100); err != nil {
					b.Fatal(err)
				}
			}
			n := 0
			for _, t := range tags {
				n += t.Count
			}
			b.ReportMetric(float64(len(tags)), "tags")
			b.ReportMetric(float64(n), "counted")
		})
	}
}
