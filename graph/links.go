package graph

import (
	"context"
	"strings"

	"github.com/google/uuid"

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

func decisionModel(e linkgraph.Edge, targetAddress string) model.LinkDecision {
	kind := model.LinkDecisionKindTargetMoved
	if e.State == linkgraph.Broken {
		kind = model.LinkDecisionKindTargetDeleted
	}
	edge := e
	return model.LinkDecision{Link: &edge, Kind: kind, TargetAddress: targetAddress}
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
