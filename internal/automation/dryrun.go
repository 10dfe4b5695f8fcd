package automation

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"codna/internal/auth"
	"codna/internal/fault"
	"codna/internal/sandbox"
)

// SampleEvent is the event a dry run gives its script as `event`.
type SampleEvent struct {
	Type       string // one of TriggerEvents
	DocumentID *uuid.UUID
	Payload    map[string]any
}

// DryRunResult is what a dry run's script did. Nothing of it was applied.
type DryRunResult struct {
	Proposals     []sandbox.Proposal
	Logs          string
	LogsTruncated bool
	LimitHit      sandbox.Limit
	Error         string
	Reads         int
	Duration      time.Duration
	MemoryPeak    int64
}

// MaxDryRunsAtOnce bounds the dry runs one replica runs at once; a dry run
// waits up to DryRunWait for its turn.
const (
	MaxDryRunsAtOnce = 2
	DryRunWait       = 5 * time.Second
)

var dryRunSlots = make(chan struct{}, MaxDryRunsAtOnce)

// DryRun runs script once, as an automation of the acting person would run
// (the same sandbox, limits and reads filtered by their access), against
// the sample event (nil: a scheduled run, `event` is null), and returns its
// proposals, logs, limit hit and duration without applying anything or
// recording a run. Errors: UNAUTHENTICATED; FORBIDDEN for management and
// agents; BAD_USER_INPUT on script, event.type (not a trigger event) and
// event.payload (too large); NOT_FOUND on event.documentId for a document
// the person cannot read; RATE_LIMITED when the replica's dry runs are all
// busy for DryRunWait.
func (s *Service) DryRun(ctx context.Context, script string, sample *SampleEvent) (*DryRunResult, error) {
	actor, err := auth.RequirePerson(ctx, onlyPeople)
	if err != nil {
		return nil, err
	}
	if err := checkScript(script); err != nil {
		return nil, err
	}
	owner := auth.AsAutomation(ctx, actor)
	var ev *sandbox.Event
	if sample != nil {
		if ev, err = s.sampleEvent(owner, actor, sample); err != nil {
			return nil, err
		}
	}
	wait := time.NewTimer(DryRunWait)
	defer wait.Stop()
	select {
	case dryRunSlots <- struct{}{}:
		defer func() { <-dryRunSlots }()
	case <-wait.C:
		return nil, fault.New(fault.RateLimited, "Dry runs are busy on this server: try again in a moment.")
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	res, err := s.sandbox.Run(ctx, sandbox.Input{Script: script, Event: ev, Caps: ownerReads{s: s, owner: owner}})
	if err != nil {
		return nil, err
	}
	return &DryRunResult{
		Proposals: nonNil(res.Proposals), Logs: res.Logs, LogsTruncated: res.LogsTruncated, LimitHit: res.LimitHit,
		Error: scriptErrorText(res.Err), Reads: res.Reads, Duration: res.Duration, MemoryPeak: res.MemoryPeak,
	}, nil
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// maxSamplePayload bounds a sample event's payload, encoded.
const maxSamplePayload = 64 << 10

func (s *Service) sampleEvent(owner context.Context, actor *auth.Actor, sample *SampleEvent) (*sandbox.Event, error) {
	typ := strings.TrimSpace(sample.Type)
	if !slices.Contains(TriggerEvents, typ) {
		return nil, fault.Input("event.type", "%q is not an event an automation can trigger on; these are: %s.", truncate(typ, 64), strings.Join(TriggerEvents, ", "))
	}
	payload := sample.Payload
	if payload == nil {
		payload = map[string]any{}
	}
	raw, err := json.Marshal(payload)
	if err != nil || len(raw) > maxSamplePayload {
		return nil, fault.Input("event.payload", "A sample event's payload is a JSON object of at most %d bytes.", maxSamplePayload)
	}
	id, err := uuid.NewV7()
	if err != nil {
		return nil, err
	}
	actorID := actor.UserID
	ev := &sandbox.Event{ID: id, Type: typ, ActorID: &actorID, Payload: raw, CreatedAt: s.now()}
	if sample.DocumentID != nil {
		d, err := s.docs.Get(owner, *sample.DocumentID)
		if fault.CodeOf(err) == fault.NotFound {
			return nil, &fault.Error{Code: fault.NotFound, Field: "event.documentId", Message: "No document you can read has that id."}
		}
		if err != nil {
			return nil, err
		}
		doc := scriptDoc(d, true)
		ev.DocumentID, ev.Document = &d.ID, &doc
	}
	return ev, nil
}
