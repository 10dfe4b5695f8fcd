package server

import (
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

// Request ids are random version-4 uuids in canonical form, none repeated,
// across refills of the pool and from concurrent requests.
func TestRequestIDsAreRandomUUIDs(t *testing.T) {
	t.Parallel()
	const workers, each = 4, 200 // several refills of 64
	ids := make([][]string, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for range each {
				ids[w] = append(ids[w], newRequestID())
			}
		})
	}
	wg.Wait()
	seen := map[string]bool{}
	for _, list := range ids {
		for _, id := range list {
			u, err := uuid.Parse(id)
			require.NoError(t, err)
			require.Equal(t, u.String(), id)
			require.Equal(t, uuid.Version(4), u.Version())
			require.Equal(t, uuid.RFC4122, u.Variant())
			require.False(t, seen[id], "repeated %s", id)
			seen[id] = true
		}
	}
	require.Len(t, seen, workers*each)
}
