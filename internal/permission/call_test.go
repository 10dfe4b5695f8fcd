package permission_test

import (
	"context"
	"fmt"
	"io"
	"reflect"
	"strings"
	"time"

	"github.com/google/uuid"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
)

// A kind is a kind of actor a method may serve; kinds is a set of them.
type kinds uint8

const (
	nobody     kinds = 1 << iota // no actor in ctx
	person                       // a person, by session or personal token
	agent                        // an agent, by its token
	management                   // management, by the CLI or a manage token
	system                       // background work (auth.SystemContext)
)

func (k kinds) has(o kinds) bool { return k&o != 0 }

// caller is one actor the test calls as.
type caller struct {
	name  string
	kind  kinds
	actor *auth.Actor // nil: nobody
}

func (c caller) ctx(ctx context.Context) context.Context {
	if c.actor == nil {
		return ctx
	}
	return auth.WithActor(ctx, c.actor)
}

// callers are who the bare services are called as: one of each kind, a
// person and management both ways in, and a forged system actor (the
// system's kind, made outside auth.SystemContext), which every method
// refuses.
func callers(personID, agentID uuid.UUID) []caller {
	return []caller{
		{"nobody", nobody, nil},
		{"person via session", person, &auth.Actor{UserID: personID, Kind: auth.KindPerson, Via: auth.ViaSession, SessionID: uuid.Must(uuid.NewV7())}},
		{"person via token", person, &auth.Actor{UserID: personID, Kind: auth.KindPerson, Via: auth.ViaAccessToken, TokenID: uuid.Must(uuid.NewV7())}},
		{"agent", agent, &auth.Actor{UserID: agentID, Kind: auth.KindAgent, Via: auth.ViaAccessToken, TokenID: uuid.Must(uuid.NewV7())}},
		{"management via cli", management, auth.ActorFrom(auth.ManagementContext(context.Background()))},
		{"management via token", management, &auth.Actor{UserID: auth.ManagementID, Kind: auth.KindManagement, Via: auth.ViaServiceToken, TokenID: uuid.Must(uuid.NewV7())}},
		{"system", system, auth.ActorFrom(auth.SystemContext(context.Background()))},
		{"forged system", 0, &auth.Actor{Kind: auth.KindSystem, Via: auth.ViaSystem}},
	}
}

// method is one exported method of a service.
type method struct {
	key  string // package.Type.Method, the table's key
	svc  reflect.Value
	fn   reflect.Method
	recv reflect.Type
}

// methodsOf lists svc's exported methods.
func methodsOf(svc any) []method {
	v := reflect.ValueOf(svc)
	var out []method
	for m := range v.Type().Methods() {
		out = append(out, method{key: v.Type().Elem().String() + "." + m.Name, svc: v, fn: m, recv: v.Type()})
	}
	return out
}

var (
	ctxType = reflect.TypeFor[context.Context]()
	errType = reflect.TypeFor[error]()
)

// callable says why m cannot be called as an actor, or "".
func (m method) callable() string {
	ft := m.fn.Type // the receiver is parameter 0
	if ft.NumIn() < 2 || ft.In(1) != ctxType {
		return "does not take a context.Context first, so it cannot check its actor"
	}
	if ft.NumOut() == 0 || ft.Out(ft.NumOut()-1) != errType {
		return "returns no error, so it cannot refuse"
	}
	return ""
}

// takesIDs reports whether m takes an id or ids.
func (m method) takesIDs() bool {
	for i := 2; i < m.fn.Type.NumIn(); i++ {
		t := m.fn.Type.In(i)
		if t == uuidType || (t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice) && t.Elem() == uuidType {
			return true
		}
	}
	return false
}

// fill makes the arguments after the context: what zero would be, but
// usable where zero would be a nil to dereference (a transaction, a
// reader, a writer, a callback, a document), id for every id, and a copy
// of the thing of its type (or a list of one) where there is one.
type fill struct {
	tx     db.DBTX // nil over the bare services
	id     uuid.UUID
	things map[reflect.Type]reflect.Value
	args   []any     // when set, the arguments as they are
	out    io.Writer // where a method writes (nil: nowhere)
}

var (
	dbtxType   = reflect.TypeFor[db.DBTX]()
	readerType = reflect.TypeFor[io.Reader]()
	writerType = reflect.TypeFor[io.Writer]()
	uuidType   = reflect.TypeFor[uuid.UUID]()
	docType    = reflect.TypeFor[*document.Doc]()
)

func (f fill) arg(t reflect.Type) reflect.Value {
	if v, ok := f.things[t]; ok {
		return clone(v)
	}
	if t.Kind() == reflect.Slice {
		if v, ok := f.things[t.Elem()]; ok {
			s := reflect.MakeSlice(t, 1, 1)
			s.Index(0).Set(clone(v))
			return s
		}
	}
	switch {
	case t == dbtxType:
		if f.tx == nil {
			return reflect.Zero(t)
		}
		return reflect.ValueOf(f.tx)
	case t == readerType:
		return reflect.ValueOf(io.Reader(strings.NewReader("")))
	case t == writerType && f.out != nil:
		return reflect.ValueOf(f.out)
	case t == writerType:
		return reflect.ValueOf(io.Discard)
	case t == uuidType:
		return reflect.ValueOf(f.id)
	case t.Kind() == reflect.Pointer && t.Elem() == uuidType && f.id != uuid.Nil:
		return reflect.ValueOf(&f.id)
	case t.Kind() == reflect.Slice && t.Elem() == uuidType && f.id != uuid.Nil:
		return reflect.ValueOf([]uuid.UUID{f.id})
	case t == docType:
		return reflect.ValueOf(&document.Doc{})
	case t.Kind() == reflect.Func:
		return reflect.MakeFunc(t, func([]reflect.Value) []reflect.Value {
			out := make([]reflect.Value, t.NumOut())
			for i := range out {
				out[i] = reflect.Zero(t.Out(i))
			}
			return out
		})
	}
	return reflect.Zero(t)
}

