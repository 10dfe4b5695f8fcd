package graph

import (
	"context"
	"errors"
	"strings"

	"github.com/google/uuid"
	"github.com/vikstrous/dataloadgen"

	"codna/graph/model"
	"codna/internal/document"
	"codna/internal/linkgraph"
)

func directionOf(d *model.LinkDirection, def linkgraph.Direction) linkgraph.Direction {
	if d == nil {
		return def
	}
	switch *d {
	case model.LinkDirectionIncoming:
		return linkgraph.Incoming
	case model.LinkDirectionBoth:
		return linkgraph.Both
	}
	return linkgraph.Outgoing
}

// loadDocs reads documents through the permission loader, dropping the
// ones the actor cannot read.
func loadDocs(ctx context.Context, ids []uuid.UUID) ([]*document.Doc, error) {
	docs, err := loaders(ctx).Document.LoadAll(ctx, ids)
	if err != nil && !allNotFound(err) {
		return nil, err
	}
	out := docs[:0]
	for _, d := range docs {
		if d != nil {
			out = append(out, d)
		}
	}
	return out, nil
}

func (r *documentResolver) related(ctx context.Context, obj *document.Doc, depth *int, direction *model.LinkDirection) ([]model.RelatedDocument, error) {
	d := 1
	if depth != nil {
		d = *depth
	}
	reached, err := r.svc.Linkgraph.Walk(ctx, obj.ID, d, directionOf(direction, linkgraph.Outgoing))
	if err != nil {
		return nil, err
	}
	var ids []uuid.UUID
	for _, x := range reached {
		ids = append(ids, x.Via...)
	}
	docs, err := loadDocs(ctx, ids)
	if err != nil {
		return nil, err
	}
	byID := make(map[uuid.UUID]*document.Doc, len(docs))
	for _, d := range docs {
		byID[d.ID] = d
	}
	out := make([]model.RelatedDocument, 0, len(reached))
	for _, x := range reached {
		doc := byID[x.ID]
		if doc == nil {
			continue
		}
		rd := model.RelatedDocument{Document: doc, Depth: x.Depth, Via: make([]document.Doc, 0, len(x.Via))}
		for _, id := range x.Via {
			if vd := byID[id]; vd != nil {
				rd.Via = append(rd.Via, *vd)
			}
		}
		out = append(out, rd)
	}
	return out, nil
}

func (r *queryResolver) linkGraph(ctx context.Context, rootID string, depth *int, direction *model.LinkDirection) (*model.LinkGraph, error) {
	root, err := parseID("rootId", rootID)
	if err != nil {
		return nil, err
	}
	d := 1
	if depth != nil {
		d = *depth
	}
	nodes, edges, err := r.svc.Linkgraph.Graph(ctx, root, d, directionOf(direction, linkgraph.Both))
	if err != nil {
		return nil, err
	}
	ids := make([]uuid.UUID, len(nodes))
	for i, n := range nodes {
		ids[i] = n.ID
	}
	docs, err := loadDocs(ctx, ids)
	if err != nil {
		return nil, err
	}
	byID := make(map[uuid.UUID]*document.Doc, len(docs))
	for _, d := range docs {
		byID[d.ID] = d
	}
	g := &model.LinkGraph{Nodes: make([]model.LinkGraphNode, 0, len(nodes)), Edges: make([]model.LinkGraphEdge, 0, len(edges))}
	for _, n := range nodes {
		if doc := byID[n.ID]; doc != nil {
			g.Nodes = append(g.Nodes, model.LinkGraphNode{Document: doc, Depth: n.Depth})
		}
	}
	for _, e := range edges {
		g.Edges = append(g.Edges, model.LinkGraphEdge{
			ID: e.ID.String(), SourceID: e.SourceID.String(), TargetID: e.TargetID.String(),
			State: linkgraph.State(e.State), HrefAsWritten: e.HrefAsWritten,
		})
	}
	return g, nil
}

func decisionModel(e linkgraph.Edge, targetAddress string) model.LinkDecision {
	kind := model.LinkDecisionKindTargetMoved
	if e.State == linkgraph.Broken {
		kind = model.LinkDecisionKindTargetDeleted
	}
	edge := e
	return model.LinkDecision{Link: &edge, Kind: kind, TargetAddress: targetAddress}
}

func (r *queryResolver) linkDecisions(ctx context.Context, first *int, after *string) (*model.LinkDecisionConnection, error) {
	n, err := pageSize(first)
	if err != nil {
		return nil, err
	}
	cur, err := decodeCursor("decision", after)
	if err != nil {
		return nil, err
	}
	edges, more, err := r.svc.Linkgraph.Decisions(ctx, cur, n)
	if err != nil {
		return nil, err
	}
	// Both ends came with the edges: prime them, as the link loaders do.
	l := loaders(ctx)
	var targets []uuid.UUID
	for _, e := range edges {
		targets = append(targets, *e.TargetID)
		l.primeDoc(e.Source)
		l.primeDoc(e.Target)
	}
	if selects(ctx, "edges", "node", "cause") {
		if _, err := loaders(ctx).Cause.LoadAll(ctx, targets); err != nil && !allNotFound(err) {
			return nil, err
		}
	}
	conn := &model.LinkDecisionConnection{Edges: make([]model.LinkDecisionEdge, 0, len(edges)), PageInfo: &model.PageInfo{HasNextPage: more}}
	for _, e := range edges {
		c := encodeCursor("decision", e.ID)
		node := decisionModel(e, e.Target.Address())
		conn.Edges = append(conn.Edges, model.LinkDecisionEdge{Cursor: c, Node: &node})
		conn.PageInfo.EndCursor = &c
	}
	return conn, nil
}

func (r *queryResolver) linkSuggestions(ctx context.Context, first *int, after *string, documentID *string) (*model.LinkSuggestionConnection, error) {
	n, err := pageSize(first)
	if err != nil {
		return nil, err
	}
	cur, err := decodeCursor("suggestion", after)
	if err != nil {
		return nil, err
	}
	var source *uuid.UUID
	if documentID != nil {
		id, err := parseID("documentId", *documentID)
		if err != nil {
			return nil, err
		}
		source = &id
	}
	sugs, more, err := r.svc.Linkgraph.Pending(ctx, source, cur, n)
	if err != nil {
		return nil, err
	}
	conn := &model.LinkSuggestionConnection{Edges: make([]model.LinkSuggestionEdge, 0, len(sugs)), PageInfo: &model.PageInfo{HasNextPage: more}}
	for i := range sugs {
		c := encodeCursor("suggestion", sugs[i].ID)
		conn.Edges = append(conn.Edges, model.LinkSuggestionEdge{Cursor: c, Node: &sugs[i]})
		conn.PageInfo.EndCursor = &c
	}
	return conn, nil
}

// loadCause reads the revision that last moved or deleted a target.
func loadCause(ctx context.Context, target uuid.UUID) (*document.Revision, error) {
	rev, err := loaders(ctx).Cause.Load(ctx, target)
	if errors.Is(err, dataloadgen.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &rev, nil
}

func answerOf(a model.LinkAnswer) linkgraph.Answer {
	return linkgraph.Answer(strings.ToLower(string(a)))
}

func reasonOf(r *model.LinkSuggestionReason) string {
	if r == nil {
		return ""
	}
	return strings.ToLower(string(*r))
}
