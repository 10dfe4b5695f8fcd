package transport

import (
	"context"
	"crypto/sha256"
	"fmt"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/parser"

	"codna/internal/fault"
)

// MinSelections is the least number of expanded selections a document may
// always have, whatever the complexity limit: enough for a client's full
// introspection query (which complexity does not count).
const MinSelections = 2000

// MaxSelections is the most, whatever the complexity limit: gqlgen's
// complexity walk visits every expanded selection, so this bounds its time.
const MaxSelections = 100_000

// OverlapBudget bounds the work validation spends comparing fields that share
// a response name and fragments spread together (the OverlappingFieldsCanBeMerged
// rule, quadratic in those): at the budget it takes a few tens of milliseconds.
// Real queries stay far below it: a 1000-field query that repeats __typename and
// id in 200 selection sets each uses about 45 000.
const OverlapBudget = 200_000

// QueryShape refuses, before gqlgen parses and validates a query, documents
// whose validation or complexity walk would cost more than their size
// suggests. Validation walks every operation and compares overlapping fields
// pairwise, and gqlgen's complexity walk re-enters a fragment at every spread,
// so a 1 KB query whose fragments each spread the next one twice costs 2^n.
// QueryShape measures the document in one pass that visits each fragment once
// (memoised per fragment) and answers QUERY_TOO_COMPLEX when
//   - an operation expands (every fragment spread inlined) to more than
//     Selections selections, or
//   - the estimated work of the pairwise validation rule exceeds OverlapBudget.
//
// A document that does not parse is left to gqlgen, which reports the error.
type QueryShape struct {
	Selections int // expanded selections per document, counting all its operations
	Tokens     int // parser token limit, as gqlgen's
	passed     *lru.LRU[struct{}]
}

var _ interface {
	graphql.HandlerExtension
	graphql.OperationParameterMutator
} = QueryShape{}

// NewQueryShape returns the pre-check for the given limits.
func NewQueryShape(l Limits) QueryShape {
	return QueryShape{Selections: min(max(l.Complexity, MinSelections), MaxSelections), Tokens: l.Tokens, passed: lru.New[struct{}](1000)}
}

// ExtensionName names the extension.
func (QueryShape) ExtensionName() string { return "QueryShape" }

// Validate accepts any schema.
func (QueryShape) Validate(graphql.ExecutableSchema) error { return nil }

// MutateOperationParameters measures the document in params.Query.
func (q QueryShape) MutateOperationParameters(ctx context.Context, params *graphql.RawParams) *gqlerror.Error {
	if params.Query == "" {
		return nil
	}
	// Keyed by a digest: a thousand full query texts of up to the body
	// limit each would make the cache itself the attack.
	sum := sha256.Sum256([]byte(params.Query))
	key := string(sum[:])
	if q.passed != nil {
		if _, ok := q.passed.Get(ctx, key); ok {
			return nil
		}
	}
	doc, err := parser.ParseQueryWithTokenLimit(&ast.Source{Input: params.Query}, q.Tokens)
	if err != nil {
		return nil
	}
	if msg := q.check(doc); msg != "" {
		e := gqlerror.Errorf("%s", msg)
		e.Extensions = map[string]any{"code": string(fault.TooComplex)}
		return e
	}
	if q.passed != nil {
		q.passed.Add(ctx, key, struct{}{})
	}
	return nil
}

// check answers why doc is refused, or "".
func (q QueryShape) check(doc *ast.QueryDocument) string {
	m := newShapeMeter(doc)
	expanded := 0
	for _, op := range doc.Operations {
		expanded = satAdd(expanded, m.set(op.SelectionSet).size)
	}
	for _, f := range doc.Fragments {
		// Validation walks an unused fragment too (and then refuses it).
		expanded = max(expanded, m.fragment(f.Name).size)
	}
	if q.Selections > 0 && expanded > q.Selections {
		return fmt.Sprintf("The query expands to more than %d selections once its fragments are spread; send a smaller query.", q.Selections)
	}
	if m.overlapWork(doc, OverlapBudget) > OverlapBudget {
		return "The query repeats the same fields or fragments too often to be checked; send a smaller query."
	}
	return ""
}

