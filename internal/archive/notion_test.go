package archive

import (
	"archive/zip"
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/link"
)

// Notion ids of the fixtures.
const (
	nidWiki   = "1d6aa36e148246f0a97f9551c188a700"
	nidSetup  = "731aae2b15064faca1cfdc564119e8a9"
	nidOther  = "bca29e3a1793444ea56b27e1b8486347"
	nidGone   = "0b036b8c1cdf4481811f209d2480627c"
	nidProj   = "a174fbebeb184d33a656ab9c3e79673b"
	nidTasks  = "13e874d703d34f98bef06ceeee1f9d79"
	nidFix    = "ea1f204b1d0b40e89fdb87f6dc8055d3"
	nidDocs   = "ebd124f2083d4f999c01b25e664d9e01"
	nidNotesA = "506e36a7b830465a95ab72189058c56f"
	nidNotesB = "2f4c8b43e5658142a060f4e3c920e7f4"
)

// notionZip builds a zip of files (name → content) and opens it.
func notionZip(t *testing.T, files map[string]string, lim Limits) *Archive {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		w, err := zw.Create(n)
		require.NoError(t, err)
		_, err = w.Write([]byte(files[n]))
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	a, err := Open(bytes.NewReader(buf.Bytes()), int64(buf.Len()), lim)
	require.NoError(t, err)
	return a
}

// notionRead reads files as a Notion export.
func notionRead(t *testing.T, files map[string]string) *Tree {
	t.Helper()
	tree, err := Read(notionZip(t, files, Limits{}), FormatNotion)
	require.NoError(t, err)
	return tree
}

// notionPage returns the page read from entry, loaded.
func notionPage(t *testing.T, tree *Tree, entry string) (Page, *Content) {
	t.Helper()
	for _, p := range tree.Pages {
		if p.Entry == entry {
			c, err := p.Load()
			require.NoError(t, err)
			return p, c
		}
	}
	t.Fatalf("no page from %q", entry)
	return Page{}, nil
}

// notionHrefs returns the destinations of the links of body, in order.
func notionHrefs(body string) []string {
	var out []string
	for _, o := range link.Scan(body) {
		if o.Kind == link.Inline {
			out = append(out, o.Href)
		}
	}
	return out
}

// notionResolves checks that href, written in page, names target.
func notionResolves(t *testing.T, page Page, href string, target Page) {
	t.Helper()
	addr, ok := link.Resolve("raw", page.Path, href)
	require.True(t, ok, "href %q does not resolve", href)
	require.Equal(t, link.Address{Space: "raw", Path: target.Path, Slug: target.Slug}, addr, "href %q", href)
}

func notionSkipped(tree *Tree, entry string) string {
	for _, s := range tree.Skipped {
		if s.Entry == entry {
			return s.Reason
		}
	}
	return ""
}

