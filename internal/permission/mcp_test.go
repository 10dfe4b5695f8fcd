package permission_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/mcpserver"
	"codna/internal/pgtest"
)

// callerHeader names the caller of a test request to the handler below.
const callerHeader = "X-Permission-Caller"

// TestEveryMCPToolChecksItsActor holds every MCP tool, and the resource
// methods, to its entry in tools, calling each through the endpoint's
// handler as nobody, the world's owner, a stranger, the owner's agent,
// management and the system. `make lint` runs it.
func TestEveryMCPToolChecksItsActor(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	a, svcs := services(t, d.Pool)
	w := newWorld(t, a, svcs)
	// Wired as internal/server wires it: over the App's services.
	srv := mcpserver.New(&a.Services, mcpserver.Options{}, slog.New(slog.DiscardHandler))

	as := map[string]caller{
		"nobody":     {"nobody", nobody, nil},
		"person":     {"person", person, w.ownerActor},
		"stranger":   {"stranger", person, w.strangerActor},
		"agent":      {"agent", agent, w.agentActor},
		"management": {"management", management, auth.ActorFrom(auth.ManagementContext(context.Background()))},
		"system":     {"system", system, auth.ActorFrom(auth.SystemContext(context.Background()))},
	}
	ts := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		srv.Handler().ServeHTTP(rw, r.WithContext(as[r.Header.Get(callerHeader)].ctx(r.Context())))
	}))
	t.Cleanup(ts.Close)
	sessions := map[string]*mcp.ClientSession{}
	for name := range as {
		sessions[name] = connect(t, ts.URL, name)
	}

	names := append(srv.Tools(), "resources/list", "resources/read")
	for _, name := range names {
		if _, ok := tools[name]; !ok {
			t.Errorf("the MCP tool %s is in no entry of tools in table_test.go: add who it serves", name)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(tools)) {
		tl := tools[name]
		if !slices.Contains(names, name) {
			t.Errorf("table_test.go: the MCP tool %s does not exist: remove it", name)
			continue
		}
		if why := tl.invalid(); why != "" {
			t.Errorf("table_test.go: %s: %s", name, why)
			continue
		}
		t.Run(name, func(t *testing.T) {
			var args map[string]any
			if tl.args != nil {
				args = tl.args(w)
			}
			for _, who := range slices.Sorted(maps.Keys(as)) {
				c := as[who]
				got := callTool(t, sessions[who], name, args)
				var why string
				switch {
				case who == "stranger" && tl.read && tl.shared == "":
					why = got.unseen(w)
				case who == "stranger" || tl.allow.has(c.kind):
					why = got.served()
				case c.kind == nobody:
					why = got.refused("UNAUTHENTICATED", false, w)
				default:
					why = got.refused("FORBIDDEN", tl.hides.has(c.kind), w)
				}
				if why != "" {
					t.Errorf("as %s: %s", who, why)
				}
			}
		})
	}
}

// connect opens a client session on the endpoint as the caller named.
func connect(t *testing.T, url, name string) *mcp.ClientSession {
	t.Helper()
	c := mcp.NewClient(&mcp.Implementation{Name: "permission-test", Version: "1"}, nil)
	cs, err := c.Connect(t.Context(), &mcp.StreamableClientTransport{
		Endpoint: url, HTTPClient: &http.Client{Transport: callerTransport(name)}, MaxRetries: -1,
	}, nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

// callerTransport names the caller on each request.
type callerTransport string

func (c callerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set(callerHeader, string(c))
	return http.DefaultTransport.RoundTrip(r)
}

// toolAnswer is a tool call's answer: its code ("" on success) and the
// JSON of what it returned.
type toolAnswer struct {
	code string
	text string
}

// callTool calls a tool, or resources/list or resources/read, with args.
func callTool(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) toolAnswer {
	t.Helper()
	var res any
	var err error
	switch name {
	case "resources/list":
		res, err = cs.ListResources(t.Context(), nil)
	case "resources/read":
		res, err = cs.ReadResource(t.Context(), &mcp.ReadResourceParams{URI: args["uri"].(string)})
	default:
		var r *mcp.CallToolResult
		r, err = cs.CallTool(t.Context(), &mcp.CallToolParams{Name: name, Arguments: args})
		if err == nil && r.IsError {
			return toolAnswer{code: codeOf(r.Content[0].(*mcp.TextContent).Text), text: r.Content[0].(*mcp.TextContent).Text}
		}
		res = r
	}
	if err != nil {
		// A resource method fails as a JSON-RPC error carrying the code,
		// or "resource not found" for a page the actor cannot read.
		msg := err.Error()
		if strings.Contains(msg, "not found") && !strings.Contains(msg, "NOT_FOUND") {
			return toolAnswer{code: "NOT_FOUND", text: msg}
		}
		for _, code := range []string{"UNAUTHENTICATED", "FORBIDDEN", "NOT_FOUND", "BAD_USER_INPUT", "CONFLICT", "INTERNAL", "UNAVAILABLE"} {
			if strings.Contains(msg, code+":") || strings.Contains(msg, code+" on ") {
				return toolAnswer{code: code, text: msg}
			}
		}
		return toolAnswer{code: "PROTOCOL", text: msg}
	}
	raw, err := json.Marshal(res)
	require.NoError(t, err)
	return toolAnswer{text: string(raw)}
}

// codeOf is a tool error's code: the text before its first ':' or ' on '.
func codeOf(text string) string {
	c, _, _ := strings.Cut(text, ":")
	c, _, _ = strings.Cut(c, " on ")
	return c
}

// reveals says what of the world a reads, or "".
func (a toolAnswer) reveals(w *world) string {
	for _, s := range w.secrets {
		if strings.Contains(a.text, s) {
			return s
		}
	}
	for _, id := range w.ids {
		if strings.Contains(a.text, id.String()) {
			return id.String()
		}
	}
	return ""
}

func (a toolAnswer) refused(want string, hidden bool, w *world) string {
	switch {
	case a.code == want:
		return ""
	case hidden && a.code == "NOT_FOUND":
		return ""
	case hidden && a.code == "" && a.reveals(w) == "":
		return ""
	case hidden:
		return a.text + "; want " + want + ", NOT_FOUND or nothing of the world"
	}
	return a.text + "; want " + want
}

func (a toolAnswer) served() string {
	switch a.code {
	case "UNAUTHENTICATED", "FORBIDDEN", "INTERNAL", "UNAVAILABLE", "PROTOCOL":
		return a.text + "; want anything but UNAUTHENTICATED, FORBIDDEN or an internal error"
	}
	return ""
}

func (a toolAnswer) unseen(w *world) string {
	switch a.code {
	case "FORBIDDEN", "NOT_FOUND", "BAD_USER_INPUT":
		return ""
	case "":
		if s := a.reveals(w); s != "" {
			return a.text + "; reveals " + s
		}
		return ""
	}
	return a.text + "; want FORBIDDEN, NOT_FOUND or nothing of the world"
}
