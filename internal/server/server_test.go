package server_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/app"
	"codna/internal/app/apptest"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/pgtest"
	"codna/internal/server"
)

// bundle is one test's server over its own database, and the App it serves.
type bundle struct {
	srv     *server.Server
	app     *app.App
	http    *httptest.Server
	pool    *pgxpool.Pool
	counter *db.Counter
}

// config is what setup's tweaks change: the server's configuration and its
// App's, their fields side by side (c.WSMaxSubs, c.Auth.LoginLimit).
type config struct {
	httpConfig
	appConfig
}

type (
	httpConfig = server.Config
	appConfig  = app.Config
)

func setup(t testing.TB, tweak ...func(*config)) *bundle {
	t.Helper()
	return setupOn(t, nil, tweak...)
}

// setupOn is setup serving on hs, an unstarted server whose address the
// tweaks may use (nil: a new one).
func setupOn(t testing.TB, hs *httptest.Server, tweak ...func(*config)) *bundle {
	t.Helper()
	url := pgtest.NewURL(t)
	counter := &db.Counter{}
	pool, err := db.Open(context.Background(), url, counter)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	cfg := config{httpConfig: server.DefaultConfig, appConfig: apptest.Config()}
	for _, f := range tweak {
		f(&cfg)
	}
	a := apptest.New(t, pool, func(c *app.Config) { *c = cfg.appConfig })
	srv := server.New(a, cfg.httpConfig, slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelError})))
	require.NoError(t, a.Live.Start(context.Background()))
	t.Cleanup(a.Live.Stop)
	if hs == nil {
		hs = httptest.NewUnstartedServer(nil)
	}
	hs.Config.Handler = srv.Handler()
	hs.Start()
	t.Cleanup(hs.Close)
	return &bundle{srv: srv, app: a, http: hs, pool: pool, counter: counter}
}

// gqlResponse is a GraphQL response with errors flattened for assertions.
type gqlResponse struct {
	Status int
	Header http.Header
	Data   map[string]any
	Errors []struct {
		Message    string         `json:"message"`
		Extensions map[string]any `json:"extensions"`
	}
}

func (r gqlResponse) code() string {
	if len(r.Errors) == 0 {
		return ""
	}
	c, _ := r.Errors[0].Extensions["code"].(string)
	return c
}

type req struct {
	query     string
	variables map[string]any
	bearer    string
	cookie    string
	header    map[string]string
}

func (b *bundle) do(t testing.TB, r req) gqlResponse {
	t.Helper()
	body, err := json.Marshal(map[string]any{"query": r.query, "variables": r.variables})
	require.NoError(t, err)
	hr, err := http.NewRequest(http.MethodPost, b.http.URL+"/graphql", bytes.NewReader(body))
	require.NoError(t, err)
	hr.Header.Set("Content-Type", "application/json")
	if r.bearer != "" {
		hr.Header.Set("Authorization", "Bearer "+r.bearer)
	}
	if r.cookie != "" {
		hr.AddCookie(&http.Cookie{Name: auth.SessionCookie, Value: r.cookie})
	}
	for k, v := range r.header {
		hr.Header.Set(k, v)
	}
	return send(t, hr)
}

func send(t testing.TB, hr *http.Request) gqlResponse {
	t.Helper()
	resp, err := http.DefaultClient.Do(hr)
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	out := gqlResponse{Status: resp.StatusCode, Header: resp.Header}
	require.NoError(t, json.Unmarshal(raw, &out), "body: %s", raw)
	require.NotEqual(t, http.StatusInternalServerError, resp.StatusCode, "body: %s", raw)
	return out
}

func (b *bundle) login(t *testing.T, email, password string) (gqlResponse, string) {
	t.Helper()
	r := b.do(t, req{
		query:     `mutation($i: LoginInput!) { login(input: $i) { user { id email kind } } }`,
		variables: map[string]any{"i": map[string]any{"email": email, "password": password}},
	})
	for _, c := range (&http.Response{Header: r.Header}).Cookies() {
		if c.Name == auth.SessionCookie {
			return r, c.Value
		}
	}
	return r, ""
}