func TestNotionNestedPagesLinksAndFiles(t *testing.T) {
	t.Parallel()
	wiki := "Team Wiki " + nidWiki
	setup := wiki + "/Laptop Setup " + nidSetup
	tree := notionRead(t, map[string]string{
		wiki + ".md": "# Team Wiki\n\nTags: Eng, On Boarding, eng, ,\nStatus: Done\nCreated: January 5, 2024 9:12 AM\n\n" +
			"Start with [Laptop Setup](Team%20Wiki%20" + nidWiki + "/Laptop%20Setup%20" + nidSetup + ".md#install), then [Other](Other%20Page%20" + nidOther + ".md).\n\n" +
			"![Untitled](Team%20Wiki%20" + nidWiki + "/Untitled.png)\n\n" +
			"Read [Spec v2.pdf](Team%20Wiki%20" + nidWiki + "/Spec%20v2.pdf).\n\n" +
			"An old link: [Gone](Gone%20Page%20" + nidGone + ".md), and [Notion](https://www.notion.so/Laptop-Setup-" + nidSetup + "?pvs=21).\n\n" +
			"[External](https://example.com/docs)\n",
		wiki + "/Untitled.png":           "png-1",
		wiki + "/Spec v2.pdf":            "pdf",
		wiki + "/notes.txt":              "nobody links here",
		setup + ".md":                    "# Laptop Setup\n\nBack to [the wiki](../Team%20Wiki%20" + nidWiki + ".md).\n\n![diagram](Laptop%20Setup%20" + nidSetup + "/diagram%20(1).png)\n",
		setup + "/diagram (1).png":       "png-2",
		"Other Page " + nidOther + ".md": "# Other Page\n\nNo properties here: this is prose.\nSecond line.\n",
	})

	require.Len(t, tree.Pages, 3)
	var order []string
	for _, p := range tree.Pages {
		order = append(order, p.Key)
	}
	require.Less(t, slices.Index(order, nidWiki), slices.Index(order, nidSetup), "parents come before children")

	wp, wc := notionPage(t, tree, wiki+".md")
	sp, sc := notionPage(t, tree, setup+".md")
	op, oc := notionPage(t, tree, "Other Page "+nidOther+".md")
	require.Equal(t, Page{Key: nidWiki, Path: "", Slug: "team-wiki", Entry: wiki + ".md"}, Page{Key: wp.Key, Path: wp.Path, Slug: wp.Slug, Entry: wp.Entry})
	require.Equal(t, []string{nidSetup, "team-wiki", "laptop-setup"}, []string{sp.Key, sp.Path, sp.Slug})
	require.Equal(t, []string{nidOther, "", "other-page"}, []string{op.Key, op.Path, op.Slug})

	// Title, tags, and the property lines other than Tags kept.
	require.Equal(t, "Team Wiki", wc.Title)
	require.Equal(t, []string{"eng", "on-boarding"}, wc.Tags)
	require.True(t, strings.HasPrefix(wc.Body, "Status: Done\nCreated: January 5, 2024 9:12 AM\n\nStart with "), wc.Body)
	require.NotContains(t, wc.Body, "# Team Wiki")
	require.NotContains(t, wc.Body, "Tags:")

	hrefs := notionHrefs(wc.Body)
	require.Len(t, hrefs, 6)
	notionResolves(t, wp, hrefs[0], sp)
	require.True(t, strings.HasSuffix(hrefs[0], "#install"), hrefs[0])
	notionResolves(t, wp, hrefs[1], op)
	// The attachment link became a file of the page.
	addr, name, ok := link.ResolveFile("raw", wp.Path, hrefs[2])
	require.True(t, ok, hrefs[2])
	require.Equal(t, link.Address{Space: "raw", Slug: "team-wiki"}, addr)
	require.Equal(t, "Spec v2.pdf", name)
	// A page missing from the export stays as written; a notion.so URL
	// naming a page of the export is rewritten; other URLs stay.
	require.Equal(t, "Gone%20Page%20"+nidGone+".md", hrefs[3])
	notionResolves(t, wp, hrefs[4], sp)
	require.Equal(t, "https://example.com/docs", hrefs[5])
	// The image too.
	require.Contains(t, wc.Body, "![Untitled](team-wiki.files/Untitled.png)")
	require.Len(t, wc.Files, 2) // links first, then images
	require.Equal(t, "Spec v2.pdf", wc.Files[0].Name)
	require.Equal(t, "Untitled.png", wc.Files[1].Name)
	require.Equal(t, wiki+"/Untitled.png", wc.Files[1].Entry.Name)

	require.Equal(t, "Laptop Setup", sc.Title)
	require.Nil(t, sc.Tags)
	sh := notionHrefs(sc.Body)
	require.Len(t, sh, 1)
	notionResolves(t, sp, sh[0], wp)
	require.Equal(t, []File{{Name: "diagram (1).png", Entry: sc.Files[0].Entry}}, sc.Files)
	require.Contains(t, sc.Body, "![diagram](laptop-setup.files/diagram%20%281%29.png)")
	a2, n2, ok := link.ResolveFile("raw", sp.Path, "laptop-setup.files/diagram%20%281%29.png")
	require.True(t, ok)
	require.Equal(t, link.Address{Space: "raw", Path: "team-wiki", Slug: "laptop-setup"}, a2)
	require.Equal(t, "diagram (1).png", n2)

	// Prose after the title is not taken for properties (no Tags anyway).
	require.Equal(t, "No properties here: this is prose.\nSecond line.\n", oc.Body)

	require.Equal(t, "not referenced by any page", notionSkipped(tree, wiki+"/notes.txt"))
	require.Empty(t, notionSkipped(tree, wiki+"/Untitled.png"))
}

