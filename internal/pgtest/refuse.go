package pgtest

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"codna/internal/auth"
	"codna/internal/fault"
)

// RequireRefused calls every exported method of svc (a pointer to a
// service) acting as actor — nil for nobody — with zero values for every
// argument after the context, and requires each to fail with the fault code
// want (UNAUTHENTICATED for nobody, FORBIDDEN for the wrong kind of actor).
// It finds the methods by reflection, so a method added later is covered
// without a change here: a service method must check its actor before it
// looks at its arguments, and so before anything else.
//
// exempt names the methods that take no actor (a credential in their
// arguments, like Login, or no context at all); the caller says why. An
// exempt name that is not a method fails the test, so the list cannot go
// stale. Any other method whose first parameter is not a context.Context,
// whose last result is not an error, or that panics fails the test.
func RequireRefused(t *testing.T, svc any, actor *auth.Actor, want fault.Code, exempt ...string) {
	t.Helper()
	requireEach(t, svc, actor, exempt, func(_ []reflect.Value, err error) string {
		switch {
		case err == nil:
			return fmt.Sprintf("succeeded; want %s", want)
		case fault.CodeOf(err) != want:
			return fmt.Sprintf("got %v (%s), want %s", err, fault.CodeOf(err), want)
		}
		return ""
	})
}

// RequireSeesNothing is RequireRefused for reads that must not reveal
// whether a document exists: as actor, each method must fail FORBIDDEN or
// NOT_FOUND, or succeed with nothing at all (every result zero, or an
// empty map, slice or struct of such) — management's empty list.
func RequireSeesNothing(t *testing.T, svc any, actor *auth.Actor, exempt ...string) {
	t.Helper()
	requireEach(t, svc, actor, exempt, func(out []reflect.Value, err error) string {
		switch code := fault.CodeOf(err); {
		case err != nil && code != fault.Forbidden && code != fault.NotFound:
			return fmt.Sprintf("got %v (%s), want FORBIDDEN, NOT_FOUND or nothing", err, code)
		case err != nil:
			return ""
		}
		for _, o := range out[:len(out)-1] {
			if !empty(o) {
				return fmt.Sprintf("answered %v; want FORBIDDEN, NOT_FOUND or nothing", o.Interface())
			}
		}
		return ""
	})
}

// requireEach calls every exported method of svc not in exempt as actor,
// with zero values after the context, and fails t with what check says of
// each answer ("" when it is right).
func requireEach(t *testing.T, svc any, actor *auth.Actor, exempt []string, check func(out []reflect.Value, err error) string) {
	t.Helper()
	v := reflect.ValueOf(svc)
	typ := v.Type()
	ctx := context.Background()
	if actor != nil {
		ctx = auth.WithActor(ctx, actor)
	}
	for _, name := range exempt {
		if _, ok := typ.MethodByName(name); !ok {
			t.Errorf("%s has no method %s to exempt", typ, name)
		}
	}
	ctxType := reflect.TypeFor[context.Context]()
	errType := reflect.TypeFor[error]()
	called := 0
	for i := range typ.NumMethod() {
		m := typ.Method(i)
		if slices.Contains(exempt, m.Name) {
			continue
		}
		ft := m.Type // the receiver is parameter 0
		if ft.NumIn() < 2 || ft.In(1) != ctxType {
			t.Errorf("%s.%s does not take a context.Context first, so it cannot check its actor", typ, m.Name)
			continue
		}
		if ft.NumOut() == 0 || ft.Out(ft.NumOut()-1) != errType {
			t.Errorf("%s.%s returns no error, so it cannot refuse", typ, m.Name)
			continue
		}
		args := []reflect.Value{v, reflect.ValueOf(ctx)}
		for j := 2; j < ft.NumIn(); j++ {
			args = append(args, reflect.Zero(ft.In(j)))
		}
		out, err, panicked := callRefused(m.Func, args, ft.IsVariadic())
		if panicked != nil {
			t.Errorf("%s.%s as %s panicked instead of refusing: %v", typ, m.Name, actorName(actor), panicked)
		} else if why := check(out, err); why != "" {
			t.Errorf("%s.%s as %s: %s", typ, m.Name, actorName(actor), why)
		}
		called++
	}
	if called == 0 {
		t.Errorf("%s has no method to call", typ)
	}
}

func callRefused(f reflect.Value, args []reflect.Value, variadic bool) (out []reflect.Value, err error, panicked any) {
	defer func() {
		if p := recover(); p != nil {
			panicked = p
		}
	}()
	if variadic {
		out = f.CallSlice(args)
	} else {
		out = f.Call(args)
	}
	err, _ = out[len(out)-1].Interface().(error)
	return out, err, nil
}

// empty reports whether v carries nothing: a zero value, an empty map or
// slice, or a struct of such.
func empty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Map, reflect.Slice:
		return v.Len() == 0
	case reflect.Struct:
		for i := range v.NumField() {
			if !empty(v.Field(i)) {
				return false
			}
		}
		return true
	}
	return v.IsZero()
}

func actorName(a *auth.Actor) string {
	if a == nil {
		return "nobody"
	}
	return fmt.Sprintf("%s via %s", a.Kind, a.Via)
}
