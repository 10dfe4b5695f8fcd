package graph

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"codna/internal/fault"
)

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
	if depth := selectionDepth(oc.Operation.SelectionSet, oc.Doc.Fragments, 0, d.Max, map[string]bool{}); depth > d.Max {
		err := gqlerror.Errorf("The query nests deeper than %d levels.", d.Max)
		err.Extensions = map[string]any{"code": string(fault.TooComplex)}
		return err
	}
	return nil
}

// selectionDepth returns the depth of set, stopping once it passes limit.
// visiting guards against fragment cycles (validation rejects them, but the
// limit must not depend on that).
func selectionDepth(set ast.SelectionSet, frags ast.FragmentDefinitionList, depth, limit int, visiting map[string]bool) int {
	if depth > limit {
		return depth
	}
	deepest := depth
	for _, sel := range set {
		var d int
		switch s := sel.(type) {
		case *ast.Field:
			if len(s.SelectionSet) == 0 {
				d = depth + 1
			} else {
				d = selectionDepth(s.SelectionSet, frags, depth+1, limit, visiting)
			}
		case *ast.InlineFragment:
			d = selectionDepth(s.SelectionSet, frags, depth, limit, visiting)
		case *ast.FragmentSpread:
			if visiting[s.Name] {
				continue
			}
			f := frags.ForName(s.Name)
			if f == nil {
				continue
			}
			visiting[s.Name] = true
			d = selectionDepth(f.SelectionSet, frags, depth, limit, visiting)
			delete(visiting, s.Name)
		}
		deepest = max(deepest, d)
	}
	return deepest
}

// pageCost is the complexity of a connection field: its children counted once
// per item it can return.
func pageCost(childComplexity int, first *int) int {
	n := 50
	if first != nil {
		n = max(1, min(*first, 100))
	}
	return 1 + n*childComplexity
}
