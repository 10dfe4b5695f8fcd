package link

import (
	"math/rand/v2"
	"strings"
	"testing"
)

var fuzzBodies = []string{
	"",
	"[a](x.md)",
	"See [Laptop setup](laptop-setup.md \"t\") and [ref][R].\n\n[r]: <../ops/my doc.md> 'T'\n",
	"`[a](x.md)` ```\n[b](y.md)\n```\n",
	"[a [b] c](x.md) [a [b](c.md) d](e.md) \\[x\\](y.md)",
	"[![i](p.png)](z.md) ![see [x](x.md)](p.png)",
	"<a href=\"x.md\">[t](y.md)</a>\n\n<div>\n[u](z.md)\n</div>\n",
	"| a | b |\n|---|---|\n| [x](x.md) | `y|z` |\n",
	"> [a](\n> x.md \"t\n> u\")\n",
	"- [r]: x.md\n  \"title\"\n- [r]\n",
	"[a](x.md)\r\n\r\n[b]:\r\n  y.md\r\n\r\n[b][]\r\n",
	"日本 [設定 é](été.md) ü [a](p(1).md) [b](a\\)b.md) [c](&amp;.md)",
	"[a](<x\\>y.md>) [b](<>) [c]() [d](#f) [e](?q)",
	"```go\nunclosed\n",
	"<!-- open\n[a](x.md)",
}

func FuzzExtract(f *testing.F) {
	for _, b := range fuzzBodies {
		f.Add(b)
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 20 {
		f.Add(genBody(r, false))
		f.Add(genBody(r, true))
	}
	f.Fuzz(func(t *testing.T, body string) {
		checkBody(t, body)
		for _, e := range Extract(body) {
			_, _ = Resolve("wiki", "a/b", e.Href)
			_ = Drop(body, e.Href)
		}
		to := Address{Space: "wiki", Path: "ops", Slug: "deploy"}
		out := Append(body, "text [x]", to, "wiki", "a")
		if !strings.HasPrefix(out, body) && closerFor(body) == "" {
			t.Fatalf("Append changed the body: %q", out)
		}
	})
}

func FuzzResolve(f *testing.F) {
	for _, c := range [][3]string{
		{"wiki", "engineering/onboarding", "laptop-setup.md"},
		{"wiki", "a/b", "../../../raw/x.md#s"},
		{"wiki", "", "/output/r?q"},
		{"raw", "a", "%2E%2E/%2e%2E/x.md"},
		{"wiki", "a", `x\#y&amp;z&#35;.md`},
		{"wiki", "a", "b/./../c//d.md.md"},
		{"nope", "../..", "../x"},
		{"wiki", "a", "x%zz%2F%.md"},
		{"wiki", "a", "https://x/y.md"},
	} {
		f.Add(c[0], c[1], c[2])
	}
	f.Fuzz(func(t *testing.T, space, path, href string) {
		a, ok := Resolve(space, path, href)
		if !ok {
			if a != (Address{}) {
				t.Fatalf("Resolve failed but returned %+v", a)
			}
			return
		}
		if !IsSpace(a.Space) {
			t.Fatalf("Resolve(%q, %q, %q): space %q", space, path, href, a.Space)
		}
		if !normalSegment(a.Slug) || strings.Contains(a.Slug, "/") {
			t.Fatalf("Resolve(%q, %q, %q): slug %q", space, path, href, a.Slug)
		}
		if a.Path != "" {
			for _, seg := range strings.Split(a.Path, "/") {
				if !normalSegment(seg) {
					t.Fatalf("Resolve(%q, %q, %q): path %q", space, path, href, a.Path)
				}
			}
		}
		if !IsInternal(href) {
			t.Fatalf("Resolve(%q) succeeded for an href that is not internal", href)
		}
		if b, ok := ParseAddress(a.String()); !ok || b != a {
			t.Fatalf("ParseAddress(%q) = %+v, %v; want %+v", a.String(), b, ok, a)
		}
		// Relative finds the way back from any valid folder.
		for _, from := range [][2]string{{"wiki", ""}, {"wiki", "a/b"}, {"raw", "x"}, {a.Space, a.Path}} {
			rel := Relative(from[0], from[1], a)
			if b, ok := Resolve(from[0], from[1], rel); !ok || b != a {
				t.Fatalf("Relative(%q, %q, %+v) = %q resolves to %+v, %v", from[0], from[1], a, rel, b, ok)
			}
		}
	})
}

// fullDecode is what a destination stands for as a URL path: markdown
// escapes and references decoded, then percent-decoding.
func fullDecode(s string) string {
	var b strings.Builder
	mdTokens(s, func(_, _ int, dec string) bool {
		b.WriteString(dec)
		return true
	})
	return percentDecode(b.String())
}

// folder makes a valid folder path (segments of lowercase letters, digits
// and hyphens) from fuzz input.
func folder(s string) string {
	var segs []string
	for _, seg := range strings.Split(s, "/") {
		seg = strings.Map(func(r rune) rune {
			if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' {
				return r
			}
			return -1
		}, seg)
		if seg != "" {
			segs = append(segs, seg)
		}
	}
	return strings.Join(segs, "/")
}

