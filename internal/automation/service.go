package automation

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/audit"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
)

var (
	errNotFound = &fault.Error{Code: fault.NotFound, Field: "id", Message: "No automation of yours has that id."}
	errPeople   = &fault.Error{Code: fault.Forbidden, Message: onlyPeople}
)

// onlyPeople is why an agent is refused: only people own automations.
const onlyPeople = "Automations belong to people: an agent writes a script, and the person it answers for creates the automation."

// requireViewer returns who may see automations: a person (their own) or
// management (metadata only: mgmt true). Errors: UNAUTHENTICATED; FORBIDDEN
// for agents and the system.
func requireViewer(ctx context.Context) (actor *auth.Actor, mgmt bool, err error) {
	if actor, err = auth.RequireActor(ctx); err != nil {
		return nil, false, err
	}
	mgmt = actor.IsManagement()
	if !mgmt && actor.Kind != auth.KindPerson {
		return nil, false, errPeople
	}
	return actor, mgmt, nil
}

// Create creates an enabled automation owned by the acting person; a
// schedule's first tick is computed now. Errors: UNAUTHENTICATED;
// FORBIDDEN for management and agents; BAD_USER_INPUT naming the field
// (validate's, and name when the person already owns MaxPerOwner).
func (s *Service) Create(ctx context.Context, in Input) (*Automation, error) {
	actor, err := auth.RequirePerson(ctx, onlyPeople)
	if err != nil {
		return nil, err
	}
	d, err := validate(in)
	if err != nil {
		return nil, err
	}
	var next *time.Time
	if d.Kind == KindSchedule {
		t, err := nextTick(d.Schedule, d.loc, s.now())
		if err != nil {
			return nil, err
		}
		next = &t
	}
	id, err := uuid.NewV7()
	if err != nil {
		return nil, err
	}
	var row db.Automation
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		n, err := db.Q.AutomationCountOwned(ctx, tx, actor.UserID)
		if err != nil {
			return err
		}
		if n >= MaxPerOwner {
			return fault.Input("name", "You own %d automations, the most one person may: delete one first.", n)
		}
		row, err = db.Q.AutomationCreate(ctx, tx, db.AutomationCreateParams{
			ID: id, Name: d.Name, Description: optional(d.Description), Kind: db.AutomationKind(d.Kind),
			TriggerEvents: d.TriggerEvents, Scope: d.scope, Schedule: d.schedule, Timezone: d.TimeZone, NextRunAt: next,
			Script: d.Script, ScriptHash: d.hash, OwnerID: actor.UserID,
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	return fromRow(row, true, true), nil
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// Patch changes an automation: nil fields stay as they are.
type Patch struct {
	Name, Description, Script *string
	TriggerEvents             []string
	Scope                     *Scope
	Schedule, TimeZone        *string
}

// Update changes an automation's definition (its kind and owner stay) and,
// for an enabled schedule, recomputes its next tick from now. Runs already
// queued run the new script; the failure count starts afresh. Errors:
// UNAUTHENTICATED; FORBIDDEN for management and agents; NOT_FOUND on id
// unless the actor owns it; BAD_USER_INPUT naming the field, as Create.
func (s *Service) Update(ctx context.Context, id uuid.UUID, p Patch) (*Automation, error) {
	actor, err := auth.RequirePerson(ctx, onlyPeople)
	if err != nil {
		return nil, err
	}
	var row db.Automation
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		cur, err := s.ownedForUpdate(ctx, tx, actor, id)
		if err != nil {
			return err
		}
		in := inputOf(fromRow(cur, true, true))
		if p.Name != nil {
			in.Name = *p.Name
		}
		if p.Description != nil {
			in.Description = *p.Description
		}
		if p.Script != nil {
			in.Script = *p.Script
		}
		if p.TriggerEvents != nil {
			in.TriggerEvents = p.TriggerEvents
		}
		if p.Scope != nil {
			in.Scope = *p.Scope
		}
		if p.Schedule != nil {
			in.Schedule = *p.Schedule
		}
		if p.TimeZone != nil {
			in.TimeZone = *p.TimeZone
		}
		d, err := validate(in)
		if err != nil {
			return err
		}
		var next *time.Time
		if d.Kind == KindSchedule && cur.Enabled {
			t, err := nextTick(d.Schedule, d.loc, s.now())
			if err != nil {
				return err
			}
			next = &t
		}
		row, err = db.Q.AutomationUpdate(ctx, tx, db.AutomationUpdateParams{
			ID: id, Name: d.Name, Description: optional(d.Description), TriggerEvents: d.TriggerEvents, Scope: d.scope,
			Schedule: d.schedule, Timezone: d.TimeZone, NextRunAt: next, Script: d.Script, ScriptHash: d.hash,
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	return fromRow(row, true, true), nil
}

// inputOf is an automation's definition as an Input.
func inputOf(a *Automation) Input {
	in := Input{
		Name: a.Name, Description: a.Description, Kind: a.Kind, TriggerEvents: a.TriggerEvents, Scope: a.Scope,
		Schedule: a.Schedule, TimeZone: a.TimeZone,
	}
	if a.Script != nil {
		in.Script = *a.Script
	}
	if a.Kind == KindEvent {
		in.TimeZone = ""
	}
	return in
}

// ownedForUpdate locks the automation id if actor owns it. Errors:
// NOT_FOUND otherwise.
func (s *Service) ownedForUpdate(ctx context.Context, tx db.DBTX, actor *auth.Actor, id uuid.UUID) (db.Automation, error) {
	cur, err := db.Q.AutomationGetForUpdate(ctx, tx, id)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && cur.OwnerID != actor.UserID) {
		return cur, errNotFound
	}
	return cur, err
}

// SetEnabled enables or disables an automation. Its owner may do both;
// management may only disable (metadata is all it sees), which is recorded
// in management_audit (automation.disable). A disabled schedule has no next
// tick. Enabling a
// schedule sets its next tick from now (ticks missed while it was disabled
// do not run) and starts a fresh failure count. Errors: UNAUTHENTICATED;
// FORBIDDEN for an agent, and for management enabling; NOT_FOUND on id
// unless the actor owns it (or is management).
func (s *Service) SetEnabled(ctx context.Context, id uuid.UUID, enabled bool) (*Automation, error) {
	actor, err := auth.RequireActor(ctx)
	if err != nil {
		return nil, err
	}
	mgmt := actor.IsManagement()
	switch {
	case mgmt && enabled:
		return nil, fault.New(fault.Forbidden, "Management can disable an automation, not enable it: its owner decides that.")
	case !mgmt && actor.Kind != auth.KindPerson:
		return nil, errPeople
	}
	var row db.Automation
	var ownerActive bool
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		cur, err := db.Q.AutomationGetForUpdate(ctx, tx, id)
		if errors.Is(err, pgx.ErrNoRows) || (err == nil && !mgmt && cur.OwnerID != actor.UserID) {
			return errNotFound
		}
		if err != nil {
			return err
		}
		p := db.AutomationSetEnabledParams{ID: id, Enabled: enabled}
		switch {
		case enabled && cur.Enabled:
			p.NextRunAt = cur.NextRunAt // nothing changes
		case enabled && cur.Kind == db.AutomationKindSchedule:
			_, loc, err := checkTimeZone(cur.Timezone)
			if err != nil {
				return err
			}
			t, err := nextTick(*cur.Schedule, loc, s.now())
			if err != nil {
				return err
			}
			p.NextRunAt = &t
		case !enabled && !cur.Enabled:
			p.DisabledReason = cur.DisabledReason
		case !enabled:
			reason := "Disabled by you."
			if mgmt {
				reason = "Disabled by management."
			}
			p.DisabledReason = &reason
		}
		if row, err = db.Q.AutomationSetEnabled(ctx, tx, p); err != nil {
			return err
		}
		if mgmt && cur.Enabled {
			if err := audit.WriteInTx(ctx, tx, audit.Entry{Action: "automation.disable", TargetUser: &cur.OwnerID, Details: map[string]any{"automation_id": id, "name": cur.Name}}); err != nil {
				return err
			}
		}
		got, err := db.Q.AutomationGet(ctx, tx, id)
		ownerActive = got.OwnerActive
		return err
	})
	if err != nil {
		return nil, err
	}
	return fromRow(row, ownerActive, !mgmt), nil
}

// Delete deletes an automation and its runs (a queued run never starts).
// Errors: UNAUTHENTICATED; FORBIDDEN for management and agents; NOT_FOUND
// on id unless the actor owns it.
func (s *Service) Delete(ctx context.Context, id uuid.UUID) error {
	actor, err := auth.RequirePerson(ctx, onlyPeople)
	if err != nil {
		return err
	}
	return db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		if _, err := s.ownedForUpdate(ctx, tx, actor, id); err != nil {
			return err
		}
		_, err := db.Q.AutomationDelete(ctx, tx, id)
		return err
	})
}

