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

func highlightModel(h search.Highlighted) *model.Highlight {
	out := &model.Highlight{Text: h.Text, Ranges: make([]model.HighlightRange, len(h.Ranges))}
	for i, r := range h.Ranges {
		out.Ranges[i] = model.HighlightRange{Start: r.Start, End: r.End}
	}
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
	docs := make([]*document.Doc, len(p.Results))
	for i, r := range p.Results {
		docs[i] = r.Doc
		out.Edges[i] = model.SearchEdge{Cursor: r.Cursor, Node: &model.SearchResult{
			Document: r.Doc, Score: r.Score, Title: highlightModel(r.Title), Snippet: highlightModel(r.Snippet),
		}}
	}
	return out, docs
}