// canonical reports whether every relative internal href resolves from the
// folder and is already written as Rebase writes it.
func canonical(body, space, path string) bool {
	for _, o := range Scan(body) {
		if o.Kind == Reference || !IsInternal(o.Href) {
			continue
		}
		_, suffix, p := splitHref(o.Href)
		if strings.HasPrefix(p, "/") {
			continue
		}
		a, ok := Resolve(space, path, o.Href)
		if !ok {
			return false
		}
		want := Relative(space, path, a)
		if !strings.HasSuffix(percentDecode(p), ".md") {
			want = strings.TrimSuffix(want, ".md")
		}
		if o.Href != want+suffix {
			return false
		}
	}
	return true
}

func FuzzRewrite(f *testing.F) {
	for i, b := range fuzzBodies {
		f.Add(b, []string{"z.md", "my doc.md", "", "a<b>c", "a\nb", "a|b`c", `a\`, "a(b"}[i%8], "eng/onboarding", "eng/ops/x")
	}
	f.Add("[a](../ops/deploy.md#s) [b](sibling) [c](/wiki/x.md)\n\n[r]: <with%20space.md?q> 't'\n[r]", "n.md", "eng/onboarding", "")
	f.Fuzz(func(t *testing.T, body, newHref, fromPath, toPath string) {
		if got := RewriteHrefs(body, func(h string) (string, bool) { return h, true }); got != body {
			t.Fatalf("identity rewrite changed %q to %q", body, got)
		}
		before := Scan(body)

		// Rewriting every destination to newHref: the same links, each now
		// standing for newHref.
		out := RewriteHrefs(body, func(string) (string, bool) { return newHref, true })
		after := Scan(out)
		if len(after) != len(before) {
			t.Fatalf("rewriting to %q: %d occurrences became %d\n%q\n%q", newHref, len(before), len(after), body, out)
		}
		for i := range before {
			if after[i].Kind != before[i].Kind {
				t.Fatalf("rewriting to %q: occurrence %d changed kind\n%q\n%q", newHref, i, body, out)
			}
			if !before[i].exact {
				continue
			}
			if fullDecode(after[i].Href) != fullDecode(newHref) {
				t.Fatalf("rewriting to %q: occurrence %d has href %q\n%q\n%q", newHref, i, after[i].Href, body, out)
			}
		}

		// Rebase keeps every address and is undone by rebasing back.
		from, to := folder(fromPath), folder(toPath)
		moved := Rebase(body, "wiki", from, "output", to)
		m := Scan(moved)
		if len(m) != len(before) {
			t.Fatalf("Rebase: %d occurrences became %d\n%q\n%q", len(before), len(m), body, moved)
		}
		for i, o := range before {
			if o.Kind == Reference || !IsInternal(o.Href) {
				continue
			}
			_, _, p := splitHref(o.Href)
			a1, ok1 := Resolve("wiki", from, o.Href)
			if strings.HasPrefix(p, "/") || !ok1 {
				if m[i].Href != o.Href {
					t.Fatalf("Rebase changed %q to %q", o.Href, m[i].Href)
				}
				continue
			}
			if a2, ok2 := Resolve("output", to, m[i].Href); !ok2 || a2 != a1 {
				t.Fatalf("Rebase: %q (%v) became %q (%v, %v)\n%q\n%q", o.Href, a1, m[i].Href, a2, ok2, body, moved)
			}
		}
		if canonical(body, "wiki", from) {
			if back := Rebase(moved, "output", to, "wiki", from); back != body {
				t.Fatalf("Rebase there and back:\n%q\n%q\n%q", body, moved, back)
			}
		}
	})
}
