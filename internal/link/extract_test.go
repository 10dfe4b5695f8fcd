package link_test

import (
	"reflect"
	"testing"

	"codna/internal/link"
)

type E = link.Edge

func TestExtract(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		body string
		want []E
	}{
		{"none", "just text", nil},
		{"inline", "See [Laptop setup](laptop-setup.md).", []E{{"laptop-setup.md", "Laptop setup", 1}}},
		{"relative and rooted", "[a](../ops/deploy.md) [b](/wiki/x.md) [c](./y)",
			[]E{{"../ops/deploy.md", "a", 1}, {"/wiki/x.md", "b", 1}, {"./y", "c", 1}}},
		{"one edge per href, count, first text, first-appearance order",
			"[one](b.md) [two](a.md) [three](b.md) [four](./b.md)",
			[]E{{"b.md", "one", 2}, {"a.md", "two", 1}, {"./b.md", "four", 1}}},
		{"reference full collapsed shortcut; definition does not count",
			"[text][Ref] and [ref][] and [REF].\n\n[ref]: x.md \"title\"\n",
			[]E{{"x.md", "text", 3}}},
		{"labels fold case and white space", "[t][Foo  Bar]\n\n[foo bar]: x.md\n", []E{{"x.md", "t", 1}}},
		{"unused definition makes no edge", "text\n\n[ref]: x.md\n", nil},
		{"undefined label is no link", "[text][nope] [nope]", nil},
		{"first definition wins", "[r]\n\n[r]: first.md\n[r]: second.md\n", []E{{"first.md", "r", 1}}},
		{"inline and reference to one href", "[a](x.md) [b][r]\n\n[r]: x.md\n", []E{{"x.md", "a", 2}}},
		{"external schemes", "[a](https://e.com/x.md) [b](mailto:a@b.c) [c](codna:wiki:x) [d](HTTP://E.COM) [e](ftp://x/y.md) [f](//host/x.md) [g](x:y.md)", nil},
		{"fragment only, empty, query only", "[a](#setup) [b]() [c](<>) [d](?x=1)", nil},
		{"fragment and query kept in href", "[a](x.md#setup) [b](x.md?v=2)", []E{{"x.md#setup", "a", 1}, {"x.md?v=2", "b", 1}}},
		{"non-document files", "[a](diagram.png) [b](spec.pdf) [c](laptop-setup.files/diagram.png) [d](archive.tar.gz) [e](.gitignore) [f](X.MD)", nil},
		{"extension only of the last segment", "[a](v1.2/x.md) [b](folder.d/x)", []E{{"v1.2/x.md", "a", 1}, {"folder.d/x", "b", 1}}},
		{"images are not links", "![alt](x.md) ![ref][r]\n\n[r]: y.md\n", nil},
		{"a link may contain an image", "[![logo](logo.png)](home.md)", []E{{"home.md", "![logo](logo.png)", 1}}},
		{"a link inside an image description is not a link", "![see [x](x.md)](p.png)", nil},
		{"code span", "`[a](x.md)` and ``[b](y.md)``", nil},
		{"fenced code", "```\n[a](x.md)\n```\n\n~~~md\n[b](y.md)\n~~~\n", nil},
		{"indented code", "para\n\n    [a](x.md)\n", nil},
		{"definition inside code is no definition", "[r]\n\n```\n[r]: x.md\n```\n", nil},
		{"raw HTML", `<a href="x.md">x</a> <img src="y.md">`, nil},
		{"HTML block", "<div>\n[a](x.md)\n</div>\n", nil},
		{"link after inline HTML", `<span title="[b](y.md)">[a](x.md)</span>`, []E{{"x.md", "a", 1}}},
		{"autolinks", "<https://e.com/x.md> <mailto:a@b.c> www.example.com/x.md https://e.com/y.md", nil},
		{"escaped brackets", `\[a\](x.md) [b\]](y.md)`, []E{{"y.md", `b\]`, 1}}},
		{"nested brackets", "[a [b] c](x.md)", []E{{"x.md", "a [b] c", 1}}},
		{"no link in a link", "[a [b](inner.md) c](outer.md)", []E{{"inner.md", "b", 1}}},
		{"angle brackets", "[a](<my doc.md>) [b](<x.md> \"t\")", []E{{"my doc.md", "a", 1}, {"x.md", "b", 1}}},
		{"titles", `[a](x.md "t") [b](y.md 't') [c](z.md (t))`, []E{{"x.md", "a", 1}, {"y.md", "b", 1}, {"z.md", "c", 1}}},
		{"parentheses and escapes kept as written", `[a](p(1).md) [b](a\_b.md) [c](a%20b.md)`,
			[]E{{"p(1).md", "a", 1}, {`a\_b.md`, "b", 1}, {"a%20b.md", "c", 1}}},
		{"text with markup and code", "[**bold** `c]d`](x.md)", []E{{"x.md", "**bold** `c]d`", 1}}},
		{"CRLF", "[a](x.md)\r\n\r\n[b][r]\r\n\r\n[r]:\r\n  y.md\r\n", []E{{"x.md", "a", 1}, {"y.md", "b", 1}}},
		{"multi-byte", "日本 [設定 é](été.md) ü", []E{{"été.md", "設定 é", 1}}},
		{"table cell", "| a | b |\n|---|---|\n| [x](x.md) | `[y](y.md)` |\n", []E{{"x.md", "x", 1}}},
		{"block quote and list", "> [a](x.md)\n\n- [b][r]\n\n  [r]: y.md\n", []E{{"x.md", "a", 1}, {"y.md", "b", 1}}},
		{"link text across lines", "[a\nb](x.md)", []E{{"x.md", "a\nb", 1}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got := link.Extract(c.body)
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("Extract(%q)\n got %+v\nwant %+v", c.body, got, c.want)
			}
		})
	}
}

func TestScanRanges(t *testing.T) {
	t.Parallel()
	body := "x [t](<a b.md> \"T\") [u][R]\r\n\r\n  [r]: y.md 'q'\r\n[e]()"
	occ := link.Scan(body)
	if len(occ) != 4 {
		t.Fatalf("Scan: %+v", occ)
	}
	want := []struct {
		kind                     link.Kind
		href, text, label, whole string
		dest                     string
	}{
		{link.Inline, "a b.md", "t", "", `[t](<a b.md> "T")`, "a b.md"},
		{link.Reference, "y.md", "u", "R", "[u][R]", ""},
		{link.Definition, "y.md", "r", "r", "[r]: y.md 'q'", "y.md"},
		{link.Inline, "", "e", "", "[e]()", ""},
	}
	for i, w := range want {
		o := occ[i]
		if o.Kind != w.kind || o.Href != w.href || o.Text != w.text || o.Label != w.label || body[o.Start:o.End] != w.whole || body[o.TextStart:o.TextEnd] != w.text {
			t.Errorf("occurrence %d: %+v, want %+v", i, o, w)
		}
		if o.Kind == link.Reference {
			if o.DestStart != -1 || o.DestEnd != -1 {
				t.Errorf("reference has a destination range: %+v", o)
			}
		} else if body[o.DestStart:o.DestEnd] != w.dest {
			t.Errorf("occurrence %d destination %q, want %q", i, body[o.DestStart:o.DestEnd], w.dest)
		}
	}
	if occ[3].DestStart != occ[3].DestEnd || body[occ[3].DestStart] != ')' {
		t.Errorf("empty destination should be an empty range before ')': %+v", occ[3])
	}
	if k := link.Definition.String(); k != "definition" {
		t.Errorf("Kind.String: %q", k)
	}
}
