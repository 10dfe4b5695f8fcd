package scalar

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

// writerOnly is an io.Writer that is not a *bytes.Buffer.
type writerOnly struct{ b strings.Builder }

func (w *writerOnly) Write(p []byte) (int, error) { return w.b.Write(p) }

func TestUUIDAtWritesWhatMarshalUUIDWrites(t *testing.T) {
	t.Parallel()
	for _, id := range []uuid.UUID{uuid.Nil, uuid.Max, uuid.MustParse("01a23d6c-4ca9-799e-ac5b-09bccea9f7c0"), uuid.New()} {
		var want, got bytes.Buffer
		MarshalUUID(id).MarshalGQL(&want)
		UUIDAt(&id).MarshalGQL(&got)
		require.Equal(t, `"`+id.String()+`"`, want.String())
		require.Equal(t, want.String(), got.String())
		var other writerOnly
		UUIDAt(&id).MarshalGQL(&other)
		require.Equal(t, want.String(), other.b.String(), "to any writer")
	}
}
