// Package automation is the automations of docs/design.md, "Automations":
// small JavaScript programs their owner (a person) writes, run in the
// sandbox (internal/sandbox) on outbox events or on a schedule. A script
// can only propose; the run worker applies its proposals one by one through
// the same services a person's request uses, acting as the owner, and
// records every proposal with its verdict.
//
// The pieces, each on Postgres so any number of replicas share the work:
//   - Service: create, change, enable, disable, delete, list and dry-run
//     automations, and read their runs (owners; management sees metadata
//     and may disable, never the script or what a run did);
//   - Matcher: an outbox batch consumer that queues a run per (event,
//     automation) the event triggers, filtering in one statement;
//   - Scheduler: claims due schedules (FOR UPDATE SKIP LOCKED), queues their
//     tick's run and moves next_run_at on, computed with gronx in the
//     automation's time zone;
//   - Runner: claims queued runs under a lease, runs the script, records
//     the result, applies the proposals (verdicts) and finishes the run.
package automation

import (
	"encoding/json"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/access"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/sandbox"
	"codna/internal/search"
)

// Kind is what starts an automation.
type Kind string

// The kinds (automation_kind).
const (
	KindEvent    Kind = "event"
	KindSchedule Kind = "schedule"
)

// Status is a run's status (run_status).
type Status string

// The statuses of a run.
const (
	// StatusQueued: not finished yet (waiting, running, or waiting to retry).
	StatusQueued Status = "queued"
	// StatusOK: the script ran to its end and, if it proposed anything, at
	// least one proposal was applied.
	StatusOK Status = "ok"
	// StatusRejected: the script ran to its end and every proposal was rejected.
	StatusRejected Status = "rejected"
	// StatusFailed: the script threw, did not parse, or hit a limit other
	// than the wall time; nothing was applied.
	StatusFailed Status = "failed"
	// StatusTimeout: the script ran out of wall time; nothing was applied.
	StatusTimeout Status = "timeout"
	// StatusSkipped: the script never ran (the owner was deactivated, the
	// automation disabled, or the owner can no longer read the event's
	// document).
	StatusSkipped Status = "skipped"
)

// TriggerEvents are the outbox event types an event automation may list,
// every one with a document the owner must be able to read for a run to
// happen (docs/api.md, "Automations").
var TriggerEvents = []string{
	"document.created", "document.updated", "document.moved", "document.renamed",
	"document.deleted", "document.restored", "document.transferred",
	"document.quarantined", "document.released",
	"access.granted", "access.revoked", "access.permission_changed",
	"link.state_changed",
	"ingestion.ready",
}

// Limits on what one owner and one automation hold.
const (
	MaxPerOwner      = 100  // automations one person owns
	MaxNameLength    = 200  // characters
	MaxDescription   = 2000 // characters
	MaxScopeTags     = 20
	FailuresToPause  = 5  // consecutive failed or all-rejected runs that disable an automation
	MaxRunAttempts   = 5  // claims of one run before it is given up as failed
	DefaultRunsFirst = 20 // runs in a page when the caller gives no size
	MaxRunsFirst     = 100
	MaxListFirst     = 100
)

// Scope is an event automation's pre-filter on the event's document,
// evaluated in SQL: every part given must hold.
type Scope struct {
	Space      document.Space `json:"space,omitempty"`
	PathPrefix string         `json:"pathPrefix,omitempty"` // the folder or beneath it
	Tags       []string       `json:"tags,omitempty"`       // the document has all of them
}

