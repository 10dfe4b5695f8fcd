package link

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestBoundAgreesWithGoldmark checks the link parser's early decisions
// (bound.go) against plain goldmark on bodies made of the bytes that decide
// an inline link: brackets, parentheses, angle brackets, escapes, quotes,
// white space and table pipes.
func TestBoundAgreesWithGoldmark(t *testing.T) {
	t.Parallel()
	pieces := []string{"[", "]", "](", "(", ")", "<", ">", "\\", "\"", "'", " ", "\n", "a", "x.md", "|", "\t", "![", "\n> ", "\n- ", "`", "\\)", "\\(", "\\>"}
	r := rand.New(rand.NewPCG(5, 6))
	for range 4000 {
		var b strings.Builder
		if r.IntN(4) == 0 {
			b.WriteString("| h | i |\n|---|---|\n| ")
		}
		for range 5 + r.IntN(40) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		body := b.String()
		links, _, _ := plainParse(body)
		var got int
		for _, o := range Scan(body) {
			if o.Kind != Definition {
				got++
			}
		}
		if got != len(links) {
			t.Fatalf("body %q: %d links, goldmark finds %d", body, got, len(links))
		}
		checkBody(t, body)
	}
}