func TestNotionDatabase(t *testing.T) {
	t.Parallel()
	proj := "Projects " + nidProj
	tasks := proj + "/Tasks " + nidTasks
	csvBody := "\uFEFFName,Status,Notes,Blocked by\n" +
		"Fix login,Done,\"a|b, \\\\c\",\n" +
		"Write docs,In progress,\"two\nlines\",Fix login (https://www.notion.so/Fix-login-" + nidFix + "?pvs=21)\n" +
		"Ghost,Todo,,\n"
	tree := notionRead(t, map[string]string{
		proj + ".md":                             "# Projects\n\nThe [Tasks](Projects%20" + nidProj + "/Tasks%20" + nidTasks + ".csv) database, and [all of it](Projects%20" + nidProj + "/Tasks%20" + nidTasks + "_all.csv).\n",
		tasks + ".csv":                           csvBody,
		tasks + "_all.csv":                       csvBody + "Hidden row,Todo,,\n",
		tasks + "/Fix login " + nidFix + ".md":   "# Fix login\n\nStatus: Done\n\nThe form.\n",
		tasks + "/Write docs " + nidDocs + ".md": "# Write docs\n\nTags: docs\n\nDraft.\n",
	})
	require.Len(t, tree.Pages, 4)
	require.Contains(t, notionSkipped(tree, tasks+"_all.csv"), "Tasks "+nidTasks+".csv")

	pp, pc := notionPage(t, tree, proj+".md")
	dp, dc := notionPage(t, tree, tasks+".csv")
	fp, _ := notionPage(t, tree, tasks+"/Fix login "+nidFix+".md")
	wp, wc := notionPage(t, tree, tasks+"/Write docs "+nidDocs+".md")
	require.Equal(t, []string{nidTasks, "projects", "tasks"}, []string{dp.Key, dp.Path, dp.Slug})
	require.Equal(t, []string{"projects/tasks", "fix-login"}, []string{fp.Path, fp.Slug})
	require.Equal(t, []string{"projects/tasks", "write-docs"}, []string{wp.Path, wp.Slug})
	require.Equal(t, []string{"docs"}, wc.Tags)

	// Links to the database (either CSV) go to its page.
	ph := notionHrefs(pc.Body)
	require.Len(t, ph, 2)
	notionResolves(t, pp, ph[0], dp)
	notionResolves(t, pp, ph[1], dp)

	require.Equal(t, "Tasks", dc.Title)
	lines := strings.Split(strings.TrimSpace(dc.Body), "\n")
	require.Equal(t, "| Name | Status | Notes | Blocked by |", lines[0])
	require.Equal(t, "| --- | --- | --- | --- |", lines[1])
	require.Len(t, lines, 5, dc.Body)
	require.Contains(t, lines[2], `| Done | a\|b, \\\\c |`)
	require.Contains(t, lines[3], "| In progress | two lines |")
	require.Equal(t, "| Ghost | Todo |   |   |", lines[4])
	dh := notionHrefs(dc.Body)
	require.Len(t, dh, 3) // two row titles and one relation
	notionResolves(t, dp, dh[0], fp)
	notionResolves(t, dp, dh[1], wp)
	notionResolves(t, dp, dh[2], fp)
	require.Contains(t, lines[2], "[Fix login](")
}

