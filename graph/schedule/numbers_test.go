package schedule

import (
	"bytes"
	"context"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/stretchr/testify/require"
)

func TestNumbersAreWrittenAsGqlgenWritesThem(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	ints := []int{0, 1, -1, 9, 10, 42, 1000, math.MaxInt64, math.MinInt64}
	floats := []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 1.5, 10, 1e6, 1e21, 1e-5, 1e-4, 123456789, 1.0 / 3, math.MaxFloat64, math.SmallestNonzeroFloat64, 2.0000001}
	for range 2000 {
		ints = append(ints, int(rng.Int64())>>rng.IntN(64))
		floats = append(floats, rng.NormFloat64()*math.Pow(10, float64(rng.IntN(60)-30)), float64(rng.IntN(100000))/100, rng.Float64()*10+0.1)
	}
	for _, in := range ints {
		var want, got bytes.Buffer
		graphql.MarshalInt(in).MarshalGQL(&want)
		Int(&in).MarshalGQL(&got)
		require.Equal(t, want.String(), got.String(), "%d", in)
		var other strings.Builder
		Int(&in).MarshalGQL(&other)
		require.Equal(t, want.String(), other.String(), "%d", in)
	}
	for _, in := range floats {
		require.True(t, Finite(in))
		var want, got bytes.Buffer
		require.NoError(t, graphql.MarshalFloatContext(in).MarshalGQLContext(context.Background(), &want))
		Float(&in).MarshalGQL(&got)
		require.Equal(t, want.String(), got.String(), "%v", in)
	}
	for _, in := range []float64{math.Inf(1), math.Inf(-1), math.NaN()} {
		require.False(t, Finite(in))
	}
}
