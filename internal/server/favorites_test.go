package server_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/pgtest"
)

// Favourites and recently viewed over GraphQL: star, the lists, reorder,
// unstar, a recorded view, and the refusals.
func TestFavoritesOverGraphQL(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	token := pgtest.CreatePersonToken(t, b.pool, p.ID)
	run := func(q string, vars map[string]any) gqlResponse {
		return b.do(t, req{query: q, variables: vars, bearer: token})
	}
	x := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Slug: "x", Title: "X"})
	y := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Slug: "y", Title: "Y"})
	stranger := pgtest.CreateDocument(t, b.pool, pgtest.CreatePerson(t, b.pool).ID, pgtest.Doc{})

	const star = `mutation($i: DocumentRefInput!) { starDocument(input: $i) { document { id starred } } }`
	for _, id := range []string{x.ID.String(), y.ID.String()} {
		r := run(star, map[string]any{"i": map[string]any{"documentId": id}})
		require.Empty(t, r.Errors)
		require.Equal(t, true, obj(r.Data, "starDocument", "document", "starred"))
	}
	r := run(star, map[string]any{"i": map[string]any{"documentId": stranger.ID.String()}})
	require.Equal(t, "NOT_FOUND", r.code())

	titles := func(field string) []any {
		r := run(`{ `+field+` { title starred } }`, nil)
		require.Empty(t, r.Errors)
		var out []any
		for _, d := range r.Data[field].([]any) {
			out = append(out, d.(map[string]any)["title"])
		}
		return out
	}
	require.Equal(t, []any{"X", "Y"}, titles("favorites"))
	r = run(`mutation($i: MoveFavoriteInput!) { moveFavorite(input: $i) { title } }`, map[string]any{"i": map[string]any{"documentId": y.ID.String(), "before": x.ID.String()}})
	require.Empty(t, r.Errors)
	require.Equal(t, []any{map[string]any{"title": "Y"}, map[string]any{"title": "X"}}, r.Data["moveFavorite"])
	r = run(`mutation($i: DocumentRefInput!) { unstarDocument(input: $i) { document { starred } } }`, map[string]any{"i": map[string]any{"documentId": y.ID.String()}})
	require.Empty(t, r.Errors)
	require.Equal(t, false, obj(r.Data, "unstarDocument", "document", "starred"))
	require.Equal(t, []any{"X"}, titles("favorites"))

	const view = `mutation($i: DocumentRefInput!) { recordView(input: $i) }`
	r = run(view, map[string]any{"i": map[string]any{"documentId": y.ID.String()}})
	require.Empty(t, r.Errors)
	r = run(view, map[string]any{"i": map[string]any{"documentId": stranger.ID.String()}})
	require.Equal(t, "NOT_FOUND", r.code())
	_, err := b.app.Favorite.FlushViews(auth.SystemContext(context.Background()))
	require.NoError(t, err)
	require.Equal(t, []any{"Y"}, titles("recentDocuments"))

	agent := pgtest.CreateAgent(t, b.pool, p.ID)
	r = b.do(t, req{query: star, variables: map[string]any{"i": map[string]any{"documentId": x.ID.String()}}, bearer: agent.Token})
	require.Equal(t, "FORBIDDEN", r.code())
	r = b.do(t, req{query: `{ favorites { id } recentDocuments { id } }`, bearer: agent.Token})
	require.Empty(t, r.Errors)
	require.Empty(t, r.Data["favorites"])
	require.Empty(t, r.Data["recentDocuments"])
}

// starred on a documents page costs one statement whatever the page's size.
func TestStarredStatementsDoNotGrowWithPageSize(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	token := pgtest.CreatePersonToken(t, b.pool, p.ID)
	const q = `{ documents(first: 50) { edges { node { id starred } } } }`
	count := func() (int64, int) {
		b.counter.Reset()
		r := b.do(t, req{query: q, bearer: token})
		require.Empty(t, r.Errors)
		return b.counter.Count(), len(obj(r.Data, "documents", "edges").([]any))
	}
	star := func(id string) {
		r := b.do(t, req{query: `mutation($i: DocumentRefInput!) { starDocument(input: $i) { document { id } } }`,
			variables: map[string]any{"i": map[string]any{"documentId": id}}, bearer: token})
		require.Empty(t, r.Errors)
	}
	for i := range 5 {
		star(pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Slug: fmt.Sprintf("a-%d", i)}).ID.String())
	}
	count() // the token's first use records it
	five, n := count()
	require.Equal(t, 5, n)
	for i := range 45 {
		d := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Slug: fmt.Sprintf("b-%d", i)})
		if i%2 == 0 {
			star(d.ID.String())
		}
	}
	fifty, n := count()
	require.Equal(t, 50, n)
	require.Equal(t, five, fifty, "statements must not grow with the page")
	require.Equal(t, int64(3), fifty, "token lookup, list, stars")
}
