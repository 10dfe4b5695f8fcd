package link_test

import (
	"strings"
	"testing"

	"codna/internal/link"
)

func TestRewriteHrefs(t *testing.T) {
	t.Parallel()
	to := func(n string) func(string) (string, bool) {
		return func(h string) (string, bool) { return n, h == "x.md" }
	}
	cases := []struct {
		name, body string
		rewrite    func(string) (string, bool)
		want       string
	}{
		{"bare", `[a](x.md "t") [b](y.md)`, to("z.md"), `[a](z.md "t") [b](y.md)`},
		{"titles kept", `[a](x.md 't') [b](x.md (t)) [c](x.md   "t")`, to("z"), `[a](z 't') [b](z (t)) [c](z   "t")`},
		{"angle kept", `[a](<x.md> "t")`, to("z.md"), `[a](<z.md> "t")`},
		{"bare becomes angle for a space", `[a](x.md)`, to("my doc.md"), `[a](<my doc.md>)`},
		{"bare becomes angle for unbalanced parens", `[a](x.md)`, to("a(b.md"), `[a](<a(b.md>)`},
		{"balanced parens stay bare", `[a](x.md)`, to("a(b).md"), `[a](a(b).md)`},
		{"empty becomes <>", `[a](x.md "t")`, to(""), `[a](<> "t")`},
		{"empty inline destination filled", `[a]()`, func(string) (string, bool) { return "n.md", true }, `[a](n.md)`},
		{"angle escapes", `[a](<x.md>)`, to("a<b>c"), `[a](<a\<b\>c>)`},
		{"line breaks encoded", `[a](x.md)`, to("a\nb"), `[a](<a%0Ab>)`},
		{"trailing backslash", `[a](x.md)`, to(`a\`), `[a](<a\\>)`},
		{"escapes as given", `[a](x.md)`, to(`a\)b`), `[a](a\)b)`},
		{"pipe in a table cell", "| h |\n|---|\n| [a](x.md) |\n", to("a|b"), "| h |\n|---|\n| [a](a\\|b) |\n"},
		{"pipe outside a table", "[a](x.md)", to("a|b"), "[a](a|b)"},
		{"new backtick encoded", "`open [a](x.md) close`x", to("a`b"), "`open [a](x.md) close`x"},
		{"new backtick in inline link", "`x [a](x.md)", to("a`b"), "`x [a](a%60b)"},
		{"definition", "[r]\n\n[r]: x.md 'T'\n", to("z.md"), "[r]\n\n[r]: z.md 'T'\n"},
		{"definition empty", "[r]\n\n[r]: x.md\n", to(""), "[r]\n\n[r]: <>\n"},
		{"code untouched", "`[a](x.md)`\n\n```\n[a](x.md)\n```\n", to("z.md"), "`[a](x.md)`\n\n```\n[a](x.md)\n```\n"},
		{"CRLF and UTF-8 kept", "é [ü](x.md)\r\n[b](x.md)\r\n", to("z.md"), "é [ü](z.md)\r\n[b](z.md)\r\n"},
		{"brackets before keep their pairing", "[x]([a](<my doc.md>))", func(h string) (string, bool) { return "z.md", h == "my doc.md" }, `[x\]([a](<z.md>))`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := link.RewriteHrefs(c.body, c.rewrite); got != c.want {
				t.Errorf("RewriteHrefs(%q)\n got %q\nwant %q", c.body, got, c.want)
			}
		})
	}
}

