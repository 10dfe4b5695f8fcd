// Package schedule decides, while gqlgen's generated executor runs, whether
// a list's elements and an object's resolver fields must be resolved each on
// a goroutine of its own, or may be resolved in turn on the caller's.
//
// gqlgen resolves every list element and every resolver field concurrently,
// so that resolvers which load through a dataloader ask within the same batch
// window. That costs a goroutine (and its stack growth) per element and per
// field, which dominated the documents page once its loaders were primed.
// Resolving in turn is only safe where nothing can wait: a list is resolved
// in turn when no field in its elements' selection can wait on a load shared
// with a sibling, and a resolver field inline when what it reads is already
// loaded. A field "can wait" when gqlgen resolves it concurrently (a resolver,
// or a method taking a context: Plain lists the others) and no resolver above
// it has declared it Ready. Anything unknown is treated as able to wait, so
// the default is gqlgen's own behaviour.
//
// The generated code (graph/generated) calls MarshalList, ResolveConcurrently
// and NewDeferredGroup in place of gqlgen's MarshalSliceConcurrently,
// FieldSet.ResolveConcurrently and NewDeferredGroup: graph/gen rewrites them
// after gqlgen generates, and writes Plain. See docs/design.md, "Executing a
// query".
package schedule

import (
	"bytes"
	"context"
	"io"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
)

// Op is what one operation's scheduling knows: whether it defers any
// fragment, which fields below which resolvers are ready, its collected
// fields and the chunks of its objects. The generated code looks it up once
// per object (From) rather than once per call; a nil *Op (no
// WithOperation) behaves as gqlgen does.
type Op struct {
	deferOnce sync.Once
	defers    bool

	mu    sync.RWMutex
	ready map[*graphql.FieldContext][][]string

	// fieldsSeen and fields are CollectFields' cache; fieldsMu guards
	// fields and every replacement of fieldsSeen.
	fieldsSeen atomic.Pointer[[]collectedFields]
	fieldsMu   sync.RWMutex
	fields     map[fieldsKey][]graphql.CollectedField

	// The unused rests of the chunks objects, field sets, values, field
	// contexts and contexts are taken from (chunks.go); exact: no chunks,
	// each taken at the size asked (WithSubscription).
	chunksMu  sync.Mutex
	exact     bool
	objects   []object
	fieldSets []graphql.FieldSet
	// freeSets are field sets Object is done with, for NewFieldSet to hand
	// out again; reuseSets says NewFieldSet hands out no other kind.
	freeSets  []*graphql.FieldSet
	reuseSets bool
	vals      []graphql.Marshaler
	fcs       []graphql.FieldContext
	contexts  []fieldCtx
	arrays    []graphql.Array // Box's
}

type operationKey struct{}

// WithOperation gives ctx (an operation's) the state Ready records into.
// Without it nothing is ready, every object builds gqlgen's full deferred
// group and no field is Direct: the generated code then behaves exactly as
// gqlgen's. Call it only from a server that installs no field middleware
// (see Direct).
func WithOperation(ctx context.Context) context.Context {
	return context.WithValue(ctx, operationKey{}, &Op{})
}

// WithSubscription is WithOperation for a subscription: it lives as long as
// its socket (most of them idle) and marshals one event at a time, so it
// keeps no chunks between events: what each takes is allocated at its size.
func WithSubscription(ctx context.Context) context.Context {
	return context.WithValue(ctx, operationKey{}, &Op{exact: true})
}

// From returns the operation state in ctx, nil without WithOperation.
func From(ctx context.Context) *Op {
	if c, ok := ctx.(*fieldCtx); ok {
		return c.op
	}
	op, _ := ctx.Value(operationKey{}).(*Op)
	return op
}

