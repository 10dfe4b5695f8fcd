package transport

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/vektah/gqlparser/v2/ast"

	"codna/graph/schedule"
)

// Anonymous requests may send megabytes of query text (padded with
// comments): the caches keep no text longer than MaxCachedQuery.
func TestQueryCachesKeepNoLongText(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	short := "{ me { id } }"
	long := short + "\n#" + strings.Repeat(" ", MaxCachedQuery)

	parsed := newParsedQueries()
	doc := &ast.QueryDocument{}
	parsed.Add(ctx, short, doc)
	parsed.Add(ctx, long, doc)
	got, ok := parsed.Get(ctx, short)
	require.True(t, ok)
	require.Same(t, doc, got)
	_, ok = parsed.Get(ctx, long)
	require.False(t, ok, "a long text's document kept")

	persisted := newPersistedQueries()
	persisted.Add(ctx, "short-hash", short)
	persisted.Add(ctx, "long-hash", long)
	text, ok := persisted.Get(ctx, "short-hash")
	require.True(t, ok)
	require.Equal(t, short, text)
	_, ok = persisted.Get(ctx, "long-hash")
	require.False(t, ok, "a long text persisted")

	require.Equal(t, MaxCachedQuery, schedule.MaxSharedQuery, "the collected fields' bound is the caches'")
}