func TestRebase(t *testing.T) {
	t.Parallel()
	body := "# Setup\n\nSee [deploy](../ops/deploy.md#steps \"T\"), [sibling](sibling), [abs](/wiki/x.md),\n" +
		"[ext](https://e.com/a.md), [pic](diagram.png) ![img](../img/a.md) `[code](../code.md)` and [ref][r].\r\n\r\n" +
		"[r]: <../ops/with space.md?q=1>\n"
	cases := []struct {
		name         string
		fromS, fromP string
		toS, toP     string
		want         string
	}{
		{"moved down", "wiki", "eng/onboarding", "wiki", "eng/onboarding/laptops",
			"# Setup\n\nSee [deploy](../../ops/deploy.md#steps \"T\"), [sibling](../sibling), [abs](/wiki/x.md),\n" +
				"[ext](https://e.com/a.md), [pic](diagram.png) ![img](../img/a.md) `[code](../code.md)` and [ref][r].\r\n\r\n" +
				"[r]: <../../ops/with%20space.md?q=1>\n"},
		{"moved up", "wiki", "eng/onboarding", "wiki", "",
			"# Setup\n\nSee [deploy](eng/ops/deploy.md#steps \"T\"), [sibling](eng/onboarding/sibling), [abs](/wiki/x.md),\n" +
				"[ext](https://e.com/a.md), [pic](diagram.png) ![img](../img/a.md) `[code](../code.md)` and [ref][r].\r\n\r\n" +
				"[r]: <eng/ops/with%20space.md?q=1>\n"},
		{"across spaces", "wiki", "eng/onboarding", "output", "reports",
			"# Setup\n\nSee [deploy](../../wiki/eng/ops/deploy.md#steps \"T\"), [sibling](../../wiki/eng/onboarding/sibling), [abs](/wiki/x.md),\n" +
				"[ext](https://e.com/a.md), [pic](diagram.png) ![img](../img/a.md) `[code](../code.md)` and [ref][r].\r\n\r\n" +
				"[r]: <../../wiki/eng/ops/with%20space.md?q=1>\n"},
		{"renamed in place", "wiki", "eng/onboarding", "wiki", "/eng/onboarding/", body},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got := link.Rebase(body, c.fromS, c.fromP, c.toS, c.toP)
			if got != c.want {
				t.Fatalf("Rebase\n got %q\nwant %q", got, c.want)
			}
			// Every internal edge still reaches the same address.
			before, after := link.Extract(body), link.Extract(got)
			if len(before) != len(after) {
				t.Fatalf("edges %v became %v", before, after)
			}
			for i := range before {
				a1, ok1 := link.Resolve(c.fromS, c.fromP, before[i].Href)
				a2, ok2 := link.Resolve(c.toS, c.toP, after[i].Href)
				if ok1 != ok2 || a1 != a2 || before[i].Count != after[i].Count {
					t.Errorf("edge %d: %q → %v,%v; after the move %q → %v,%v", i, before[i].Href, a1, ok1, after[i].Href, a2, ok2)
				}
			}
			// And back.
			if back := link.Rebase(got, c.toS, c.toP, c.fromS, c.fromP); c.name != "renamed in place" && back != strings.Replace(body, "with space", "with%20space", 1) {
				t.Errorf("rebasing back gave %q", back)
			}
		})
	}
}

func TestRebaseClimbing(t *testing.T) {
	t.Parallel()
	// An href that does not resolve from the old folder is left alone.
	body := "[a](../../../x.md) [b](../../nospace.md)"
	if got := link.Rebase(body, "wiki", "a", "wiki", "a/b/c"); got != body {
		t.Errorf("got %q", got)
	}
}

func TestRetarget(t *testing.T) {
	t.Parallel()
	to := link.Address{Space: "wiki", Path: "ops", Slug: "deploy-v2"}
	body := "[a](../ops/deploy.md#steps) [b](../ops/deploy.md) [c](./../ops/deploy.md) [d][r] ![i](../ops/deploy.md)\n\n[r]: ../ops/deploy.md\n"
	got := link.Retarget(body, "../ops/deploy.md", to, "wiki", "eng")
	want := "[a](../ops/deploy.md#steps) [b](../ops/deploy-v2.md) [c](./../ops/deploy.md) [d][r] ![i](../ops/deploy.md)\n\n[r]: ../ops/deploy-v2.md\n"
	if got != want {
		t.Errorf("Retarget\n got %q\nwant %q", got, want)
	}
	got = link.Retarget(body, "../ops/deploy.md#steps", link.Address{Space: "raw", Path: "", Slug: "notes"}, "wiki", "eng")
	want = strings.Replace(body, "[a](../ops/deploy.md#steps)", "[a](../../raw/notes.md#steps)", 1)
	if got != want {
		t.Errorf("Retarget keeping the fragment\n got %q\nwant %q", got, want)
	}
}

