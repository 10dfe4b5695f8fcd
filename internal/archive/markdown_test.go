package archive

import (
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/link"
)

// pageAt finds a tree's page by address.
func pageAt(t *testing.T, tr *Tree, p, slug string) Page {
	t.Helper()
	for _, pg := range tr.Pages {
		if pg.Path == p && pg.Slug == slug {
			return pg
		}
	}
	require.Failf(t, "no page", "%s/%s in %v", p, slug, tr.Pages)
	return Page{}
}

func load(t *testing.T, p Page) *Content {
	t.Helper()
	c, err := p.Load()
	require.NoError(t, err)
	return c
}

// A markdown tree: folders and file names become slugs, links between its
// pages are rewritten to resolve to where the pages land, files in
// "<name>.files/" are their page's, another file a page shows becomes its
// own, frontmatter keys of the old instance are dropped.
func TestMarkdownTree(t *testing.T) {
	t.Parallel()
	a := files(t, map[string]string{
		"Team Handbook/Read Me.md": "---\nid: 0193\ntitle: Welcome\ntags: [intro, Team]\nstatus: draft\nowner: a@b.c\ncreated: 2026-01-01\nupdated: 2026-02-02\nsource: wiki\n---\n" +
			"See [setup](Engineering/Laptop%20Setup.md#steps), [deploy](Engineering/deploy) and [out](https://example.com).\n\n![logo](assets/logo.png)\n",
		"Team Handbook/Engineering/Laptop Setup.md":                  "Back to [home](../Read%20Me.md). ![d](Laptop%20Setup.files/diagram%201.png)\n",
		"Team Handbook/Engineering/Laptop Setup.files/diagram 1.png": "\x89PNG",
		"Team Handbook/Engineering/deploy.md":                        "# Deploy\n[missing](nowhere.md) [abs](/wiki/x)",
		"Team Handbook/assets/logo.png":                              "\x89PNG",
		"Team Handbook/assets/unused.png":                            "\x89PNG",
		"Team Handbook/manifest.json":                                "{}",
		"__MACOSX/._x":                                               "junk",
	})
	tr, err := Read(a, FormatMarkdown)
	require.NoError(t, err)
	require.Len(t, tr.Pages, 3)
	require.Equal(t, "", tr.Pages[0].Path, "parents first: the wrapping folder is no folder")

	home := pageAt(t, tr, "", "read-me")
	require.Equal(t, "Read Me.md", home.Key)
	c := load(t, home)
	require.Equal(t, "Welcome", c.Title)
	require.Equal(t, []string{"intro", "Team"}, c.Tags, "the document service normalises them")
	require.Equal(t, "draft", c.Status)
	require.ElementsMatch(t, []string{"id", "owner", "created", "updated"}, c.Dropped)
	require.Contains(t, c.Body, "---\nsource: wiki\n---\n", "other keys stay")
	require.Contains(t, c.Body, "[setup](engineering/laptop-setup.md#steps)")
	require.Contains(t, c.Body, "[deploy](engineering/deploy)")
	require.Contains(t, c.Body, "(https://example.com)")
	require.Contains(t, c.Body, "![logo](read-me.files/logo.png)")
	require.Len(t, c.Files, 1)
	require.Equal(t, "logo.png", c.Files[0].Name)

	setup := pageAt(t, tr, "engineering", "laptop-setup")
	c = load(t, setup)
	require.Equal(t, "Laptop Setup", c.Title)
	require.Contains(t, c.Body, "[home](../read-me.md)")
	require.Contains(t, c.Body, "![d](laptop-setup.files/diagram%201.png)")
	require.Len(t, c.Files, 1)
	require.Equal(t, "diagram 1.png", c.Files[0].Name)
	for _, ref := range link.ExtractFiles(c.Body) {
		addr, name, ok := link.ResolveFile("raw", setup.Path, ref.Href)
		require.True(t, ok)
		require.Equal(t, link.Address{Space: "raw", Path: "engineering", Slug: "laptop-setup"}, addr)
		require.Equal(t, "diagram 1.png", name)
	}
	addr, ok := link.Resolve("raw", setup.Path, "../read-me.md")
	require.True(t, ok)
	require.Equal(t, link.Address{Space: "raw", Path: "", Slug: "read-me"}, addr)

	c = load(t, pageAt(t, tr, "engineering", "deploy"))
	require.Contains(t, c.Body, "[missing](nowhere.md) [abs](/wiki/x)", "links outside the tree stay as written")

	skipped := map[string]string{}
	for _, s := range tr.Skipped {
		skipped[s.Entry] = s.Reason
	}
	require.Contains(t, skipped["Team Handbook/assets/unused.png"], "no page links to it")
	require.Contains(t, skipped["Team Handbook/manifest.json"], "manifest")
}

// Same slugs in a folder get free ones; a page over the body limit fails
// its load with the reason; an archive without pages is not a markdown
// tree.
func TestMarkdownEdges(t *testing.T) {
	t.Parallel()
	a := files(t, map[string]string{"a/Guide.md": "one", "a/guide.markdown": "two", "big.md": string(make([]byte, 2<<20)), "x.txt": "t"})
	tr, err := Read(a, FormatMarkdown)
	require.NoError(t, err)
	slugs := map[string]bool{}
	for _, p := range tr.Pages {
		slugs[p.Path+"/"+p.Slug] = true
	}
	require.Equal(t, map[string]bool{"a/guide": true, "a/guide-2": true, "/big": true}, slugs)
	_, err = pageAt(t, tr, "", "big").Load()
	require.ErrorContains(t, err, "at most")

	_, err = Read(files(t, map[string]string{"a.txt": "x"}), FormatMarkdown)
	require.ErrorIs(t, err, ErrFormat)
}
