package schedule

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2/ast"
)

// CollectFields answers what graphql.CollectFields answers for every
// selection set of an operation, from the operation's cache once collected
// (the very slice, from any goroutine), past the sets its list keeps too.
func TestCollectFieldsCachesPerSelectionSet(t *testing.T) {
	t.Parallel()
	s := schema(t)
	// 3*fieldsScanned aliased documents fields, each node its own selection set.
	var q strings.Builder
	q.WriteString("{")
	for i := range 3 * fieldsScanned {
		fmt.Fprintf(&q, " d%d: documents { edges { node { id title%s } } }", i, []string{"", " path", " path slug"}[i%3])
	}
	q.WriteString(" }")
	doc := query(t, s, q.String())
	oc := &graphql.OperationContext{Doc: doc, Operation: doc.Operations[0], Variables: map[string]any{}}
	op := From(WithOperation(context.Background()))
	satisfies := []string{"Document"}
	var nodes []ast.SelectionSet
	for _, sel := range doc.Operations[0].SelectionSet {
		edges := sel.(*ast.Field).SelectionSet[0].(*ast.Field)
		nodes = append(nodes, edges.SelectionSet[0].(*ast.Field).SelectionSet)
	}
	first := make([][]graphql.CollectedField, len(nodes))
	for i, sel := range nodes {
		first[i] = op.CollectFields(oc, sel, satisfies)
		require.Equal(t, graphql.CollectFields(oc, sel, satisfies), first[i])
		require.Len(t, first[i], 2+i%3)
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for i, sel := range nodes {
				again := op.CollectFields(oc, sel, satisfies)
				if len(again) == 0 || &again[0] != &first[i][0] {
					t.Errorf("selection set %d collected again", i)
				}
			}
		})
	}
	wg.Wait()
}

// A selection set whose collection reads nothing of the operation is
// collected once for every operation on the same parsed query (the very
// slice); one with @include, or a fragment spread, is collected per
// operation, by that operation's variables.
func TestCollectFieldsSharesOnlyWhatTheOperationCannotChange(t *testing.T) {
	t.Parallel()
	s := schema(t)
	doc := query(t, s, `query($t: Boolean!) {
		a: documents { edges { node { id title ... on Document { path } } } }
		b: documents { edges { node { id title @include(if: $t) } } }
		c: documents { edges { node { id ...F } } }
	}
	fragment F on Document { slug }`)
	node := func(i int) ast.SelectionSet {
		edges := doc.Operations[0].SelectionSet[i].(*ast.Field).SelectionSet[0].(*ast.Field)
		return edges.SelectionSet[0].(*ast.Field).SelectionSet
	}
	satisfies := []string{"Document"}
	names := func(fields []graphql.CollectedField) []string {
		var out []string
		for _, f := range fields {
			out = append(out, f.Name)
		}
		return out
	}
	collect := func(variables map[string]any, i int) []graphql.CollectedField {
		oc := &graphql.OperationContext{Doc: doc, Operation: doc.Operations[0], Variables: variables}
		op := From(WithOperation(context.Background()))
		fields := op.CollectFields(oc, node(i), satisfies)
		require.Equal(t, graphql.CollectFields(oc, node(i), satisfies), fields)
		return fields
	}
	yes, no := map[string]any{"t": true}, map[string]any{"t": false}

	first, second := collect(yes, 0), collect(no, 0)
	require.Equal(t, []string{"id", "title", "path"}, names(first))
	require.Same(t, &first[0], &second[0], "collected again for another operation")

	require.Equal(t, []string{"id", "title"}, names(collect(yes, 1)))
	require.Equal(t, []string{"id"}, names(collect(no, 1)))
	require.Equal(t, []string{"id", "title"}, names(collect(yes, 1)))

	spread, again := collect(yes, 2), collect(yes, 2)
	require.Equal(t, []string{"id", "slug"}, names(spread))
	require.NotSame(t, &spread[0], &again[0], "a spread's collection shared across operations")
}

// A shared entry keeps its document and text reachable: a long text (a
// query padded with a comment) is collected per operation, not kept.
func TestCollectFieldsKeepsNoLongQueryText(t *testing.T) {
	t.Parallel()
	s := schema(t)
	doc := query(t, s, "{ documents { edges { node { id title } } } }\n#"+strings.Repeat(" ", MaxSharedQuery))
	node := doc.Operations[0].SelectionSet[0].(*ast.Field).SelectionSet[0].(*ast.Field).SelectionSet[0].(*ast.Field).SelectionSet
	collect := func() []graphql.CollectedField {
		oc := &graphql.OperationContext{Doc: doc, Operation: doc.Operations[0]}
		return From(WithOperation(context.Background())).CollectFields(oc, node, []string{"Document"})
	}
	first, second := collect(), collect()
	require.Len(t, first, 2)
	require.NotSame(t, &first[0], &second[0], "a long text's collection shared across operations")
}