func me(t *testing.T, r gqlResponse) map[string]any {
	t.Helper()
	require.Empty(t, r.Errors)
	m, _ := r.Data["me"].(map[string]any)
	return m
}

const meQuery = `{ me { id email name kind } }`

func TestDeactivatedPersonsSessionAndTokenStopWorking(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	token := pgtest.CreatePersonToken(t, b.pool, p.ID)
	_, cookie := b.login(t, p.Email, pgtest.Password)
	require.NotNil(t, me(t, b.do(t, req{query: meQuery, cookie: cookie})))

	_, err := b.app.Manage.SetPersonActive(auth.ManagementContext(context.Background()), p.ID, false)
	require.NoError(t, err)

	require.Equal(t, "UNAUTHENTICATED", b.do(t, req{query: meQuery, cookie: cookie}).code())
	require.Equal(t, "UNAUTHENTICATED", b.do(t, req{query: meQuery, bearer: token}).code())
	r, _ := b.login(t, p.Email, pgtest.Password)
	require.Equal(t, "UNAUTHENTICATED", r.code())

	// Reactivated: the token works again, the ended session does not.
	_, err = b.app.Manage.SetPersonActive(auth.ManagementContext(context.Background()), p.ID, true)
	require.NoError(t, err)
	require.NotNil(t, me(t, b.do(t, req{query: meQuery, bearer: token})))
	require.Equal(t, "UNAUTHENTICATED", b.do(t, req{query: meQuery, cookie: cookie}).code())
}

func TestRevokedAndForgedTokensAreRefused(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	tok, err := b.app.Auth.CreateAccessToken(pgtest.SignedIn(p), "laptop", nil)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(tok.Secret, auth.PersonTokenPrefix))
	require.Equal(t, p.ID.String(), me(t, b.do(t, req{query: meQuery, bearer: tok.Secret}))["id"])

	_, err = b.app.Auth.RevokeAccessToken(pgtest.SignedIn(p), tok.ID)
	require.NoError(t, err)
	require.Equal(t, "UNAUTHENTICATED", b.do(t, req{query: meQuery, bearer: tok.Secret}).code())

	for _, forged := range []string{"codp_nope", "coda_nope", "codna_nope", "garbage", auth.AgentTokenPrefix + strings.TrimPrefix(tok.Secret, auth.PersonTokenPrefix)} {
		require.Equal(t, "UNAUTHENTICATED", b.do(t, req{query: meQuery, bearer: forged}).code(), forged)
	}

	past := time.Now().Add(-time.Hour)
	_, err = b.app.Auth.CreateAccessToken(pgtest.SignedIn(p), "old", &past)
	require.Error(t, err)
}