// Ready records that, below the field being resolved in ctx, the fields at
// each path (field names from that field down, without list indices, e.g.
// "edges", "node", "links") resolve without waiting: what their resolvers
// read is already loaded for every object the field returns there. Call it
// from the resolver that loaded it, before it returns.
func Ready(ctx context.Context, paths ...[]string) {
	op := From(ctx)
	fc := graphql.GetFieldContext(ctx)
	if op == nil || fc == nil || len(paths) == 0 {
		return
	}
	op.mu.Lock()
	defer op.mu.Unlock()
	if op.ready == nil {
		op.ready = map[*graphql.FieldContext][][]string{}
	}
	for _, p := range paths {
		op.ready[fc] = append(op.ready[fc], slices.Clone(p))
	}
}

// isReady reports whether the field named last in rel, rel being field
// names below the field of fc, was declared ready by fc or a field above it.
func (op *Op) isReady(fc *graphql.FieldContext, rel []string) bool {
	op.mu.RLock()
	defer op.mu.RUnlock()
	if len(op.ready) == 0 {
		return false
	}
	// Walk up from fc, prepending each field's name, until a field that
	// declared paths is found; compare the path from it.
	var above []string
	for it := fc; it != nil; it = it.Parent {
		if paths, ok := op.ready[it]; ok {
			for _, p := range paths {
				if len(p) == len(above)+len(rel) && equalReversed(p[:len(above)], above) && slices.Equal(p[len(above):], rel) {
					return true
				}
			}
			return false
		}
		if it.Index == nil && it.Field.Field != nil {
			above = append(above, it.Field.Name)
		}
	}
	return false
}

// equalReversed reports whether a equals b read backwards.
func equalReversed(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[len(b)-1-i] {
			return false
		}
	}
	return true
}

// canWait reports whether resolving sel, a selection set below the field of
// fc at the names rel, may wait on a load it shares with siblings.
func (op *Op) canWait(fc *graphql.FieldContext, rel []string, sel ast.SelectionSet) bool {
	for _, s := range sel {
		switch s := s.(type) {
		case *ast.Field:
			if s.Name == "__typename" {
				continue
			}
			at := append(rel, s.Name)
			if !isPlain(s) && (op == nil || !op.isReady(fc, at)) {
				return true
			}
			if op.canWait(fc, at, s.SelectionSet) {
				return true
			}
		case *ast.InlineFragment:
			if op.canWait(fc, rel, s.SelectionSet) {
				return true
			}
		case *ast.FragmentSpread:
			if s.Definition == nil || op.canWait(fc, rel, s.Definition.SelectionSet) {
				return true
			}
		default:
			return true
		}
	}
	return false
}

// isPlain reports whether gqlgen resolves f in place, without a goroutine:
// a struct field or a method without a context of a known object type.
func isPlain(f *ast.Field) bool {
	if f.ObjectDefinition == nil {
		return false
	}
	if f.Definition == nil {
		_, ok := Plain[f.ObjectDefinition.Name][f.Name]
		return ok
	}
	k := plainKey{f.ObjectDefinition, f.Definition}
	if ok, seen := plainSeen.load(k); seen {
		return ok
	}
	return plainSeen.add(k, func() bool {
		_, ok := Plain[f.ObjectDefinition.Name][f.Name]
		return ok
	})
}

// plainKey is a field of a schema's object type, by the schema's own
// definitions: the same pointers for every operation validated against
// it, so a lookup hashes two pointers rather than two names.
type plainKey struct {
	object *ast.Definition
	field  *ast.FieldDefinition
}

// plainSeen is isPlain's answer per field asked, read without a lock; it
// keeps at most 4,096 (a schema has a few hundred fields; a process that
// builds schema after schema stops adding past it).
var plainSeen = readMostly[plainKey, bool]{most: 4096}

// MarshalList marshals a list of length elements whose selection is sel, as
// graphql.MarshalSliceConcurrently does (a field context per element, a
// panic in one element recovered into an error and a null), but in turn on
// this goroutine when no element's selection can wait.
func MarshalList(ctx context.Context, sel ast.SelectionSet, length int, marshalElement func(ctx context.Context, i int) graphql.Marshaler) graphql.Array {
	op := From(ctx)
	if op.concurrent(ctx, sel, length) {
		return graphql.MarshalSliceConcurrently(ctx, length, 0, false, marshalElement)
	}
	ret, contexts, ctxs := op.elements(length)
	for i := range length {
		childCtx := op.elementContext(ctx, contexts, ctxs, i)
		func() {
			defer func() {
				if r := recover(); r != nil {
					graphql.AddError(childCtx, graphql.Recover(childCtx, r))
					ret[i] = graphql.Null
				}
			}()
			ret[i] = marshalElement(childCtx, i)
		}()
	}
	return ret
}

