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
