package transport

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/vektah/gqlparser/v2/ast"
)

// MaxCachedQuery is the longest query text (bytes) gqlgen's caches keep:
// the parsed documents (keyed by their text, which each also holds) and
// the automatic persisted queries' texts. A request body may be megabytes
// (a query padded with comments or white space parses as a small one), so
// a cache of a thousand entries keeping any text could be made to hold
// gigabytes by anonymous requests; bounded, the caches hold at most a
// thousand times this. The SPA's and the playground's operations, the
// introspection query among them, are a few kilobytes each (the shared
// collected fields, schedule.MaxSharedQuery, have the same bound). A longer text
// is parsed and validated on each request (as a first request is) and
// cannot be registered as a persisted query.
const MaxCachedQuery = 64 << 10

// cacheEntries is how many documents, and persisted texts, are kept.
const cacheEntries = 1000

// parsedQueries is gqlgen's cache of parsed and validated documents for
// query texts of at most MaxCachedQuery bytes.
type parsedQueries struct{ lru *lru.LRU[*ast.QueryDocument] }

var _ graphql.Cache[*ast.QueryDocument] = parsedQueries{}

func newParsedQueries() parsedQueries {
	return parsedQueries{lru.New[*ast.QueryDocument](cacheEntries)}
}

// Get implements graphql.Cache: a longer text is never kept.
func (c parsedQueries) Get(ctx context.Context, query string) (*ast.QueryDocument, bool) {
	if len(query) > MaxCachedQuery {
		return nil, false
	}
	return c.lru.Get(ctx, query)
}

// Add implements graphql.Cache: a longer text is not kept.
func (c parsedQueries) Add(ctx context.Context, query string, doc *ast.QueryDocument) {
	if len(query) <= MaxCachedQuery {
		c.lru.Add(ctx, query, doc)
	}
}

// persistedQueries is the automatic persisted queries' cache (the query
// text by its hash) for texts of at most MaxCachedQuery bytes.
type persistedQueries struct{ lru *lru.LRU[string] }

var _ graphql.Cache[string] = persistedQueries{}

func newPersistedQueries() persistedQueries {
	return persistedQueries{lru.New[string](cacheEntries)}
}

// Get implements graphql.Cache.
func (c persistedQueries) Get(ctx context.Context, hash string) (string, bool) {
	return c.lru.Get(ctx, hash)
}

// Add implements graphql.Cache: a longer text is not kept (its client is
// told PERSISTED_QUERY_NOT_FOUND next time and sends the text again).
func (c persistedQueries) Add(ctx context.Context, hash string, query string) {
	if len(query) <= MaxCachedQuery {
		c.lru.Add(ctx, hash, query)
	}
}