// concurrent reports whether a list of length elements whose selection is
// sel must be marshalled concurrently: some element's field can wait.
func (op *Op) concurrent(ctx context.Context, sel ast.SelectionSet, length int) bool {
	if length <= 1 {
		return false
	}
	var names [8]string // the path canWait builds, on the stack while short
	return op.canWait(graphql.GetFieldContext(ctx), names[:0], sel)
}

// elements returns a list's array and its elements' field contexts (and,
// under WithOperation, their contexts), from the operation's chunks.
func (op *Op) elements(length int) (graphql.Array, []graphql.FieldContext, []fieldCtx) {
	if op != nil {
		return op.take(length, length)
	}
	return make(graphql.Array, length), make([]graphql.FieldContext, length), nil
}

// elementContext is element i's context below ctx, the list's.
func (op *Op) elementContext(ctx context.Context, contexts []graphql.FieldContext, ctxs []fieldCtx, i int) context.Context {
	contexts[i].Index = index(i)
	if op != nil {
		return ctxs[i].with(ctx, op, &contexts[i])
	}
	return graphql.WithFieldContext(ctx, &contexts[i])
}

// ResolveConcurrently schedules resolver field i of out as
// FieldSet.ResolveConcurrently does, except that a field the resolvers above
// declared Ready, and not deferred, is resolved now, on this goroutine: it
// cannot wait, so a goroutine buys nothing. ctx is the object's.
func ResolveConcurrently(ctx context.Context, out *graphql.FieldSet, field graphql.CollectedField, oc *graphql.OperationContext, deferred *graphql.DeferredGroup, i int, recoverFromPanic, nonNull bool, resolve func(ctx context.Context) graphql.Marshaler) {
	op := From(ctx)
	invalid := graphql.Marshaler(graphql.RequiredNull)
	if nonNull {
		invalid = graphql.Null
	}
	switch {
	case op == nil || field.IsDeferred():
		out.ResolveConcurrently(oc, deferred, i, recoverFromPanic, nonNull, resolve)
	case !op.isReady(graphql.GetFieldContext(ctx), []string{field.Name}):
		if op.hasDefer(ctx) {
			out.ResolveConcurrently(oc, deferred, i, recoverFromPanic, nonNull, resolve)
			return
		}
		// out is NewFieldSet's, without the fields gqlgen's
		// ResolveConcurrently reads (the field is not deferred): what it
		// schedules, counted here.
		out.Concurrently(i, func(ctx context.Context) graphql.Marshaler {
			v := resolveRecovering(ctx, oc, recoverFromPanic, resolve)
			if v == invalid {
				atomic.AddUint32(&out.Invalids, 1)
			}
			return v
		})
	default:
		v := resolveRecovering(ctx, oc, recoverFromPanic, resolve)
		out.Values[i] = v
		if v == invalid {
			atomic.AddUint32(&out.Invalids, 1)
		}
	}
}

// resolveRecovering runs resolve; a panic is reported through oc and
// resolves to null, as gqlgen's own guard does.
func resolveRecovering(ctx context.Context, oc *graphql.OperationContext, recoverFromPanic bool, resolve func(ctx context.Context) graphql.Marshaler) (res graphql.Marshaler) {
	if recoverFromPanic {
		defer func() {
			if r := recover(); r != nil {
				oc.Error(ctx, oc.Recover(ctx, r))
				res = graphql.Null
			}
		}()
	}
	return resolve(ctx)
}

// NewDeferredGroup returns the group an object collects its @defer'd fields
// into. gqlgen's builds one per object, with the object's path (a slice per
// object, the largest allocation of a page); an operation that defers no
// fragment has no deferred field, so it gets an empty group that is never
// written (FieldSet.ResolveConcurrently only touches it for deferred fields).
func (op *Op) NewDeferredGroup(ctx context.Context) graphql.DeferredGroup {
	if op == nil || op.hasDefer(ctx) {
		return graphql.NewDeferredGroup(ctx)
	}
	return graphql.DeferredGroup{Context: ctx}
}

