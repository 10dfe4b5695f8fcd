package server_test

// The hostile-input corpus: what a client that means harm sends over HTTP.
// Every case asserts the same contract: a coded answer (never INTERNAL, never
// a 5xx) within a generous bound, and a server that still answers afterwards.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/99designs/gqlgen/graphql/introspection"
	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"codna/graph"
	"codna/internal/pgtest"
)

// hostileBound is how long any one hostile request may take. It is generous
// on purpose (a loaded two-core machine runs the suite): the attacks it
// guards against took a minute or never finished.
const hostileBound = 5 * time.Second

// rawResponse is one answer, read whole.
type rawResponse struct {
	status  int
	body    []byte
	elapsed time.Duration
	errors  []struct {
		Message    string         `json:"message"`
		Extensions map[string]any `json:"extensions"`
	}
}

func (r rawResponse) codes() []string {
	var out []string
	for _, e := range r.errors {
		c, _ := e.Extensions["code"].(string)
		out = append(out, c)
	}
	return out
}

func (r rawResponse) field() string {
	if len(r.errors) == 0 {
		return ""
	}
	f, _ := r.errors[0].Extensions["field"].(string)
	return f
}

// sendRaw sends hr and checks the contract every hostile request must keep:
// no 5xx, a JSON body whose every error has a code other than INTERNAL, and an
// answer within hostileBound.
func sendRaw(t testing.TB, hr *http.Request, what string) rawResponse {
	t.Helper()
	out, err := checkRaw(hr, what)
	require.NoError(t, err)
	return out
}

// checkRaw is sendRaw for goroutines other than the test's: it says what
// broke the contract instead of failing the test.
func checkRaw(hr *http.Request, what string) (rawResponse, error) {
	start := time.Now()
	resp, err := http.DefaultClient.Do(hr)
	if err != nil {
		return rawResponse{}, fmt.Errorf("%s: %w", what, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return rawResponse{}, fmt.Errorf("%s: %w", what, err)
	}
	out := rawResponse{status: resp.StatusCode, body: raw, elapsed: time.Since(start)}
	short := raw
	if len(short) > 600 {
		short = short[:600]
	}
	if out.elapsed >= hostileBound {
		return out, fmt.Errorf("%s took %v", what, out.elapsed)
	}
	if resp.StatusCode >= 500 {
		return out, fmt.Errorf("%s: status %d: %s", what, resp.StatusCode, short)
	}
	var body struct {
		Errors json.RawMessage `json:"errors"`
	}
	if err := json.Unmarshal(raw, &body); err != nil {
		return out, fmt.Errorf("%s: not JSON: %s", what, short)
	}
	if len(body.Errors) > 0 {
		if err := json.Unmarshal(body.Errors, &out.errors); err != nil {
			return out, fmt.Errorf("%s: errors not a list: %s", what, short)
		}
	}
	for _, c := range out.codes() {
		if c == "" || c == "INTERNAL" {
			return out, fmt.Errorf("%s: code %q: %s", what, c, short)
		}
	}
	return out, nil
}

func (b *bundle) post(t testing.TB, body []byte, header map[string]string, what string) rawResponse {
	t.Helper()
	hr, err := http.NewRequest(http.MethodPost, b.http.URL+"/graphql", bytes.NewReader(body))
	require.NoError(t, err)
	hr.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		hr.Header.Set(k, v)
	}
	return sendRaw(t, hr, what)
}

func (b *bundle) postQuery(t testing.TB, query string, vars map[string]any, bearer, what string) rawResponse {
	t.Helper()
	body, err := json.Marshal(map[string]any{"query": query, "variables": vars})
	require.NoError(t, err)
	h := map[string]string{}
	if bearer != "" {
		h["Authorization"] = "Bearer " + bearer
	}
	return b.post(t, body, h, what)
}

// stillAnswers checks the server serves an ordinary request after an attack.
func (b *bundle) stillAnswers(t *testing.T) {
	t.Helper()
	r := b.postQuery(t, `{ me { id } }`, nil, "", "the ordinary query after the attack")
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	require.Empty(t, r.errors)
}

