package schedule

import (
	"bytes"
	"strings"
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