func TestDrop(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, body, href, want string
	}{
		{"inline", "See [the **guide**](x.md \"t\") now.", "x.md", "See the **guide** now."},
		{"only that href", "[a](x.md) [b](y.md) [c](x.md#s)", "x.md", "a [b](y.md) [c](x.md#s)"},
		{"link around an image", "[![logo](l.png)](x.md)", "x.md", "![logo](l.png)"},
		{"reference uses and definition", "[text][R], [r][] and [r].\n\n[r]: x.md \"T\"\nNext line.\n", "x.md",
			"text, r and r.\n\nNext line.\n"},
		{"definition in a block quote", "[r]\n\n> [r]: x.md\n", "x.md", "r\n\n> \n"},
		{"definition with CRLF", "[r]\r\n\r\n  [r]: x.md\r\n[s]: y.md\r\n", "x.md", "r\r\n\r\n[s]: y.md\r\n"},
		{"definition spanning lines", "[r]\n\n[r]:\n  x.md\n  'title'\n\nend\n", "x.md", "r\n\n\nend\n"},
		{"definition still used by an image", "[r] ![i][r]\n\n[r]: x.md\n", "x.md", "r ![i][r]\n\n[r]: x.md\n"},
		{"unused duplicate definition removed", "[r]\n\n[r]: y.md\n[r]: x.md\n", "x.md", "[r]\n\n[r]: y.md\n"},
		{"code untouched", "`[a](x.md)` [b](x.md)", "x.md", "`[a](x.md)` b"},
		{"multi-byte text", "[日本語](x.md)é", "x.md", "日本語é"},
		{"angle href", "[a](<x y.md>)", "x y.md", "a"},
		{"brackets that would become a link", "[x [a](h.md)](y.md)", "h.md", `[x a\](y.md)`},
		{"text that would be a heading", "[# Setup](h.md) now", "h.md", `\# Setup now`},
		{"text that would be a list item", "Intro\n[- item](h.md)\n", "h.md", "Intro\n\\- item\n"},
		{"text that would be an ordered list", "[1. first](h.md)", "h.md", `1\. first`},
		{"text that would underline", "Title\n[===](h.md)\n", "h.md", "Title\n\\===\n"},
		{"text that would be a task check box", "- [[x] done](h.md)\n", "h.md", "- \\[x] done\n"},
		{"emphasis in the text stays", "[*a*](h.md)", "h.md", "*a*"},
		{"definition kept when its removal would empty a list item", "- [r]: h.md\n\n  more [r]\n", "h.md", "- [r]: h.md\n\n  more r\n"},
		{"empty text keeps a list item", "- [](h.md)\n\n  more\n", "h.md", "- &#8203;\n\n  more\n"},
		{"empty text before a would-be check box", "- [](h.md)[x](y.md)\n", "h.md", "- &#8203;[x](y.md)\n"},
		{"empty text elsewhere", "a [](h.md) b", "h.md", "a  b"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := link.Drop(c.body, c.href); got != c.want {
				t.Errorf("Drop(%q, %q)\n got %q\nwant %q", c.body, c.href, got, c.want)
			}
		})
	}
}

