package search

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestEntryOfDeeplyNestedBody builds the index entry of 1 MiB bodies nested
// far deeper than any document (a list 1 000 levels deep, "> - " repeated:
// link.TestNestingBounded holds their parse to a bounded depth, and
// BenchmarkNesting measures it) and keeps the words of a deeply nested body
// that also holds links.
func TestEntryOfDeeplyNestedBody(t *testing.T) {
	t.Parallel()
	var list strings.Builder
	for i := 0; list.Len() < 1<<20; i++ {
		list.WriteString(strings.Repeat("  ", i%1000) + "- a\n")
	}
	for _, body := range []string{list.String(), strings.Repeat("> - ", 250_000)} {
		entryOf(&sourceRow{Content: body}) // builds (through link.PlainText's bounded parse)
	}
	body := strings.Repeat("> - ", 5000) + "deep [quoted](x.md) words\n\n"
	for i := range 200 {
		body += strings.Repeat("  ", i) + "- item"
		if i == 150 {
			body += " [listed](y.md) words"
		}
		body += "\n"
	}
	e := entryOf(&sourceRow{Content: body + "\nafter [z](z.md)\n"})
	for _, want := range []string{"deep quoted words", "item listed words", "after z"} {
		require.Contains(t, e.Body, want)
	}
}
