package mcpserver

import (
	"context"

	"github.com/google/uuid"

	"codna/internal/fault"
	"codna/internal/linkgraph"
)

type relatedIn struct {
	ID        string `json:"id" jsonschema:"the page to start from"`
	Depth     int    `json:"depth,omitempty" jsonschema:"how many links away: 1 (direct links) to 3"`
	Direction string `json:"direction,omitempty" jsonschema:"outgoing (what the page links to), incoming (what links to it) or both"`
	Limit     int    `json:"limit,omitempty" jsonschema:"how many pages at most"`
}

type neighbour struct {
	docRef
	Depth int      `json:"depth" jsonschema:"links between the start page and this one"`
	Via   []docRef `json:"via" jsonschema:"the pages between the start page and this one, in the order walked (empty for a direct link)"`
}

type relatedOut struct {
	Root       docRef      `json:"root"`
	Neighbours []neighbour `json:"neighbours" jsonschema:"nearest first"`
	Truncated  bool        `json:"truncated" jsonschema:"true when more pages were reached than limit"`
}

type proposeIn struct {
	SourceID string `json:"sourceId" jsonschema:"the page the link would be added to (you must be able to edit it)"`
	TargetID string `json:"targetId" jsonschema:"the page it would link to"`
	Reason   string `json:"reason" jsonschema:"why the link belongs there, for the owner who decides (at most 2000 characters)"`
}

type proposeOut struct {
	SuggestionID string `json:"suggestionId"`
	Status       string `json:"status" jsonschema:"pending, accepted or rejected: a pair proposed before keeps its answer"`
	Created      bool   `json:"created" jsonschema:"false when the same link was proposed before"`
}

var directions = map[string]linkgraph.Direction{"outgoing": linkgraph.Outgoing, "incoming": linkgraph.Incoming, "both": linkgraph.Both}

func (s *Server) addGraphTools() {
	addTool(s, toolSpec{
		name: "related", title: "Related pages", readOnly: true,
		description: "Pages connected to a page by links, up to 3 links away, each with the pages the connection runs " +
			"through. Only links through pages you can read are followed.",
		props: props{
			"id": {isID}, "depth": {between(1, 3), byDefault(1)}, "direction": {enum("outgoing", "incoming", "both"), byDefault("both")},
			"limit": {between(1, 200), byDefault(50)},
		},
	}, s.related)
	addTool(s, toolSpec{
		name: "propose_link", title: "Propose a link",
		description: "Suggest that a page link to another: the source page's owner gets the suggestion to accept or reject " +
			"(accepting appends the link as a revision). For pages you can edit; proposing the same pair again returns the " +
			"first proposal and its answer.",
		props: props{"sourceId": {isID}, "targetId": {isID}, "reason": {maxLen(2000)}},
	}, s.proposeLink)
}

func (s *Server) related(ctx context.Context, in relatedIn) (relatedOut, error) {
	root, err := parseID("id", in.ID)
	if err != nil {
		return relatedOut{}, err
	}
	depth := in.Depth
	if depth == 0 {
		depth = 1
	}
	dir := linkgraph.Both
	if in.Direction != "" {
		dir = directions[in.Direction]
	}
	limit := in.Limit
	if limit == 0 {
		limit = 50
	}
	reached, err := s.svc.Linkgraph.Walk(ctx, root, depth, dir)
	if err != nil {
		return relatedOut{}, err
	}
	out := relatedOut{Neighbours: []neighbour{}}
	if len(reached) > limit {
		reached, out.Truncated = reached[:limit], true
	}
	ids := []uuid.UUID{root}
	for _, r := range reached {
		ids = append(ids, r.ID)
		ids = append(ids, r.Via...)
	}
	docs, err := s.svc.Document.GetMany(ctx, ids)
	if err != nil {
		return relatedOut{}, err
	}
	rd := docs[root]
	if rd == nil {
		// Walk read the root; it went in between. As for any page gone.
		return relatedOut{}, fault.New(fault.NotFound, "No document has that id.")
	}
	out.Root = refOf(rd)
	for _, r := range reached {
		d := docs[r.ID]
		if d == nil {
			continue // gone since the walk
		}
		n := neighbour{docRef: refOf(d), Depth: r.Depth, Via: []docRef{}}
		if len(r.Via) > 2 {
			for _, v := range r.Via[1 : len(r.Via)-1] {
				if vd := docs[v]; vd != nil {
					n.Via = append(n.Via, refOf(vd))
				}
			}
		}
		out.Neighbours = append(out.Neighbours, n)
	}
	return out, nil
}

func (s *Server) proposeLink(ctx context.Context, in proposeIn) (proposeOut, error) {
	source, err := parseID("sourceId", in.SourceID)
	if err != nil {
		return proposeOut{}, err
	}
	target, err := parseID("targetId", in.TargetID)
	if err != nil {
		return proposeOut{}, err
	}
	if in.Reason == "" {
		return proposeOut{}, fault.Input("reason", "Say why the link belongs there: the owner decides by it.")
	}
	sug, created, err := s.svc.Linkgraph.Propose(ctx, source, target, "agent_proposed", &in.Reason, nil)
	if err != nil {
		if fe := fault.As(err); fe != nil && fe.Field == "rationale" {
			return proposeOut{}, &fault.Error{Code: fe.Code, Field: "reason", Message: fe.Message}
		}
		return proposeOut{}, err
	}
	return proposeOut{SuggestionID: sug.ID.String(), Status: string(sug.Status), Created: created}, nil
}
