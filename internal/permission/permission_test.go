package permission_test

import (
	"bytes"
	"context"
	"maps"
	"reflect"
	"slices"
	"testing"

	"codna/internal/auth"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/pgtest"
)

// TestEveryServiceMethodChecksItsActor holds every exported method of
// every service to its entry in table: the refusals over services with no
// database (a method that reached for it before checking its actor would
// panic), then, over a real one, the calls as each kind it serves and the
// stranger's reads. `make lint` runs it.
func TestEveryServiceMethodChecksItsActor(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	_, bareSvcs := services(t, nil)
	bare := methodsByKey(bareSvcs)
	a, svcs := services(t, d.Pool)
	wired := methodsByKey(svcs)
	w := newWorld(t, a, svcs)

	listed := map[string]bool{}
	for _, m := range bare {
		listed[m.recv.Elem().String()] = true
	}
	for _, typ := range serviceTypes(t) {
		if !listed[typ] {
			t.Errorf("the service %s is not in app.Services: wire it there (internal/app), and add its methods to table_test.go", typ)
		}
	}
	for _, key := range slices.Sorted(maps.Keys(table)) {
		if _, ok := bare[key]; !ok {
			t.Errorf("table_test.go: %s names no method of a service: remove it", key)
		}
	}
	for _, key := range slices.Sorted(maps.Keys(bare)) {
		r, ok := table[key]
		if !ok {
			t.Errorf("%s is in no entry of table_test.go: add who it serves (a new method must check its actor)", key)
			continue
		}
		if why := r.invalid(); why != "" {
			t.Errorf("table_test.go: %s: %s", key, why)
			continue
		}
		if r.allow == nobody {
			continue
		}
		if why := bare[key].callable(); why != "" {
			t.Errorf("%s %s", key, why)
			continue
		}
		t.Run(key, func(t *testing.T) {
			refuses(t, bare[key], r, w)
			serves(t, wired[key], r, w)
			if r.read && r.allow.has(person) && r.shared == "" && r.trusts == "" {
				hidesFromStrangers(t, wired[key], w)
			}
		})
	}
}

// methodsByKey is every exported method of svcs by its table key.
func methodsByKey(svcs []any) map[string]method {
	out := map[string]method{}
	for _, s := range svcs {
		for _, m := range methodsOf(s) {
			out[m.key] = m
		}
	}
	return out
}

// invalid says why r contradicts itself, or "".
func (r rule) invalid() string {
	switch {
	case r.allow == 0:
		return "it serves no one: say who"
	case r.allow.has(nobody) && (r.allow != nobody || r.hides != 0 || r.read):
		return "nobody is alone: a method that takes no actor serves everyone"
	case r.allow.has(nobody) && r.why == "":
		return "say why it takes no actor"
	case !r.allow.has(nobody) && r.why != "":
		return "why is for methods that take no actor"
	case r.allow&r.hides != 0:
		return "a kind it serves cannot also be refused"
	case (r.shared != "" || r.trusts != "") && !r.read:
		return "shared and trusts are for reads"
	}
	return ""
}

// refuses calls m as each kind r does not serve, over the bare services.
func refuses(t *testing.T, m method, r rule, w *world) {
	t.Helper()
	for _, c := range callers(w.owner.ID, w.agent.ID) {
		if r.allow.has(c.kind) {
			continue
		}
		want, hidden := fault.Forbidden, r.hides.has(c.kind)
		switch c.kind {
		case nobody:
			want = fault.Unauthenticated
		case 0: // the forged system actor
			hidden = r.hides.has(system)
		}
		if why := m.call(c.ctx(t.Context()), fill{}).refused(want, hidden); why != "" {
			t.Errorf("as %s: %s", c.name, why)
		}
	}
}

// serves calls m as one actor of each kind r serves (the world's owner,
// their agent, management, the system), over the real services.
func serves(t *testing.T, m method, r rule, w *world) {
	t.Helper()
	for _, c := range []caller{
		{"person", person, w.ownerActor},
		{"agent", agent, w.agentActor},
		{"management", management, auth.ActorFrom(auth.ManagementContext(context.Background()))},
		{"system", system, auth.ActorFrom(auth.SystemContext(context.Background()))},
	} {
		if !r.allow.has(c.kind) {
			continue
		}
		f := fill{tx: w.pool}
		if r.args != nil {
			f.args = r.args(w)
		}
		if r.own {
			f.id = c.actor.UserID
		}
		if why := m.call(c.ctx(t.Context()), f).served(); why != "" {
			t.Errorf("as %s, whom it serves: %s", c.name, why)
		}
	}
}

// hidesFromStrangers calls the read m as the stranger with each id of the
// world's things in every id argument, and the owner's page (as if read
// with no access) where it takes a document.
func hidesFromStrangers(t *testing.T, m method, w *world) {
	t.Helper()
	ctx := auth.WithActor(t.Context(), w.strangerActor)
	things := maps.Clone(w.things)
	page := *w.things[reflect.TypeFor[*document.Doc]()].Interface().(*document.Doc)
	page.Access = 0
	things[reflect.TypeFor[*document.Doc]()] = reflect.ValueOf(&page)
	ids := w.ids
	if !m.takesIDs() {
		ids = ids[:1]
	}
	for _, id := range ids {
		var out bytes.Buffer
		a := m.call(ctx, fill{tx: w.pool, id: id, things: things, out: &out})
		if why := a.unseen(); why != "" {
			t.Errorf("as a stranger, with id %s: %s", id, why)
		}
		for _, s := range w.secrets {
			if bytes.Contains(out.Bytes(), []byte(s)) {
				t.Errorf("as a stranger, with id %s: wrote %q", id, s)
			}
		}
	}
}