func TestAppend(t *testing.T) {
	t.Parallel()
	to := link.Address{Space: "wiki", Path: "ops", Slug: "deploy"}
	cases := []struct {
		name, body, text, want string
	}{
		{"empty body", "", "Deploy", "[Deploy](../ops/deploy.md)\n"},
		{"no final newline", "Intro", "Deploy", "Intro\n\n[Deploy](../ops/deploy.md)\n"},
		{"final newline", "Intro\n", "Deploy", "Intro\n\n[Deploy](../ops/deploy.md)\n"},
		{"blank line already", "Intro\n\n", "Deploy", "Intro\n\n[Deploy](../ops/deploy.md)\n"},
		{"CRLF", "Intro\r\n", "Deploy", "Intro\r\n\r\n[Deploy](../ops/deploy.md)\r\n"},
		{"escaped text", "", "a [b] *c* `d` <e> & f_g\nh", "[a \\[b\\] \\*c\\* \\`d\\` \\<e\\> \\& f\\_g h](../ops/deploy.md)\n"},
		{"blank text is the slug", "", "  ", "[deploy](../ops/deploy.md)\n"},
		{"after a list", "- item", "D", "- item\n\n[D](../ops/deploy.md)\n"},
		{"unclosed fence closed", "```go\ncode\n", "D", "```go\ncode\n```\n\n[D](../ops/deploy.md)\n"},
		{"unclosed long tilde fence", "~~~~\ncode", "D", "~~~~\ncode\n~~~~\n\n[D](../ops/deploy.md)\n"},
		{"unclosed HTML comment", "<!-- note\n\nmore\n", "D", "<!-- note\n\nmore\n-->\n\n[D](../ops/deploy.md)\n"},
		{"closed fence untouched", "```\ncode\n```\n", "D", "```\ncode\n```\n\n[D](../ops/deploy.md)\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got := link.Append(c.body, c.text, to, "wiki", "eng")
			if got != c.want {
				t.Errorf("Append(%q, %q)\n got %q\nwant %q", c.body, c.text, got, c.want)
			}
			edges := link.Extract(got)
			last := edges[len(edges)-1]
			if a, ok := link.Resolve("wiki", "eng", last.Href); !ok || a != to {
				t.Errorf("appended link %q resolves to %v, %v", last.Href, a, ok)
			}
		})
	}
}

// The package-level parser is shared: concurrent use must be safe (run with
// -race).
func TestConcurrentUse(t *testing.T) {
	t.Parallel()
	body := "See [a](x.md), [b][r] and `[c](y.md)`.\n\n| t |\n|---|\n| [d](z.md) www.example.com |\n\n[r]: ../ops/w.md\n"
	want := link.Extract(body)
	done := make(chan bool)
	for range 8 {
		go func() {
			ok := true
			for range 200 {
				got := link.Extract(body)
				ok = ok && len(got) == len(want) && got[0] == want[0] && got[2] == want[2]
				_ = link.Rebase(body, "wiki", "a", "wiki", "b/c")
			}
			done <- ok
		}()
	}
	for range 8 {
		if !<-done {
			t.Error("concurrent Extract disagreed")
		}
	}
}

func TestRebaseHref(t *testing.T) {
	t.Parallel()
	cases := []struct {
		href, want string
		ok         bool
	}{
		{"../ops/deploy.md#steps", "../../ops/deploy.md#steps", true},
		{"sibling", "../sibling", true},
		{"./x.md?v=1", "../x.md?v=1", true},
		{"laptops/x.md", "x.md", true},
		{"/wiki/x.md", "", false},
		{"https://e.com/x.md", "", false},
		{"diagram.png", "", false},
		{"../../../x.md", "", false},
	}
	for _, c := range cases {
		got, ok := link.RebaseHref(c.href, "wiki", "eng/onboarding", "wiki", "eng/onboarding/laptops")
		if got != c.want || ok != c.ok {
			t.Errorf("RebaseHref(%q) = %q, %v; want %q, %v", c.href, got, ok, c.want, c.ok)
		}
	}
}
