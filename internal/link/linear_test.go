package link_test

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"codna/internal/link"
)

// pathological are bodies on which goldmark (or this package around it)
// once did super-linear work, each a unit repeated to the body's size.
var pathological = []struct{ name, unit string }{
	{"unclosed-destination", "[a]("},        // every "](" rescanned the rest of the line
	{"unclosed-image-destination", "![a]("}, // the same through images
	{"unclosed-destination-text", "[a](b"},  //
	{"unbalanced-parenthesis", "[a](b("},    //
	{"unclosed-angle-destination", "[a](<"}, //
	{"destination-then-title", "[a](b \""},  // a title opener after the destination
	{"emphasis-runs", "*a_"},                // goldmark's delimiter matching
	{"strong-runs", "**a"},                  //
	{"strikethrough-runs", "~a"},            //
	{"nested-block-quotes", ">"},            // LineOffset counted from the line start each time
	{"nested-block-quotes-spaced", "> "},    //
	{"nested-ordered-lists", "1. "},         //
	{"nested-lists-and-quotes", "- > "},     //
	{"reference-definitions", "[a]: b\n"},   // goldmark copied the lines left after each one
	{"definitions-without-destination", "[a]:\n"},
	{"definitions-with-open-title", "[a]: b '\n"},
	{"open-brackets", "["},        //
	{"backticks", "``a`"},         //
	{"autolink-openers", "<a"},    //
	{"html-openers", "<a "},       //
	{"link-lines", "[a](b.md)\n"}, // a link per line of one paragraph
}

func repeatTo(unit string, size int) string {
	return strings.Repeat(unit, size/len(unit))
}

// extractTime is the fastest of a few extractions of body.
func extractTime(body string) time.Duration {
	best := time.Duration(1<<63 - 1)
	for range 3 {
		start := time.Now()
		link.Extract(body)
		best = min(best, time.Since(start))
	}
	return best
}

// TestExtractLinear checks that extraction time grows linearly with the body
// on the pathological bodies: sixteen times the body may take at most 64
// times as long (linear is 16, quadratic 256), so a loaded machine has room.
// A ratio over the bound is measured again (best of three rounds) before it
// fails: a quadratic parser fails every round, a busy scheduler does not. A
// body of "[a](" repeated to 800 kB once held the outbox's link resolver for
// half an hour. The figures are in bench/RESULTS.md (BenchmarkExtractSize).
func TestExtractLinear(t *testing.T) {
	// A ratio of timings is only meaningful on an idle machine, so it runs on
	// request; make test keeps TestExtractPathologicalLimit, which a
	// super-linear parser fails by minutes.
	if os.Getenv("LINK_LINEARITY") == "" {
		t.Skip("set LINK_LINEARITY=1 on an idle machine to compare timings")
	}
	// Not parallel: the ratio of two timings wants the processor to itself.
	const small, large = 16 << 10, 256 << 10
	for _, p := range pathological {
		t.Run(p.name, func(t *testing.T) {
			a, b := repeatTo(p.unit, small), repeatTo(p.unit, large)
			ta, tb := time.Duration(1<<63-1), time.Duration(1<<63-1)
			for range 3 {
				ta, tb = min(ta, extractTime(a)), min(tb, extractTime(b))
				// Below a millisecond the timer and the scheduler dominate.
				if float64(tb)/float64(max(ta, time.Millisecond)) <= 64 {
					return
				}
			}
			t.Errorf("%q: %d bytes took %v, %d bytes %v: %.0f times as long", p.unit, len(a), ta, len(b), tb,
				float64(tb)/float64(max(ta, time.Millisecond)))
		})
	}
}

// TestExtractPathologicalLimit extracts the largest pathological bodies the
// API accepts (1 MiB) within a generous bound, and checks the links a
// pathological body still holds are found.
func TestExtractPathologicalLimit(t *testing.T) {
	for _, p := range pathological {
		body := repeatTo(p.unit, 1<<20)
		start := time.Now()
		link.Extract(body)
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("%s: 1 MiB took %v", p.name, d)
		}
	}
	// A destination ends at white space: each run is followed by one.
	body := repeatTo("[a](", 400_000) + " [x](x.md) [y](<y.md>)\n" + repeatTo("[a](", 400_000) + "\n\n[z](z.md \"t\")"
	edges := link.Extract(body)
	var got []string
	for _, e := range edges {
		if len(e.Href) > 20 {
			e.Href = e.Href[:20] + "…"
		}
		got = append(got, e.Href)
	}
	if fmt.Sprint(got) != "[x.md y.md z.md]" {
		t.Fatalf("links among unclosed destinations: %v", got)
	}
}

// BenchmarkExtractSize is link extraction against body size, up to the
// 1 MiB body limit: a document of prose and links, and the pathological
// bodies. Linear means ns/op grows with the size and MB/s stays flat.
func BenchmarkExtractSize(b *testing.B) {
	cases := []struct{ name, unit string }{{"prose", ""}}
	for _, p := range pathological {
		cases = append(cases, struct{ name, unit string }{p.name, p.unit})
	}
	for _, c := range cases {
		for _, size := range []int{64 << 10, 256 << 10, 1 << 20} {
			var body string
			if c.unit == "" {
				body = benchBody(size, size/250)
			} else {
				body = repeatTo(c.unit, size)
			}
			b.Run(fmt.Sprintf("%s/%dKiB", c.name, size>>10), func(b *testing.B) {
				b.SetBytes(int64(len(body)))
				for b.Loop() {
					link.Extract(body)
				}
			})
		}
	}
}
