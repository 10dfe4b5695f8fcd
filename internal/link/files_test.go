package link

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestExtractFilesFindsLinksAndImagesInOrder(t *testing.T) {
	t.Parallel()
	body := "![d](deploy.files/diagram.png) and [pdf](../ops/deploy.files/spec.pdf)\n\n" +
		"![again](deploy.files/diagram.png) ![r][img] [not a file](deploy.md)\n\n" +
		"`![code](x.files/a.png)`\n\n    ![block](x.files/b.png)\n\n" +
		"![ext](https://example.com/x.files/a.png) [bare](x.files/)\n\n" +
		"[img]: <other.files/my file.png>\n"
	require.Equal(t, []FileRef{
		{Href: "deploy.files/diagram.png", Count: 2},
		{Href: "../ops/deploy.files/spec.pdf", Count: 1},
		{Href: "other.files/my file.png", Count: 1},
	}, ExtractFiles(body))
	require.Empty(t, ExtractFiles("no references here, [a](b.md)"))
}

func TestResolveFile(t *testing.T) {
	t.Parallel()
	cases := []struct {
		href string
		addr string
		name string
		ok   bool
	}{
		{"deploy.files/diagram.png", "wiki:ops/deploy", "diagram.png", true},
		{"./deploy.files/diagram.png?x=1#top", "wiki:ops/deploy", "diagram.png", true},
		{"../eng/setup.files/my%20shot.png", "wiki:eng/setup", "my shot.png", true},
		{"/raw/inbox/note.files/a.pdf", "raw:inbox/note", "a.pdf", true},
		{"../../../x.files/a.png", "", "", false}, // climbs above the root
		{"deploy.md.files/a.png", "", "", false},  // the page part is a slug, never "x.md"
		{"deploy.files/..", "", "", false},
		{".files/a.png", "", "", false},
		{"https://h/deploy.files/a.png", "", "", false},
		{"deploy.files/a%00.png", "", "", false},
	}
	for _, c := range cases {
		a, name, ok := ResolveFile("wiki", "ops", c.href)
		require.Equal(t, c.ok, ok, c.href)
		if ok {
			require.Equal(t, c.addr, a.String(), c.href)
			require.Equal(t, c.name, name, c.href)
		}
	}
}

func TestRelativeFileRoundTrips(t *testing.T) {
	t.Parallel()
	page := Address{Space: "wiki", Path: "ops", Slug: "deploy"}
	for _, from := range []struct{ space, path string }{{"wiki", "ops"}, {"wiki", "eng/team"}, {"raw", ""}} {
		for _, name := range []string{"diagram.png", "my shot (1).png", "ü|#?.pdf"} {
			href := RelativeFile(from.space, from.path, page, name)
			require.True(t, plainDest(href), href)
			a, n, ok := ResolveFile(from.space, from.path, href)
			require.True(t, ok, href)
			require.Equal(t, page, a)
			require.Equal(t, name, n)
		}
	}
	require.Equal(t, "deploy.files/diagram.png", RelativeFile("wiki", "ops", page, "diagram.png"))
	require.Equal(t, "../../ops/deploy.files/diagram.png", RelativeFile("wiki", "eng/team", page, "diagram.png"))
}

func TestRewriteFileHrefsEditsInPlace(t *testing.T) {
	t.Parallel()
	to := func(h string) (string, bool) { return strings.Replace(h, "old.files/", "new.files/", 1), true }
	cases := map[string]string{
		"![a](old.files/x.png)":                         "![a](new.files/x.png)",
		`![a](<old.files/x.png> "title")`:               `![a](<new.files/x.png> "title")`,
		"[![a](old.files/x.png)](old.files/x.png)":      "[![a](new.files/x.png)](new.files/x.png)",
		"`![a](old.files/x.png)`":                       "`![a](old.files/x.png)`",
		"![a][r]\n\n[r]: old.files/x.png":               "![a][r]\n\n[r]: new.files/x.png",
		"| ![a](old.files/x.png) | ![b](old.files/y) |": "| ![a](new.files/x.png) | ![b](new.files/y) |",
		"    ![a](old.files/x.png)":                     "    ![a](old.files/x.png)", // code block
		"[doc](old.md) ![ext](https://h/old.files/x)":   "[doc](old.md) ![ext](https://h/old.files/x)",
		"no references at all":                          "no references at all",
	}
	for in, want := range cases {
		require.Equal(t, want, RewriteFileHrefs(in, to), in)
	}
	// A replacement that would need escaping is not written into an image.
	require.Equal(t, "![a](old.files/x.png)", RewriteImageHrefs("![a](old.files/x.png)", func(string) (string, bool) { return "a b", true }))
}

func TestRebaseFilesKeepsEveryReferenceWorking(t *testing.T) {
	t.Parallel()
	from := Address{Space: "wiki", Path: "ops", Slug: "deploy"}
	body := "![own](deploy.files/d.png) ![own2](./deploy.files/e.png#x) [other](../eng/setup.files/s.pdf) " +
		"![abs](/wiki/ops/deploy.files/d.png) ![sib](runbook.files/r.png)"
	// A rename: own references follow the slug, others stay as written.
	renamed := RebaseFiles(body, from, Address{Space: "wiki", Path: "ops", Slug: "release"})
	require.Equal(t, "![own](release.files/d.png) ![own2](./release.files/e.png#x) [other](../eng/setup.files/s.pdf) "+
		"![abs](/wiki/ops/deploy.files/d.png) ![sib](runbook.files/r.png)", renamed)
	// A move: every relative reference is rebased to the new folder.
	to := Address{Space: "wiki", Path: "platform/ops", Slug: "deploy"}
	moved := RebaseFiles(body, from, to)
	require.Equal(t, "![own](deploy.files/d.png) ![own2](./deploy.files/e.png#x) [other](../../eng/setup.files/s.pdf) "+
		"![abs](/wiki/ops/deploy.files/d.png) ![sib](../../ops/runbook.files/r.png)", moved)
	for _, f := range ExtractFiles(moved) {
		if strings.HasPrefix(f.Href, "/") {
			continue
		}
		before, _, _ := ResolveFile("wiki", "ops", strings.Replace(strings.Replace(f.Href, "../../eng", "../eng", 1), "../../ops/", "", 1))
		after, _, ok := ResolveFile(to.Space, to.Path, f.Href)
		require.True(t, ok)
		if before == from {
			require.Equal(t, to, after)
		}
	}
	require.Equal(t, body, RebaseFiles(body, from, from))
}
