package link_test

import (
	"testing"

	"codna/internal/link"
)

func TestResolve(t *testing.T) {
	t.Parallel()
	type A = link.Address
	cases := []struct {
		space, path, href string
		want              A
		ok                bool
	}{
		// relative to the source's folder
		{"wiki", "engineering/onboarding", "laptop-setup.md", A{"wiki", "engineering/onboarding", "laptop-setup"}, true},
		{"wiki", "engineering/onboarding", "laptop-setup", A{"wiki", "engineering/onboarding", "laptop-setup"}, true},
		{"wiki", "engineering/onboarding", "./laptop-setup.md", A{"wiki", "engineering/onboarding", "laptop-setup"}, true},
		{"wiki", "engineering/onboarding", "sub/x.md", A{"wiki", "engineering/onboarding/sub", "x"}, true},
		{"wiki", "engineering/onboarding", "../ops/deploy.md", A{"wiki", "engineering/ops", "deploy"}, true},
		{"wiki", "engineering/onboarding", "../../x.md", A{"wiki", "", "x"}, true},
		{"wiki", "engineering/onboarding", "../../../raw/notes/a.md", A{"raw", "notes", "a"}, true},
		{"wiki", "", "x.md", A{"wiki", "", "x"}, true},
		{"wiki", "", "../output/r.md", A{"output", "", "r"}, true},
		{"wiki", "/a/b/", "x.md", A{"wiki", "a/b", "x"}, true},
		{"wiki", "a", "b/./c/../d.md", A{"wiki", "a/b", "d"}, true},
		{"wiki", "a", "b//c.md", A{"wiki", "a/b", "c"}, true},
		// rooted at the knowledge base
		{"wiki", "a/b", "/raw/x.md", A{"raw", "", "x"}, true},
		{"wiki", "a/b", "/wiki/eng/onboarding/laptop-setup", A{"wiki", "eng/onboarding", "laptop-setup"}, true},
		{"wiki", "a/b", "/output/../wiki/x.md", A{"wiki", "", "x"}, true},
		// query and fragment
		{"wiki", "a", "x.md#setup", A{"wiki", "a", "x"}, true},
		{"wiki", "a", "x.md?v=1#s", A{"wiki", "a", "x"}, true},
		{"wiki", "a", "x#s.png", A{"wiki", "a", "x"}, true},
		// percent-decoding and markdown escapes
		{"wiki", "a", "laptop%2Dsetup.md", A{"wiki", "a", "laptop-setup"}, true},
		{"wiki", "a", "my%20doc.md", A{"wiki", "a", "my doc"}, true},
		{"wiki", "a", "b%2Fc.md", A{"wiki", "a/b", "c"}, true},
		{"wiki", "a/b", "%2E%2E/c.md", A{"wiki", "a", "c"}, true},
		{"wiki", "a", "x%23y.md", A{"wiki", "a", "x#y"}, true},
		{"wiki", "a", "100%.md", A{"wiki", "a", "100%"}, true},
		{"wiki", "a", `a\_b.md`, A{"wiki", "a", "a_b"}, true},
		{"wiki", "a", `x\#frag`, A{"wiki", "a", "x"}, true},
		{"wiki", "a", "x&amp;y.md", A{"wiki", "a", "x&y"}, true},
		{"wiki", "a", "été.md", A{"wiki", "a", "été"}, true},
		{"wiki", "a", "Setup Guide.md", A{"wiki", "a", "Setup Guide"}, true},
		// one trailing .md only
		{"wiki", "a", "x.md.md", A{"wiki", "a", "x.md"}, true},
		// climbing above the root
		{"wiki", "a", "../../x.md", A{}, false},
		{"wiki", "", "../../raw/x.md", A{}, false},
		{"wiki", "a", "/../wiki/x.md", A{}, false},
		// no space, bad space
		{"wiki", "", "../x.md", A{}, false},
		{"wiki", "a", "/x.md", A{}, false},
		{"wiki", "a", "/notes/x.md", A{}, false},
		{"wiki", "a", "/Wiki/x.md", A{}, false},
		{"wiki", "a", "/raw", A{}, false},
		{"nope", "a", "x.md", A{}, false},
		// no slug
		{"wiki", "a", "b/", A{}, false},
		{"wiki", "a", "x.md/", A{}, false},
		{"wiki", "a", "./", A{}, false},
		{"wiki", "a", ".", A{}, false},
		{"wiki", "a", "..", A{}, false},
		{"wiki", "a", "b/..", A{}, false},
		{"wiki", "a", ".md", A{}, false},
		{"wiki", "a", "/wiki/", A{}, false},
		{"wiki", "a", "/", A{}, false},
		{"wiki", "a", "..md", A{}, false},
		// not internal
		{"wiki", "a", "", A{}, false},
		{"wiki", "a", "#setup", A{}, false},
		{"wiki", "a", "?x", A{}, false},
		{"wiki", "a", "https://e.com/wiki/x.md", A{}, false},
		{"wiki", "a", "codna:wiki:x", A{}, false},
		{"wiki", "a", "//host/wiki/x.md", A{}, false},
		{"wiki", "a", "diagram.png", A{}, false},
		// undecodable
		{"wiki", "a", "x%00.md", A{}, false},
		{"wiki", "a", "x%FF.md", A{}, false},
	}
	for _, c := range cases {
		got, ok := link.Resolve(c.space, c.path, c.href)
		if got != c.want || ok != c.ok {
			t.Errorf("Resolve(%q, %q, %q) = %+v, %v; want %+v, %v", c.space, c.path, c.href, got, ok, c.want, c.ok)
		}
	}
}

