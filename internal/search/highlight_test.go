package search_test

import (
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/stretchr/testify/require"

	"codna/internal/search"
)

// marked returns the ranges of h as the strings a JavaScript client cuts
// with them (UTF-16 offsets).
func marked(h search.Highlighted) []string {
	u := utf16.Encode([]rune(h.Text))
	var out []string
	for _, r := range h.Ranges {
		out = append(out, string(utf16.Decode(u[r.Start:r.End])))
	}
	return out
}

func TestHighlightRangesAreUTF16AndFoldCaseAndAccents(t *testing.T) {
	t.Parallel()
	q := search.Parse("resume 🙂 strasse ")
	h := search.Highlight("🙂 Mein RÉSUMÉ an der Straße", q)
	require.Equal(t, []string{"RÉSUMÉ", "Straße"}, marked(h))
	// The emoji is two UTF-16 units: the first range starts after it and the space.
	require.Equal(t, 8, h.Ranges[0].Start)

	require.Equal(t, []string{"Deployment"}, marked(search.Highlight("Deployment guide", search.Parse("deplo"))))
	require.Empty(t, marked(search.Highlight("Deployment guide", search.Parse("deplo "))))
	require.Equal(t, []string{"laptop setup"}, marked(search.Highlight("The laptop setup, and setup laptop", search.Parse(`"laptop setup"`))))
	require.Equal(t, []string{"東京"}, marked(search.Highlight("私は東京に住む", search.Parse("東京"))))
	require.Empty(t, marked(search.Highlight("vpn on windows", search.Parse("-windows"))))
}

func TestSnippetIsAWindowAroundTheFirstMatch(t *testing.T) {
	t.Parallel()
	body := strings.Repeat("filler words here ", 60) + "the needle is here " + strings.Repeat("more text after ", 60)
	s := search.Snippet(body, search.Parse("needle"))
	require.Equal(t, []string{"needle"}, marked(s))
	require.True(t, strings.HasPrefix(s.Text, search.Ellipsis), s.Text)
	require.True(t, strings.HasSuffix(s.Text, search.Ellipsis), s.Text)
	require.LessOrEqual(t, len([]rune(s.Text)), search.SnippetRunes+2)

	start := search.Snippet("Short body.\n\n  With  space.", search.Parse("absent"))
	require.Equal(t, "Short body. With space.", start.Text)
	require.Empty(t, start.Ranges)
	require.Equal(t, search.Highlighted{}, search.Snippet("", search.Parse("x")))
}
