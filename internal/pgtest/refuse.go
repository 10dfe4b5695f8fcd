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
		err, panicked := callRefused(m.Func, args, ft.IsVariadic())
		switch {
		case panicked != nil:
			t.Errorf("%s.%s as %s panicked instead of refusing: %v", typ, m.Name, actorName(actor), panicked)
		case err == nil:
			t.Errorf("%s.%s as %s succeeded; want %s", typ, m.Name, actorName(actor), want)
		case fault.CodeOf(err) != want:
			t.Errorf("%s.%s as %s: got %v (%s), want %s", typ, m.Name, actorName(actor), err, fault.CodeOf(err), want)
		}
		called++
	}
	if called == 0 {
		t.Errorf("%s has no method to call", typ)
	}
}

func callRefused(f reflect.Value, args []reflect.Value, variadic bool) (err error, panicked any) {
	defer func() {
		if p := recover(); p != nil {
			panicked = p
		}
	}()
	var out []reflect.Value
	if variadic {
		out = f.CallSlice(args)
	} else {
		out = f.Call(args)
	}
	err, _ = out[len(out)-1].Interface().(error)
	return err, nil
}

func actorName(a *auth.Actor) string {
	if a == nil {
		return "nobody"
	}
	return fmt.Sprintf("%s via %s", a.Kind, a.Via)
}
