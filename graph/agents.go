package graph

import (
	"context"
	"time"

	"github.com/google/uuid"

	"codna/graph/model"
)

// agentPeriod parses an agent query's agent id and its period of days.
func agentPeriod(agentID, from, to string) (uuid.UUID, time.Time, time.Time, error) {
	id, err := parseID("agentId", agentID)
	if err != nil {
		return uuid.Nil, time.Time{}, time.Time{}, err
	}
	f, err := parseDay("from", from)
	if err != nil {
		return uuid.Nil, time.Time{}, time.Time{}, err
	}
	t, err := parseDay("to", to)
	if err != nil {
		return uuid.Nil, time.Time{}, time.Time{}, err
	}
	return id, f, t, nil
}

// agentReads maps an agent's reads, each with its document as the asking
// person reads it (the service already left out what they cannot read;
// a page they lost access to meanwhile is dropped here too).
func (r *queryResolver) agentReads(ctx context.Context, agentID, from, to string) ([]model.AgentRead, error) {
	id, f, t, err := agentPeriod(agentID, from, to)
	if err != nil {
		return nil, err
	}
	reads, err := r.svc.Agent.Reads(ctx, id, f, t)
	if err != nil {
		return nil, err
	}
	ids := make([]uuid.UUID, len(reads))
	for i, rd := range reads {
		ids[i] = rd.DocumentID
	}
	docs, _, err := docsAndUsers(ctx, dedupe(ids), nil)
	if err != nil {
		return nil, err
	}
	out := make([]model.AgentRead, 0, len(reads))
	for _, rd := range reads {
		if d := docs[rd.DocumentID]; d != nil {
			out = append(out, model.AgentRead{Day: rd.Day.Format(time.DateOnly), Document: d, Count: int(rd.Count), LastAt: rd.LastAt})
		}
	}
	return out, nil
}

func (r *queryResolver) agentUsage(ctx context.Context, agentID, from, to string) ([]model.AgentToolUse, error) {
	id, f, t, err := agentPeriod(agentID, from, to)
	if err != nil {
		return nil, err
	}
	use, err := r.svc.Agent.Usage(ctx, id, f, t)
	if err != nil {
		return nil, err
	}
	out := make([]model.AgentToolUse, len(use))
	for i, u := range use {
		out[i] = model.AgentToolUse{Day: u.Day.Format(time.DateOnly), Tool: u.Tool, Outcome: u.Outcome, Count: int(u.Count), LastAt: u.LastAt}
	}
	return out, nil
}
