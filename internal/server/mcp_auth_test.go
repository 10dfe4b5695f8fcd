package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/pgtest"
)

// mcpInit is an initialize request, as a client's first POST.
const mcpInit = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`

type rawMCP struct {
	Status int
	Header http.Header
	Body   string
}

// postMCP sends one raw POST to /mcp.
func (b *bundle) postMCP(t testing.TB, body string, header map[string]string) rawMCP {
	t.Helper()
	hr, err := http.NewRequest(http.MethodPost, b.http.URL+"/mcp", strings.NewReader(body))
	require.NoError(t, err)
	hr.Header.Set("Content-Type", "application/json")
	hr.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range header {
		hr.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(hr)
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return rawMCP{Status: resp.StatusCode, Header: resp.Header, Body: string(raw)}
}

// rpcCode is the code name a refused raw request's JSON-RPC error carries.
func (r rawMCP) rpcCode(t testing.TB) string {
	t.Helper()
	var m struct {
		Error struct {
			Data struct {
				Code string `json:"code"`
			} `json:"data"`
		} `json:"error"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.Body), &m), r.Body)
	return m.Error.Data.Code
}

// TestMCPNeedsAnAgentOrPersonalToken: no token, a session cookie, a manage
// token and a bad token are refused with 401 and a WWW-Authenticate
// challenge; agent and personal tokens are let in.
func TestMCPNeedsAnAgentOrPersonalToken(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	_, cookie := b.login(t, p.Email, pgtest.Password)
	agent := pgtest.CreateAgent(t, b.pool, p.ID)

	for name, h := range map[string]map[string]string{
		"nothing":       {},
		"cookie":        {"Cookie": auth.SessionCookie + "=" + cookie},
		"manage token":  {"Authorization": "Bearer " + pgtest.CreateManageToken(t, b.pool)},
		"unknown token": {"Authorization": "Bearer coda_nope"},
		"garbage":       {"Authorization": "Bearer garbage"},
		"basic":         {"Authorization": "Basic dXNlcjpwYXNz"},
	} {
		r := b.postMCP(t, mcpInit, h)
		require.Equal(t, http.StatusUnauthorized, r.Status, name)
		require.True(t, strings.HasPrefix(r.Header.Get("WWW-Authenticate"), `Bearer realm="codna"`), "%s: %q", name, r.Header.Get("WWW-Authenticate"))
		require.Equal(t, "UNAUTHENTICATED", r.rpcCode(t), name)
		if name != "nothing" && name != "cookie" && name != "basic" {
			require.Contains(t, r.Header.Get("WWW-Authenticate"), `error="invalid_token"`, name)
		}
	}
	for _, token := range []string{agent.Token, pgtest.CreatePersonToken(t, b.pool, p.ID)} {
		r := b.postMCP(t, mcpInit, map[string]string{"Authorization": "Bearer " + token})
		require.Equal(t, http.StatusOK, r.Status, r.Body)
		require.Contains(t, r.Body, `"serverInfo"`)
	}
	_, err := b.mcpConnect(t, "", nil)
	require.Error(t, err, "the go-sdk client is refused without a token")
}

// TestMCPCredentialEndsMidSession: every call is authenticated afresh, so
// a session whose token is revoked, whose agent is deleted or whose person
// is deactivated is refused on its next call.
func TestMCPCredentialEndsMidSession(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	calls := func(cs *mcp.ClientSession) error {
		_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "inbox", Arguments: map[string]any{}})
		return err
	}

	t.Run("personal token revoked", func(t *testing.T) {
		tok, err := b.app.Auth.CreateAccessToken(pgtest.SignedIn(p), "assistant", nil)
		require.NoError(t, err)
		cs := b.mcpSession(t, tok.Secret)
		require.NoError(t, calls(cs))
		_, err = b.app.Auth.RevokeAccessToken(pgtest.SignedIn(p), tok.ID)
		require.NoError(t, err)
		require.ErrorContains(t, calls(cs), "Unauthorized")
	})
	t.Run("agent deleted", func(t *testing.T) {
		a := pgtest.CreateAgent(t, b.pool, p.ID)
		cs := b.mcpSession(t, a.Token)
		require.NoError(t, calls(cs))
		_, err := b.app.Manage.DeleteAgent(auth.ManagementContext(context.Background()), a.ID)
		require.NoError(t, err)
		require.ErrorContains(t, calls(cs), "Unauthorized")
	})
	t.Run("agent token revoked by management", func(t *testing.T) {
		a := pgtest.CreateAgent(t, b.pool, p.ID)
		cs := b.mcpSession(t, a.Token)
		require.NoError(t, calls(cs))
		pgtest.Exec(t, b.pool, `UPDATE access_tokens SET revoked_at = now() WHERE user_id = $1`, a.ID)
		require.ErrorContains(t, calls(cs), "Unauthorized")
	})
	t.Run("person deactivated", func(t *testing.T) {
		q := pgtest.CreatePerson(t, b.pool)
		cs := b.mcpSession(t, pgtest.CreatePersonToken(t, b.pool, q.ID))
		require.NoError(t, calls(cs))
		_, err := b.app.Manage.SetPersonActive(auth.ManagementContext(context.Background()), q.ID, false)
		require.NoError(t, err)
		require.ErrorContains(t, calls(cs), "Unauthorized")
	})
}

// TestMCPChecksOriginAndBodyLimit: a browser origin that is not the
// server's (or configured) is refused as for websockets, and a body over
// the limit is 413, chunked or not.
func TestMCPChecksOriginAndBodyLimit(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *config) {
		c.BodyLimit = 64 << 10
		c.AllowedOrigins = []string{"https://app.example.com"}
	})
	p := pgtest.CreatePerson(t, b.pool)
	bearer := "Bearer " + pgtest.CreatePersonToken(t, b.pool, p.ID)

	r := b.postMCP(t, mcpInit, map[string]string{"Authorization": bearer, "Origin": "https://evil.example"})
	require.Equal(t, http.StatusForbidden, r.Status)
	require.Equal(t, "FORBIDDEN", r.rpcCode(t))
	for _, origin := range []string{"https://app.example.com", b.http.URL} {
		r = b.postMCP(t, mcpInit, map[string]string{"Authorization": bearer, "Origin": origin})
		require.Equal(t, http.StatusOK, r.Status, origin)
	}

	big := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"read_document","arguments":{"address":"` + strings.Repeat("a", 70<<10) + `"}}}`
	r = b.postMCP(t, big, map[string]string{"Authorization": bearer})
	require.Equal(t, http.StatusRequestEntityTooLarge, r.Status)
	require.Equal(t, "BAD_USER_INPUT", r.rpcCode(t))
	// Chunked: no Content-Length to refuse it by.
	hr, err := http.NewRequest(http.MethodPost, b.http.URL+"/mcp", io.MultiReader(bytes.NewReader([]byte(big))))
	require.NoError(t, err)
	hr.ContentLength = -1
	hr.Header.Set("Authorization", bearer)
	hr.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(hr)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusRequestEntityTooLarge, resp.StatusCode)

	// Not JSON-RPC at all: refused by the transport, and the server answers on.
	r = b.postMCP(t, `{"not": "json-rpc"`, map[string]string{"Authorization": bearer})
	require.GreaterOrEqual(t, r.Status, 400)
	require.Less(t, r.Status, 500)
	r = b.postMCP(t, mcpInit, map[string]string{"Authorization": bearer})
	require.Equal(t, http.StatusOK, r.Status)
}
