package mcpserver

import (
	"context"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"codna/internal/auth"
	"codna/internal/document"
	"codna/internal/fault"
)

// Resource calls are counted in usage_daily under these names.
const (
	countResourceRead = "resources/read"
	countResourceList = "resources/list"
)

// resourcePage is how many documents one resources/list answer holds.
const resourcePage = 50

// addResources serves every readable document as codna://documents/<id>
// (text/markdown, its source with frontmatter). A document the actor
// cannot read is "resource not found", exactly like one that does not
// exist.
func (s *Server) addResources() {
	s.sdk.AddResourceTemplate(&mcp.ResourceTemplate{
		URITemplate: URIPrefix + "{id}", Name: "document", Title: "A page of the knowledge base",
		Description: "A page's markdown source, frontmatter included. resources/list lists the pages you can read, most recently changed first.",
		MIMEType:    "text/markdown",
	}, s.readResource)
}

func (s *Server) readResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	uri := req.Params.URI
	res, err := func() (*mcp.ReadResourceResult, error) {
		id, err := uuid.Parse(strings.TrimPrefix(uri, URIPrefix))
		if err != nil || !strings.HasPrefix(uri, URIPrefix) {
			return nil, mcp.ResourceNotFoundError(uri)
		}
		d, err := s.svc.Document.Get(ctx, id)
		if fault.CodeOf(err) == fault.NotFound {
			return nil, mcp.ResourceNotFoundError(uri)
		} else if err != nil {
			return nil, err
		}
		md, err := d.Markdown()
		if err != nil {
			return nil, err
		}
		s.noteRead(ctx, d.ID)
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: "text/markdown", Text: md}}, Cacheable: personal}, nil
	}()
	s.count(ctx, countResourceRead, resourceOutcome(err))
	return res, s.protocolError(ctx, err)
}

// personal is the cache-control of every answer here: one actor's view of
// what they may read, so only their client may cache it (never a shared
// cache: the MCP "private" scope), and stale at once, since a share, a
// revocation or an edit changes it without notice (docs/api.md, MCP).
var personal = mcp.Cacheable{CacheScope: "private", TTLMs: 0}

// resourceListCursor is where resources/list goes on: the last document of
// the previous answer, most recently changed first.
type resourceListCursor struct {
	UpdatedAt time.Time `json:"u"`
	ID        uuid.UUID `json:"i"`
}

// listResources is resources/list: the documents the actor can read, most
// recently changed first, resourcePage at a time.
func (s *Server) listResources(ctx context.Context, p *mcp.ListResourcesParams) (*mcp.ListResourcesResult, error) {
	res, err := func() (*mcp.ListResourcesResult, error) {
		var after *document.Cursor
		if p != nil && p.Cursor != "" {
			var c resourceListCursor
			if err := decodeCursor(p.Cursor, &c); err != nil {
				return nil, err
			}
			after = &document.Cursor{ID: c.ID, UpdatedAt: c.UpdatedAt}
		}
		docs, more, err := s.svc.Document.List(ctx, document.Filter{}, document.ByUpdated, after, resourcePage)
		if err != nil {
			return nil, err
		}
		out := &mcp.ListResourcesResult{Resources: make([]*mcp.Resource, len(docs)), Cacheable: personal}
		for i, d := range docs {
			out.Resources[i] = &mcp.Resource{URI: uriOf(d.ID), Name: addressOf(d.Space, d.Path, d.Slug), Title: d.Title, MIMEType: "text/markdown"}
		}
		if more && len(docs) > 0 {
			last := docs[len(docs)-1]
			out.NextCursor = encodeCursor(resourceListCursor{UpdatedAt: last.UpdatedAt, ID: last.ID})
		}
		return out, nil
	}()
	s.count(ctx, countResourceList, resourceOutcome(err))
	return res, s.protocolError(ctx, err)
}

func resourceOutcome(err error) string {
	switch {
	case err == nil:
		return auth.UsageOK
	case fault.As(err) != nil:
		return auth.UsageRefused
	}
	if _, ok := err.(*jsonrpc.Error); ok {
		return auth.UsageRefused
	}
	return auth.UsageError
}

// protocolError is how a resource call's error reaches the client: a
// resource is not a tool, so it fails as a JSON-RPC error (invalid params
// for a coded refusal, with the code in its message; internal error, with
// the request id, for anything else).
func (s *Server) protocolError(ctx context.Context, err error) error {
	if err == nil {
		return nil
	}
	if je, ok := err.(*jsonrpc.Error); ok {
		return je
	}
	if fe := fault.As(err); fe != nil {
		return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: errorResult(fe).Content[0].(*mcp.TextContent).Text}
	}
	res, _ := s.refusal(ctx, countResourceRead, err)
	return &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: res.Content[0].(*mcp.TextContent).Text}
}
