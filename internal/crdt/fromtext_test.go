package crdt

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestFromTextWritesWhatYjsWrites(t *testing.T) {
	t.Parallel()
	e := sharedEngine(t)
	ctx := context.Background()
	for _, text := range []string{"", "Hello", "Grüße, 世界 😀\nline two\n", strings.Repeat("a longer page. ", 2000)} {
		got := FromText(text, 12345)
		want, err := e.FromText(ctx, text, 12345)
		require.NoError(t, err)
		require.Equal(t, want, got, "byte for byte what yjs writes (%d bytes of text)", len(text))
		back, err := e.Text(ctx, [][]byte{got})
		require.NoError(t, err)
		require.Equal(t, text, back)
		u, err := ReadUpdate(got)
		require.NoError(t, err)
		require.Equal(t, uint64(utf16Len(text)), u.Ends[12345])
	}
}