func TestActorsByCredential(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	personToken := pgtest.CreatePersonToken(t, b.pool, p.ID)
	agent := pgtest.CreateAgent(t, b.pool, p.ID)
	manageToken := pgtest.CreateManageToken(t, b.pool)

	t.Run("agent token is the agent", func(t *testing.T) {
		got := me(t, b.do(t, req{query: meQuery, bearer: agent.Token}))
		require.Equal(t, agent.ID.String(), got["id"])
		require.Equal(t, "AGENT", got["kind"])
	})
	t.Run("personal token is its person", func(t *testing.T) {
		got := me(t, b.do(t, req{query: meQuery, bearer: personToken}))
		require.Equal(t, p.ID.String(), got["id"])
		require.Equal(t, "PERSON", got["kind"])
	})
	t.Run("manage token is management, not a person", func(t *testing.T) {
		got := me(t, b.do(t, req{query: meQuery, bearer: manageToken}))
		require.Equal(t, auth.ManagementID.String(), got["id"])
		require.Equal(t, "MANAGEMENT", got["kind"])
	})

	createPerson := `mutation($i: CreatePersonInput!) { createPerson(input: $i) { user { id email kind active } } }`
	vars := func(email string) map[string]any {
		return map[string]any{"i": map[string]any{"email": email, "name": "New Person", "password": "long enough password"}}
	}
	for name, bearer := range map[string]string{"agent": agent.Token, "person": personToken} {
		t.Run(name+" cannot act as management", func(t *testing.T) {
			r := b.do(t, req{query: createPerson, variables: vars(name + "@example.com"), bearer: bearer})
			require.Equal(t, "FORBIDDEN", r.code())
			r = b.do(t, req{query: `{ managedUsers { edges { node { id } } } }`, bearer: bearer})
			require.Equal(t, "FORBIDDEN", r.code())
		})
	}
	t.Run("nobody cannot act as management", func(t *testing.T) {
		require.Equal(t, "UNAUTHENTICATED", b.do(t, req{query: createPerson, variables: vars("x@example.com")}).code())
	})
	t.Run("management creates a person, audited with its token", func(t *testing.T) {
		r := b.do(t, req{query: createPerson, variables: vars("hired@example.com"), bearer: manageToken})
		require.Empty(t, r.Errors)
		var via string
		var tokenID *string
		require.NoError(t, b.pool.QueryRow(context.Background(),
			`SELECT via, token_id::text FROM management_audit WHERE action = 'user.create'`).Scan(&via, &tokenID))
		require.Equal(t, "token", via)
		require.NotNil(t, tokenID)

		dup := b.do(t, req{query: createPerson, variables: vars("HIRED@example.com"), bearer: manageToken})
		require.Equal(t, "CONFLICT", dup.code())
		require.Equal(t, "email", dup.Errors[0].Extensions["field"])
		bad := b.do(t, req{query: createPerson, variables: vars("not an email"), bearer: manageToken})
		require.Equal(t, "BAD_USER_INPUT", bad.code())
		require.Equal(t, "email", bad.Errors[0].Extensions["field"])
	})
}

func TestCookieRequestsNeedJSONOrTheCSRFHeader(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	_, cookie := b.login(t, p.Email, pgtest.Password)

	form := func(contentType, body string) gqlResponse {
		hr, err := http.NewRequest(http.MethodPost, b.http.URL+"/graphql", strings.NewReader(body))
		require.NoError(t, err)
		hr.Header.Set("Content-Type", contentType)
		hr.AddCookie(&http.Cookie{Name: auth.SessionCookie, Value: cookie})
		return send(t, hr)
	}
	for _, ct := range []string{"application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x"} {
		r := form(ct, `query=mutation+%7B+logout+%7D`)
		require.Equal(t, http.StatusForbidden, r.Status, ct)
		require.Equal(t, "FORBIDDEN", r.code(), ct)
	}
	// The session survived the forged logouts.
	require.NotNil(t, me(t, b.do(t, req{query: meQuery, cookie: cookie})))

	get := func(header bool) gqlResponse {
		hr, err := http.NewRequest(http.MethodGet, b.http.URL+"/graphql?query="+urlEscape(meQuery), nil)
		require.NoError(t, err)
		hr.AddCookie(&http.Cookie{Name: auth.SessionCookie, Value: cookie})
		if header {
			hr.Header.Set("X-CoDNA-CSRF", "1")
		}
		return send(t, hr)
	}
	require.Equal(t, "FORBIDDEN", get(false).code())
	require.Equal(t, p.ID.String(), me(t, get(true))["id"])

	// A form POST with a bearer token is not cookie-authenticated, but the
	// server has no form transport at all.
	hr, _ := http.NewRequest(http.MethodPost, b.http.URL+"/graphql", strings.NewReader(`query={me{id}}`))
	hr.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	r := send(t, hr)
	require.Equal(t, "BAD_USER_INPUT", r.code())
}

func urlEscape(s string) string {
	return strings.NewReplacer(" ", "%20", "{", "%7B", "}", "%7D").Replace(s)
}

func TestMutationsAreRefusedOverGET(t *testing.T) {
	t.Parallel()
	b := setup(t)
	hr, _ := http.NewRequest(http.MethodGet, b.http.URL+"/graphql?query="+urlEscape("mutation { logout }"), nil)
	r := send(t, hr)
	require.NotEmpty(t, r.Errors)
	require.Equal(t, "BAD_USER_INPUT", r.code())
}

