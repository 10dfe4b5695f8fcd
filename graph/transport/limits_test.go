package transport

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/99designs/gqlgen/graphql/introspection"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
)

// doublingFragments is n fragments that each spread the next one twice: a
// few bytes per level, 2^n selections expanded.
func doublingFragments(n int) string {
	var b strings.Builder
	b.WriteString("query { ...F0 }\n")
	for i := range n {
		fmt.Fprintf(&b, "fragment F%d on Query { ...F%d ...F%d }\n", i, i+1, i+1)
	}
	fmt.Fprintf(&b, "fragment F%d on Query { me { id } }\n", n)
	return b.String()
}

func parse(t *testing.T, q string) *ast.QueryDocument {
	t.Helper()
	doc, err := parser.ParseQuery(&ast.Source{Input: q})
	require.NoError(t, err)
	return doc
}

// within fails the test unless f returns within d. A walk that is
// exponential in the document would otherwise run for hours.
func within(t *testing.T, d time.Duration, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("did not finish within %v", d)
	}
}

func TestSelectionDepthMeasuresEachFragmentOnce(t *testing.T) {
	t.Parallel()
	for _, n := range []int{27, 40} {
		doc := parse(t, doublingFragments(n))
		var depth int
		within(t, 5*time.Second, func() { depth = selectionDepth(doc.Operations[0].SelectionSet, doc.Fragments) })
		require.Equal(t, 2, depth, "me { id } is two levels, however many fragments lead to it")
	}
	// Height still counts through fragments and inline fragments.
	doc := parse(t, `{ ...A } fragment A on Query { ... on Query { me { ...B } } } fragment B on User { id }`)
	require.Equal(t, 2, selectionDepth(doc.Operations[0].SelectionSet, doc.Fragments))
	// A cycle (validation refuses it) ends rather than recursing forever.
	doc = parse(t, `{ ...A } fragment A on Query { me { id } ...A }`)
	require.Equal(t, 2, selectionDepth(doc.Operations[0].SelectionSet, doc.Fragments))
}

func TestQueryShapeRefusesExpensiveDocuments(t *testing.T) {
	t.Parallel()
	q := NewQueryShape(Limits{Complexity: 5000, Depth: 12, Tokens: 15000})
	repeat := func(n int, f func(i int) string) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(f(i))
		}
		return b.String()
	}
	refused := map[string]string{
		"fragments doubling 27 levels":   doublingFragments(27),
		"fragments doubling 40 levels":   doublingFragments(40),
		"one fragment spread 2000 times": "{" + strings.Repeat(" ...F", 2000) + "} fragment F on Query { me { id name email } }",
		"one field 2500 times":           "{" + strings.Repeat(" me { id }", 2500) + "}",
		"one alias 2500 times":           "{" + strings.Repeat(" a: __typename", 2500) + "}",
		"1600 fragments spread together": "{" + repeat(1600, func(i int) string { return fmt.Sprintf(" ...G%d", i) }) + "}" +
			repeat(1600, func(i int) string { return fmt.Sprintf(" fragment G%d on Query { __typename }", i) }),
		"50 fields each spreading 100 fragments": "{" + strings.Repeat(" me {"+repeat(100, func(i int) string { return fmt.Sprintf(" ...U%d", i) })+" }", 50) + "}" +
			repeat(100, func(i int) string { return fmt.Sprintf(" fragment U%d on User { id }", i) }),
		"700 sets spreading a 700-fragment chain": "{" + repeat(700, func(i int) string { return fmt.Sprintf(" a%d: me { ...U0 }", i) }) + "}" +
			repeat(700, func(i int) string { return fmt.Sprintf(" fragment U%d on User { ...U%d }", i, i+1) }) + " fragment U700 on User { id }",
		"1000 operations over a 1000-fragment chain": repeat(1000, func(i int) string { return fmt.Sprintf(" query Q%d { ...F0 }", i) }) +
			repeat(1000, func(i int) string { return fmt.Sprintf(" fragment F%d on Query { ...F%d }", i, i+1) }) + " fragment F1000 on Query { __typename }",
	}
	for name, src := range refused {
		doc := parse(t, src)
		var msg string
		within(t, 5*time.Second, func() { msg = q.check(doc) })
		require.NotEmpty(t, msg, name)
	}

	accepted := map[string]string{
		"introspection": introspection.Query,
		"aliases":       "{" + repeat(1000, func(i int) string { return fmt.Sprintf(" a%d: me { id }", i) }) + "}",
		"a client's fragments": `query Q($id: ID!) { me { ...Who } document(id: $id) { id title owner { ...Who } updatedBy { ...Who }
			revisions(first: 10) { edges { node { version author { ...Who } } } } } }
			fragment Who on User { id name email kind __typename }`,
		"several operations": `query A { ...M } query B { ...M } query C { me { ...U } } fragment M on Query { me { ...U } } fragment U on User { id name }`,
	}
	for name, src := range accepted {
		require.Empty(t, q.check(parse(t, src)), name)
	}
}

// BenchmarkQueryShape is the pre-check's cost: one parse and one pass, paid
// once per distinct query text (accepted texts are remembered).
func BenchmarkQueryShape(b *testing.B) {
	q := NewQueryShape(Limits{Complexity: 5000, Depth: 12, Tokens: 15000})
	for name, src := range map[string]string{
		"introspection":     introspection.Query,
		"fragments40levels": doublingFragments(40),
		"field2500times":    "{" + strings.Repeat(" me { id }", 2500) + "}",
	} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				doc, err := parser.ParseQueryWithTokenLimit(&ast.Source{Input: src}, q.Tokens)
				if err != nil {
					b.Fatal(err)
				}
				_ = q.check(doc)
			}
		})
	}
}
