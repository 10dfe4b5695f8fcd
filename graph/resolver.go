// Package graph is the GraphQL API: the schema, generated code, thin
// resolvers that decode input, call one service and map the result, their
// data loaders and the error presenter. graph/transport serves it over HTTP
// and websockets, with the query limits.
package graph

import (
	"log/slog"

	"codna/internal/access"
	"codna/internal/agent"
	"codna/internal/auth"
	"codna/internal/automation"
	"codna/internal/document"
	"codna/internal/files"
	"codna/internal/inbox"
	"codna/internal/ingest"
	"codna/internal/linkgraph"
	"codna/internal/live"
	"codna/internal/manage"
	"codna/internal/search"
	"codna/internal/transfer"
)

// Resolver holds the services the resolvers call, under the names
// internal/server gives them. (InboxService and FolderService carry their
// type's name in full: the query resolvers' Inbox and Folders methods would
// hide shorter fields.)
type Resolver struct {
	Auth          *auth.Service
	Manage        *manage.Service
	Docs          *document.Service
	InboxService  *inbox.Service
	LiveCounts    *inbox.LiveCounts
	Hub           *live.Hub
	Linking       *linkgraph.Service
	Sharing       *access.Service
	FolderService *access.FolderService
	Agents        *agent.Service
	Searching     *search.Service
	Automations   *automation.Service
	Files         *files.Service
	Ingest        *ingest.Service
	Transfer      *transfer.Service
	Log           *slog.Logger
}
