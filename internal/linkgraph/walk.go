package linkgraph

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"codna/internal/fault"
	"codna/internal/graphwalk"
)

// Direction, Reached, Node and WalkEdge are graphwalk's, named here so that
// callers reach the traversal through the Service.
type (
	Direction = graphwalk.Direction
	Reached   = graphwalk.Reached
	Node      = graphwalk.Node
	WalkEdge  = graphwalk.Edge
)

// The directions.
const (
	Outgoing = graphwalk.Outgoing
	Incoming = graphwalk.Incoming
	Both     = graphwalk.Both
)

// walkError maps the traversal's errors onto the API's.
func walkError(err error) error {
	switch {
	case errors.Is(err, graphwalk.ErrDepth):
		return fault.Input("depth", "Follow links at most %d deep.", graphwalk.MaxDepth)
	case errors.Is(err, graphwalk.ErrNotReadable):
		return fault.New(fault.NotFound, "No document has that id.")
	}
	return err
}

// Walk is graphwalk.Walk from root for the acting user: the documents
// reached within depth steps (1 to graphwalk.MaxDepth) in direction dir.
// Management reaches nothing (an empty list). Errors: UNAUTHENTICATED for
// nobody; BAD_USER_INPUT on field depth outside 1..MaxDepth; NOT_FOUND when
// the actor cannot read root.
func (s *Service) Walk(ctx context.Context, root uuid.UUID, depth int, dir Direction) ([]Reached, error) {
	v, ok, err := viewer(ctx)
	if err != nil {
		return nil, err
	}
	if !ok {
		return []Reached{}, nil
	}
	if depth < 1 {
		return nil, fault.Input("depth", "Follow links at least 1 deep.")
	}
	reached, err := graphwalk.Walk(ctx, s.pool, v, root, depth, dir)
	if err != nil {
		return nil, walkError(err)
	}
	return reached, nil
}

// Graph is graphwalk.Graph around root for the acting user: the nodes
// within depth steps (1 to graphwalk.MaxDepth) in direction dir and the
// readable edges between them. Errors: UNAUTHENTICATED for nobody;
// NOT_FOUND for management and when the actor cannot read root;
// BAD_USER_INPUT on field depth outside 1..MaxDepth.
func (s *Service) Graph(ctx context.Context, root uuid.UUID, depth int, dir Direction) ([]Node, []WalkEdge, error) {
	v, ok, err := viewer(ctx)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return nil, nil, fault.New(fault.NotFound, "No document has that id.")
	}
	if depth < 1 {
		return nil, nil, fault.Input("depth", "Follow links at least 1 deep.")
	}
	nodes, edges, err := graphwalk.Graph(ctx, s.pool, v, root, depth, dir)
	if err != nil {
		return nil, nil, walkError(err)
	}
	return nodes, edges, nil
}
