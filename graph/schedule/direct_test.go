package schedule

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2/ast"
)

type marshaller struct{ seen []any }

// element marshals *e, recording the field context's Result; 1 panics.
func (m *marshaller) element(ctx context.Context, _ ast.SelectionSet, e *int) graphql.Marshaler {
	m.seen = append(m.seen, graphql.GetFieldContext(ctx).Result)
	if *e == 1 {
		panic("boom")
	}
	return graphql.MarshalInt(*e)
}

func recoveringContext() context.Context {
	ctx := graphql.WithResponseContext(context.Background(), graphql.DefaultErrorPresenter,
		func(ctx context.Context, err any) error { return errors.New("internal") })
	return graphql.WithFieldContext(ctx, &graphql.FieldContext{})
}

func TestMarshalStructsIsMarshalListByAddress(t *testing.T) {
	t.Parallel()
	for _, ctx := range []context.Context{recoveringContext(), WithOperation(recoveringContext())} {
		v := []int{0, 1, 2}
		m := &marshaller{}
		ret := MarshalStructs(ctx, nil, m, v, (*marshaller).element)
		require.Equal(t, []any{&v[0], &v[1], &v[2]}, m.seen, "in turn, each with the element's address as Result")
		require.Len(t, ret, 3)
		require.Equal(t, graphql.Null, ret[1])
		var b bytes.Buffer
		Box(ctx, ret).MarshalGQL(&b)
		require.Equal(t, "[0,null,2]", b.String())
		errs := graphql.GetErrors(ctx)
		require.Len(t, errs, 1)
		require.Equal(t, ast.Path{ast.PathIndex(1)}, errs[0].Path)
	}
}

func TestMarshalElementsIsMarshalListByValue(t *testing.T) {
	t.Parallel()
	ctx := WithOperation(recoveringContext())
	v := []string{"a", "b"}
	var results []any
	ret := MarshalElements(ctx, nil, &results, v, func(results *[]any, ctx context.Context, _ ast.SelectionSet, s string) graphql.Marshaler {
		*results = append(*results, graphql.GetFieldContext(ctx).Result)
		return graphql.MarshalString(s)
	})
	require.Equal(t, []any{&v[0], &v[1]}, results)
	var b bytes.Buffer
	Box(ctx, ret).MarshalGQL(&b)
	require.Equal(t, `["a","b"]`, b.String())
}

func TestResolveFieldResolvesAReadyFieldNowAndOthersThroughResolveConcurrently(t *testing.T) { //nolint:paralleltest // AllocsPerRun
	s := schema(t)
	doc := query(t, s, `{ documents { edges { node { id links { state } } } } }`)
	docsFc, edgesFc := fieldContexts(doc)
	ctx := WithOperation(context.Background())
	ctx = graphql.WithOperationContext(ctx, &graphql.OperationContext{Doc: doc, RecoverFunc: func(ctx context.Context, err any) error { return errors.New("internal") }})
	node := &graphql.FieldContext{Field: graphql.CollectedField{Field: field(t, doc, "documents", "edges", "node")}}
	links := graphql.CollectedField{Field: field(t, doc, "documents", "edges", "node", "links")}
	answer := graphql.MarshalString("resolved")
	resolve := func(calls *int, _ context.Context, f graphql.CollectedField, obj string) graphql.Marshaler {
		if f.Name == "links" && obj == "doc" {
			*calls++
		}
		return answer
	}
	text := func(m graphql.Marshaler) string {
		var b bytes.Buffer
		m.MarshalGQL(&b)
		return b.String()
	}

	// Not ready: scheduled, resolved once the set dispatches.
	calls := 0
	out := From(ctx).NewFieldSet(ctx, []graphql.CollectedField{links})
	nodeCtx := graphql.WithFieldContext(graphql.WithFieldContext(graphql.WithFieldContext(ctx, docsFc), edgesFc), node)
	ResolveField(nodeCtx, out, links, graphql.GetOperationContext(ctx), nil, 0, true, true, &calls, "doc", resolve)
	out.Dispatch(nodeCtx)
	require.Equal(t, 1, calls)
	require.Equal(t, `"resolved"`, text(out.Values[0]))

	// Ready (declared by documents): resolved now, before any dispatch.
	Ready(graphql.WithFieldContext(ctx, docsFc), []string{"edges", "node", "links"})
	out = From(ctx).NewFieldSet(ctx, []graphql.CollectedField{links})
	ResolveField(nodeCtx, out, links, graphql.GetOperationContext(ctx), nil, 0, true, true, &calls, "doc", resolve)
	require.Equal(t, 2, calls)
	require.Equal(t, `"resolved"`, text(out.Values[0]))
	require.Zero(t, out.Invalids)
	if raceEnabled {
		return // the race detector allocates on its own
	}
	allocs := testing.AllocsPerRun(100, func() {
		ResolveField(nodeCtx, out, links, graphql.GetOperationContext(ctx), nil, 0, true, true, &calls, "doc", resolve)
	})
	require.Zero(t, allocs, "a ready field is resolved without a closure")
}
