package server_test

// The hostile-input corpus (hostile_test.go), generated from the schema:
// malformed values for every argument of every query and mutation.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"codna/graph"
	"codna/internal/pgtest"
)

// TestHostileArgumentsForEveryField feeds every argument of every query and
// mutation in the schema malformed values of its type (NUL, huge, wrong
// type, bad enums, bad times, extreme numbers, bulky lists, missing and extra
// input fields), signed in as a person and as management.
func TestHostileArgumentsForEveryField(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("the corpus sends a few thousand requests")
	}
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	person := pgtest.CreatePersonToken(t, b.pool, p.ID)
	manage := pgtest.CreateManageToken(t, b.pool)
	schema, err := gqlparser.LoadSchema(&ast.Source{Name: "schema", Input: graph.SchemaSDL()})
	require.NoError(t, err)

	type job struct {
		what   string
		query  string
		vars   map[string]any
		bearer string
	}
	var jobs []job
	for _, root := range []*ast.Definition{schema.Query, schema.Mutation} {
		for _, f := range root.Fields {
			if strings.HasPrefix(f.Name, "__") || len(f.Arguments) == 0 {
				continue
			}
			// Each field gets a document of its own to aim at, so that a
			// mutation that succeeds (a delete) leaves the others theirs.
			doc := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{})
			gen := valueGen{schema: schema, id: doc.ID.String()}
			query := fieldQuery(schema, root, f)
			base := map[string]any{}
			for _, a := range f.Arguments {
				base[a.Name] = gen.base(a.Type, 0)
			}
			for _, a := range f.Arguments {
				for _, v := range gen.variants(a.Type, base[a.Name], "$"+a.Name, 0) {
					vars := clone(base)
					vars[a.Name] = v.value
					for _, bearer := range []string{person, manage} {
						jobs = append(jobs, job{what: fmt.Sprintf("%s.%s %s", root.Name, f.Name, v.what), query: query, vars: vars, bearer: bearer})
					}
				}
			}
		}
	}
	t.Logf("%d hostile requests", len(jobs))
	require.Greater(t, len(jobs), 500, "the corpus reaches every argument")

	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		failures []string
		codes    = map[string]int{}
	)
	work := make(chan job)
	for range 4 {
		wg.Go(func() {
			for j := range work {
				body, err := json.Marshal(map[string]any{"query": j.query, "variables": j.vars})
				if err == nil {
					hr, _ := http.NewRequest(http.MethodPost, b.http.URL+"/graphql", bytes.NewReader(body))
					hr.Header.Set("Content-Type", "application/json")
					hr.Header.Set("Authorization", "Bearer "+j.bearer)
					var r rawResponse
					r, err = checkRaw(hr, j.what)
					mu.Lock()
					code := "ok"
					if len(r.codes()) > 0 {
						code = r.codes()[0]
					}
					codes[code]++
					mu.Unlock()
				}
				if err != nil {
					mu.Lock()
					failures = append(failures, err.Error())
					mu.Unlock()
				}
			}
		})
	}
	for _, j := range jobs {
		work <- j
	}
	close(work)
	wg.Wait()
	t.Logf("answers by code: %v", codes)
	sort.Strings(failures)
	for i, f := range failures {
		if i == 50 {
			t.Errorf("… and %d more", len(failures)-50)
			break
		}
		t.Error(f)
	}
	b.stillAnswers(t)
}

// fieldQuery is an operation calling f with every argument from a variable.
func fieldQuery(schema *ast.Schema, root *ast.Definition, f *ast.FieldDefinition) string {
	var decl, args []string
	for _, a := range f.Arguments {
		decl = append(decl, "$"+a.Name+": "+a.Type.String())
		args = append(args, a.Name+": $"+a.Name)
	}
	op := "query"
	if root.Name == "Mutation" {
		op = "mutation"
	}
	sel := ""
	if t := schema.Types[f.Type.Name()]; t != nil && (t.Kind == ast.Object || t.Kind == ast.Interface || t.Kind == ast.Union) {
		sel = " { __typename }"
	}
	return fmt.Sprintf("%s(%s) { %s(%s)%s }", op, strings.Join(decl, ", "), f.Name, strings.Join(args, ", "), sel)
}

