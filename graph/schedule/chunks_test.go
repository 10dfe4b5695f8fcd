package schedule

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

type otherKey struct{}

// operation returns a context as transport.NewHandler's operations run in:
// an operation context, WithOperation, errors collected.
func operation(t *testing.T, q string) context.Context {
	t.Helper()
	doc := query(t, schema(t), q)
	ctx := graphql.WithOperationContext(context.Background(), &graphql.OperationContext{
		Doc: doc, Operation: doc.Operations[0],
		RecoverFunc: func(context.Context, any) error { return errors.New("internal") },
	})
	ctx = graphql.WithResponseContext(ctx, graphql.DefaultErrorPresenter,
		func(ctx context.Context, err any) error { return errors.New("internal") })
	return WithOperation(ctx)
}

func TestAChunkedFieldContextIsGqlgensAndItsParents(t *testing.T) {
	t.Parallel()
	deadline := time.Now().Add(time.Hour)
	parent, cancel := context.WithDeadline(context.WithValue(context.Background(), otherKey{}, "v"), deadline)
	ctx := WithOperation(parent)
	op := From(ctx)
	require.NotNil(t, op)
	root := &graphql.FieldContext{Object: "Query"}
	ctx = graphql.WithFieldContext(ctx, root)

	_, fcs, ctxs := op.take(0, 2)
	child := ctxs[0].with(ctx, op, &fcs[0])
	require.Same(t, &fcs[0], graphql.GetFieldContext(child), "GetFieldContext finds it")
	require.Same(t, root, fcs[0].Parent, "its parent is the field context it was made under")
	grandchild := ctxs[1].with(child, op, &fcs[1])
	require.Same(t, &fcs[0], fcs[1].Parent)
	require.Same(t, op, From(grandchild), "From answers without walking up")
	require.Same(t, op, grandchild.Value(operationKey{}))
	require.Equal(t, "v", grandchild.Value(otherKey{}), "other values are the parent's")
	got, ok := grandchild.Deadline()
	require.True(t, ok)
	require.Equal(t, deadline, got)
	require.NoError(t, grandchild.Err())
	cancel()
	<-grandchild.Done()
	require.ErrorIs(t, grandchild.Err(), context.Canceled, "cancellation is the parent's")
	require.ErrorIs(t, context.Cause(grandchild), context.Canceled)
}

func TestTakeNeverHandsOutTheSameSlotTwice(t *testing.T) {
	t.Parallel()
	op := From(WithOperation(context.Background()))
	seenFC := map[*graphql.FieldContext]bool{}
	seenCtx := map[*fieldCtx]bool{}
	seenVal := map[*graphql.Marshaler]bool{}
	for _, n := range []int{1, 3, 16, 17, 1, 64, 5, 200, 2} {
		vals, fcs, ctxs := op.take(n, n)
		require.Len(t, vals, n)
		require.Len(t, fcs, n)
		require.Len(t, ctxs, n)
		require.Equal(t, n, cap(vals), "no room to append into a neighbour's")
		for i := range n {
			require.False(t, seenFC[&fcs[i]])
			require.False(t, seenCtx[&ctxs[i]])
			require.False(t, seenVal[&vals[i]])
			require.Nil(t, vals[i])
			require.Zero(t, fcs[i].Object)
			seenFC[&fcs[i]], seenCtx[&ctxs[i]], seenVal[&vals[i]] = true, true, true
		}
	}
}

func TestFieldSetsAreReusedOnceTheirObjectHasItsValues(t *testing.T) {
	t.Parallel()
	ctx := operation(t, `{ documents { edges { node { id } } } }`)
	op := From(ctx)
	fields := []graphql.CollectedField{{Field: &ast.Field{Alias: "a"}}, {Field: &ast.Field{Alias: "b"}}}
	first := op.NewFieldSet(ctx, fields)
	require.Len(t, first.Values, 2)
	first.Values[0], first.Values[1] = graphql.MarshalString("x"), graphql.MarshalInt(1)
	obj := op.Object(fields, first)
	second := op.NewFieldSet(ctx, fields[:1])
	require.Same(t, first, second, "the set Object was done with")
	require.Len(t, second.Values, 1)
	require.Nil(t, second.Values[0], "with values of its own")
	require.Zero(t, second.Invalids)
	second.Values[0] = graphql.MarshalString("y")
	var b bytes.Buffer
	obj.MarshalGQL(&b)
	require.Equal(t, `{"a":"x","b":1}`, b.String(), "the first object's values are untouched")

	// An operation that defers gets gqlgen's sets, never reused.
	ctx = operation(t, `{ documents { edges { node { id ... @defer { title } } } } }`)
	op = From(ctx)
	first = op.NewFieldSet(ctx, fields)
	op.Object(fields, first)
	require.NotSame(t, first, op.NewFieldSet(ctx, fields))
}