// Get reads one automation: its owner sees all of it, management its
// metadata (Script nil). Errors: UNAUTHENTICATED; FORBIDDEN for agents;
// NOT_FOUND on id for anyone else.
func (s *Service) Get(ctx context.Context, id uuid.UUID) (*Automation, error) {
	actor, mgmt, err := requireViewer(ctx)
	if err != nil {
		return nil, err
	}
	row, err := db.Q.AutomationGet(ctx, s.pool, id)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && !mgmt && row.Automation.OwnerID != actor.UserID) {
		return nil, errNotFound
	}
	if err != nil {
		return nil, err
	}
	return fromRow(row.Automation, row.OwnerActive, !mgmt), nil
}

// Mine lists the acting person's automations, newest first (at most
// MaxPerOwner). Errors: UNAUTHENTICATED; FORBIDDEN for management and
// agents.
func (s *Service) Mine(ctx context.Context) ([]*Automation, error) {
	actor, err := auth.RequirePerson(ctx, onlyPeople)
	if err != nil {
		return nil, err
	}
	rows, err := db.Q.AutomationList(ctx, s.pool, db.AutomationListParams{OwnerID: &actor.UserID, RowLimit: MaxPerOwner})
	if err != nil {
		return nil, err
	}
	out := make([]*Automation, len(rows))
	for i, r := range rows {
		out[i] = fromRow(r.Automation, r.OwnerActive, true)
	}
	return out, nil
}