// hasDefer reports whether the operation uses @defer anywhere (fragments
// included), computed once per operation.
func (op *Op) hasDefer(ctx context.Context) bool {
	op.deferOnce.Do(func() {
		if !graphql.HasOperationContext(ctx) {
			op.defers = true
			return
		}
		oc := graphql.GetOperationContext(ctx)
		if oc.Doc == nil {
			op.defers = true
			return
		}
		for _, o := range oc.Doc.Operations {
			op.defers = op.defers || usesDefer(o.SelectionSet)
		}
		for _, f := range oc.Doc.Fragments {
			op.defers = op.defers || usesDefer(f.SelectionSet)
		}
	})
	return op.defers
}

func usesDefer(sel ast.SelectionSet) bool {
	for _, s := range sel {
		switch s := s.(type) {
		case *ast.Field:
			if s.Directives.ForName("defer") != nil || usesDefer(s.SelectionSet) {
				return true
			}
		case *ast.InlineFragment:
			if s.Directives.ForName("defer") != nil || usesDefer(s.SelectionSet) {
				return true
			}
		case *ast.FragmentSpread:
			if s.Directives.ForName("defer") != nil {
				return true
			}
		}
	}
	return false
}

// Object is the marshaler an object's generated resolver returns for its
// resolved fields: what FieldSet.MarshalGQL writes (each response key once,
// in order), without FieldSet's map, closures and per-field copies, which
// were a tenth of a page's allocations. A response key is a GraphQL name,
// so it needs no escaping. Under WithOperation the objects come from chunks
// the operation allocates, not one allocation each.
func (op *Op) Object(fields []graphql.CollectedField, out *graphql.FieldSet) graphql.Marshaler {
	if op == nil {
		return &object{fields: fields, values: out.Values}
	}
	op.chunksMu.Lock()
	if len(op.objects) == 0 {
		op.objects = make([]object, op.chunk(objectChunk, 1))
	}
	o := &op.objects[0]
	op.objects = op.objects[1:]
	o.fields, o.values = fields, out.Values
	if op.reuseSets {
		// Dispatch has returned: nothing writes out any more, and the
		// object keeps only its values.
		op.freeSets = append(op.freeSets, out)
	}
	op.chunksMu.Unlock()
	return o
}

// objectChunk is how many objects Object allocates at once: a documents
// page writes several hundred.
const objectChunk = 64

type object struct {
	fields []graphql.CollectedField
	values []graphql.Marshaler
}

func (o *object) MarshalGQL(w io.Writer) {
	if b, ok := w.(*bytes.Buffer); ok { // the response buffer: direct calls, no io.WriteString per piece
		o.marshalTo(b)
		return
	}
	_, _ = io.WriteString(w, "{")
	first := true
	for i := range o.fields {
		alias := o.fields[i].Alias
		if written(o.fields[:i], alias) {
			continue
		}
		if !first {
			_, _ = io.WriteString(w, ",")
		}
		first = false
		_, _ = io.WriteString(w, `"`)
		_, _ = io.WriteString(w, alias)
		_, _ = io.WriteString(w, `":`)
		o.values[i].MarshalGQL(w)
	}
	_, _ = io.WriteString(w, "}")
}

// marshalTo is MarshalGQL into a bytes.Buffer, byte for byte.
func (o *object) marshalTo(b *bytes.Buffer) {
	b.WriteByte('{')
	first := true
	for i := range o.fields {
		alias := o.fields[i].Alias
		if written(o.fields[:i], alias) {
			continue
		}
		if first {
			b.WriteByte('"')
		} else {
			b.WriteString(`,"`)
		}
		first = false
		b.WriteString(alias)
		b.WriteString(`":`)
		o.values[i].MarshalGQL(b)
	}
	b.WriteByte('}')
}

