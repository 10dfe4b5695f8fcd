package schedule

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/stretchr/testify/require"
)

func TestStringsAreWrittenAsGqlgenWritesThem(t *testing.T) {
	t.Parallel()
	inputs := []string{"", "plain", `a "quoted" \ back`, "tab\tcr\rnl\n", "\x00\x01\x1f\x7f", "é ü 日本 🙂", "bad \xff\xfe utf-8", "</script>&<"}
	for c := range 0x20 {
		inputs = append(inputs, "x"+string(rune(c))+"y")
	}
	for _, in := range inputs {
		var want, got, constant bytes.Buffer
		graphql.MarshalString(in).MarshalGQL(&want)
		String(&in).MarshalGQL(&got)
		Constant(in).MarshalGQL(&constant)
		require.Equal(t, want.String(), got.String(), "%q", in)
		require.Equal(t, want.String(), constant.String(), "%q", in)
		// Into any other writer (no bytes.Buffer shortcut), the same.
		var other strings.Builder
		String(&in).MarshalGQL(&other)
		require.Equal(t, want.String(), other.String(), "%q", in)
	}
}

// Constant makes each value's marshaler once, from any goroutine, and
// answers it again without allocating.
func TestConstantIsMadeOnceForEveryGoroutine(t *testing.T) { //nolint:paralleltest // AllocsPerRun refuses a parallel test
	names := []string{"CONSTANT_TEST_A", "CONSTANT_TEST_B", "CONSTANT_TEST_C"}
	got := make([][]graphql.Marshaler, 4)
	var wg sync.WaitGroup
	for g := range got {
		wg.Go(func() {
			for _, n := range names {
				got[g] = append(got[g], Constant(n))
			}
		})
	}
	wg.Wait()
	for g := range got {
		for i, n := range names {
			var b bytes.Buffer
			got[g][i].MarshalGQL(&b)
			require.Equal(t, `"`+n+`"`, b.String())
			require.Equal(t, fmt.Sprintf("%p", got[0][i]), fmt.Sprintf("%p", got[g][i]), "made twice: %s", n)
		}
	}
	require.Zero(t, testing.AllocsPerRun(100, func() { _ = Constant(names[1]) }))
}
