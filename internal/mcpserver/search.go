package mcpserver

import (
	"context"

	"github.com/google/uuid"

	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/search"
)

type searchIn struct {
	Query      string   `json:"query" jsonschema:"words to find; \"a phrase\" in quotes, -word to exclude, word* for a prefix"`
	Space      string   `json:"space,omitempty" jsonschema:"only this space: raw, wiki or output"`
	PathPrefix string   `json:"pathPrefix,omitempty" jsonschema:"only this folder and beneath it, like ops/runbooks"`
	Tags       []string `json:"tags,omitempty" jsonschema:"only pages carrying all these tags"`
	Limit      int      `json:"limit,omitempty" jsonschema:"how many results at most"`
}

type searchHit struct {
	docRef
	Snippet string `json:"snippet" jsonschema:"plain text around the first matches in the body"`
}

type searchOut struct {
	Hits []searchHit `json:"hits" jsonschema:"best first; read one with read_document"`
}

func (s *Server) addSearch() {
	addTool(s, toolSpec{
		name: "search", title: "Search the knowledge base", readOnly: true,
		description: "Find pages by words in their title, tags, address and body, best matches first, with a snippet of " +
			"each. Only pages you can read are searched. Narrow by space, folder or tags; then read_document the ones you need.",
		props: props{
			"query": {maxLen(500)}, "space": {spaces}, "pathPrefix": {maxLen(1200)},
			"tags": {maxItems(20), items(maxLen(100))}, "limit": {between(1, 50), byDefault(10)},
		},
	}, s.search)
}

func (s *Server) search(ctx context.Context, in searchIn) (searchOut, error) {
	f := search.SearchFilter{Tags: in.Tags}
	if in.Space != "" {
		f.Spaces = []document.Space{document.Space(in.Space)}
	}
	if in.PathPrefix != "" {
		f.PathPrefix = &in.PathPrefix
	}
	limit := in.Limit
	if limit == 0 {
		limit = 10
	}
	page, err := s.svc.Search.Search(ctx, search.Request{Query: in.Query, Filter: f, First: limit})
	if err != nil {
		// The tool's own argument names.
		if fe := fault.As(err); fe != nil && fe.Field == "spaces" {
			return searchOut{}, &fault.Error{Code: fe.Code, Field: "space", Message: fe.Message}
		}
		return searchOut{}, err
	}
	ids := make([]uuid.UUID, len(page.Results))
	for i, r := range page.Results {
		ids[i] = r.Doc.ID
	}
	// The search service re-checks every hit; reading them through the
	// documents service names each by its current address, and drops any
	// the actor lost meanwhile.
	docs, err := s.svc.Document.GetMany(ctx, ids)
	if err != nil {
		return searchOut{}, err
	}
	out := searchOut{Hits: make([]searchHit, 0, len(page.Results))}
	for _, r := range page.Results {
		if d := docs[r.Doc.ID]; d != nil && d.DeletedAt == nil {
			out.Hits = append(out.Hits, searchHit{docRef: refOf(d), Snippet: r.Snippet.Text})
		}
	}
	return out, nil
}