// Automation is an automation as its owner sees it. Script is nil for
// management, who sees metadata only.
type Automation struct {
	ID          uuid.UUID
	Name        string
	Description string
	Kind        Kind
	Enabled     bool
	// DisabledReason says why a disabled automation is disabled ("" while
	// enabled).
	DisabledReason string
	OwnerID        uuid.UUID
	// OwnerActive is false when the owner was deactivated: the automation
	// does not run, whatever Enabled says.
	OwnerActive   bool
	TriggerEvents []string
	Scope         Scope
	Schedule      string
	TimeZone      string
	NextRunAt     *time.Time
	LastRunAt     *time.Time
	Script        *string
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// Verdict is one proposal of a run with what became of it. Applied is nil
// until the host has decided (a run still applying, or one that ended
// before its proposals were considered).
type Verdict struct {
	sandbox.Proposal
	Applied *bool  `json:"applied,omitempty"`
	Reason  string `json:"reason,omitempty"`
}

// Run is one run of an automation. For management, Proposals, Logs, Error
// and Event are empty: they may hold content.
type Run struct {
	ID           uuid.UUID
	AutomationID uuid.UUID
	EventID      *uuid.UUID
	EventType    string
	ScheduledFor *time.Time
	Status       Status
	DurationMs   *int
	MemoryPeak   *int64
	LimitHit     sandbox.Limit
	Reads        int
	Proposals    []Verdict
	Logs         string
	Error        string
	Attempts     int
	CreatedAt    time.Time
	FinishedAt   *time.Time
}

// Service owns automations and their runs.
type Service struct {
	pool    *pgxpool.Pool
	docs    *document.Service
	sharing *access.Service
	search  *search.Service
	sandbox *sandbox.Sandbox
	log     *slog.Logger
	now     func() time.Time
}

// Services are what automations act through as their owner.
type Services struct {
	Docs    *document.Service
	Sharing *access.Service
	Search  *search.Service // codna.find with text; nil: find ignores text
}

// New returns a Service over pool running scripts in sb.
func New(pool *pgxpool.Pool, svc Services, sb *sandbox.Sandbox, log *slog.Logger) *Service {
	if log == nil {
		log = slog.Default()
	}
	return &Service{pool: pool, docs: svc.Docs, sharing: svc.Sharing, search: svc.Search, sandbox: sb, log: log, now: time.Now}
}

// Sandbox is the sandbox the service runs scripts in.
func (s *Service) Sandbox() *sandbox.Sandbox { return s.sandbox }

func fromRow(a db.Automation, ownerActive, withScript bool) *Automation {
	out := &Automation{
		ID: a.ID, Name: a.Name, Kind: Kind(a.Kind), Enabled: a.Enabled, OwnerID: a.OwnerID, OwnerActive: ownerActive,
		TriggerEvents: a.TriggerEvents, TimeZone: a.Timezone, NextRunAt: a.NextRunAt, LastRunAt: a.LastRunAt,
		CreatedAt: a.CreatedAt, UpdatedAt: a.UpdatedAt,
	}
	if a.Description != nil {
		out.Description = *a.Description
	}
	if a.DisabledReason != nil {
		out.DisabledReason = *a.DisabledReason
	}
	if a.Schedule != nil {
		out.Schedule = *a.Schedule
	}
	if len(a.Scope) > 0 {
		_ = json.Unmarshal(a.Scope, &out.Scope) // written by this package: always an object
	}
	if out.TriggerEvents == nil {
		out.TriggerEvents = []string{}
	}
	if withScript {
		script := a.Script
		out.Script = &script
	}
	return out
}

func runFromRow(r db.AutomationRun, withContent bool) Run {
	out := Run{
		ID: r.ID, AutomationID: r.AutomationID, EventID: r.EventID, ScheduledFor: r.ScheduledFor, Status: Status(r.Status),
		MemoryPeak: r.MemoryPeak, Reads: int(r.Reads), Attempts: int(r.Attempts), CreatedAt: r.CreatedAt, FinishedAt: r.FinishedAt,
	}
	if r.DurationMs != nil {
		d := int(*r.DurationMs)
		out.DurationMs = &d
	}
	if r.LimitHit != nil {
		out.LimitHit = sandbox.Limit(*r.LimitHit)
	}
	var ev struct {
		Type string `json:"type"`
	}
	if len(r.Event) > 0 {
		_ = json.Unmarshal(r.Event, &ev)
	}
	out.EventType = ev.Type
	if !withContent {
		out.Proposals = []Verdict{}
		return out
	}
	if err := json.Unmarshal(r.Actions, &out.Proposals); err != nil || out.Proposals == nil {
		out.Proposals = []Verdict{}
	}
	if r.Logs != nil {
		out.Logs = *r.Logs
	}
	if r.Error != nil {
		out.Error = *r.Error
	}
	return out
}
