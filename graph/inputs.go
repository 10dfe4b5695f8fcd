package graph

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"codna/internal/fault"
)

// InputGuard checks every argument of an operation, literal or variable,
// before any resolver runs, for what the schema's types let through but
// nothing behind them can hold:
//   - a String or ID with a NUL character (Postgres text cannot store one) or
//     that is not UTF-8;
//   - a Time that is not RFC 3339, or an enum variable that is not one of
//     its values (gqlgen's own decoders would fail inside the resolver with
//     an uncoded error).
//
// Either is BAD_USER_INPUT naming the innermost input field, or the argument.
// One guard here replaces a check in every resolver.
type InputGuard struct{ Schema *ast.Schema }

var _ interface {
	graphql.HandlerExtension
	graphql.OperationContextMutator
} = InputGuard{}

// ExtensionName names the extension.
func (InputGuard) ExtensionName() string { return "InputGuard" }

// Validate accepts any schema.
func (InputGuard) Validate(graphql.ExecutableSchema) error { return nil }

// MutateOperationContext walks the arguments of every field the operation
// can reach, each fragment once.
func (g InputGuard) MutateOperationContext(_ context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	if oc.Operation == nil || g.Schema == nil {
		return nil
	}
	seen := map[string]bool{}
	var walk func(ast.SelectionSet) *fault.Error
	walk = func(set ast.SelectionSet) *fault.Error {
		for _, sel := range set {
			switch s := sel.(type) {
			case *ast.Field:
				if s.Definition != nil {
					for _, arg := range s.Arguments {
						def := s.Definition.Arguments.ForName(arg.Name)
						if def == nil || arg.Value == nil {
							continue
						}
						v, err := arg.Value.Value(oc.Variables)
						if err != nil {
							continue // validation already refused what cannot be read
						}
						if fe := g.check(def.Type, v, arg.Name); fe != nil {
							return fe
						}
					}
				}
				if fe := walk(s.SelectionSet); fe != nil {
					return fe
				}
			case *ast.InlineFragment:
				if fe := walk(s.SelectionSet); fe != nil {
					return fe
				}
			case *ast.FragmentSpread:
				if seen[s.Name] {
					continue
				}
				seen[s.Name] = true
				if f := oc.Doc.Fragments.ForName(s.Name); f != nil {
					if fe := walk(f.SelectionSet); fe != nil {
						return fe
					}
				}
			}
		}
		return nil
	}
	if fe := walk(oc.Operation.SelectionSet); fe != nil {
		return &gqlerror.Error{Message: fe.Message, Err: fe, Extensions: map[string]any{"code": string(fe.Code), "field": fe.Field}}
	}
	return nil
}

// maxInputDepth stops the walk of a value nested past anything the schema's
// input types allow (validation has checked the shape already).
const maxInputDepth = 64

// check walks v as a value of type t; field names where it sits.
func (g InputGuard) check(t *ast.Type, v any, field string) *fault.Error {
	return g.checkAt(t, v, field, 0)
}

func (g InputGuard) checkAt(t *ast.Type, v any, field string, depth int) *fault.Error {
	if v == nil || t == nil || depth > maxInputDepth {
		return nil
	}
	if t.Elem != nil {
		if list, ok := v.([]any); ok {
			for _, e := range list {
				if fe := g.checkAt(t.Elem, e, field, depth+1); fe != nil {
					return fe
				}
			}
			return nil
		}
		return g.checkAt(t.Elem, v, field, depth+1) // a single value stands for a list of one
	}
	def := g.Schema.Types[t.NamedType]
	if def == nil {
		return nil
	}
	switch def.Kind {
	case ast.InputObject:
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		for _, f := range def.Fields {
			if fe := g.checkAt(f.Type, m[f.Name], f.Name, depth+1); fe != nil {
				return fe
			}
		}
	case ast.Enum:
		// Validation checks enum literals, but a variable's value reaches
		// gqlgen's decoder unchecked.
		if s, ok := v.(string); !ok || def.EnumValues.ForName(s) == nil {
			return fault.Input(field, "This must be one of %s.", enumNames(def))
		}
	case ast.Scalar:
		switch def.Name {
		case "String", "ID":
			if s, ok := v.(string); ok {
				return checkText(s, field)
			}
		case "Upload":
			if _, ok := v.(graphql.Upload); !ok {
				return fault.Input(field, "This must be a file, sent in a multipart request (docs/api.md, Files).")
			}
		case "JSON":
			if _, ok := v.(map[string]any); !ok {
				return fault.Input(field, "This must be a JSON object.")
			}
		case "Time":
			if _, err := graphql.UnmarshalTime(v); err != nil {
				return fault.Input(field, "This is not a time: write it in RFC 3339, for example 2026-11-30T09:00:00Z.")
			}
		}
	}
	return nil
}

func enumNames(def *ast.Definition) string {
	names := make([]string, len(def.EnumValues))
	for i, v := range def.EnumValues {
		names[i] = v.Name
	}
	return strings.Join(names, ", ")
}

// checkText refuses text that cannot be stored.
func checkText(s, field string) *fault.Error {
	if strings.IndexByte(s, 0) >= 0 {
		return fault.Input(field, "Text may not contain NUL characters.")
	}
	if !utf8.ValidString(s) {
		return fault.Input(field, "Text must be UTF-8.")
	}
	return nil
}
