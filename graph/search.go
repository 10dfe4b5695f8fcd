package graph

import (
	"codna/graph/model"
	"codna/internal/document"
	"codna/internal/search"
)

// searchFilter maps a SearchFilter input; the service validates it.
func searchFilter(f *model.SearchFilter) (search.SearchFilter, error) {
	var out search.SearchFilter
	if f == nil {
		return out, nil
	}
	for _, s := range f.Spaces {
		out.Spaces = append(out.Spaces, spaceOf(s))
	}
	for _, s := range f.Statuses {
		out.Statuses = append(out.Statuses, *statusOfPtr(&s))
	}
	if f.Owner != nil {
		id, err := parseID("filter.owner", *f.Owner)
		if err != nil {
			return out, err
		}
		out.OwnerID = &id
	}
	out.PathPrefix, out.Tags, out.UpdatedAfter, out.UpdatedBefore = f.PathPrefix, f.Tags, f.UpdatedAfter, f.UpdatedBefore
	return out, nil
}

// highlightModel maps h into out, its ranges cut from *ranges (which holds
// room for them).
func highlightModel(h search.Highlighted, out *model.Highlight, ranges *[]model.HighlightRange) *model.Highlight {
	n := len(*ranges)
	for _, r := range h.Ranges {
		*ranges = append(*ranges, model.HighlightRange{Start: r.Start, End: r.End})
	}
	*out = model.Highlight{Text: h.Text, Ranges: (*ranges)[n:len(*ranges):len(*ranges)]}
	return out
}

func facetModels(fs []search.FacetCount) []model.FacetCount {
	out := make([]model.FacetCount, len(fs))
	for i, f := range fs {
		out[i] = model.FacetCount{Value: f.Value, Count: f.Count}
	}
	return out
}

// searchConnection maps a page of results; their documents are primed
// into the permission loader.
func searchConnection(p *search.Page) (*model.SearchConnection, []*document.Doc) {
	out := &model.SearchConnection{
		Edges:      make([]model.SearchEdge, len(p.Results)),
		PageInfo:   &model.PageInfo{HasNextPage: p.HasNextPage},
		TotalCount: p.Total, TotalIsApproximate: p.Approximate,
		Facets: &model.SearchFacets{Spaces: facetModels(p.Facets.Spaces), Tags: facetModels(p.Facets.Tags)},
	}
	if p.EndCursor != "" {
		c := p.EndCursor
		out.PageInfo.EndCursor = &c
	}
	// A page's results, highlights and ranges each in one allocation.
	docs := make([]*document.Doc, len(p.Results))
	nodes := make([]model.SearchResult, len(p.Results))
	highlights := make([]model.Highlight, 2*len(p.Results))
	n := 0
	for _, r := range p.Results {
		n += len(r.Title.Ranges) + len(r.Snippet.Ranges)
	}
	ranges := make([]model.HighlightRange, 0, n)
	for i, r := range p.Results {
		docs[i] = r.Doc
		nodes[i] = model.SearchResult{
			Document: r.Doc, Score: r.Score,
			Title: highlightModel(r.Title, &highlights[2*i], &ranges), Snippet: highlightModel(r.Snippet, &highlights[2*i+1], &ranges),
		}
		out.Edges[i] = model.SearchEdge{Cursor: r.Cursor, Node: &nodes[i]}
	}
	return out, docs
}