func TestQueryLimitsRefuseBeforeAnyStatement(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *config) { c.Limits.Complexity = 200; c.Limits.Depth = 3 })
	token := pgtest.CreateManageToken(t, b.pool)

	// Baseline: what authentication alone costs (after the token's first
	// use, which also records it).
	require.Empty(t, b.do(t, req{query: `{ __typename }`, bearer: token}).Errors)
	b.counter.Reset()
	require.Empty(t, b.do(t, req{query: `{ __typename }`, bearer: token}).Errors)
	authOnly := b.counter.Count()

	cases := map[string]string{
		// 100 items × 3 fields exceeds 200.
		"complexity": `{ managedUsers(first: 100) { pageInfo { hasNextPage } } }`,
		// edges → node → id is four levels.
		"depth":                    `{ managedUsers(first: 1) { edges { node { id } } } }`,
		"depth through a fragment": `query { managedUsers(first: 1) { ...E } } fragment E on ManagedUserConnection { edges { node { id } } }`,
	}
	for name, q := range cases {
		b.counter.Reset()
		r := b.do(t, req{query: q, bearer: token})
		require.Equal(t, "QUERY_TOO_COMPLEX", r.code(), name)
		require.Equal(t, authOnly, b.counter.Count(), "%s: no resolver may run a statement", name)
		b.counter.Reset()
		r = b.do(t, req{query: q})
		require.Equal(t, "QUERY_TOO_COMPLEX", r.code(), name)
		require.Zero(t, b.counter.Count(), "%s: anonymous refusal runs no statement", name)
	}
	// Within both limits it runs.
	r := b.do(t, req{query: `{ managedUsers(first: 10) { pageInfo { hasNextPage } } }`, bearer: token})
	require.Empty(t, r.Errors)
}

func TestTokenLimit(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *config) { c.Limits.Tokens = 50 })
	q := "{ " + strings.Repeat("__typename ", 60) + "}"
	r := b.do(t, req{query: q})
	require.Equal(t, "QUERY_TOO_COMPLEX", r.code())
	require.Empty(t, b.do(t, req{query: "{ " + strings.Repeat("__typename ", 10) + "}"}).Errors)
}

func TestMalformedRequestsGetCodedErrors(t *testing.T) {
	t.Parallel()
	b := setup(t)
	post := func(body []byte, ct string) gqlResponse {
		hr, err := http.NewRequest(http.MethodPost, b.http.URL+"/graphql", bytes.NewReader(body))
		require.NoError(t, err)
		hr.Header.Set("Content-Type", ct)
		return send(t, hr)
	}
	r := post([]byte(`{"query": "{ me { id } }"`), "application/json")
	require.Equal(t, "BAD_USER_INPUT", r.code())
	require.Equal(t, "The request body is not valid JSON.", r.Errors[0].Message)

	r = post([]byte(`{"query": "{ me { id } }", "operationName": "Missing"}`), "application/json")
	require.Equal(t, "BAD_USER_INPUT", r.code())

	r = post([]byte(`{"query": "{ nope }"}`), "application/json")
	require.Equal(t, "BAD_USER_INPUT", r.code())

	r = post([]byte(`{"query": "{ me { id "}`), "application/json")
	require.Equal(t, "BAD_USER_INPUT", r.code())

	big := bytes.Repeat([]byte("a"), 10<<20)
	r = post(append(append([]byte(`{"query": "`), big...), []byte(`"}`)...), "application/json")
	require.Equal(t, http.StatusRequestEntityTooLarge, r.Status)
	require.Equal(t, "BAD_USER_INPUT", r.code())

	// Without a Content-Length the limit still holds while reading.
	hr, err := http.NewRequest(http.MethodPost, b.http.URL+"/graphql", io.MultiReader(bytes.NewReader([]byte(`{"query": "`)), bytes.NewReader(big), strings.NewReader(`"}`)))
	require.NoError(t, err)
	hr.ContentLength = -1
	hr.Header.Set("Content-Type", "application/json")
	r = send(t, hr)
	require.Equal(t, "BAD_USER_INPUT", r.code())

	r = post([]byte(`{"query": "{ me { id } }", "variables": {"x": 1}}`), "application/json")
	require.Empty(t, r.Errors)
	id := b.do(t, req{query: `mutation { deactivatePerson(input: {id: "not-a-uuid"}) { user { id } } }`, bearer: pgtest.CreateManageToken(t, b.pool)})
	require.Equal(t, "BAD_USER_INPUT", id.code())
	require.Equal(t, "id", id.Errors[0].Extensions["field"])
}

