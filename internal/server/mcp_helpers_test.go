package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"

	"codna/internal/access"
	"codna/internal/auth"
	"codna/internal/pgtest"
)

// bearerTransport adds a bearer token (and any headers) to each request.
type bearerTransport struct {
	token  string
	header http.Header
}

func (b bearerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	if b.token != "" {
		r.Header.Set("Authorization", "Bearer "+b.token)
	}
	for k, v := range b.header {
		r.Header[k] = v
	}
	return http.DefaultTransport.RoundTrip(r)
}

// mcpSession connects the go-sdk's client to the test server's /mcp over
// real HTTP with a bearer token.
func (b *bundle) mcpSession(t testing.TB, token string) *mcp.ClientSession {
	t.Helper()
	cs, err := b.mcpConnect(t, token, nil)
	require.NoError(t, err)
	return cs
}

func (b *bundle) mcpConnect(t testing.TB, token string, header http.Header) (*mcp.ClientSession, error) {
	t.Helper()
	c := mcp.NewClient(&mcp.Implementation{Name: "codna-test", Version: "1"}, nil)
	cs, err := c.Connect(context.Background(), &mcp.StreamableClientTransport{
		Endpoint: b.http.URL + "/mcp", HTTPClient: &http.Client{Transport: bearerTransport{token: token, header: header}}, MaxRetries: -1,
	}, nil)
	if err == nil {
		t.Cleanup(func() { _ = cs.Close() })
	}
	return cs, err
}

// toolResult is a tool call's answer: its structured output, or the text
// of its tool error.
type toolResult struct {
	Out     map[string]any
	Err     string // "" unless IsError
	Text    string // every text content, joined
	Raw     *mcp.CallToolResult
	RawJSON string // the whole result as JSON, for leak checks
}

// code is the tool error's code: the text before its first ':' or ' on '.
func (r toolResult) code() string {
	if r.Err == "" {
		return ""
	}
	c, _, _ := strings.Cut(r.Err, ":")
	c, _, _ = strings.Cut(c, " on ")
	return c
}

// tool calls a tool and fails the test on a protocol error.
func tool(t testing.TB, cs *mcp.ClientSession, name string, args any) toolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	require.NoError(t, err, "%s: a refusal must be a tool error, not a protocol error", name)
	return resultOf(t, res)
}

func resultOf(t testing.TB, res *mcp.CallToolResult) toolResult {
	t.Helper()
	raw, err := json.Marshal(res)
	require.NoError(t, err)
	out := toolResult{Raw: res, RawJSON: string(raw)}
	var texts []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			texts = append(texts, tc.Text)
		}
	}
	out.Text = strings.Join(texts, "\n")
	if res.IsError {
		out.Err = out.Text
		return out
	}
	if res.StructuredContent != nil {
		b, err := json.Marshal(res.StructuredContent)
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(b, &out.Out))
	}
	return out
}

// ok calls a tool that must succeed and returns its structured output.
func ok(t testing.TB, cs *mcp.ClientSession, name string, args any) map[string]any {
	t.Helper()
	r := tool(t, cs, name, args)
	require.Empty(t, r.Err, "%s(%v)", name, args)
	require.NotNil(t, r.Out, "%s returns structured content", name)
	return r.Out
}

// refused calls a tool that must refuse with code and returns the error text.
func refused(t testing.TB, cs *mcp.ClientSession, name string, args any, code string) string {
	t.Helper()
	r := tool(t, cs, name, args)
	require.True(t, r.Raw.IsError, "%s(%v) must be refused, got %s", name, args, r.Text)
	require.Equal(t, code, r.code(), r.Err)
	return r.Err
}

// share shares documents through the sharing service, as their owner.
func (b *bundle) share(t testing.TB, owner pgtest.Person, perm access.Permission, recipient string, docs ...uuid.UUID) {
	t.Helper()
	_, err := b.app.Access.Share(pgtest.ActingAs(owner), access.ShareInput{DocumentIDs: docs, Recipients: []string{recipient}, Permission: perm})
	require.NoError(t, err)
}

func list(v any) []any {
	l, _ := v.([]any)
	return l
}

// flushCounts writes the usage counts and agent reads gathered in memory,
// as the server's periodic job does.
func (b *bundle) flushCounts(t testing.TB) {
	t.Helper()
	_, err := b.app.Auth.FlushCounts(auth.SystemContext(context.Background()))
	require.NoError(t, err)
}