func repeat(n int, f func(i int) string) string {
	var s strings.Builder
	for i := range n {
		s.WriteString(f(i))
	}
	return s.String()
}

// doubling is n fragments that each spread the next one twice: about 40
// bytes a level, 2^n selections once expanded.
func doubling(n int, leaf string) string {
	return "query { ...F0 }\n" +
		repeat(n, func(i int) string { return fmt.Sprintf("fragment F%d on Query { ...F%d ...F%d }\n", i, i+1, i+1) }) +
		fmt.Sprintf("fragment F%d on Query { %s }\n", n, leaf)
}

func TestHostileQueryShapesAreRefusedQuickly(t *testing.T) {
	t.Parallel()
	b := setup(t)
	tooComplex := map[string]string{
		"fragments doubling 27 levels":            doubling(27, "me { id }"),
		"fragments doubling 30 levels":            doubling(30, "me { id }"),
		"fragments doubling 40 levels":            doubling(40, "me { id }"),
		"fragments doubling 40 levels, 3 fields":  doubling(40, "me { id name email }"),
		"doubling inside introspection":           "{ __schema { types { ...T0 } } }" + repeat(30, func(i int) string { return fmt.Sprintf(" fragment T%d on __Type { ...T%d ...T%d }", i, i+1, i+1) }) + " fragment T30 on __Type { name }",
		"one fragment spread 2000 times":          "{" + strings.Repeat(" ...F", 2000) + "} fragment F on Query { me { id name email } }",
		"one field 2500 times":                    "{" + strings.Repeat(" me { id }", 2500) + "}",
		"one alias 2500 times":                    "{" + strings.Repeat(" a: __typename", 2500) + "}",
		"1600 fragments spread together":          "{" + repeat(1600, func(i int) string { return fmt.Sprintf(" ...G%d", i) }) + "}" + repeat(1600, func(i int) string { return fmt.Sprintf(" fragment G%d on Query { __typename }", i) }),
		"50 fields each spreading 100 fragments":  "{" + strings.Repeat(" me {"+repeat(100, func(i int) string { return fmt.Sprintf(" ...U%d", i) })+" }", 50) + "}" + repeat(100, func(i int) string { return fmt.Sprintf(" fragment U%d on User { id }", i) }),
		"700 sets spreading a 700-fragment chain": "{" + repeat(700, func(i int) string { return fmt.Sprintf(" a%d: me { ...U0 }", i) }) + "}" + repeat(700, func(i int) string { return fmt.Sprintf(" fragment U%d on User { ...U%d }", i, i+1) }) + " fragment U700 on User { id }",
		"1000 operations over a fragment chain":   repeat(1000, func(i int) string { return fmt.Sprintf(" query Q%d { ...F0 }", i) }) + repeat(1000, func(i int) string { return fmt.Sprintf(" fragment F%d on Query { ...F%d }", i, i+1) }) + " fragment F1000 on Query { __typename }",
		"nesting past the depth limit":            "{ documents { edges { node { links { source { links { source { links { source { links { source { links { source { id } } } } } } } } } } } } } }",
		"over the token limit":                    "{" + strings.Repeat(" __typename", 20000) + "}",
		"complexity over the limit":               "{ documents(first: 100) { edges { node { revisions(first: 100) { edges { node { version } } } } } } }",
	}
	names := make([]string, 0, len(tooComplex))
	for n := range tooComplex {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		req := map[string]any{"query": tooComplex[name]}
		if strings.HasPrefix(name, "1000 operations") {
			req["operationName"] = "Q0"
		}
		body, err := json.Marshal(req)
		require.NoError(t, err)
		r := b.post(t, body, nil, name)
		require.Equal(t, []string{"QUERY_TOO_COMPLEX"}, r.codes(), "%s: %s", name, r.body)
	}

	// Wide but honest shapes are answered, and quickly.
	answered := map[string]string{
		"1000 aliases of one field":       "{" + repeat(1000, func(i int) string { return fmt.Sprintf(" a%d: me { id }", i) }) + "}",
		"one fragment spread 400 times":   "{" + strings.Repeat(" ...F", 400) + "} fragment F on Query { me { id } }",
		"a field repeated 200 times":      "{" + strings.Repeat(" me { id }", 200) + "}",
		"fragments doubling 10 levels":    doubling(10, "me { id }"),
		"an inline fragment chain of 400": strings.Repeat("{ ... on Query ", 400) + "{ __typename }" + strings.Repeat(" }", 400),
	}
	for name, q := range answered {
		r := b.postQuery(t, q, nil, "", name)
		require.Empty(t, r.errors, "%s: %s", name, r.body)
	}
	b.stillAnswers(t)
}

