package transport

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/validator"

	"codna/graph"
)

// operation builds the operation context gqlgen's executor hands the
// extensions: the parsed and validated query and its coerced variables.
func operation(t *testing.T, es graphql.ExecutableSchema, q, vars string) *graphql.OperationContext {
	t.Helper()
	doc, errs := gqlparser.LoadQuery(es.Schema(), q)
	require.Empty(t, errs)
	raw := map[string]any{}
	if vars != "" {
		dec := json.NewDecoder(strings.NewReader(vars))
		dec.UseNumber()
		require.NoError(t, dec.Decode(&raw))
	}
	coerced, err := validator.VariableValues(es.Schema(), doc.Operations[0], raw)
	require.Nil(t, err)
	return &graphql.OperationContext{RawQuery: q, Doc: doc, Variables: coerced, Stats: graphql.Stats{}}
}

// The remembered figure is gqlgen's own, on the first request of a key and
// on every later one, and an operation over the limit fails as gqlgen's.
func TestComplexityLimitAnswersAsGqlgens(t *testing.T) {
	t.Parallel()
	es := graph.NewSchema(&graph.Resolver{})
	const page = `query Page($first: Int, $after: String, $order: DocumentOrder, $filter: DocumentFilter) {
  documents(first: $first, after: $after, orderBy: $order, filter: $filter) { edges { node { id title links { target { title } } } } }
}`
	cases := []struct{ q, vars string }{
		{page, `{"first": 50}`},
		{page, `{"first": 10, "after": "abc", "order": "TITLE", "filter": {"pathPrefix": "a/b", "tags": ["x", "y"]}}`},
		{page, `{"first": 100}`},
		{page, `{}`},
		{`{ documents(first: 20) { edges { node { id } } } }`, ``},
		{page, `{"first": 1, "after": "` + strings.Repeat("x", 2000) + `"}`}, // not kept: too large
	}
	for _, limit := range []int{100_000, 300} {
		ours := NewComplexityLimit(limit)
		require.NoError(t, ours.Validate(es))
		gqlgens := extension.FixedComplexityLimit(limit)
		require.NoError(t, gqlgens.Validate(es))
		for round := range 2 {
			for _, c := range cases {
				want, got := operation(t, es, c.q, c.vars), operation(t, es, c.q, c.vars)
				wantErr := gqlgens.MutateOperationContext(context.Background(), want)
				gotErr := ours.MutateOperationContext(context.Background(), got)
				require.Equal(t, wantErr, gotErr, "round %d, %s", round, c.vars)
				require.Equal(t, want.Stats.GetExtension("ComplexityLimit"), got.Stats.GetExtension("ComplexityLimit"), "round %d, %s", round, c.vars)
			}
		}
		for i, c := range cases {
			key, cacheable := complexityKey(operation(t, es, c.q, c.vars))
			_, kept := ours.known.Get(context.Background(), key)
			require.Equal(t, i != len(cases)-1, cacheable && kept, "every case but the large one kept")
		}
	}
}

func TestComplexityKeysTellVariablesApart(t *testing.T) {
	t.Parallel()
	es := graph.NewSchema(&graph.Resolver{})
	const q = `query Page($first: Int, $after: String) { documents(first: $first, after: $after) { edges { node { id } } } }`
	keys := map[string]string{}
	for _, vars := range []string{`{}`, `{"first": 5}`, `{"first": 50}`, `{"after": "5"}`, `{"first": 5, "after": ""}`, `{"first": null}`} {
		k, ok := complexityKey(operation(t, es, q, vars))
		require.True(t, ok, vars)
		require.NotContains(t, keys, k, "%s has the key of %s", vars, keys[k])
		keys[k] = vars
	}
	_, ok := complexityKey(operation(t, es, q, `{"after": "`+strings.Repeat("x", complexityKeyMax)+`"}`))
	require.False(t, ok, "a large variable is not kept")
}