func TestPersistedQueries(t *testing.T) {
	t.Parallel()
	b := setup(t)
	const q = `{ __typename }`
	sum := sha256.Sum256([]byte(q))
	hash := hex.EncodeToString(sum[:])
	ext := map[string]any{"persistedQuery": map[string]any{"version": 1, "sha256Hash": hash}}
	post := func(body map[string]any) gqlResponse {
		raw, _ := json.Marshal(body)
		hr, _ := http.NewRequest(http.MethodPost, b.http.URL+"/graphql", bytes.NewReader(raw))
		hr.Header.Set("Content-Type", "application/json")
		return send(t, hr)
	}
	r := post(map[string]any{"extensions": ext})
	require.Equal(t, "PERSISTED_QUERY_NOT_FOUND", r.code())
	r = post(map[string]any{"query": q, "extensions": ext})
	require.Empty(t, r.Errors)
	r = post(map[string]any{"extensions": ext})
	require.Empty(t, r.Errors)
	require.Equal(t, "Query", r.Data["__typename"])
}

func TestIntrospectionAndPlaygroundCanBeTurnedOff(t *testing.T) {
	t.Parallel()
	status := func(b *bundle, path string) int {
		resp, err := http.Get(b.http.URL + path)
		require.NoError(t, err)
		resp.Body.Close()
		return resp.StatusCode
	}
	on := setup(t, func(c *config) { c.Playground = true })
	off := setup(t, func(c *config) { c.Introspection = false; c.Playground = false })
	require.Equal(t, http.StatusNotFound, status(setup(t), "/playground"), "off by default")
	const q = `{ __schema { queryType { name } } }`
	require.Empty(t, on.do(t, req{query: q}).Errors)
	require.NotEmpty(t, off.do(t, req{query: q}).Errors)

	require.Equal(t, http.StatusOK, status(on, "/playground"))
	require.Equal(t, http.StatusOK, status(on, "/graphql/schema"))
	require.Equal(t, http.StatusNotFound, status(off, "/playground"))
	require.Equal(t, http.StatusNotFound, status(off, "/graphql/schema"))
}

func TestHealthReadinessAndMetrics(t *testing.T) {
	t.Parallel()
	b := setup(t)
	get := func(path string) (int, string) {
		resp, err := http.Get(b.http.URL + path)
		require.NoError(t, err)
		defer resp.Body.Close()
		raw, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(raw)
	}
	code, _ := get("/healthz")
	require.Equal(t, http.StatusOK, code)
	code, _ = get("/readyz")
	require.Equal(t, http.StatusOK, code)

	b.do(t, req{query: `{ nope }`})
	code, body := get("/metrics")
	require.Equal(t, http.StatusOK, code)
	require.Contains(t, body, `codna_graphql_errors_total{code="BAD_USER_INPUT"} 1`)
	require.Contains(t, body, `codna_http_requests_total{route="/graphql",status="422"}`)
	require.Contains(t, body, "codna_http_request_duration_seconds_bucket")
	require.Contains(t, body, `codna_db_pool_connections{state="max"}`)
	require.Contains(t, body, "codna_mail_queued 0")
	require.Contains(t, body, "codna_mail_oldest_queued_age_seconds 0")

	// A schema behind this binary's migrations is not ready.
	_, err := b.pool.Exec(context.Background(), "UPDATE schema_migrations SET version = version - 1")
	require.NoError(t, err)
	code, _ = get("/readyz")
	require.Equal(t, http.StatusServiceUnavailable, code)
}

func TestResponsesCarryARequestID(t *testing.T) {
	t.Parallel()
	b := setup(t)
	r := b.do(t, req{query: meQuery})
	require.NotEmpty(t, r.Header.Get("X-Request-Id"))
	r = b.do(t, req{query: meQuery, header: map[string]string{"X-Request-Id": "abc-123"}})
	require.Equal(t, "abc-123", r.Header.Get("X-Request-Id"))
}
