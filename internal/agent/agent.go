// Package agent is what an agent's responsible people see of it: the
// agents they answer for, which pages each read per day and how often it
// called each MCP tool (docs/design.md#agents-over-mcp). Only counts are
// kept — never what an agent was asked, searched for or wrote — and a
// person sees an agent's reads only of the pages they can read themselves.
package agent

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
)

// MaxDays is the longest period one Reads or Usage call covers.
const MaxDays = 90

// MaxReads is the most rows Reads returns.
const MaxReads = 1000

// Service answers the responsible people of agents.
type Service struct {
	pool *pgxpool.Pool
}

// New returns a Service over pool.
func New(pool *pgxpool.Pool) *Service { return &Service{pool: pool} }

// Agent is an agent as one of its responsible people sees it.
type Agent struct {
	ID          uuid.UUID
	Slug        string // agent:<slug> in a share
	Name        string
	Description string
	CreatedAt   time.Time
	// PausedAt is when it was paused because nobody active answered for it
	// any more; nil while it works. Resume clears it.
	PausedAt *time.Time
}

// Read is how often an agent opened one page on one UTC day.
type Read struct {
	Day        time.Time // midnight UTC
	DocumentID uuid.UUID
	Count      int64
	LastAt     time.Time
}

// ToolUse is how often an agent called one MCP tool on one UTC day with one
// outcome (auth.UsageOK, auth.UsageRefused, auth.UsageError).
type ToolUse struct {
	Day     time.Time // midnight UTC
	Tool    string    // the tool's name, or auth.UsageUnknownTool
	Outcome string
	Count   int64
	LastAt  time.Time
}

var errNoAgent = &fault.Error{Code: fault.NotFound, Field: "agentId", Message: "No agent you answer for has that id."}

// onlyPeople is why an agent is refused: only people answer for agents.
const onlyPeople = "Only the people who answer for an agent see its activity."

// Mine lists the live agents the acting person answers for, by slug, in one
// statement. Errors: UNAUTHENTICATED for nobody; FORBIDDEN for anyone but a
// person.
func (s *Service) Mine(ctx context.Context) ([]Agent, error) {
	a, err := auth.RequirePerson(ctx, onlyPeople)
	if err != nil {
		return nil, err
	}
	rows, err := db.Q.AgentListByResponsible(ctx, s.pool, a.UserID)
	if err != nil {
		return nil, err
	}
	out := make([]Agent, len(rows))
	for i, r := range rows {
		out[i] = Agent{ID: r.UserID, Slug: r.Slug, Name: r.Name, Description: r.Description, CreatedAt: r.CreatedAt, PausedAt: r.PausedAt}
	}
	return out, nil
}

// Reads lists which pages an agent the acting person answers for read, per
// page per UTC day, from the UTC day of from through that of to, newest
// day first, at most MaxReads rows — only pages the person can read now
// (the one permission rule, evaluated for them in the same statement): an
// agent's reads never tell its people about a page they could not open
// themselves. A deleted agent's reads stay readable by its people. Errors:
// UNAUTHENTICATED for nobody; FORBIDDEN for anyone but a person; NOT_FOUND
// on agentId when they do not answer for it; BAD_USER_INPUT on to for a
// period that ends before it starts or is longer than MaxDays.
func (s *Service) Reads(ctx context.Context, agentID uuid.UUID, from, to time.Time) ([]Read, error) {
	a, fromDay, toDay, err := s.askAbout(ctx, agentID, from, to)
	if err != nil {
		return nil, err
	}
	rows, err := db.Q.AgentReadListForViewer(ctx, s.pool, db.AgentReadListForViewerParams{
		AgentID: agentID, FromDay: fromDay, ToDay: toDay, ViewerID: a.UserID, RowLimit: MaxReads,
	})
	if err != nil {
		return nil, err
	}
	out := make([]Read, len(rows))
	for i, r := range rows {
		out[i] = Read{Day: utcDay(r.Day.Time), DocumentID: r.DocumentID, Count: r.Count, LastAt: r.LastAt}
	}
	return out, nil
}

// Usage lists how often an agent the acting person answers for called each
// MCP tool, per UTC day and outcome, from the UTC day of from through that
// of to, by day, tool and outcome. Counts only: nothing of what it asked
// is kept. Errors: as Reads.
func (s *Service) Usage(ctx context.Context, agentID uuid.UUID, from, to time.Time) ([]ToolUse, error) {
	_, fromDay, toDay, err := s.askAbout(ctx, agentID, from, to)
	if err != nil {
		return nil, err
	}
	rows, err := db.Q.UsageDailyReport(ctx, s.pool, db.UsageDailyReportParams{FromDay: fromDay, ToDay: toDay, UserID: &agentID})
	if err != nil {
		return nil, err
	}
	out := make([]ToolUse, 0, len(rows))
	for _, r := range rows {
		if r.Activity == auth.UsageMCP {
			out = append(out, ToolUse{Day: utcDay(r.Day.Time), Tool: r.Tool, Outcome: r.Outcome, Count: r.Count, LastAt: r.LastAt})
		}
	}
	return out, nil
}

// askAbout checks a question about an agent's activity: the acting person,
// who must answer for the agent, and the period of days. Errors: those of
// Reads.
func (s *Service) askAbout(ctx context.Context, agentID uuid.UUID, from, to time.Time) (*auth.Actor, pgtype.Date, pgtype.Date, error) {
	a, err := auth.RequirePerson(ctx, onlyPeople)
	if err != nil {
		return nil, pgtype.Date{}, pgtype.Date{}, err
	}
	fromDay, toDay, err := period(from, to)
	if err != nil {
		return nil, pgtype.Date{}, pgtype.Date{}, err
	}
	ok, err := db.Q.AgentResponsibleHas(ctx, s.pool, db.AgentResponsibleHasParams{AgentID: agentID, UserID: a.UserID})
	if err != nil {
		return nil, pgtype.Date{}, pgtype.Date{}, err
	}
	if !ok {
		return nil, pgtype.Date{}, pgtype.Date{}, errNoAgent
	}
	return a, fromDay, toDay, nil
}

// period checks a period of UTC days. Errors: BAD_USER_INPUT on to.
func period(from, to time.Time) (pgtype.Date, pgtype.Date, error) {
	f, t := utcDay(from), utcDay(to)
	if t.Before(f) {
		return pgtype.Date{}, pgtype.Date{}, fault.Input("to", "The end of the period must not come before its start.")
	}
	if t.Sub(f) >= MaxDays*24*time.Hour {
		return pgtype.Date{}, pgtype.Date{}, fault.Input("to", "Ask for at most %d days at a time.", MaxDays)
	}
	return pgtype.Date{Time: f, Valid: true}, pgtype.Date{Time: t, Valid: true}, nil
}

// utcDay is midnight UTC of t's UTC day.
func utcDay(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}
