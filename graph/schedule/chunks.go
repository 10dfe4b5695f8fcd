package schedule

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
)

// An operation marshals hundreds of objects, list elements and fields; each
// of them cost gqlgen a FieldSet, its values, a FieldContext and the
// context.WithValue carrying it: allocations of a few dozen bytes, several
// per object. Under WithOperation they come from chunks the operation
// allocates a few at a time (docs/design.md, "Executing a query"). A chunk
// lives as long as anything it holds: the operation's response, at most.

// Chunk sizes: a documents page takes several hundred of each.
const (
	fieldSetChunk     = 64
	valueChunk        = 512
	fieldContextChunk = 64
	contextChunk      = 128
)

// resolverKey is the key gqlgen keeps a FieldContext under in a context
// (graphql.WithFieldContext's, unexported): captured once by asking a
// context that records the key it is asked for.
var resolverKey = func() any {
	var probe keyProbe
	graphql.GetFieldContext(&probe)
	return probe.key
}()

// keyProbe is a context that remembers the last key it was asked for.
type keyProbe struct {
	context.Context
	key any
}

func (p *keyProbe) Value(key any) any {
	p.key = key
	return nil
}

// fieldCtx is what graphql.WithFieldContext returns (a context holding fc
// for graphql.GetFieldContext), and also answers From without walking up:
// one chunked value instead of a context.WithValue allocation per field.
// Everything else (deadline, cancellation, other values) is its parent's.
type fieldCtx struct {
	context.Context
	fc *graphql.FieldContext
	op *Op
}

func (c *fieldCtx) Value(key any) any {
	switch key.(type) {
	case operationKey:
		return c.op
	}
	if key == resolverKey {
		return c.fc
	}
	return c.Context.Value(key)
}

// chunk is how many to allocate when n are asked for and the chunk is
// empty: size, or n under WithSubscription.
func (op *Op) chunk(size, n int) int {
	if op.exact {
		return n
	}
	return size
}

// take returns, under one lock, n field contexts (zeroed) and n contexts
// for them from the operation's chunks, and values nil marshalers with no
// room to append into a neighbour's. A request larger than a quarter of a
// chunk gets an allocation of its own. op is not nil.
func (op *Op) take(values, n int) ([]graphql.Marshaler, []graphql.FieldContext, []fieldCtx) {
	var vals []graphql.Marshaler
	var fcs []graphql.FieldContext
	var ctxs []fieldCtx
	op.chunksMu.Lock()
	defer op.chunksMu.Unlock()
	switch {
	case values == 0:
	case values > valueChunk/4:
		vals = make([]graphql.Marshaler, values)
	default:
		if len(op.vals) < values {
			op.vals = make([]graphql.Marshaler, op.chunk(valueChunk, values))
		}
		vals, op.vals = op.vals[:values:values], op.vals[values:]
	}
	switch {
	case n == 0:
	case n > fieldContextChunk/4:
		fcs, ctxs = make([]graphql.FieldContext, n), make([]fieldCtx, n)
	default:
		if len(op.fcs) < n {
			op.fcs = make([]graphql.FieldContext, op.chunk(fieldContextChunk, n))
		}
		if len(op.contexts) < n {
			op.contexts = make([]fieldCtx, op.chunk(contextChunk, n))
		}
		fcs, op.fcs = op.fcs[:n:n], op.fcs[n:]
		ctxs, op.contexts = op.contexts[:n:n], op.contexts[n:]
	}
	return vals, fcs, ctxs
}

// with is graphql.WithFieldContext(ctx, fc), as c.
func (c *fieldCtx) with(ctx context.Context, op *Op, fc *graphql.FieldContext) context.Context {
	fc.Parent = graphql.GetFieldContext(ctx)
	c.Context, c.fc, c.op = ctx, fc, op
	return c
}

// NewFieldSet is graphql.NewFieldSet(fields) for an object's resolved
// fields. Under WithOperation, in an operation that defers nothing, the set
// is one Object gave back (or from the operation's chunks) and its values
// from the chunks: there only its Values, Invalids and Dispatch are used
// (the object marshals through Object, and no deferred view reads the set's
// fields), and it is dead once Object has its values.
func (op *Op) NewFieldSet(ctx context.Context, fields []graphql.CollectedField) *graphql.FieldSet {
	if op == nil || op.hasDefer(ctx) {
		return graphql.NewFieldSet(fields)
	}
	op.chunksMu.Lock()
	defer op.chunksMu.Unlock()
	values := op.vals
	if n := len(fields); n > valueChunk/4 {
		values = make([]graphql.Marshaler, n)
	} else {
		if len(op.vals) < n {
			op.vals = make([]graphql.Marshaler, op.chunk(valueChunk, n))
		}
		values, op.vals = op.vals[:n:n], op.vals[n:]
	}
	op.reuseSets = !op.exact // a subscription keeps nothing between its events
	var fs *graphql.FieldSet
	if n := len(op.freeSets); n > 0 {
		fs = op.freeSets[n-1]
		op.freeSets = op.freeSets[:n-1]
	} else {
		if len(op.fieldSets) == 0 {
			op.fieldSets = make([]graphql.FieldSet, op.chunk(fieldSetChunk, 1))
		}
		fs = &op.fieldSets[0]
		op.fieldSets = op.fieldSets[1:]
	}
	*fs = graphql.FieldSet{Values: values}
	return fs
}

// indices holds the list indices a field context points at (FieldContext.Index
// is a *int, read and never written): one shared array instead of an int
// per list element.
var indices = func() *[indexCount]int {
	var a [indexCount]int
	for i := range a {
		a[i] = i
	}
	return &a
}()

const indexCount = 1024

// index returns a pointer to i, shared for small i.
func index(i int) *int {
	if i < indexCount {
		return &indices[i]
	}
	p := new(int) // not &i: that would move every caller's i to the heap
	*p = i
	return p
}
