package link

// Edge is one distinct internal href of a body: what becomes a
// document_links row (one edge per distinct href per source:
// docs/design.md#finding-links).
type Edge struct {
	// Href is the destination exactly as written (Occurrence.Href): the
	// edge key, href_as_written. Two spellings of one address ("setup.md",
	// "./setup.md", "setup") are distinct edges.
	Href string
	// Text is the link text of the first occurrence, as written
	// (Occurrence.Text): link_text.
	Text string
	// Count is the number of links with this href: inline links plus uses
	// of reference definitions whose destination it is (a definition itself
	// does not count, and an unused definition makes no edge):
	// occurrence_count.
	Count int
}

// Extract returns the internal links of body, one Edge per distinct href,
// in order of first appearance. goldmark (CommonMark + GFM) decides what is
// a link, exactly as Scan reports it: inline links and reference links
// (full, collapsed and shortcut, labels matched case-insensitively). Not
// links: code spans and code blocks, raw HTML, autolinks (<https://…> and
// GFM's bare URLs), and images (a link around an image is a link). Of the
// links, only hrefs that IsInternal are kept: not external schemes
// (codna: included), not "//host", not empty or fragment-only, not files
// other than ".md" documents. Whether an href Resolves is not checked here
// (it depends on the source's folder): an href that does not resolve makes
// no edge for the caller.
func Extract(body string) []Edge {
	var edges []Edge
	index := map[string]int{}
	for _, o := range parse(body).occ {
		if o.Kind == Definition {
			continue
		}
		if i, seen := index[o.Href]; seen {
			edges[i].Count++
			continue
		}
		if !IsInternal(o.Href) {
			continue
		}
		index[o.Href] = len(edges)
		edges = append(edges, Edge{Href: o.Href, Text: o.Text, Count: 1})
	}
	return edges
}
