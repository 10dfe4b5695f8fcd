package server_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

const searchQuery = `query($q: String!, $f: SearchFilter, $first: Int, $after: String) {
  search(query: $q, filter: $f, first: $first, after: $after) {
    edges { cursor node { score document { id title owner { email } } title { text ranges { start end } } snippet { text ranges { start end } } } }
    pageInfo { hasNextPage endCursor }
    totalCount totalIsApproximate
    facets { spaces { value count } tags { value count } }
  }
}`

func TestSearchOverGraphQL(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner := pgtest.CreatePerson(t, b.pool)
	token := pgtest.CreatePersonToken(t, b.pool, owner.ID)
	agent := pgtest.CreateAgent(t, b.pool, owner.ID)
	d := pgtest.CreateDocument(t, b.pool, owner.ID, pgtest.Doc{Title: "😀 Résumé tips", Tags: []string{"career"},
		Content: "Write your **résumé** in plain words."})
	pgtest.CreateDocument(t, b.pool, owner.ID, pgtest.Doc{Title: "Other", Tags: []string{"career"}, Content: "A resume is a summary."})
	require.NoError(t, b.app.Outbox.Drain(context.Background()))

	r := b.do(t, req{query: searchQuery, variables: map[string]any{"q": "resume", "first": 1}, bearer: token})
	require.Empty(t, r.Errors)
	s := obj(r.Data, "search").(map[string]any)
	require.EqualValues(t, 2, s["totalCount"])
	require.Equal(t, false, s["totalIsApproximate"])
	edges := s["edges"].([]any)
	require.Len(t, edges, 1)
	node := obj(edges[0], "node").(map[string]any)
	require.Equal(t, d.ID.String(), obj(node, "document", "id"))
	require.Equal(t, owner.Email, obj(node, "document", "owner", "email"))
	// The title starts with an emoji, two UTF-16 units: "Résumé" is 3..9.
	require.Equal(t, map[string]any{"text": "😀 Résumé tips", "ranges": []any{map[string]any{"start": 3.0, "end": 9.0}}}, node["title"])
	require.Equal(t, "Write your résumé in plain words.", obj(node, "snippet", "text"))
	require.Equal(t, []any{map[string]any{"start": 11.0, "end": 17.0}}, obj(node, "snippet", "ranges"))
	require.Equal(t, map[string]any{"spaces": []any{map[string]any{"value": "wiki", "count": 2.0}},
		"tags": []any{map[string]any{"value": "career", "count": 2.0}}}, s["facets"])
	require.Equal(t, true, obj(s, "pageInfo", "hasNextPage"))

	next := b.do(t, req{query: searchQuery, variables: map[string]any{"q": "resume", "after": obj(s, "pageInfo", "endCursor")}, bearer: token})
	require.Empty(t, next.Errors)
	require.Len(t, obj(next.Data, "search", "edges").([]any), 1)
	require.Equal(t, false, obj(next.Data, "search", "pageInfo", "hasNextPage"))

	// Filters, and bad input with its field.
	f := b.do(t, req{query: searchQuery, variables: map[string]any{"q": "", "f": map[string]any{"spaces": []string{"OUTPUT"}}}, bearer: token})
	require.Empty(t, f.Errors)
	require.EqualValues(t, 0, obj(f.Data, "search", "totalCount"))
	for _, c := range []struct {
		vars  map[string]any
		field string
	}{
		{map[string]any{"q": strings.Repeat("x", 1001)}, "query"},
		{map[string]any{"q": "x", "first": 0}, "first"},
		{map[string]any{"q": "x", "after": "bogus"}, "after"},
		{map[string]any{"q": "x", "f": map[string]any{"owner": "not-an-id"}}, "filter.owner"},
		{map[string]any{"q": "x", "f": map[string]any{"tags": []string{"Not A Tag!"}}}, "filter.tags"},
	} {
		bad := b.do(t, req{query: searchQuery, variables: c.vars, bearer: token})
		require.Equal(t, "BAD_USER_INPUT", bad.code(), "%v", c.vars)
		require.Equal(t, c.field, bad.Errors[0].Extensions["field"], "%v", c.vars)
	}
	for _, q := range []string{"&|!():*<>", `"open`, "'; DROP TABLE documents; --", "🙂"} {
		ok := b.do(t, req{query: searchQuery, variables: map[string]any{"q": q}, bearer: token})
		require.Empty(t, ok.Errors, q)
	}

	// Management cannot search; an agent sees only what is shared with it.
	m := b.do(t, req{query: searchQuery, variables: map[string]any{"q": "resume"}, bearer: pgtest.CreateManageToken(t, b.pool)})
	require.Equal(t, "FORBIDDEN", m.code())
	a := b.do(t, req{query: searchQuery, variables: map[string]any{"q": "resume"}, bearer: agent.Token})
	require.Empty(t, a.Errors)
	require.EqualValues(t, 0, obj(a.Data, "search", "totalCount"))
}