func TestHostileRequestsAreRefusedWithACode(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *config) { c.BodyLimit = 64 << 10 })
	limit := 64 << 10
	post := func(body, contentType, what string) rawResponse {
		hr, err := http.NewRequest(http.MethodPost, b.http.URL+"/graphql", strings.NewReader(body))
		require.NoError(t, err)
		if contentType != "" {
			hr.Header.Set("Content-Type", contentType)
		}
		return sendRaw(t, hr, what)
	}
	type want struct {
		status int
		code   string
	}
	cases := []struct {
		name, body, contentType string
		want                    want
	}{
		{"trailing JSON object", `{"query":"{ me { id } }"} {"query":"mutation { logout }"}`, "application/json", want{400, "BAD_USER_INPUT"}},
		{"trailing garbage", `{"query":"{ me { id } }"}xyz`, "application/json", want{400, "BAD_USER_INPUT"}},
		{"trailing whitespace is fine", "{\"query\":\"{ me { id } }\"}\n\t ", "application/json", want{200, ""}},
		{"malformed JSON", `{"query":`, "application/json", want{400, "BAD_USER_INPUT"}},
		{"empty body", ``, "application/json", want{400, "BAD_USER_INPUT"}},
		{"a JSON array (batch)", `[{"query":"{ me { id } }"}]`, "application/json", want{400, "BAD_USER_INPUT"}},
		{"a JSON string", `"{ me { id } }"`, "application/json", want{400, "BAD_USER_INPUT"}},
		{"null", `null`, "application/json", want{422, "BAD_USER_INPUT"}},
		{"query not a string", `{"query":{"a":1}}`, "application/json", want{400, "BAD_USER_INPUT"}},
		{"variables not an object", `{"query":"{ me { id } }","variables":[1,2]}`, "application/json", want{400, "BAD_USER_INPUT"}},
		{"deeply nested variables", `{"query":"{ me { id } }","variables":{"a":` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + `}}`, "application/json", want{400, "BAD_USER_INPUT"}},
		{"no query", `{"variables":{}}`, "application/json", want{422, "BAD_USER_INPUT"}},
		{"unknown operation name", `{"query":"query A { me { id } }","operationName":"B"}`, "application/json", want{422, "BAD_USER_INPUT"}},
		{"persisted query hash of the wrong type", `{"extensions":{"persistedQuery":{"version":1,"sha256Hash":5}}}`, "application/json", want{0, ""}},
		{"persisted query with a wrong hash", `{"query":"{ me { id } }","extensions":{"persistedQuery":{"version":1,"sha256Hash":"00"}}}`, "application/json", want{0, "BAD_USER_INPUT"}},
		{"text/plain", `{"query":"{ me { id } }"}`, "text/plain", want{400, "BAD_USER_INPUT"}},
		{"a form", `query=%7B+me+%7B+id+%7D+%7D`, "application/x-www-form-urlencoded", want{400, "BAD_USER_INPUT"}},
		{"multipart", "--x\r\nContent-Disposition: form-data; name=\"operations\"\r\n\r\n{}\r\n--x--\r\n", "multipart/form-data; boundary=x", want{400, "BAD_USER_INPUT"}},
		{"application/graphql", `{ me { id } }`, "application/graphql", want{400, "BAD_USER_INPUT"}},
		{"a broken content type", `{"query":"{ me { id } }"}`, "application/json; charset", want{400, "BAD_USER_INPUT"}},
		{"no content type", `{"query":"{ me { id } }"}`, "", want{400, "BAD_USER_INPUT"}},
		{"a body over the limit", `{"query":"{ me { id } }","variables":{"x":"` + strings.Repeat("a", limit) + `"}}`, "application/json", want{413, "BAD_USER_INPUT"}},
		{"invalid UTF-8 in a string literal", "{\"query\":\"{ people(query: \\\"\xff\xfe\\\") { id } }\"}", "application/json", want{0, ""}},
		{"a NUL escape in a string literal", `{"query":"{ people(query: \"a\\u0000b\") { id } }"}`, "application/json", want{200, "BAD_USER_INPUT"}},
		{"a raw control character in the query", "{\"query\":\"{ me { id } }\\u0000\"}", "application/json", want{422, "BAD_USER_INPUT"}},
		{"an unterminated string", `{"query":"{ people(query: \"abc) { id } }"}`, "application/json", want{422, "BAD_USER_INPUT"}},
		{"a huge number literal", `{"query":"{ people(query: \"a\", first: ` + strings.Repeat("9", 5000) + `) { id } }"}`, "application/json", want{422, "BAD_USER_INPUT"}},
	}
	for _, c := range cases {
		r := post(c.body, c.contentType, c.name)
		if c.want.status != 0 {
			require.Equal(t, c.want.status, r.status, "%s: %s", c.name, r.body)
		}
		if c.want.code != "" {
			require.NotEmpty(t, r.codes(), "%s: %s", c.name, r.body)
			require.Equal(t, c.want.code, r.codes()[0], "%s: %s", c.name, r.body)
		}
	}

	// A chunked body has no Content-Length to refuse it by: it is cut off
	// at the limit and refused all the same.
	pr, pw := io.Pipe()
	go func() {
		_, _ = pw.Write([]byte(`{"query":"{ me { id } }","variables":{"x":"`))
		chunk := bytes.Repeat([]byte("a"), 4096)
		for range 2 * limit / len(chunk) {
			if _, err := pw.Write(chunk); err != nil {
				return
			}
		}
		_, _ = pw.Write([]byte(`"}}`))
		_ = pw.Close()
	}()
	hr, err := http.NewRequest(http.MethodPost, b.http.URL+"/graphql", pr)
	require.NoError(t, err)
	hr.Header.Set("Content-Type", "application/json")
	hr.ContentLength = -1 // unknown: sent chunked
	r := sendRaw(t, hr, "a chunked body over the limit")
	require.Equal(t, http.StatusRequestEntityTooLarge, r.status, "%s", r.body)
	require.Equal(t, []string{"BAD_USER_INPUT"}, r.codes())

	// GET: a mutation, a malformed variables parameter, a huge query.
	for name, q := range map[string]string{
		"a mutation over GET":        "query=" + url.QueryEscape(`mutation { logout }`),
		"variables not JSON":         "query=" + url.QueryEscape(`{ me { id } }`) + "&variables=%7Bnope",
		"extensions not JSON":        "query=" + url.QueryEscape(`{ me { id } }`) + "&extensions=%5B",
		"a query over the token cap": "query=" + url.QueryEscape("{"+strings.Repeat(" __typename", 20000)+"}"),
	} {
		hr, err := http.NewRequest(http.MethodGet, b.http.URL+"/graphql?"+q, nil)
		require.NoError(t, err)
		r := sendRaw(t, hr, name)
		require.NotEmpty(t, r.codes(), "%s: %s", name, r.body)
	}
	b.stillAnswers(t)
}