// clone copies what v points to (a method may change a Doc it is given),
// or v itself.
func clone(v reflect.Value) reflect.Value {
	if v.Kind() != reflect.Pointer {
		return v
	}
	c := reflect.New(v.Type().Elem())
	c.Elem().Set(v.Elem())
	return c
}

// answer is what one call gave.
type answer struct {
	echo     map[string]bool // the call's string arguments: an answer may repeat them
	out      []reflect.Value // the results but the error
	err      error
	panicked any
}

// call calls m in ctx with f's arguments; ctx is cancelled when it
// returns (a watch it started ends).
func (m method) call(ctx context.Context, f fill) (a answer) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	ft := m.fn.Type
	args := []reflect.Value{m.svc, reflect.ValueOf(ctx)}
	for i := 2; i < ft.NumIn(); i++ {
		if f.args != nil {
			args = append(args, reflect.ValueOf(f.args[i-2]).Convert(ft.In(i)))
		} else {
			args = append(args, f.arg(ft.In(i)))
		}
	}
	a.echo = map[string]bool{}
	for _, v := range args[2:] {
		if v.Kind() == reflect.String {
			a.echo[v.String()] = true
		}
	}
	defer func() {
		if p := recover(); p != nil {
			a.panicked = p
		}
	}()
	var out []reflect.Value
	if ft.IsVariadic() {
		out = m.fn.Func.CallSlice(args)
	} else {
		out = m.fn.Func.Call(args)
	}
	a.err, _ = out[len(out)-1].Interface().(error)
	a.out = out[:len(out)-1]
	for i, o := range a.out {
		if o.Kind() == reflect.Chan && !o.IsNil() {
			a.out[i] = first(o) // a watch's answer is what it sends first
		}
	}
	return a
}

// first is the first value c sends, or c itself when it sends none soon.
func first(c reflect.Value) reflect.Value {
	chosen, v, ok := reflect.Select([]reflect.SelectCase{
		{Dir: reflect.SelectRecv, Chan: c},
		{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(time.After(10 * time.Second))},
	})
	if chosen != 0 || !ok {
		return c
	}
	return v
}

func (a answer) String() string {
	switch {
	case a.panicked != nil:
		return fmt.Sprintf("panicked: %v", a.panicked)
	case a.err != nil:
		return fmt.Sprintf("%v (%s)", a.err, fault.CodeOf(a.err))
	}
	vals := make([]string, len(a.out))
	for i, o := range a.out {
		vals[i] = fmt.Sprintf("%+v", o.Interface())
	}
	return "answered " + strings.Join(vals, ", ")
}

// refused says why a is not the refusal want (UNAUTHENTICATED or
// FORBIDDEN), or ""; hidden also lets it be NOT_FOUND or nothing at all.
func (a answer) refused(want fault.Code, hidden bool) string {
	if a.panicked != nil {
		return a.String()
	}
	code := fault.CodeOf(a.err)
	switch {
	case a.err != nil && code == want:
		return ""
	case hidden && a.err != nil && code == fault.NotFound:
		return ""
	case hidden && a.err == nil && a.nothing():
		return ""
	case hidden:
		return fmt.Sprintf("%s; want %s, NOT_FOUND or nothing", a, want)
	}
	return fmt.Sprintf("%s; want %s", a, want)
}

// served says why a is a refusal of the actor's kind, an internal error
// or a panic, or "": an allowed call with made-up arguments may answer
// anything else (BAD_USER_INPUT, NOT_FOUND, CONFLICT, success).
func (a answer) served() string {
	if a.panicked != nil {
		return a.String()
	}
	switch fault.CodeOf(a.err) {
	case fault.Unauthenticated, fault.Forbidden, fault.Internal, fault.Unavailable:
		if a.err != nil {
			return a.String() + "; want anything but UNAUTHENTICATED, FORBIDDEN or an internal error"
		}
	}
	return ""
}

// unseen says why a reveals something to a stranger, or "": a read of
// what is not theirs is FORBIDDEN, NOT_FOUND, BAD_USER_INPUT (it got no
// further) or nothing at all.
func (a answer) unseen() string {
	if a.panicked != nil {
		return a.String()
	}
	switch code := fault.CodeOf(a.err); {
	case a.err == nil && a.nothing():
		return ""
	case a.err == nil:
		return a.String() + "; want FORBIDDEN, NOT_FOUND or nothing"
	case code == fault.Forbidden || code == fault.NotFound || code == fault.BadInput:
		return ""
	}
	return a.String() + "; want FORBIDDEN, NOT_FOUND or nothing"
}

func (a answer) nothing() bool {
	for _, o := range a.out {
		if !empty(o, a.echo) {
			return false
		}
	}
	return true
}

// empty reports whether v carries nothing: a zero value, a string of
// echo (what was asked), a pointer to nothing, a map or slice of nothing,
// or a struct of such.
func empty(v reflect.Value, echo map[string]bool) bool {
	switch v.Kind() {
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			if !empty(it.Value(), echo) {
				return false
			}
		}
		return true
	case reflect.Slice:
		for i := range v.Len() {
			if !empty(v.Index(i), echo) {
				return false
			}
		}
		return true
	case reflect.Pointer, reflect.Interface:
		return v.IsNil() || empty(v.Elem(), echo)
	case reflect.Struct:
		for i := range v.NumField() {
			if !empty(v.Field(i), echo) {
				return false
			}
		}
		return true
	case reflect.String:
		return v.Len() == 0 || echo[v.String()]
	}
	return v.IsZero()
}
