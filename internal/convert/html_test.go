package convert

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const htmlPage = `<!DOCTYPE html>
<html><head><title> Test
 Page </title>
<style>body { color: red }</style>
<script>alert("in head")</script></head>
<body>
<h1>Main Heading</h1>
<p>Intro with <a href="https://example.com/about">a link</a> and <a href="javascript:alert(1)">a bad link</a>.</p>
<script>document.write("evil script")</script>
<h2>List</h2>
<ul><li>First</li><li>Second <b>bold</b></li></ul>
<table>
<tr><th>Name</th><th>Value</th></tr>
<tr><td>pipe | here</td><td>2</td></tr>
</table>
<iframe src="https://frame.example/"></iframe>
<noscript>noscript text</noscript>
<object data="x.swf">object text</object>
<p>Text &lt;script&gt; stays text<img src="data:image/png;base64,AAAA"></p>
</body></html>`

func TestConvertHTML(t *testing.T) {
	t.Parallel()
	res, err := convertBytes(t, KindHTML, []byte(htmlPage), Limits{})
	require.NoError(t, err)
	md := res.Markdown
	require.Equal(t, "Test Page", res.Title)
	require.Contains(t, md, "# Main Heading\n")
	require.Contains(t, md, "## List\n")
	require.Contains(t, md, "- First\n- Second **bold**\n")
	require.Contains(t, md, "[a link](https://example.com/about)")
	require.Contains(t, md, "a bad link")
	require.Regexp(t, `\| Name +\| Value \|\n\|-+\|-+\|\n\| pipe \\\| here \| 2 +\|`, md)
	for _, gone := range []string{"alert", "evil", "color", "javascript", "<script", "<iframe", "frame.example", "noscript", "object text", "data:image", "<style"} {
		require.NotContains(t, md, gone)
	}
	require.Contains(t, md, "&lt;script&gt; stays text")
	require.True(t, strings.HasSuffix(md, "\n"))

	// No <title>: the first h1.
	res, err = convertBytes(t, KindHTML, []byte("<p>x</p><h1>The <i>H1</i></h1>"), Limits{})
	require.NoError(t, err)
	require.Equal(t, "The H1", res.Title)
}

func TestConvertHTMLCharsetAndDepth(t *testing.T) {
	t.Parallel()
	latin1 := []byte("<html><head><meta charset=\"iso-8859-1\"></head><body><p>caf\xe9</p></body></html>")
	res, err := convertBytes(t, KindHTML, latin1, Limits{})
	require.NoError(t, err)
	require.Equal(t, "café\n", res.Markdown)

	// UTF-8 past the first 1024 bytes, with no declaration, stays UTF-8.
	utf8Page := []byte("<p>" + strings.Repeat("a", 2000) + "</p><p>naïve</p>")
	res, err = convertBytes(t, KindHTML, utf8Page, Limits{})
	require.NoError(t, err)
	require.Contains(t, res.Markdown, "naïve")

	deep := strings.Repeat("<div>", 5000) + "x"
	_, err = convertBytes(t, KindHTML, []byte(deep), Limits{})
	require.ErrorIs(t, err, ErrCorrupt)
}

// htmlPage50KB is a page of about 50 KB: sections of headings, paragraphs
// with links and emphasis, lists and a table, plus a script and a style.
func htmlPage50KB() []byte {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html><html><head><title>Benchmark</title><style>p{margin:0}</style><script>var x = 1;</script></head><body>")
	for i := 0; b.Len() < 50_000; i++ {
		fmt.Fprintf(&b, "<h2>Section %d</h2>", i)
		fmt.Fprintf(&b, "<p>Paragraph %d has <b>bold</b>, <i>italic</i> and <a href=\"https://example.com/%d\">a link</a> among its words, which run on for a while to look like prose.</p>", i, i)
		b.WriteString("<ul><li>one item</li><li>another item</li><li>a third item</li></ul>")
		b.WriteString("<table><tr><th>Key</th><th>Value</th></tr><tr><td>alpha</td><td>1</td></tr><tr><td>beta</td><td>2</td></tr></table>")
	}
	b.WriteString("</body></html>")
	return []byte(b.String())
}

func BenchmarkConvertHTML50KB(b *testing.B) {
	page := htmlPage50KB()
	b.SetBytes(int64(len(page)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res, err := Convert(context.Background(), KindHTML, bytes.NewReader(page), int64(len(page)), Limits{})
		if err != nil || !strings.Contains(res.Markdown, "Section 1") {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "conversions/s")
}
