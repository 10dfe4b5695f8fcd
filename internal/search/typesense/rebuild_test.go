package typesense

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/search"
)

// sliceSource is a rebuild source over entries, in batches of size,
// calling during (when set) before each batch.
type sliceSource struct {
	entries []search.Entry
	size    int
	during  func(batch int) error
}

func (s *sliceSource) Count(context.Context) (int, error) { return len(s.entries), nil }

func (s *sliceSource) Each(ctx context.Context, fn func([]search.Entry) error) error {
	size := max(s.size, 1)
	for i, start := 0, 0; start < len(s.entries); i, start = i+1, start+size {
		if s.during != nil {
			if err := s.during(i); err != nil {
				return err
			}
		}
		if err := fn(s.entries[start:min(start+size, len(s.entries))]); err != nil {
			return err
		}
	}
	return nil
}

// A rebuild fills a new collection while searches keep answering from the
// old one, then swaps the alias and drops the old collection.
func TestRebuildSwapsTheAlias(t *testing.T) {
	servers(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		old := entry("Old only", "was indexed before")
		put(t, e.b, old)
		var fresh []search.Entry
		for i := range 25 {
			fresh = append(fresh, entry(fmt.Sprintf("Fresh %d", i), "rebuilt"))
		}
		var during []int
		src := &sliceSource{entries: fresh, size: 10, during: func(batch int) error {
			// Mid-rebuild, searches see the complete old index.
			res := find(t, e.b, "old", search.Filter{})
			require.Equal(t, []uuid.UUID{old.ID}, ids(res))
			require.Empty(t, find(t, e.b, "fresh", search.Filter{}).Hits)
			during = append(during, batch)
			return nil
		}}
		var progress []search.Progress
		require.NoError(t, e.b.Rebuild(ctx, src, func(p search.Progress) { progress = append(progress, p) }))
		require.Equal(t, []int{0, 1, 2}, during)
		require.Equal(t, []search.Progress{{Done: 0, Total: 25}, {Done: 10, Total: 25}, {Done: 20, Total: 25}, {Done: 25, Total: 25}}, progress)

		require.Empty(t, find(t, e.b, "old", search.Filter{}).Hits, "the old collection is gone from the alias")
		require.Len(t, find(t, e.b, "fresh", search.Filter{}).Hits, 25)

		if f := e.fake; f != nil {
			target := f.Alias("codna_test")
			require.True(t, strings.HasPrefix(target, "codna_test_"))
			require.NotEqual(t, "codna_test_0", target)
			require.Equal(t, []string{target}, f.Collections(), "the old collection was dropped")
			var imports []string
			for _, r := range f.Requests() {
				if strings.HasSuffix(r.Path, "/import") && r.Path != "/collections/codna_test/documents/import" {
					imports = append(imports, r.Path+"?action="+r.Query.Get("action"))
				}
			}
			require.Equal(t, []string{
				"/collections/" + target + "/documents/import?action=upsert",
				"/collections/" + target + "/documents/import?action=upsert",
				"/collections/" + target + "/documents/import?action=upsert",
			}, imports, "one import per batch, into the new collection by name")
		}

		// Writes after the swap land in the new collection.
		late := entry("Late arrival", "after the swap")
		put(t, e.b, late)
		require.Equal(t, []uuid.UUID{late.ID}, ids(find(t, e.b, "late", search.Filter{})))
	})
}

// A rebuild that fails midway drops its collection and leaves the alias
// and the old index in service.
func TestRebuildFailureKeepsTheOldIndex(t *testing.T) {
	servers(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		old := entry("Still here", "old")
		put(t, e.b, old)
		boom := errors.New("source failed")
		src := &sliceSource{entries: []search.Entry{entry("a", "b"), entry("c", "d")}, size: 1, during: func(batch int) error {
			if batch == 1 {
				return boom
			}
			return nil
		}}
		require.ErrorIs(t, e.b.Rebuild(ctx, src, nil), boom)
		require.Equal(t, []uuid.UUID{old.ID}, ids(find(t, e.b, "still", search.Filter{})))
		if f := e.fake; f != nil {
			require.Equal(t, []string{"codna_test_0"}, f.Collections())
			require.Equal(t, "codna_test_0", f.Alias("codna_test"))
		}
	})
}

// A rebuild on a server with no index yet (first start) creates the alias.
func TestRebuildFromNothing(t *testing.T) {
	t.Parallel()
	f, b := onFake(t)
	p := entry("First", "page")
	require.NoError(t, b.Rebuild(context.Background(), &sliceSource{entries: []search.Entry{p}}, nil))
	require.Equal(t, []uuid.UUID{p.ID}, ids(find(t, b, "first", search.Filter{})))
	require.Len(t, f.Collections(), 1)
	require.NoError(t, b.Rebuild(context.Background(), &sliceSource{}, nil), "an empty source")
	require.Empty(t, find(t, b, "first", search.Filter{}).Hits)
}
