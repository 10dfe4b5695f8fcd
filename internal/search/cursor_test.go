package search

import (
	"encoding/base64"
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCursorsAreEncodedAsBefore: encodeCursor writes what encoding/json and
// base64 wrote, and decodeCursor reads it back.
func TestCursorsAreEncodedAsBefore(t *testing.T) {
	t.Parallel()
	values := []int{0, 1, 2, 9, 10, 99, 100, 999, 1000, 12345, math.MaxInt64, -1, math.MinInt64}
	for _, h := range values {
		for _, e := range values {
			for _, s := range values {
				p := Position{Hits: h, Engine: e, Skip: s}
				b, err := json.Marshal(cursor{Kind: cursorKind, Hits: h, Engine: e, Skip: s})
				require.NoError(t, err)
				require.Equal(t, base64.RawURLEncoding.EncodeToString(b), encodeCursor(p), "%+v", p)
				if h >= 0 && e >= 0 && s >= 0 && s <= h {
					got, err := decodeCursor(encodeCursor(p))
					require.NoError(t, err)
					require.Equal(t, p, got)
				}
			}
		}
	}
}