func TestIndicesAreTheirValues(t *testing.T) {
	t.Parallel()
	for _, i := range []int{0, 1, indexCount - 1, indexCount, 5000} {
		require.Equal(t, i, *index(i))
	}
}

func TestALongListResolvedInTurnGivesEachElementItsIndex(t *testing.T) {
	t.Parallel()
	ctx := operation(t, `{ documents { edges { node { id } } } }`)
	ctx = graphql.WithFieldContext(ctx, &graphql.FieldContext{Object: "Query"})
	const n = indexCount + 10
	var got []int
	ret := MarshalList(ctx, nil, n, func(ctx context.Context, i int) graphql.Marshaler {
		got = append(got, *graphql.GetFieldContext(ctx).Index)
		if i == n-1 {
			panic("boom")
		}
		return graphql.MarshalInt(i)
	})
	require.Len(t, ret, n)
	for i := range n {
		require.Equal(t, i, got[i])
	}
	require.Equal(t, graphql.Null, ret[n-1])
	errs := graphql.GetErrors(ctx)
	require.Len(t, errs, 1)
	require.Equal(t, ast.Path{ast.PathIndex(n - 1)}, errs[0].Path, "the error at the element's path")
}

func TestResolveAnswersAsResolveFieldDoes(t *testing.T) {
	t.Parallel()
	field := graphql.CollectedField{Field: &ast.Field{Name: "links", Alias: "links"}}
	marshal := func(_ context.Context, _ ast.SelectionSet, v []string) graphql.Marshaler {
		return graphql.MarshalString(v[0])
	}
	run := func(nonNull bool, resolve func(context.Context) ([]string, error)) (graphql.Marshaler, *graphql.FieldContext, gqlerror.List) {
		ctx := operation(t, `{ documents { edges { node { id } } } }`)
		ctx = graphql.WithFieldContext(ctx, &graphql.FieldContext{Object: "Query"})
		var fc *graphql.FieldContext
		m := Resolve(ctx, graphql.GetOperationContext(ctx), "Document", field, nonNull, func(ctx context.Context) ([]string, error) {
			fc = graphql.GetFieldContext(ctx)
			return resolve(ctx)
		}, marshal)
		return m, fc, graphql.GetErrors(ctx)
	}

	m, fc, errs := run(true, func(context.Context) ([]string, error) { return []string{"a"}, nil })
	var b bytes.Buffer
	m.MarshalGQL(&b)
	require.Equal(t, `"a"`, b.String())
	require.Empty(t, errs)
	require.Equal(t, "Document", fc.Object)
	require.True(t, fc.IsMethod)
	require.True(t, fc.IsResolver)
	require.Equal(t, []string{"a"}, fc.Result)
	require.Equal(t, "Query", fc.Parent.Object)

	m, _, errs = run(true, func(context.Context) ([]string, error) { return nil, errors.New("no") })
	require.Equal(t, graphql.Null, m)
	require.Len(t, errs, 1)
	require.Equal(t, "no", errs[0].Message)
	require.Equal(t, ast.Path{ast.PathName("links")}, errs[0].Path)

	m, _, errs = run(false, func(ctx context.Context) ([]string, error) {
		graphql.MarkNonNull(ctx)
		return nil, errors.New("no")
	})
	require.Equal(t, graphql.RequiredNull, m, "a field marked non-null at run time")
	require.Len(t, errs, 1)

	m, _, errs = run(true, func(context.Context) ([]string, error) { panic("boom") })
	require.Equal(t, graphql.Null, m)
	require.Len(t, errs, 1)
	require.Equal(t, "internal", errs[0].Message)

	// A nil interface result is a null, and an error when non-null.
	ctx := operation(t, `{ documents { edges { node { id } } } }`)
	ctx = graphql.WithFieldContext(ctx, &graphql.FieldContext{Object: "Query"})
	m = Resolve(ctx, graphql.GetOperationContext(ctx), "Document", field, true, func(context.Context) (any, error) { return nil, nil },
		func(context.Context, ast.SelectionSet, any) graphql.Marshaler { panic("not called") })
	require.Equal(t, graphql.Null, m)
	require.Len(t, graphql.GetErrors(ctx), 1)
}

func TestASubscriptionKeepsNoChunksBetweenEvents(t *testing.T) {
	t.Parallel()
	ctx := WithSubscription(context.Background())
	op := From(ctx)
	vals, fcs, ctxs := op.take(3, 2)
	require.Len(t, vals, 3)
	require.Len(t, fcs, 2)
	require.Len(t, ctxs, 2)
	fields := []graphql.CollectedField{{Field: &ast.Field{Alias: "a"}}}
	out := op.NewFieldSet(ctx, fields)
	require.Len(t, out.Values, 1)
	op.Object(fields, out)
	require.Empty(t, op.vals, "nothing left over")
	require.Empty(t, op.fcs)
	require.Empty(t, op.contexts)
	require.Empty(t, op.fieldSets)
	require.Empty(t, op.objects)
	require.Empty(t, op.freeSets)
}