// shapeMeter measures selection sets, each fragment once.
type shapeMeter struct {
	frags map[string]*ast.FragmentDefinition
	memo  map[string]shapeOf
	// open holds the fragments being measured: a cycle (which validation
	// refuses) counts nothing more.
	open map[string]bool
	// spreadPairs sums, over the document's selection sets, the pairs of
	// fragment spreads written in each.
	spreadPairs int
}

type shapeOf struct{ size, height int }

func newShapeMeter(doc *ast.QueryDocument) *shapeMeter {
	m := &shapeMeter{
		frags: make(map[string]*ast.FragmentDefinition, len(doc.Fragments)),
		memo:  map[string]shapeOf{},
		open:  map[string]bool{},
	}
	for _, f := range doc.Fragments {
		if _, dup := m.frags[f.Name]; !dup {
			m.frags[f.Name] = f
		}
	}
	return m
}

// fragment measures a fragment's selection set once.
func (m *shapeMeter) fragment(name string) shapeOf {
	if s, ok := m.memo[name]; ok {
		return s
	}
	f := m.frags[name]
	if f == nil || m.open[name] {
		return shapeOf{}
	}
	m.open[name] = true
	s := m.set(f.SelectionSet)
	delete(m.open, name)
	m.memo[name] = s
	return s
}

// set measures one selection set written in the document: its size with
// every spread expanded, and its height (the depth limit's measure: a field
// is one level, fragments add none).
func (m *shapeMeter) set(set ast.SelectionSet) shapeOf {
	var out shapeOf
	spreads := 0
	var walk func(ast.SelectionSet)
	walk = func(set ast.SelectionSet) {
		for _, sel := range set {
			out.size = satAdd(out.size, 1)
			switch s := sel.(type) {
			case *ast.Field:
				child := m.set(s.SelectionSet)
				out.size = satAdd(out.size, child.size)
				out.height = max(out.height, 1+child.height)
			case *ast.InlineFragment:
				walk(s.SelectionSet)
			case *ast.FragmentSpread:
				spreads++
				f := m.fragment(s.Name)
				out.size = satAdd(out.size, f.size)
				out.height = max(out.height, f.height)
			}
		}
	}
	walk(set)
	m.spreadPairs = satAdd(m.spreadPairs, pairs(spreads))
	return out
}

// overlapWork estimates, from above, the steps the pairwise validation rule
// (OverlappingFieldsCanBeMerged) takes on doc, stopping once past budget. The
// rule compares every pair of fragments and every pair of spreads written in
// one selection set; and, in each operation and each fragment, every pair of
// fields sharing a response name, then their sub-selections merged, level by
// level. It must be called after set has measured the whole document.
func (m *shapeMeter) overlapWork(doc *ast.QueryDocument, budget int) int {
	w := satAdd(pairs(len(m.frags)), m.spreadPairs)
	for _, op := range doc.Operations {
		w = satAdd(w, m.merged([]ast.SelectionSet{op.SelectionSet}, budget-w, 0))
	}
	for _, f := range doc.Fragments {
		w = satAdd(w, m.merged([]ast.SelectionSet{f.SelectionSet}, budget-w, 0))
	}
	return w
}

// maxMergeDepth stops the merged walk of a fragment cycle (which validation
// refuses); it is far deeper than the depth limit lets any query be.
const maxMergeDepth = 100

