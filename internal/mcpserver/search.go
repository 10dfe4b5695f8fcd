package mcpserver

import (
	"context"

	"github.com/google/uuid"

	"codna/internal/document"
	"codna/internal/fault"
)

// SearchQuery is one search as the search tool asks it. Zero fields do
// not filter.
type SearchQuery struct {
	Text       string
	Space      *document.Space
	PathPrefix *string // a folder: pages in it and beneath it
	Tags       []string
	Limit      int // 1..50
}

// SearchHit is one result: a page the actor can read, with a plain-text
// window of its body around what matched.
type SearchHit struct {
	ID      uuid.UUID
	Snippet string
}

// Search runs a query as the actor in ctx and returns the hits it can
// read, best first. It is the search service seen from this package;
// internal/server supplies it. Errors: coded, as the service's.
type Search func(ctx context.Context, q SearchQuery) ([]SearchHit, error)

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
	if s.svc.Search == nil {
		return searchOut{}, fault.New(fault.Unavailable, "Search is not available on this server yet: browse with list_documents and follow links with related instead.")
	}
	q := SearchQuery{Text: in.Query, Tags: in.Tags, Limit: in.Limit}
	if q.Limit == 0 {
		q.Limit = 10
	}
	if in.Space != "" {
		sp := document.Space(in.Space)
		q.Space = &sp
	}
	if in.PathPrefix != "" {
		q.PathPrefix = &in.PathPrefix
	}
	hits, err := s.svc.Search(ctx, q)
	if err != nil {
		return searchOut{}, err
	}
	ids := make([]uuid.UUID, len(hits))
	for i, h := range hits {
		ids[i] = h.ID
	}
	// The search service re-checks every hit; reading them through the
	// documents service names each by its current address, and drops any
	// the actor lost meanwhile.
	docs, err := s.svc.Docs.GetMany(ctx, ids)
	if err != nil {
		return searchOut{}, err
	}
	out := searchOut{Hits: make([]searchHit, 0, len(hits))}
	for _, h := range hits {
		if d := docs[h.ID]; d != nil && d.DeletedAt == nil {
			out.Hits = append(out.Hits, searchHit{docRef: refOf(d), Snippet: h.Snippet})
		}
	}
	return out, nil
}