// written reports whether alias is among the response keys before.
func written(before []graphql.CollectedField, alias string) bool {
	for j := range before {
		if before[j].Alias == alias {
			return true
		}
	}
	return false
}

// Direct reports whether the generated resolver of a plain field of a
// non-null String, Int, Boolean or UUID ID (graph/gen picks them) may skip
// gqlgen's ResolveField and marshal the struct field at once: no field
// context, no closures, no boxing. It may when the operation runs under
// WithOperation, whose server installs no field middleware (no AroundFields,
// no extension intercepting fields), which ResolveField would run; such a
// value cannot be null, fail to marshal or panic, so nothing else differs.
func Direct(ctx context.Context) bool {
	return From(ctx) != nil
}

// Field marshals v, the value of a plain struct field of an object type
// object, with marshal, as gqlgen's ResolveField would under Direct (no
// field middleware): in a field context of its own (for the paths of
// errors and nulls below it), a panic recovered into an error and a null.
// It skips ResolveField's closures, middleware chain and boxing; graph/gen
// puts it in front of each plain field that Direct's bare shortcut does
// not cover (objects, lists, nullable values).
func Field[T any](ctx context.Context, oc *graphql.OperationContext, object string, field graphql.CollectedField, v T, marshal func(context.Context, ast.SelectionSet, T) graphql.Marshaler) (ret graphql.Marshaler) {
	if op := From(ctx); op != nil {
		_, fcs, ctxs := op.take(0, 1)
		fc := &fcs[0]
		fc.Object, fc.Field, fc.Result = object, field, v
		ctx = ctxs[0].with(ctx, op, fc)
	} else {
		ctx = graphql.WithFieldContext(ctx, &graphql.FieldContext{Object: object, Field: field, Result: v})
	}
	defer func() {
		if r := recover(); r != nil {
			oc.Error(ctx, oc.Recover(ctx, r))
			ret = graphql.Null
		}
	}()
	return marshal(ctx, field.Selections, v)
}

// Resolve resolves a resolver field without arguments or directives as
// gqlgen's ResolveField does under Direct (no field middleware): in a field
// context of its own (Object, Field, IsMethod and IsResolver set, Result
// set to what resolve returned; no Child, which nothing here calls), an
// error from resolve added at the field's path and a null returned, a nil
// interface result a null (an error too when the field is non-null), a
// panic recovered into an error and a null. resolve and marshal are called
// directly: no closures kept, no boxing of the result but Result's, the
// field context and its context from the operation's chunks. graph/gen
// puts it in front of each such resolver field.
func Resolve[T any](ctx context.Context, oc *graphql.OperationContext, object string, field graphql.CollectedField, nonNull bool, resolve func(context.Context) (T, error), marshal func(context.Context, ast.SelectionSet, T) graphql.Marshaler) (ret graphql.Marshaler) {
	op := From(ctx)
	var fc *graphql.FieldContext
	if op != nil {
		_, fcs, ctxs := op.take(0, 1)
		fc = &fcs[0]
		fc.Object, fc.Field, fc.IsMethod, fc.IsResolver = object, field, true, true
		ctx = ctxs[0].with(ctx, op, fc)
	} else {
		fc = &graphql.FieldContext{Object: object, Field: field, IsMethod: true, IsResolver: true}
		ctx = graphql.WithFieldContext(ctx, fc)
	}
	defer func() {
		if r := recover(); r != nil {
			oc.Error(ctx, oc.Recover(ctx, r))
			ret = graphql.Null
		}
	}()
	res, err := resolve(ctx)
	if err != nil {
		oc.Error(ctx, graphql.AddFieldLocationToError(ctx, err))
		if fc.NonNull && !nonNull { // graphql.MarkNonNull in the resolver
			return graphql.RequiredNull
		}
		return graphql.Null
	}
	if any(res) == nil {
		if nonNull || fc.NonNull {
			graphql.AddInvalidNullError(ctx, "")
		}
		if fc.NonNull && !nonNull {
			return graphql.RequiredNull
		}
		return graphql.Null
	}
	fc.Result = res
	return marshal(ctx, field.Selections, res)
}
