package graph

import (
	"embed"
	"io/fs"
	"sort"
	"strings"

	"github.com/99designs/gqlgen/graphql"

	"codna/graph/generated"
	"codna/graph/model"
)

//go:embed schema/*.graphqls
var schemaFS embed.FS

// SchemaSDL returns the whole schema as SDL, for clients that generate types.
func SchemaSDL() string {
	names, _ := fs.Glob(schemaFS, "schema/*.graphqls")
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		data, _ := schemaFS.ReadFile(n)
		b.WriteString("# " + n + "\n")
		b.Write(data)
		b.WriteString("\n")
	}
	return b.String()
}

// NewSchema returns the executable schema resolved by r, with the cost of
// each connection field for the complexity limit: its children counted once
// per item a page of it can return. The transport (graph/transport) serves
// it.
func NewSchema(r *Resolver) graphql.ExecutableSchema {
	cfg := generated.Config{Resolvers: &resolverRoot{ResolverRoot: r, document: r.Document(), query: r.Query()}}
	cfg.Complexity.Query.ManagedUsers = func(child int, first *int, _ *string) int { return pageCost(child, first) }
	cfg.Complexity.Query.Documents = func(child int, first *int, _ *string, _ *model.DocumentFilter, _ *model.DocumentOrder) int {
		return pageCost(child, first)
	}
	cfg.Complexity.Query.Trash = func(child int, first *int, _ *string) int { return pageCost(child, first) }
	cfg.Complexity.Document.Revisions = func(child int, first *int, _ *string) int { return pageCost(child, first) }
	cfg.Complexity.Query.Folders = func(child int, _ model.Space) int { return 1 + 100*child }
	cfg.Complexity.Query.FolderTree = func(child int, _ model.Space, _ *string) int { return 1 + child }
	return generated.NewExecutableSchema(cfg)
}

// resolverRoot is r's resolvers with the per-object resolvers a documents
// page asks most (Document for each document's links and backlinks, Query)
// made once: the generated executor asks r.Document() for each field it
// resolves, and gqlgen's generated Document() allocates a documentResolver
// each time (a hundred a page).
type resolverRoot struct {
	generated.ResolverRoot
	document generated.DocumentResolver
	query    generated.QueryResolver
}

func (r *resolverRoot) Document() generated.DocumentResolver { return r.document }
func (r *resolverRoot) Query() generated.QueryResolver       { return r.query }

// pageCost is the complexity of a connection field: its children counted once
// per item it can return.
func pageCost(childComplexity int, first *int) int {
	n := 50
	if first != nil {
		n = max(1, min(*first, 100))
	}
	return 1 + n*childComplexity
}