func TestNotionDatabaseTruncated(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("Name,N\n")
	for i := range notionMaxRows + 3 {
		b.WriteString("row,")
		b.WriteString(strings.Repeat("x", i%3))
		b.WriteString("\n")
	}
	tree := notionRead(t, map[string]string{
		"Big " + nidTasks + ".csv":                   b.String(),
		"Big " + nidTasks + "/Row " + nidFix + ".md": "# row\n",
	})
	_, c := notionPage(t, tree, "Big "+nidTasks+".csv")
	require.Contains(t, c.Body, "_The table shows the first 5000 of 5003 rows._")
	require.Equal(t, notionMaxRows+2+2, strings.Count(c.Body, "\n"))
}

func TestNotionWrapperJunkAndSameTitles(t *testing.T) {
	t.Parallel()
	root := "Export-0b036b8c-1cdf-4481-811f-209d2480627c/"
	tree := notionRead(t, map[string]string{
		root + "Notes " + nidNotesA + ".md":                 "# Notes\n\nfirst\n",
		root + "Notes " + nidNotesB + ".md":                 "# Notes\n\nsecond, see [the other](Notes%20" + nidNotesA + ".md)\n",
		root + "Notes " + nidNotesB + "/Child.md":           "# Child\n\nNo id in this name.\n",
		root + "Loose folder/Inside " + nidOther + ".md":    "# Inside\n",
		root + "Emoji 🚀 Title " + nidGone + ".md":           "no heading at all\n",
		root + ".DS_Store":                                  "junk",
		"__MACOSX/" + root + "._Notes " + nidNotesA + ".md": "junk",
	})
	require.Len(t, tree.Pages, 5)
	a, ac := notionPage(t, tree, root+"Notes "+nidNotesA+".md")
	b, bc := notionPage(t, tree, root+"Notes "+nidNotesB+".md")
	child, _ := notionPage(t, tree, root+"Notes "+nidNotesB+"/Child.md")
	inside, _ := notionPage(t, tree, root+"Loose folder/Inside "+nidOther+".md")
	emoji, ec := notionPage(t, tree, root+"Emoji 🚀 Title "+nidGone+".md")

	// The wrapping folder is the import's folder.
	require.Equal(t, "", a.Path)
	require.Equal(t, "", b.Path)
	require.ElementsMatch(t, []string{"notes", "notes-2"}, []string{a.Slug, b.Slug})
	require.Equal(t, "Notes", ac.Title)
	require.Equal(t, "Notes", bc.Title)
	notionResolves(t, b, notionHrefs(bc.Body)[0], a)

	// A name without an id: keyed by its path below the wrapper.
	require.Equal(t, "Notes/Child.md", strings.Replace(child.Key, " "+nidNotesB, "", 1))
	require.Equal(t, b.Slug, child.Path)
	require.Equal(t, []string{"loose-folder", "inside"}, []string{inside.Path, inside.Slug})

	// No heading: the file name's title, the body whole.
	require.Equal(t, "emoji-title", emoji.Slug)
	require.Equal(t, "Emoji 🚀 Title", ec.Title)
	require.Equal(t, "no heading at all\n", ec.Body)

	require.NotEmpty(t, notionSkipped(tree, root+".DS_Store"))
	require.NotEmpty(t, notionSkipped(tree, "__MACOSX/"+root+"._Notes "+nidNotesA+".md"))
}