func clone(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// valueGen makes argument values from the schema's types.
type valueGen struct {
	schema *ast.Schema
	id     string // a document the caller owns, for every ID
}

// base is an ordinary value of t, every input field filled.
func (g valueGen) base(t *ast.Type, depth int) any {
	if t.Elem != nil {
		return []any{g.base(t.Elem, depth+1)}
	}
	def := g.schema.Types[t.NamedType]
	switch def.Kind {
	case ast.Enum:
		return def.EnumValues[0].Name
	case ast.InputObject:
		m := map[string]any{}
		if depth < 5 {
			for _, f := range def.Fields {
				m[f.Name] = g.base(f.Type, depth+1)
			}
		}
		return m
	}
	switch def.Name {
	case "ID":
		return g.id
	case "Int":
		return 1
	case "Float":
		return 1.5
	case "Boolean":
		return true
	case "Time":
		return "2026-01-01T00:00:00Z"
	case "String":
		return "hostile"
	}
	return "hostile"
}

type variant struct {
	what  string
	value any
}

// huge is a string near a document body's size limit.
var huge = strings.Repeat("x", 1<<20+1)

// variants are the malformed values for a value of type t at path, and for
// every input field inside it.
func (g valueGen) variants(t *ast.Type, base any, path string, depth int) []variant {
	var out []variant
	add := func(what string, v any) { out = append(out, variant{path + " " + what, v}) }
	add("null", nil)
	if t.Elem != nil {
		add("a scalar for a list", g.base(t.Elem, depth+1))
		add("10000 items", repeatValue(g.base(t.Elem, depth+1), 10000))
		add("a null item", []any{nil})
		add("a list of lists", []any{[]any{g.base(t.Elem, depth+1)}})
		add("empty", []any{})
		for _, v := range g.variants(t.Elem, g.base(t.Elem, depth+1), path+"[0]", depth+1) {
			out = append(out, variant{v.what, []any{v.value}})
		}
		return out
	}
	def := g.schema.Types[t.NamedType]
	switch def.Kind {
	case ast.Enum:
		add("an unknown enum value", "NOPE")
		add("a lowercase enum value", strings.ToLower(def.EnumValues[0].Name))
		add("a number for an enum", 1)
		return out
	case ast.InputObject:
		add("an empty object", map[string]any{})
		add("a string for an object", "x")
		m, _ := base.(map[string]any)
		extra := clone(m)
		extra["nope"] = 1
		add("an unknown field", extra)
		nested := any("x")
		for range 200 {
			nested = map[string]any{"a": nested}
		}
		add("deeply nested", nested)
		if depth >= 5 {
			return out
		}
		for _, f := range def.Fields {
			for _, v := range g.variants(f.Type, m[f.Name], path+"."+f.Name, depth+1) {
				obj := clone(m)
				obj[f.Name] = v.value
				out = append(out, variant{v.what, obj})
			}
			if f.Type.NonNull {
				obj := clone(m)
				delete(obj, f.Name)
				add("without "+f.Name, obj)
			}
		}
		return out
	}
	add("an object for a scalar", map[string]any{"a": 1})
	add("a list for a scalar", []any{"a"})
	switch def.Name {
	case "String", "ID":
		add("NUL", "a\x00b")
		add("only NUL", "\x00")
		add("empty", "")
		add("huge", huge)
		add("whitespace", " \t\n ")
		add("right-to-left override", "\u202eevil")
		add("a path escape", "../../../etc/passwd")
		add("SQL", "'; DROP TABLE users; --")
		add("a percent-encoded NUL", "%00")
		add("a number", 12345)
		if def.Name == "ID" {
			add("not a UUID", "not-a-uuid")
			add("the nil UUID", "00000000-0000-0000-0000-000000000000")
			add("an unknown UUID", uuid.NewString())
			add("a UUID with braces", "{"+g.id+"}")
			add("a long ID", strings.Repeat("f", 10000))
		}
	case "Int":
		add("negative", -1)
		add("zero", 0)
		add("the least int32", -2147483648)
		add("the greatest int32", 2147483647)
		add("past int32", int64(1)<<40)
		add("a fraction", 1.5)
		add("a numeric string", "1")
	case "Float":
		add("huge", 1e308)
		add("negative", -1.0)
	case "Boolean":
		add("a string", "true")
		add("a number", 1)
	case "Time":
		add("words", "yesterday")
		add("an impossible date", "2026-13-45T00:00:00Z")
		add("empty", "")
		add("year zero", "0000-01-01T00:00:00Z")
		add("the last second of 9999", "9999-12-31T23:59:59Z")
		add("without a zone", "2026-01-01 00:00:00")
		add("NUL", "2026-01-01T00:00:00Z\x00")
		add("a number", 1700000000)
	}
	return out
}

func repeatValue(v any, n int) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = v
	}
	return out
}
