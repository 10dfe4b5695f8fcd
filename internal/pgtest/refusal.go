package pgtest

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"github.com/google/uuid"

	"codna/internal/auth"
	"codna/internal/fault"
)

// The actors a refusal test tries: nobody, management, the system actor
// and a person (whose id names no row: a refusal must come first).
var (
	refusalActors = map[string]context.Context{
		"nobody":     context.Background(),
		"management": ActingAsManagement(),
		"system":     auth.SystemContext(context.Background()),
		"a person":   ActingAs(Person{ID: uuid.Must(uuid.NewV7())}),
	}
	refusalOrder = []string{"nobody", "management", "system", "a person"}
)

// RequireEveryMethodRefuses calls every exported method of svc (found by
// reflection, so a new method is covered without being listed) once per
// actor kind the method does not admit, with zero-value arguments, and
// fails t unless each call is refused before it does anything: nobody must
// get UNAUTHENTICATED; any other kind FORBIDDEN or NOT_FOUND, or no error
// and nothing at all (zero results: a read that shows that actor nothing).
//
// Build svc over a nil pool: a method that touches the database before
// checking its actor panics, and the panic fails the test. admits names,
// per method, the kinds it serves ("nobody", "management", "system",
// "a person"); a method not in it serves "a person" alone (and agents,
// which the check does not tell apart from people).
func RequireEveryMethodRefuses(t *testing.T, svc any, admits map[string][]string) {
	t.Helper()
	v := reflect.ValueOf(svc)
	typ := v.Type()
	ctxType := reflect.TypeOf((*context.Context)(nil)).Elem()
	seen := map[string]bool{}
	for i := range typ.NumMethod() {
		m := typ.Method(i)
		seen[m.Name] = true
		ft := m.Type // receiver first
		if ft.NumIn() < 2 || ft.In(1) != ctxType {
			t.Errorf("%s.%s does not take a context first: a service method reads its actor from one", typ, m.Name)
			continue
		}
		allowed := map[string]bool{"a person": true}
		if kinds, ok := admits[m.Name]; ok {
			allowed = map[string]bool{}
			for _, k := range kinds {
				allowed[k] = true
			}
		}
		for _, who := range refusalOrder {
			if allowed[who] {
				continue
			}
			if err := callRefused(v.Method(i), refusalActors[who], who == "nobody"); err != nil {
				t.Errorf("%s.%s as %s: %v", typ, m.Name, who, err)
			}
		}
	}
	for name := range admits {
		if !seen[name] {
			t.Errorf("%s has no method %s (admits names it)", typ, name)
		}
	}
}

// callRefused calls fn with ctx and zero values and says why the answer is
// not a refusal (nil when it is).
func callRefused(fn reflect.Value, ctx context.Context, nobody bool) (why error) {
	defer func() {
		if p := recover(); p != nil {
			why = fmt.Errorf("panicked (did it reach the database before checking the actor?): %v", p)
		}
	}()
	ft := fn.Type()
	args := make([]reflect.Value, ft.NumIn())
	args[0] = reflect.ValueOf(ctx)
	for j := 1; j < ft.NumIn(); j++ {
		args[j] = reflect.Zero(ft.In(j))
	}
	out := fn.Call(args)
	var err error
	errType := reflect.TypeOf((*error)(nil)).Elem()
	for _, o := range out {
		if o.Type() == errType && !o.IsNil() {
			err = o.Interface().(error)
		}
	}
	code := fault.CodeOf(err)
	switch {
	case nobody && code == fault.Unauthenticated:
		return nil
	case nobody:
		return fmt.Errorf("answered %v (code %q), not UNAUTHENTICATED", err, code)
	case code == fault.Forbidden || code == fault.NotFound:
		return nil
	case err != nil:
		return fmt.Errorf("answered %v (code %q), not FORBIDDEN or NOT_FOUND", err, code)
	}
	for _, o := range out {
		if o.Type() == errType {
			continue
		}
		if !empty(o) {
			return fmt.Errorf("answered %v without an error", o.Interface())
		}
	}
	return nil
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
