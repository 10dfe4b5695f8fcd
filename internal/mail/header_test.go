package mail

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A header value loses its control characters and line breaks, and is cut
// to its cap.
func TestHeaderValueStripsControlsAndCaps(t *testing.T) {
	t.Parallel()
	require.Equal(t, "Eve Bcc: x@example.com", headerValue("Eve\r\nBcc: x@example.com", 100))
	require.Equal(t, "a b c d", headerValue(" a\tb\x00c\u2028d\u0085 ", 100))
	require.Equal(t, strings.Repeat("é", 10), headerValue(strings.Repeat("é", 50), 10))
	require.Len(t, []rune(headerValue(strings.Repeat("ab ", 100), 25)), 25)
	require.Empty(t, headerValue("\r\n\x1b", 10))
}