// All pages through every automation of the instance for management,
// newest first, metadata only (Script nil). after is the last id of the
// previous page. Errors: UNAUTHENTICATED; FORBIDDEN for anyone but
// management; BAD_USER_INPUT on first outside 1..MaxListFirst.
func (s *Service) All(ctx context.Context, first int, after *uuid.UUID) ([]*Automation, bool, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return nil, false, err
	}
	if first < 1 || first > MaxListFirst {
		return nil, false, fault.Input("first", "Ask for 1 to %d automations.", MaxListFirst)
	}
	rows, err := db.Q.AutomationList(ctx, s.pool, db.AutomationListParams{BeforeID: after, RowLimit: int32(first + 1)})
	if err != nil {
		return nil, false, err
	}
	more := len(rows) > first
	if more {
		rows = rows[:first]
	}
	out := make([]*Automation, len(rows))
	for i, r := range rows {
		out[i] = fromRow(r.Automation, r.OwnerActive, false)
	}
	return out, more, nil
}

// RunCursor is where a page of runs starts (exclusive): the last run of
// the previous page.
type RunCursor struct {
	CreatedAt time.Time
	ID        uuid.UUID
}

// Runs pages through an automation's runs, newest first: everything for
// its owner; status, timings and counts for management (no proposals,
// logs, error). Errors: UNAUTHENTICATED; FORBIDDEN for agents; NOT_FOUND
// on id for anyone else; BAD_USER_INPUT on first outside 1..MaxRunsFirst.
func (s *Service) Runs(ctx context.Context, id uuid.UUID, first int, after *RunCursor) ([]Run, bool, error) {
	a, err := s.Get(ctx, id)
	if err != nil {
		return nil, false, err
	}
	if first < 1 || first > MaxRunsFirst {
		return nil, false, fault.Input("first", "Ask for 1 to %d runs.", MaxRunsFirst)
	}
	p := db.AutomationRunListParams{AutomationID: id, RowLimit: int32(first + 1)}
	if after != nil {
		p.BeforeCreated, p.BeforeID = &after.CreatedAt, &after.ID
	}
	rows, err := db.Q.AutomationRunList(ctx, s.pool, p)
	if err != nil {
		return nil, false, err
	}
	more := len(rows) > first
	if more {
		rows = rows[:first]
	}
	out := make([]Run, len(rows))
	for i, r := range rows {
		out[i] = runFromRow(r, a.Script != nil)
	}
	return out, more, nil
}

// LastRuns reads the latest run of each automation, in one statement, for
// automations this package returned to the same actor (a list's lastRun):
// with proposals and logs for their owner, without for management. An
// automation that never ran, or that the actor may not see, is absent.
// Errors: UNAUTHENTICATED; FORBIDDEN for agents.
func (s *Service) LastRuns(ctx context.Context, autos []*Automation) (map[*Automation]*Run, error) {
	actor, mgmt, err := requireViewer(ctx)
	if err != nil {
		return nil, err
	}
	byID := make(map[uuid.UUID][]*Automation, len(autos))
	ids := make([]uuid.UUID, 0, len(autos))
	for _, a := range autos {
		if a == nil || (!mgmt && a.OwnerID != actor.UserID) {
			continue
		}
		if _, seen := byID[a.ID]; !seen {
			ids = append(ids, a.ID)
		}
		byID[a.ID] = append(byID[a.ID], a)
	}
	out := make(map[*Automation]*Run, len(autos))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := db.Q.AutomationRunListLast(ctx, s.pool, ids)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		run := runFromRow(r, !mgmt)
		for _, a := range byID[r.AutomationID] {
			out[a] = &run
		}
	}
	return out, nil
}
