package document_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/pgtest"
)

// TestLevelFormsMatchTheRule holds the forms of the access level that the
// read paths use (migrations 000010 and 000011: document_level,
// document_level_sources, and the lists probed from the sources, walked
// keeping those among them, or walked testing each level) to
// document_access_level, the statement of the rule (migration 000002), on
// random documents, owners, tombstones, quarantines, grants, groups and
// memberships (agents in groups included), for every person, agent and
// management, with both values of actor_is_person.
func TestLevelFormsMatchTheRule(t *testing.T) {
	t.Parallel()
	for _, seed := range []uint64{1, 2} {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			t.Parallel()
			checkLevelForms(t, seed)
		})
	}
}

type levelActor struct {
	id     uuid.UUID
	person bool
}

func checkLevelForms(t *testing.T, seed uint64) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(seed, 12))
	d := pgtest.New(t)
	pool := d.Pool

	var actors []levelActor
	var persons, users []uuid.UUID
	for range 8 {
		p := pgtest.CreatePerson(t, pool)
		persons = append(persons, p.ID)
		actors = append(actors, levelActor{p.ID, true})
	}
	for range 3 {
		a := pgtest.CreateAgent(t, pool)
		actors = append(actors, levelActor{a.ID, false})
	}
	for _, a := range actors {
		users = append(users, a.id)
	}
	actors = append(actors, levelActor{auth.ManagementID, false})
	var groups []uuid.UUID
	for range 4 {
		var members []uuid.UUID
		for _, u := range users { // agents too: their rows must change nothing
			if rng.IntN(3) == 0 {
				members = append(members, u)
			}
		}
		groups = append(groups, pgtest.CreateGroup(t, pool, members...).ID)
	}
	principals := append(append([]uuid.UUID{}, users...), auth.ManagementID)

	// Documents: owners mostly people and agents, a few rows naming
	// management; some tombstones and quarantines; titles and update times
	// with ties, so the cursors' tie-breaks are exercised.
	const docs = 160
	heavy := persons[0] // reads about half of everything: the walked branch
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var (
		ids                   []uuid.UUID
		owners                []uuid.UUID
		spaces, paths, titles []string
		tags                  []string
		updated               []time.Time
		deleted, quarantined  []bool
		gDocs, gTypes, gPerms []string
		gIDs, gPrincipal      []uuid.UUID
	)
	seen := map[string]bool{}
	grant := func(doc uuid.UUID, typ string, p uuid.UUID) {
		k := doc.String() + typ + p.String()
		if seen[k] {
			return
		}
		seen[k] = true
		gIDs = append(gIDs, uuid.New())
		gDocs = append(gDocs, doc.String())
		gTypes = append(gTypes, typ)
		gPrincipal = append(gPrincipal, p)
		gPerms = append(gPerms, []string{"read", "write"}[rng.IntN(2)])
	}
	for i := range docs {
		id := uuid.Must(uuid.NewV7())
		ids = append(ids, id)
		owner := users[rng.IntN(len(users))]
		if rng.IntN(40) == 0 {
			owner = auth.ManagementID
		}
		owners = append(owners, owner)
		spaces = append(spaces, []string{"wiki", "wiki", "raw", "output"}[rng.IntN(4)])
		paths = append(paths, []string{"", "a", "a/b", "ab", "c"}[rng.IntN(5)])
		titles = append(titles, []string{"Alpha", "alpha", "Beta", "gamma", "Delta"}[rng.IntN(5)]+fmt.Sprint(rng.IntN(4)))
		var tg []string
		for _, x := range []string{"x", "y"} {
			if rng.IntN(3) == 0 {
				tg = append(tg, x)
			}
		}
		tags = append(tags, "{"+strings.Join(tg, ",")+"}")
		updated = append(updated, base.Add(time.Duration(rng.IntN(60))*time.Minute))
		deleted = append(deleted, rng.IntN(8) == 0)
		quarantined = append(quarantined, rng.IntN(10) == 0)
		for range rng.IntN(3) {
			if rng.IntN(2) == 0 {
				grant(id, "user", principals[rng.IntN(len(principals))])
			} else {
				grant(id, "group", append(groups, auth.EveryoneID)[rng.IntN(len(groups)+1)])
			}
		}
		if i%2 == 0 {
			grant(id, "user", heavy)
		}
	}
	slugs := make([]string, docs)
	for i := range slugs {
		slugs[i] = fmt.Sprintf("d-%d", i)
	}
	pgtest.Exec(t, pool, `INSERT INTO documents (id, space, path, slug, title, tags, content_hash, created_by, updated_at,
		  deleted_at, purge_after, quarantined_at)
		SELECT x.id, x.space::space, x.path, x.slug, x.title, x.tags::text[], '\x00'::bytea, x.owner, x.updated,
		  CASE WHEN x.deleted THEN x.updated END, CASE WHEN x.deleted THEN x.updated + interval '30 days' END,
		  CASE WHEN x.quarantined THEN x.updated END
		FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::uuid[], $8::timestamptz[],
		            $9::bool[], $10::bool[]) AS x(id, space, path, slug, title, tags, owner, updated, deleted, quarantined)`,
		ids, spaces, paths, slugs, titles, tags, owners, updated, deleted, quarantined)
	pgtest.Exec(t, pool, `INSERT INTO document_access (id, document_id, principal_type, principal_id, permission)
		SELECT x.id, x.doc::uuid, x.typ::principal_type, x.principal, x.perm::permission
		FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[], $5::text[]) AS x(id, doc, typ, principal, perm)`,
		gIDs, gDocs, gTypes, gPrincipal, gPerms)
	// The drive threshold reads the planner's row estimate.
	pgtest.Exec(t, pool, `ANALYZE documents, document_access, group_members`)

	// document_level against the rule, every document for every user and
	// both values of actor_is_person.
	require.Zero(t, pgtest.Count(t, pool, `SELECT count(*)
		FROM documents d, users u, (VALUES (true), (false)) p(person)
		WHERE document_access_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, u.id, p.person)
		  IS DISTINCT FROM (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, u.id, p.person) AS a(level))`))

	// document_level_sources: what its comment promises.
	require.Zero(t, pgtest.Count(t, pool, `SELECT count(*)
		FROM documents d, users u, (VALUES (true), (false)) p(person)
		WHERE document_access_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, u.id, p.person)
		  IS DISTINCT FROM (
		    SELECT CASE WHEN count(*) = 0 THEN 0
		                WHEN (d.deleted_at IS NOT NULL OR d.quarantined_at IS NOT NULL) AND d.created_by <> u.id THEN 0
		                ELSE max(s.level) END
		    FROM document_level_sources(u.id, p.person) AS s(document_id, level)
		    WHERE s.document_id = d.id)`))

	// The lists, page by page, both orders, with filters, against the
	// rule; each of the three ways (docs/design.md#lists) must have been taken.
	filters := []db.DocumentListByUpdatedParams{
		{}, {Space: pgtest.Ptr(db.SpaceWiki)}, {PathPrefix: pgtest.Ptr("a"), Tags: []string{"x"}},
	}
	ways := map[string]int{}
	for _, a := range actors {
		for _, f := range filters {
			for _, page := range []int{7, 1000} {
				var way string
				require.NoError(t, pool.QueryRow(ctx, `SELECT CASE WHEN c < b.n / 4 THEN 'probed' WHEN c < b.n THEN 'hashed' ELSE 'walked' END
					FROM document_drive_bound($3) AS b(n),
					     LATERAL (SELECT count(*) AS c FROM (SELECT 1 FROM document_level_sources($1, $2) LIMIT b.n) s) c`,
					a.id, a.person, page+1).Scan(&way))
				ways[way]++
				for _, byTitle := range []bool{false, true} {
					name := fmt.Sprintf("actor %s person=%v filter %+v page %d title=%v way %s", a.id, a.person, f, page, byTitle, way)
					want := expectedList(t, pool, a, f, byTitle)
					got := listAll(t, pool, a, f, page, byTitle)
					require.Equal(t, want, got, name)
				}
			}
		}
	}
	for _, way := range []string{"probed", "hashed", "walked"} {
		require.Positive(t, ways[way], "no list was %s", way)
	}
}