// merged walks sets as one selection set, the way a response merges them:
// fields grouped by response name, each fragment inlined once. It counts the
// selections visited, the pairs of fields in each group and the square of
// each group's width (its fields' sub-selections and spreads are compared
// pairwise too), then does the same one level down for each group.
func (m *shapeMeter) merged(sets []ast.SelectionSet, budget, depth int) int {
	if budget < 0 || depth > maxMergeDepth {
		return 0
	}
	type group struct {
		fields, width int
		children      []ast.SelectionSet
	}
	groups := map[string]*group{}
	var order []string
	inlined := map[string]bool{}
	work := 0
	var collect func(ast.SelectionSet)
	collect = func(set ast.SelectionSet) {
		for _, sel := range set {
			work++
			switch s := sel.(type) {
			case *ast.Field:
				name := s.Alias
				if name == "" {
					name = s.Name
				}
				g := groups[name]
				if g == nil {
					g = &group{}
					groups[name] = g
					order = append(order, name)
				}
				g.fields++
				g.width = satAdd(g.width, len(s.SelectionSet))
				if len(s.SelectionSet) > 0 {
					g.children = append(g.children, s.SelectionSet)
				}
			case *ast.InlineFragment:
				collect(s.SelectionSet)
			case *ast.FragmentSpread:
				if f := m.frags[s.Name]; f != nil && !inlined[s.Name] {
					inlined[s.Name] = true
					collect(f.SelectionSet)
				}
			}
		}
	}
	for _, set := range sets {
		collect(set)
	}
	for _, name := range order {
		g := groups[name]
		if g.fields > 1 {
			work = satAdd(work, pairs(g.fields))
			work = satAdd(work, satMul(g.width, g.width)/2)
		}
		if work > budget {
			return work
		}
		if len(g.children) > 0 {
			work = satAdd(work, m.merged(g.children, budget-work, depth+1))
		}
	}
	return work
}

const satMax = 1 << 50

func satAdd(a, b int) int { return min(a+b, satMax) }

func satMul(a, b int) int {
	if a != 0 && b > satMax/a {
		return satMax
	}
	return a * b
}

func pairs(n int) int { return satMul(n, n-1) / 2 }

// DepthLimit refuses operations whose selections nest deeper than Max, before
// any resolver runs. gqlgen has no depth limit of its own.
type DepthLimit struct{ Max int }

var _ interface {
	graphql.HandlerExtension
	graphql.OperationContextMutator
} = DepthLimit{}

// ExtensionName names the extension.
func (DepthLimit) ExtensionName() string { return "DepthLimit" }

// Validate accepts any schema.
func (DepthLimit) Validate(graphql.ExecutableSchema) error { return nil }

// MutateOperationContext measures the operation's depth.
func (d DepthLimit) MutateOperationContext(_ context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	if d.Max <= 0 || oc.Operation == nil {
		return nil
	}
	if depth := selectionDepth(withoutIntrospection(oc.Operation.SelectionSet), oc.Doc.Fragments); depth > d.Max {
		err := gqlerror.Errorf("The query nests deeper than %d levels.", d.Max)
		err.Extensions = map[string]any{"code": string(fault.TooComplex)}
		return err
	}
	return nil
}

// withoutIntrospection drops the operation's top-level __schema and __type
// fields: GraphiQL's own introspection query nests 15 levels (ofType chains),
// and introspection is bounded elsewhere (gqlparser's introspection-depth
// rule, the query-shape pre-check and the complexity limit).
func withoutIntrospection(set ast.SelectionSet) ast.SelectionSet {
	kept := make(ast.SelectionSet, 0, len(set))
	for _, sel := range set {
		if f, ok := sel.(*ast.Field); ok && (f.Name == "__schema" || f.Name == "__type") {
			continue
		}
		kept = append(kept, sel)
	}
	return kept
}

// selectionDepth returns how deep set nests, fragments expanded. Each
// fragment is measured once (its height does not depend on where it is
// spread), so the cost is linear in the document even when fragments spread
// others many times over; a fragment cycle (refused by validation) adds
// nothing.
func selectionDepth(set ast.SelectionSet, frags ast.FragmentDefinitionList) int {
	m := newShapeMeter(&ast.QueryDocument{Fragments: frags})
	return m.set(set).height
}
