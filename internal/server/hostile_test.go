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
	"testing"
	"time"

	"github.com/99designs/gqlgen/graphql/introspection"
	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

// hostileBound is how long any one hostile request may take. It is generous
// on purpose (a loaded two-core machine runs the suite): the attacks it
// guards against took a minute or never finished.
const hostileBound = 15 * time.Second

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
		{"multipart", "--x\r\nContent-Disposition: form-data; name=\"operations\"\r\n\r\n{}\r\n--x--\r\n", "multipart/form-data; boundary=x", want{401, "UNAUTHENTICATED"}}, // signed out: refused before its parts are read
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
