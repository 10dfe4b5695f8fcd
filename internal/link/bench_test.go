package link_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"

	"codna/internal/link"
)

// benchBody generates a body of about size bytes with the given number of
// link-like constructs, in prose: per ten, three relative inline links, one
// '/'-rooted with a fragment and title, a full reference link and a shortcut
// use of the same definition (definitions at the end), a link in a code span
// and one in fenced code (not links), an image with an external link, and
// an extension-less relative link.
func benchBody(size, links int) string {
	r := rand.New(rand.NewPCG(7, 7))
	words := strings.Fields("the deploy runbook covers rollbacks canaries and the on-call rotation; " +
		"see below for the laptop setup, onboarding checklist, observability dashboards and alerts " +
		"— déploiement, 日本語, naïve café")
	prose := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(words[r.IntN(len(words))])
			b.WriteByte(' ')
		}
		return b.String()
	}
	var b, defs strings.Builder
	b.WriteString("# Runbook\n\n")
	perLink := size / links
	for i := range links {
		b.WriteString(prose(perLink / 9))
		switch i % 10 {
		case 0, 1, 2:
			fmt.Fprintf(&b, "[guide %d](../ops/guide-%d.md)", i, i)
		case 3:
			fmt.Fprintf(&b, "[setup](/wiki/engineering/onboarding/setup-%d.md#steps \"Setup\")", i)
		case 4:
			fmt.Fprintf(&b, "[ref %d][R%d]", i, i)
			fmt.Fprintf(&defs, "[r%d]: sub/page-%d.md\n", i, i)
		case 5:
			fmt.Fprintf(&b, "[r%d]", i-1)
		case 6:
			fmt.Fprintf(&b, "`[not a link](code-%d.md)`", i)
		case 7:
			fmt.Fprintf(&b, "\n\n```\n[not a link](fenced-%d.md)\n```\n\n", i)
		case 8:
			fmt.Fprintf(&b, "![diagram](guide-%d.files/diagram.png) [external](https://example.com/%d)", i, i)
		case 9:
			fmt.Fprintf(&b, "[sibling %d](sibling-%d)", i, i)
		}
		if i%7 == 6 {
			b.WriteString("\n\n")
		} else {
			b.WriteByte(' ')
		}
	}
	b.WriteString("\n\n")
	b.WriteString(defs.String())
	return b.String()
}

func BenchmarkExtractResolve(b *testing.B) {
	body := benchBody(50_000, 200)
	if n := len(body); n < 45_000 || n > 60_000 {
		b.Fatalf("body is %d bytes", n)
	}
	edges := link.Extract(body)
	resolved := 0
	for _, e := range edges {
		if _, ok := link.Resolve("wiki", "engineering/runbooks", e.Href); ok {
			resolved++
		}
	}
	occurrences := len(link.Scan(body))
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	b.ResetTimer()
	for b.Loop() {
		n := 0
		for _, e := range link.Extract(body) {
			if _, ok := link.Resolve("wiki", "engineering/runbooks", e.Href); ok {
				n++
			}
		}
		if n != resolved {
			b.Fatal(n)
		}
	}
	b.ReportMetric(float64(len(edges)), "edges")
	b.ReportMetric(float64(resolved), "resolved")
	b.ReportMetric(float64(occurrences), "occurrences")
}

func BenchmarkRebase(b *testing.B) {
	body := benchBody(50_000, 200)
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		_ = link.Rebase(body, "wiki", "engineering/runbooks", "wiki", "ops/runbooks/archive")
	}
}

// BenchmarkGoldmarkParse is the floor: a plain goldmark (CommonMark + GFM)
// parse of the same body, without this package's instrumentation.
func BenchmarkGoldmarkParse(b *testing.B) {
	body := []byte(benchBody(50_000, 200))
	md := goldmark.New(goldmark.WithExtensions(extension.GFM))
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		_ = md.Parser().Parse(text.NewReader(body))
	}
}