// TestBadArgumentValuesAreBadUserInput pins the central input guard: text
// that Postgres cannot store and times that do not parse are refused before
// any resolver runs, naming the field.
func TestBadArgumentValuesAreBadUserInput(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	token := pgtest.CreatePersonToken(t, b.pool, p.ID)
	doc := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{})
	cases := []struct {
		name, query string
		vars        map[string]any
		bearer      string
		field       string
	}{
		{"people lookup", `query($q: String!) { people(query: $q) { id } }`, map[string]any{"q": "al\x00ice"}, token, "query"},
		{"login email", `mutation($i: LoginInput!) { login(input: $i) { user { id } } }`, map[string]any{"i": map[string]any{"email": "a\x00@example.com", "password": "x"}}, "", "email"},
		{"login password", `mutation($i: LoginInput!) { login(input: $i) { user { id } } }`, map[string]any{"i": map[string]any{"email": p.Email, "password": "pass\x00word"}}, "", "password"},
		{"document body", `mutation($i: CreateDocumentInput!) { createDocument(input: $i) { document { id } } }`, map[string]any{"i": map[string]any{"space": "WIKI", "path": "", "slug": "nul", "title": "NUL", "content": "hello\x00world"}}, token, "content"},
		{"a NUL escape in frontmatter", `mutation($i: CreateDocumentInput!) { createDocument(input: $i) { document { id } } }`, map[string]any{"i": map[string]any{"space": "WIKI", "path": "", "slug": "nul-fm", "title": "NUL", "content": "---\nowner: \"a\\u0000b\"\n---\nhi\n"}}, token, "content"},
		{"a NUL escape in a frontmatter key", `mutation($i: CreateDocumentInput!) { createDocument(input: $i) { document { id } } }`, map[string]any{"i": map[string]any{"space": "WIKI", "path": "", "slug": "nul-fm-key", "title": "NUL", "content": "---\nnested: {\"k\\0\": [1]}\n---\nhi\n"}}, token, "content"},
		{"document title", `mutation($i: UpdateDocumentInput!) { updateDocument(input: $i) { document { id } } }`, map[string]any{"i": map[string]any{"id": doc.ID.String(), "expectedVersion": 1, "title": "a\x00"}}, token, "title"},
		{"recipients", `query($d: [ID!]!, $r: [String!]!) { shareSuggestions(documentIds: $d, recipients: $r) { recipients } }`, map[string]any{"d": []string{doc.ID.String()}, "r": []string{"ok@example.com", "x\x00@example.com"}}, token, "recipients"},
		{"an ID", `query($id: ID!) { document(id: $id) { id } }`, map[string]any{"id": "\x00"}, token, "id"},
		{"a literal NUL escape", `{ people(query: "a\u0000") { id } }`, nil, token, "query"},
		{"a malformed time", `query($s: Time!) { recentlyShared(since: $s) { document { id } } }`, map[string]any{"s": "yesterday"}, token, "since"},
		{"an impossible date", `{ recentlyShared(since: "2026-13-45T00:00:00Z") { document { id } } }`, nil, token, "since"},
		{"a time in a filter", `query($f: DocumentFilter) { documents(filter: $f) { edges { node { id } } } }`, map[string]any{"f": map[string]any{"updatedSince": "soon"}}, token, "updatedSince"},
	}
	for _, c := range cases {
		r := b.postQuery(t, c.query, c.vars, c.bearer, c.name)
		require.Equal(t, []string{"BAD_USER_INPUT"}, r.codes(), "%s: %s", c.name, r.body)
		require.Equal(t, c.field, r.field(), "%s: %s", c.name, r.body)
	}
	b.stillAnswers(t)
}

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

// The playground loads the schema with GraphiQL's full introspection query,
// whose ofType chains nest deeper than the depth limit; introspection is
// bounded by its own rules, so the depth limit leaves it alone, and a deep
// ordinary query is still refused.
func TestPlaygroundIntrospectionPassesTheDepthLimit(t *testing.T) {
	t.Parallel()
	b := setup(t)
	r := b.do(t, req{query: introspection.Query})
	require.Empty(t, r.Errors)
	schema, _ := r.Data["__schema"].(map[string]any)
	require.NotEmpty(t, schema["types"])

	deep := "{ me { id } __typename }"
	require.Empty(t, b.do(t, req{query: deep}).Errors)
	r = b.do(t, req{query: `{ __schema { queryType { name } } documents(first: 1) { edges { node { links { target { links { target { links { target { links { target { links { target { title } } } } } } } } } } } } } }`})
	require.Equal(t, "QUERY_TOO_COMPLEX", r.code())
}
