// Package mcpserver is CoDNA's Model Context Protocol endpoint
// (docs/design.md#agents-over-mcp): the tools and resources an agent — or a
// person's own assistant, with a personal token — uses, served over the
// streamable HTTP transport of github.com/modelcontextprotocol/go-sdk,
// statelessly, so any replica answers any call.
//
// Like graph/, it is transport: every tool decodes its arguments, calls the
// services (document, linkgraph, access, inbox, search) as the actor in
// the request's context — the same permission rule as GraphQL — and maps
// the result. The actor is put there by internal/server, which
// authenticates every HTTP request (a bearer token; refused with 401
// otherwise) before this package sees it: a token revoked or an agent
// deleted mid-session is refused on its next call.
package mcpserver

import (
	"context"
	"log/slog"
	"net/http"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"codna/internal/app"
	"codna/internal/auth"
	"codna/internal/fault"
)

// Options configure the endpoint.
type Options struct {
	// Version is the server version the endpoint reports.
	Version string
	// BodyLimit caps a request body (internal/server checks it first too).
	BodyLimit int64
}

// Server is the MCP endpoint: one go-sdk server, built once, whose tools
// read the actor from each call's context.
type Server struct {
	svc     *app.Services // the tools call Auth, Document, Linkgraph, Access, Inbox, Search and Comment
	log     *slog.Logger
	sdk     *mcp.Server
	tools   []string // the registered tools' names, in registration order
	handler http.Handler
}

// instructions tell a client's model what the server is and how its tools
// fit together.
const instructions = `CoDNA is a team knowledge base of markdown pages in three spaces: raw (originals, never edited), wiki (what people write) and output (what agents and automations produce).
Find pages with search (words) or list_documents (folders), then read one with read_document (by id, or by address such as wiki/ops/deploy). related follows links from a page; recent_shares says what was shared with you lately and why; inbox lists what waits for you.
You see only pages shared with you; anything else does not exist for you (NOT_FOUND). An agent creates pages only in output and edits other pages only where it was granted write; to suggest a link in someone's page use propose_link. The people who answer for an agent read every page it creates; share_document shares one with the people and groups they chose.
Updates need the expectedVersion you read: on CONFLICT, read the page again and reapply your change. Errors start with their code (NOT_FOUND, FORBIDDEN, BAD_USER_INPUT, CONFLICT) and say how to fix the call.
Every page is also a resource, codna://documents/<id> (text/markdown).`

// New builds the endpoint's tools and resources over the App's services
// (internal/app).
func New(svc *app.Services, opts Options, log *slog.Logger) *Server {
	if log == nil {
		log = slog.Default()
	}
	version := opts.Version
	if version == "" {
		version = "dev"
	}
	s := &Server{svc: svc, log: log}
	s.sdk = mcp.NewServer(&mcp.Implementation{Name: "codna", Title: "CoDNA knowledge base", Version: version}, &mcp.ServerOptions{
		Instructions: instructions,
		Logger:       log,
		// No logging capability: nothing is sent to clients but answers.
		Capabilities: &mcp.ServerCapabilities{},
		// The SDK's own cacheable answers (discovery, the tool and
		// template lists) are marked as ours are (personal, resources.go).
		SetCacheable: func(_ context.Context, _ mcp.Request, c *mcp.Cacheable) { *c = personal },
	})
	s.addSearch()
	s.addDocumentTools()
	s.addGraphTools()
	s.addInboxTools()
	s.addShareTools()
	s.addCommentTools()
	s.addResources()
	s.sdk.AddReceivingMiddleware(s.intercept)
	s.handler = mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s.sdk }, &mcp.StreamableHTTPOptions{
		// Every request is answered by a session of its own, closed when
		// it is answered: no state between calls, so any replica answers
		// any call and a restart loses nothing.
		Stateless: true,
		// One JSON answer per POST: nothing is streamed.
		JSONResponse: true,
		Logger:       log,
		// internal/server checks the Origin as it does for websockets, and
		// every request needs a bearer token (no ambient credential a
		// rebinding page could ride on), so the SDK's loopback-Host check,
		// which would refuse a server on 127.0.0.1 behind a reverse proxy,
		// is off.
		DisableLocalhostProtection:   true,
		MaxRequestBodyBytes:          opts.BodyLimit,
		PropagateRequestCancellation: true,
	})
	return s
}

// Handler serves the MCP streamable HTTP transport. The request's context
// must carry the actor (auth.WithActor).
func (s *Server) Handler() http.Handler { return s.handler }

// Tools lists the tools' names.
func (s *Server) Tools() []string { return slices.Clone(s.tools) }

// intercept answers, before the SDK does, what it would answer with a
// protocol error: a call of a tool the server does not have is a coded
// tool error (counted as the unknown tool), and the resources list is the
// actor's own.
func (s *Server) intercept(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		switch method {
		case "tools/call":
			if p, ok := req.GetParams().(*mcp.CallToolParamsRaw); ok && !slices.Contains(s.tools, p.Name) {
				s.count(ctx, auth.UsageUnknownTool, auth.UsageRefused)
				return errorResult(fault.Input("name", "There is no tool %q. The tools are: %s.", truncate(p.Name, 100), strings.Join(s.tools, ", "))), nil
			}
		case "resources/list":
			p, _ := req.GetParams().(*mcp.ListResourcesParams)
			return s.listResources(ctx, p)
		}
		return next(ctx, method, req)
	}
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