type listed struct {
	ID    uuid.UUID
	Level int32
}

// expectedList is what a list must return, read with the rule itself.
func expectedList(t *testing.T, pool *pgxpool.Pool, a levelActor, f db.DocumentListByUpdatedParams, byTitle bool) []listed {
	t.Helper()
	order := "d.updated_at DESC, d.id DESC"
	if byTitle {
		order = "lower(d.title), d.id"
	}
	var space *string
	if f.Space != nil {
		space = pgtest.Ptr(string(*f.Space))
	}
	tags := f.Tags
	if tags == nil {
		tags = []string{}
	}
	rows, err := pool.Query(context.Background(), `SELECT d.id, l.level FROM documents d,
		  LATERAL (SELECT document_access_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, $1, $2) AS level) l
		WHERE d.deleted_at IS NULL AND l.level > 0
		  AND ($3::text IS NULL OR d.space::text = $3)
		  AND ($4::text IS NULL OR d.path = $4 OR starts_with(d.path, $4 || '/'))
		  AND d.tags @> $5::text[]
		ORDER BY `+order, a.id, a.person, space, f.PathPrefix, tags)
	require.NoError(t, err)
	defer rows.Close()
	out := []listed{}
	for rows.Next() {
		var l listed
		require.NoError(t, rows.Scan(&l.ID, &l.Level))
		out = append(out, l)
	}
	require.NoError(t, rows.Err())
	return out
}

