package schedule

import (
	"context"
	"sync/atomic"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
)

// The generated code passed MarshalList and ResolveConcurrently a closure
// per list and per object's resolver field: it escapes (a goroutine may run
// it), so each cost an allocation even when the element or field was then
// marshalled in turn, as on a documents page every one is. The forms below
// take the generated method (a method expression: no allocation) and what
// the closure captured, and build the closure only for what is scheduled on
// a goroutine. graph/gen rewrites the generated calls into them.

// MarshalStructs is MarshalList for a list of structs that marshal by
// address: element i is marshal(ec, ctx, sel, &v[i]) in a field context
// whose Result is &v[i], as the generated closure did.
func MarshalStructs[E, S any](ctx context.Context, sel ast.SelectionSet, ec E, v []S, marshal func(E, context.Context, ast.SelectionSet, *S) graphql.Marshaler) graphql.Array {
	op := From(ctx)
	if op.concurrent(ctx, sel, len(v)) {
		return graphql.MarshalSliceConcurrently(ctx, len(v), 0, false, structElement(ec, sel, v, marshal))
	}
	ret, contexts, ctxs := op.elements(len(v))
	for i := range v {
		childCtx := op.elementContext(ctx, contexts, ctxs, i)
		contexts[i].Result = &v[i]
		ret[i] = marshalElement(childCtx, ec, sel, &v[i], marshal)
	}
	return ret
}

// MarshalElements is MarshalList for a list whose elements marshal as
// they are: element i is marshal(ec, ctx, sel, v[i]) in a field context
// whose Result is &v[i], as the generated closure did.
func MarshalElements[E, T any](ctx context.Context, sel ast.SelectionSet, ec E, v []T, marshal func(E, context.Context, ast.SelectionSet, T) graphql.Marshaler) graphql.Array {
	op := From(ctx)
	if op.concurrent(ctx, sel, len(v)) {
		return graphql.MarshalSliceConcurrently(ctx, len(v), 0, false, valueElement(ec, sel, v, marshal))
	}
	ret, contexts, ctxs := op.elements(len(v))
	for i := range v {
		childCtx := op.elementContext(ctx, contexts, ctxs, i)
		contexts[i].Result = &v[i]
		ret[i] = marshalElement(childCtx, ec, sel, v[i], marshal)
	}
	return ret
}

// structElement and valueElement are the closures the generated code
// passed MarshalList, for MarshalSliceConcurrently.
func structElement[E, S any](ec E, sel ast.SelectionSet, v []S, marshal func(E, context.Context, ast.SelectionSet, *S) graphql.Marshaler) func(context.Context, int) graphql.Marshaler {
	return func(ctx context.Context, i int) graphql.Marshaler {
		graphql.GetFieldContext(ctx).Result = &v[i]
		return marshal(ec, ctx, sel, &v[i])
	}
}

func valueElement[E, T any](ec E, sel ast.SelectionSet, v []T, marshal func(E, context.Context, ast.SelectionSet, T) graphql.Marshaler) func(context.Context, int) graphql.Marshaler {
	return func(ctx context.Context, i int) graphql.Marshaler {
		graphql.GetFieldContext(ctx).Result = &v[i]
		return marshal(ec, ctx, sel, v[i])
	}
}

// marshalElement marshals one element in ctx, its own; a panic is added
// as an error at its path and the element is null, as MarshalList does.
func marshalElement[E, T any](ctx context.Context, ec E, sel ast.SelectionSet, e T, marshal func(E, context.Context, ast.SelectionSet, T) graphql.Marshaler) (ret graphql.Marshaler) {
	defer func() {
		if r := recover(); r != nil {
			graphql.AddError(ctx, graphql.Recover(ctx, r))
			ret = graphql.Null
		}
	}()
	return marshal(ec, ctx, sel, e)
}

// Box is a as a graphql.Marshaler: a pointer to a copy of the slice header
// in the operation's chunks, where returning a as an interface allocated
// the header. Its MarshalGQL is a's (the bytes written are the same).
func Box(ctx context.Context, a graphql.Array) graphql.Marshaler {
	op := From(ctx)
	if op == nil {
		return a
	}
	op.chunksMu.Lock()
	if len(op.arrays) == 0 {
		op.arrays = make([]graphql.Array, op.chunk(arrayChunk, 1))
	}
	p := &op.arrays[0]
	op.arrays = op.arrays[1:]
	op.chunksMu.Unlock()
	*p = a
	return p
}

// arrayChunk is how many list headers Box allocates at once: a documents
// page has a hundred lists of links.
const arrayChunk = 64

// ResolveField is ResolveConcurrently for the generated resolver of one
// field of obj, resolve(ec, ctx, field, obj): resolved now when
// ResolveConcurrently would (ready and not deferred), else through it with
// the closure the generated code passed.
func ResolveField[E, O any](ctx context.Context, out *graphql.FieldSet, field graphql.CollectedField, oc *graphql.OperationContext, deferred *graphql.DeferredGroup, i int, recoverFromPanic, nonNull bool, ec E, obj O, resolve func(E, context.Context, graphql.CollectedField, O) graphql.Marshaler) {
	if op := From(ctx); op != nil && !field.IsDeferred() && op.isReady(graphql.GetFieldContext(ctx), []string{field.Name}) {
		invalid := graphql.Marshaler(graphql.RequiredNull)
		if nonNull {
			invalid = graphql.Null
		}
		v := resolveNow(ctx, oc, recoverFromPanic, ec, field, obj, resolve)
		out.Values[i] = v
		if v == invalid {
			atomic.AddUint32(&out.Invalids, 1)
		}
		return
	}
	ResolveConcurrently(ctx, out, field, oc, deferred, i, recoverFromPanic, nonNull, fieldResolver(ec, field, obj, resolve))
}

// resolveNow is resolveRecovering for resolve(ec, ctx, field, obj).
func resolveNow[E, O any](ctx context.Context, oc *graphql.OperationContext, recoverFromPanic bool, ec E, field graphql.CollectedField, obj O, resolve func(E, context.Context, graphql.CollectedField, O) graphql.Marshaler) (res graphql.Marshaler) {
	if recoverFromPanic {
		defer func() {
			if r := recover(); r != nil {
				oc.Error(ctx, oc.Recover(ctx, r))
				res = graphql.Null
			}
		}()
	}
	return resolve(ec, ctx, field, obj)
}

// fieldResolver is the closure the generated code passed
// ResolveConcurrently.
func fieldResolver[E, O any](ec E, field graphql.CollectedField, obj O, resolve func(E, context.Context, graphql.CollectedField, O) graphql.Marshaler) func(context.Context) graphql.Marshaler {
	return func(ctx context.Context) graphql.Marshaler {
		return resolve(ec, ctx, field, obj)
	}
}
