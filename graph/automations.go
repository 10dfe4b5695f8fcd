package graph

import (
	"context"
	"encoding/base64"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/vikstrous/dataloadgen"

	"codna/graph/model"
	"codna/internal/access"
	"codna/internal/automation"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/sandbox"
)

func scopeOf(in *model.AutomationScopeInput) automation.Scope {
	if in == nil {
		return automation.Scope{}
	}
	out := automation.Scope{Tags: in.Tags}
	if in.Space != nil {
		out.Space = spaceOf(*in.Space)
	}
	if in.PathPrefix != nil {
		out.PathPrefix = *in.PathPrefix
	}
	return out
}

func scopeModel(s automation.Scope) *model.AutomationScope {
	out := &model.AutomationScope{Tags: s.Tags}
	if out.Tags == nil {
		out.Tags = []string{}
	}
	if s.Space != "" {
		sp := spaceModel(s.Space)
		out.Space = &sp
	}
	if s.PathPrefix != "" {
		p := s.PathPrefix
		out.PathPrefix = &p
	}
	return out
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func limitModel(l sandbox.Limit) *model.AutomationLimit {
	if l == sandbox.LimitNone {
		return nil
	}
	m := model.AutomationLimit(strings.ToUpper(string(l)))
	return &m
}

func proposalModel(p sandbox.Proposal, applied *bool, reason string) model.AutomationProposal {
	out := model.AutomationProposal{
		Kind: model.AutomationProposalKind(strings.ToUpper(string(p.Kind))), Recipient: nonEmpty(p.Recipient),
		Message: nonEmpty(p.Message), Tag: nonEmpty(p.Tag), Applied: applied, Reason: nonEmpty(reason),
	}
	if p.DocumentID != uuid.Nil {
		id := p.DocumentID.String()
		out.DocumentID = &id
	}
	if p.Permission != "" {
		perm := permissionModel(access.Permission(p.Permission))
		out.Permission = &perm
	}
	if w := p.Write; w != nil {
		out.Write = &model.AutomationWrite{Space: spaceModel(document.Space(w.Space)), Path: w.Path, Slug: w.Slug, Title: w.Title, Content: w.Content}
	}
	return out
}

func runModel(r *automation.Run, withContent bool) *model.AutomationRun {
	out := &model.AutomationRun{
		ID: r.ID.String(), Status: r.Status, EventType: nonEmpty(r.EventType), ScheduledFor: r.ScheduledFor,
		DurationMs: r.DurationMs, LimitHit: limitModel(r.LimitHit), Reads: r.Reads, Attempts: r.Attempts,
		CreatedAt: r.CreatedAt, FinishedAt: r.FinishedAt, Proposals: make([]model.AutomationProposal, 0, len(r.Proposals)),
	}
	if r.EventID != nil {
		id := r.EventID.String()
		out.EventID = &id
	}
	if r.MemoryPeak != nil {
		m := int(*r.MemoryPeak)
		out.MemoryPeak = &m
	}
	for _, v := range r.Proposals {
		out.Proposals = append(out.Proposals, proposalModel(v.Proposal, v.Applied, v.Reason))
	}
	if withContent {
		out.Logs, out.Error = &r.Logs, nonEmpty(r.Error)
	}
	return out
}

// Run cursors are opaque: base64 of "run:<created_at RFC3339Nano>:<id>".
func encodeRunCursor(r automation.Run) string {
	return base64.RawURLEncoding.EncodeToString([]byte("run:" + r.CreatedAt.UTC().Format(time.RFC3339Nano) + "|" + r.ID.String()))
}

func decodeRunCursor(c *string) (*automation.RunCursor, error) {
	if c == nil || *c == "" {
		return nil, nil
	}
	bad := fault.Input("after", "The cursor is not valid here.")
	raw, err := base64.RawURLEncoding.DecodeString(*c)
	if err != nil {
		return nil, bad
	}
	rest, ok := strings.CutPrefix(string(raw), "run:")
	at, id, ok2 := strings.Cut(rest, "|")
	if !ok || !ok2 {
		return nil, bad
	}
	t, err1 := time.Parse(time.RFC3339Nano, at)
	u, err2 := uuid.Parse(id)
	if err1 != nil || err2 != nil {
		return nil, bad
	}
	return &automation.RunCursor{CreatedAt: t, ID: u}, nil
}

func (r *automationResolver) runs(ctx context.Context, a *automation.Automation, first *int, after *string) (*model.AutomationRunConnection, error) {
	n := automation.DefaultRunsFirst
	if first != nil {
		n = *first
	}
	cur, err := decodeRunCursor(after)
	if err != nil {
		return nil, err
	}
	runs, more, err := r.svc.Automation.Runs(ctx, a.ID, n, cur)
	if err != nil {
		return nil, err
	}
	out := &model.AutomationRunConnection{Edges: make([]model.AutomationRunEdge, len(runs)), PageInfo: &model.PageInfo{HasNextPage: more}}
	for i := range runs {
		c := encodeRunCursor(runs[i])
		out.Edges[i] = model.AutomationRunEdge{Cursor: c, Node: runModel(&runs[i], a.Script != nil)}
		out.PageInfo.EndCursor = &c
	}
	return out, nil
}

func (r *automationResolver) lastRun(ctx context.Context, a *automation.Automation) (*model.AutomationRun, error) {
	run, err := loaders(ctx).LastRun.Load(ctx, a)
	if errors.Is(err, dataloadgen.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return runModel(run, a.Script != nil), nil
}

func patchOf(in model.UpdateAutomationInput) automation.Patch {
	p := automation.Patch{Name: in.Name, Description: in.Description, Script: in.Script, TriggerEvents: in.TriggerEvents,
		Schedule: in.Schedule, TimeZone: in.Timezone}
	if in.Scope != nil {
		sc := scopeOf(in.Scope)
		p.Scope = &sc
	}
	return p
}

func inputOf(in model.CreateAutomationInput) automation.Input {
	out := automation.Input{Name: in.Name, Kind: in.Kind, Script: in.Script, TriggerEvents: in.TriggerEvents, Scope: scopeOf(in.Scope)}
	if in.Description != nil {
		out.Description = *in.Description
	}
	if in.Schedule != nil {
		out.Schedule = *in.Schedule
	}
	if in.Timezone != nil {
		out.TimeZone = *in.Timezone
	}
	return out
}

// sampleEventOf decodes dryRunAutomation's event argument:
// {"type", "documentId", "payload"}; nothing else.
func sampleEventOf(raw map[string]any) (*automation.SampleEvent, error) {
	if raw == nil {
		return nil, nil
	}
	out := &automation.SampleEvent{}
	for k, v := range raw {
		switch k {
		case "type":
			s, ok := v.(string)
			if !ok {
				return nil, fault.Input("event.type", "The sample event's type is a string, like document.updated.")
			}
			out.Type = s
		case "documentId":
			if v == nil {
				continue
			}
			s, ok := v.(string)
			if !ok {
				return nil, fault.Input("event.documentId", "The sample event's documentId is a document id.")
			}
			id, err := parseID("event.documentId", s)
			if err != nil {
				return nil, err
			}
			out.DocumentID = &id
		case "payload":
			if v == nil {
				continue
			}
			m, ok := v.(map[string]any)
			if !ok {
				return nil, fault.Input("event.payload", "The sample event's payload is a JSON object.")
			}
			out.Payload = m
		default:
			return nil, fault.Input("event", "A sample event has type, documentId and payload; %q is not one of them.", truncateText(k, 64))
		}
	}
	return out, nil
}

func truncateText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

func dryRunModel(res *automation.DryRunResult) *model.DryRunAutomationPayload {
	out := &model.DryRunAutomationPayload{
		Proposals: make([]model.AutomationProposal, 0, len(res.Proposals)), Logs: res.Logs, LogsTruncated: res.LogsTruncated,
		LimitHit: limitModel(res.LimitHit), Error: nonEmpty(res.Error), Reads: res.Reads,
		DurationMs: int(res.Duration.Milliseconds()), MemoryPeak: int(res.MemoryPeak),
	}
	for _, p := range res.Proposals {
		out.Proposals = append(out.Proposals, proposalModel(p, nil, ""))
	}
	return out
}

func (r *queryResolver) managedAutomations(ctx context.Context, first *int, after *string) (*model.AutomationConnection, error) {
	n, err := pageSize(first)
	if err != nil {
		return nil, err
	}
	cur, err := decodeCursor("automation", after)
	if err != nil {
		return nil, err
	}
	autos, more, err := r.svc.Automation.All(ctx, n, cur)
	if err != nil {
		return nil, err
	}
	out := &model.AutomationConnection{Edges: make([]model.AutomationEdge, len(autos)), PageInfo: &model.PageInfo{HasNextPage: more}}
	for i, a := range autos {
		c := encodeCursor("automation", a.ID)
		out.Edges[i] = model.AutomationEdge{Cursor: c, Node: a}
		out.PageInfo.EndCursor = &c
	}
	return out, nil
}