func TestNotionDepthAndFileNames(t *testing.T) {
	t.Parallel()
	files := map[string]string{}
	dir := ""
	for i := range 15 {
		name := "Level " + string(rune('a'+i))
		files[dir+name+".md"] = "# " + name + "\n"
		dir += name + "/"
	}
	files["Top.md"] = "# Top\n\n![a](x/image.png) ![b](y/image.png) ![c](x/image.png) [odd](z/we%3Fird%25name.txt)\n"
	files["x/image.png"] = "1"
	files["y/image.png"] = "2"
	files["z/we?ird%name.txt"] = "3"
	tree := notionRead(t, files)

	seen := map[string]bool{}
	for _, p := range tree.Pages {
		require.LessOrEqual(t, len(strings.Split(p.Path, "/")), 12, p.Path)
		key := p.Path + "/" + p.Slug
		require.False(t, seen[key], "%s twice", key)
		seen[key] = true
	}
	deep, _ := notionPage(t, tree, strings.TrimSuffix(dir, "/")+".md")
	require.Len(t, strings.Split(deep.Path, "/"), 12)

	top, c := notionPage(t, tree, "Top.md")
	require.Len(t, c.Files, 3)
	require.Equal(t, []string{"we-ird-name.txt", "image.png", "image-2.png"}, []string{c.Files[0].Name, c.Files[1].Name, c.Files[2].Name})
	require.Equal(t, "x/image.png", c.Files[1].Entry.Name)
	require.Equal(t, "y/image.png", c.Files[2].Entry.Name)
	require.Contains(t, c.Body, "![a](top.files/image.png) ![b](top.files/image-2.png) ![c](top.files/image.png)")
	_, name, ok := link.ResolveFile("raw", top.Path, notionHrefs(c.Body)[0])
	require.True(t, ok)
	require.Equal(t, "we-ird-name.txt", name)
}

func TestNotionRefusals(t *testing.T) {
	t.Parallel()

	_, err := Read(notionZip(t, map[string]string{
		"Tasks " + nidTasks + ".csv": "Name\nx\n",
		"photo.png":                  "png",
	}, Limits{}), FormatNotion)
	require.ErrorIs(t, err, ErrFormat)
	require.Contains(t, err.Error(), "no Notion pages found")

	_, err = Read(notionZip(t, map[string]string{
		"Export-0b036b8c-Part-1.zip": "PK",
		"Export-0b036b8c-Part-2.zip": "PK",
	}, Limits{}), FormatNotion)
	require.ErrorIs(t, err, ErrFormat)
	require.Contains(t, err.Error(), "unzip")

	_, err = Read(notionZip(t, map[string]string{}, Limits{}), FormatNotion)
	require.ErrorIs(t, err, ErrFormat)
}

func TestNotionLoadErrors(t *testing.T) {
	t.Parallel()
	tree, err := Read(notionZip(t, map[string]string{
		"Long " + nidWiki + ".md":   "# Long\n\n" + strings.Repeat("word ", 100),
		"Short " + nidOther + ".md": "# Short\n\nok\n",
		"Bad " + nidGone + ".md":    "# Bad\n\n\xff\xfe\n",
	}, Limits{MaxBodyBytes: 200}), FormatNotion)
	require.NoError(t, err)
	for _, p := range tree.Pages {
		c, err := p.Load()
		switch p.Key {
		case nidWiki:
			require.ErrorContains(t, err, "more than")
		case nidGone:
			require.ErrorContains(t, err, "UTF-8")
		default:
			require.NoError(t, err)
			require.Equal(t, "ok\n", c.Body)
		}
	}
}

func TestNotionSplitPage(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in, title, body string
		tags            []string
	}{
		{in: "# T\n\nTags: A, b\n\nBody\n", title: "T", tags: []string{"a", "b"}, body: "Body\n"},
		{in: "# T\nOwner: Ann\nTags: x\n", title: "T", tags: []string{"x"}, body: "Owner: Ann\n"},
		{in: "# T\n\nKey: v\nnot a property line\n", title: "T", body: "Key: v\nnot a property line\n"},
		{in: "Intro\n# Later\n", title: "", body: "Intro\n# Later\n"},
		{in: "# T\r\n\r\nTags: Machine Learning, ML\r\n\r\nx\r\n", title: "T", tags: []string{"machine-learning", "ml"}, body: "x\r\n"},
		{in: "# T\n\nhttps://example.com: not a key\n", title: "T", body: "https://example.com: not a key\n"},
	} {
		title, tags, body := notionSplitPage(tc.in)
		require.Equal(t, tc.title, title, tc.in)
		require.Equal(t, tc.tags, tags, tc.in)
		require.Equal(t, tc.body, body, tc.in)
	}
}