// listAll pages through a list with its cursors, page documents at a time.
func listAll(t *testing.T, pool *pgxpool.Pool, a levelActor, f db.DocumentListByUpdatedParams, page int, byTitle bool) []listed {
	t.Helper()
	ctx := context.Background()
	tags := f.Tags
	if tags == nil {
		tags = []string{}
	}
	out := []listed{}
	var afterID *uuid.UUID
	var afterUpdated *time.Time
	var afterTitle *string
	for range 1000 {
		type row struct {
			ID        uuid.UUID
			Title     string
			UpdatedAt time.Time
		}
		var docs []row
		var levels []int32
		if byTitle {
			rs, err := db.Q.DocumentListByTitle(ctx, pool, db.DocumentListByTitleParams{
				ActorID: a.id, ActorIsPerson: a.person, Space: f.Space, PathPrefix: f.PathPrefix, Tags: tags,
				AfterID: afterID, AfterTitle: afterTitle, RowLimit: int32(page + 1),
			})
			require.NoError(t, err)
			for _, r := range rs {
				docs, levels = append(docs, row{r.ID, r.Title, r.UpdatedAt}), append(levels, r.Level)
			}
		} else {
			rs, err := db.Q.DocumentListByUpdated(ctx, pool, db.DocumentListByUpdatedParams{
				ActorID: a.id, ActorIsPerson: a.person, Space: f.Space, PathPrefix: f.PathPrefix, Tags: tags,
				AfterID: afterID, AfterUpdated: afterUpdated, RowLimit: int32(page + 1),
			})
			require.NoError(t, err)
			for _, r := range rs {
				docs, levels = append(docs, row{r.ID, r.Title, r.UpdatedAt}), append(levels, r.Level)
			}
		}
		more := len(docs) > page
		if more {
			docs, levels = docs[:page], levels[:page]
		}
		for i, d := range docs {
			out = append(out, listed{ID: d.ID, Level: levels[i]})
		}
		if !more {
			return out
		}
		last := docs[len(docs)-1]
		afterID, afterUpdated, afterTitle = &last.ID, &last.UpdatedAt, pgtest.Ptr(strings.ToLower(last.Title))
	}
	t.Fatal("the list did not end")
	return nil
}