func TestIsInternal(t *testing.T) {
	t.Parallel()
	for href, want := range map[string]bool{
		"x.md": true, "x": true, "../a/b.md": true, "/wiki/x": true, "x.md#s": true, "x?y": true,
		"a.b/x": true, "b/": true, "..": true, "x%2Emd": true,
		"": false, "#s": false, "?q": false, "https://x": false, "mailto:a@b": false, "codna:x": false,
		"C:/x.md": false, "//h/x.md": false, "x.png": false, "x.files/y.pdf": false, ".gitignore": false,
		"x.MD": false, "x.": false, "x%2Epng": false, `\#s`: false, "&#35;s": false,
	} {
		if got := link.IsInternal(href); got != want {
			t.Errorf("IsInternal(%q) = %v, want %v", href, got, want)
		}
	}
}

func TestAddressString(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		a link.Address
		s string
	}{
		{link.Address{"wiki", "engineering/onboarding", "laptop-setup"}, "wiki:engineering/onboarding/laptop-setup"},
		{link.Address{"wiki", "", "laptop-setup"}, "wiki:laptop-setup"},
		{link.Address{"raw", "a", "x:y"}, "raw:a/x:y"},
		{link.Address{"output", "é", "a b"}, "output:é/a b"},
	} {
		if got := c.a.String(); got != c.s {
			t.Errorf("%+v.String() = %q, want %q", c.a, got, c.s)
		}
		if got, ok := link.ParseAddress(c.s); !ok || got != c.a {
			t.Errorf("ParseAddress(%q) = %+v, %v", c.s, got, ok)
		}
	}
	for _, bad := range []string{"", "wiki", "wiki:", "Wiki:x", "notes:x", "wiki:a/", "wiki:/x", "wiki:a//x", "wiki:./x", "wiki:a/..", "wiki:.."} {
		if a, ok := link.ParseAddress(bad); ok {
			t.Errorf("ParseAddress(%q) = %+v, want false", bad, a)
		}
	}
}

func TestRelative(t *testing.T) {
	t.Parallel()
	type A = link.Address
	cases := []struct {
		space, path string
		to          A
		want        string
	}{
		{"wiki", "engineering/onboarding", A{"wiki", "engineering/onboarding", "laptop-setup"}, "laptop-setup.md"},
		{"wiki", "engineering/onboarding", A{"wiki", "engineering/ops", "deploy"}, "../ops/deploy.md"},
		{"wiki", "engineering/onboarding", A{"wiki", "engineering/onboarding/sub", "x"}, "sub/x.md"},
		{"wiki", "engineering/onboarding", A{"wiki", "", "x"}, "../../x.md"},
		{"wiki", "", A{"wiki", "", "x"}, "x.md"},
		{"wiki", "a", A{"raw", "a", "x"}, "../../raw/a/x.md"},
		{"wiki", "", A{"output", "", "r"}, "../output/r.md"},
		{"wiki", "eng", A{"wiki", "eng-old", "x"}, "../eng-old/x.md"},
		{"wiki", "a", A{"wiki", "a", "my doc"}, "my%20doc.md"},
		{"wiki", "a", A{"wiki", "a", "x:y"}, "x%3Ay.md"},
		{"wiki", "a", A{"wiki", "a", "p(1)#2?%"}, "p%281%29%232%3F%25.md"},
		{"wiki", "a", A{"wiki", "a", "été"}, "été.md"},
	}
	for _, c := range cases {
		got := link.Relative(c.space, c.path, c.to)
		if got != c.want {
			t.Errorf("Relative(%q, %q, %v) = %q, want %q", c.space, c.path, c.to, got, c.want)
		}
		if back, ok := link.Resolve(c.space, c.path, got); !ok || back != c.to {
			t.Errorf("Resolve(%q, %q, %q) = %+v, %v; want %+v", c.space, c.path, got, back, ok, c.to)
		}
	}
}

// Relative and Resolve round-trip between every pair of a set of folders.
func TestRelativeRoundTrip(t *testing.T) {
	t.Parallel()
	folders := [][2]string{{"wiki", ""}, {"wiki", "a"}, {"wiki", "a/b"}, {"wiki", "a/c/d"}, {"raw", ""}, {"raw", "a/b"}, {"output", "x"}, {"wiki", "b"}}
	slugs := []string{"s", "a", "with space", "x.md", "ü", "a&b", "c`d", "e|f", "g\\h", "<i>", "j[k]"}
	for _, from := range folders {
		for _, to := range folders {
			for _, slug := range slugs {
				addr := link.Address{Space: to[0], Path: to[1], Slug: slug}
				href := link.Relative(from[0], from[1], addr)
				if got, ok := link.Resolve(from[0], from[1], href); !ok || got != addr {
					t.Errorf("from %v: Relative gave %q, which resolves to %+v, %v; want %+v", from, href, got, ok, addr)
				}
				// And it is one link when written in a body.
				body := "[t](" + href + ")"
				edges := link.Extract(body)
				if len(edges) != 1 || edges[0].Href != href {
					t.Errorf("%q is not one link: %+v", body, edges)
				}
			}
		}
	}
}