func TestNotionIDOf(t *testing.T) {
	t.Parallel()
	require.Equal(t, nidWiki, notionIDOf("Team Wiki "+nidWiki+".md"))
	require.Equal(t, nidWiki, notionIDOf("Team-Wiki-"+strings.ToUpper(nidWiki)))
	require.Equal(t, nidWiki, notionIDOf("1d6aa36e-1482-46f0-a97f-9551c188a700"))
	require.Equal(t, nidTasks, notionIDOf("Tasks "+nidTasks+"_all.csv"))
	require.Equal(t, "", notionIDOf("x"+nidWiki))
	require.Equal(t, "", notionIDOf("image.png"))
}

func TestNotionDatabaseWithItsOwnPage(t *testing.T) {
	t.Parallel()
	list := "Reading List " + nidTasks
	tree := notionRead(t, map[string]string{
		list + ".md":                     "# Reading List\n\nBooks we like. See <Reading List " + nidTasks + "/Dune " + nidFix + ".md> or [Dune](<Reading List " + nidTasks + "/Dune " + nidFix + ".md>).\n",
		list + "_all.csv":                "Name,Author\nDune,Herbert\n",
		list + "/Dune " + nidFix + ".md": "# Dune\n",
	})
	require.Len(t, tree.Pages, 2)
	lp, lc := notionPage(t, tree, list+".md")
	dp, _ := notionPage(t, tree, list+"/Dune "+nidFix+".md")
	require.Equal(t, nidTasks, lp.Key)
	require.Equal(t, "reading-list", dp.Path)
	require.Equal(t, "Reading List", lc.Title)
	require.True(t, strings.HasPrefix(lc.Body, "Books we like."), lc.Body)
	require.Contains(t, lc.Body, "\n\n| Name | Author |\n| --- | --- |\n| [Dune](reading-list/dune) | Herbert |\n")
	hrefs := notionHrefs(lc.Body)
	require.Len(t, hrefs, 2)
	notionResolves(t, lp, hrefs[0], dp) // the link, then the table's
	notionResolves(t, lp, hrefs[1], dp)
	require.Empty(t, notionSkipped(tree, list+"_all.csv"))
}

func TestNotionLinkForms(t *testing.T) {
	t.Parallel()
	draft := "Plan (draft) " + nidOther
	tree := notionRead(t, map[string]string{
		"Home " + nidWiki + ".md": "# Home\n\n" +
			"1. [Plan](Plan%20(draft)%20" + nidOther + ".md)\n" +
			"2. [Renamed](Old%20Name%20" + nidOther + ".md)\n" +
			"3. [Dashed](https://www.notion.so/acme/bca29e3a-1793-444e-a56b-27e1b8486347#block)\n" +
			"4. [Ref][r] and ![logo][l]\n" +
			"5. `[Code](Plan%20(draft)%20" + nidOther + ".md)`\n\n" +
			"[r]: Plan%20(draft)%20" + nidOther + ".md\n" +
			"[l]: Home%20" + nidWiki + "/logo.svg\n",
		"Home " + nidWiki + "/logo.svg": "<svg/>",
		draft + ".md":                   "# Plan (draft)\n",
	})
	hp, hc := notionPage(t, tree, "Home "+nidWiki+".md")
	pp, _ := notionPage(t, tree, draft+".md")
	require.Equal(t, "plan-draft", pp.Slug)
	var hrefs []string
	for _, o := range link.Scan(hc.Body) {
		if o.Kind != link.Reference {
			hrefs = append(hrefs, o.Href)
		}
	}
	require.Len(t, hrefs, 5, hc.Body) // 3 inline links, 2 definitions
	for _, h := range hrefs[:4] {
		notionResolves(t, hp, h, pp)
	}
	require.Equal(t, "plan-draft#block", hrefs[2])
	require.Equal(t, "home.files/logo.svg", hrefs[4])
	require.Equal(t, []string{"logo.svg"}, []string{hc.Files[0].Name})
	require.Contains(t, hc.Body, "`[Code](Plan%20(draft)%20"+nidOther+".md)`", "code spans are left alone")
}
