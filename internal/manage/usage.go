package manage

import (
	"bytes"
	"cmp"
	"context"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
)

// The collaboration activities of the usage report: comments written,
// mentions made, watches started (counted from the tables, never a text).
const (
	UsageComment = "comment"
	UsageMention = "mention"
	UsageWatch   = "watch"
)

// maxUsageDays caps the period of one UsageReport.
const maxUsageDays = 366

// UsageRow is how much one person (or agent) used the instance on one UTC
// day, for one activity (auth.UsageSignIn, auth.UsageWeb, auth.UsageMCP,
// or UsageComment, UsageMention, UsageWatch), MCP tool and outcome. Never
// what was read, searched for or written.
type UsageRow struct {
	Day      time.Time // midnight UTC of the day
	UserID   uuid.UUID
	Name     string
	Email    string
	Kind     auth.Kind
	Activity string
	Tool     string // the MCP tool, or "(unknown)"; "" for sign_in and web
	Outcome  string // ok, refused or error for mcp; "" otherwise
	Count    int64  // sign-ins, calls, or for web the hours of the day seen
	LastAt   time.Time
}

// UsageReport lists usage per person per UTC day per activity, tool and
// outcome, from the UTC day of from through the UTC day of to (both
// included), for everyone or for userID alone; by day, then name. Counts
// are written by auth.RecordUsage; the comments, mentions and watches of
// each day are counted from their tables (UsageComment, UsageMention,
// UsageWatch), in a second statement.
//
// Errors: BAD_USER_INPUT on to when it is before from, or when the period
// is longer than 366 days.
func (s *Service) UsageReport(ctx context.Context, from, to time.Time, userID *uuid.UUID) ([]UsageRow, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return nil, err
	}
	fromDay, toDay := utcDay(from), utcDay(to)
	if toDay.Before(fromDay) {
		return nil, fault.Input("to", "The end of the period must not come before its start.")
	}
	if toDay.Sub(fromDay) >= maxUsageDays*24*time.Hour {
		return nil, fault.Input("to", "Ask for at most %d days at a time.", maxUsageDays)
	}
	rows, err := db.Q.UsageDailyReport(ctx, s.pool, db.UsageDailyReportParams{
		FromDay: pgtype.Date{Time: fromDay, Valid: true}, ToDay: pgtype.Date{Time: toDay, Valid: true}, UserID: userID,
	})
	if err != nil {
		return nil, err
	}
	out := make([]UsageRow, len(rows))
	for i, r := range rows {
		out[i] = UsageRow{
			Day: utcDay(r.Day.Time), UserID: r.UserID, Name: r.Name, Email: r.Email, Kind: auth.Kind(r.Kind),
			Activity: r.Activity, Tool: r.Tool, Outcome: r.Outcome, Count: r.Count, LastAt: r.LastAt,
		}
	}
	collab, err := db.Q.UsageDailyCollaboration(ctx, s.pool, db.UsageDailyCollaborationParams{
		FromAt: fromDay, ToAt: toDay.AddDate(0, 0, 1), UserID: userID,
	})
	if err != nil {
		return nil, err
	}
	for _, r := range collab {
		out = append(out, UsageRow{
			Day: utcDay(r.Day.Time), UserID: r.UserID, Name: r.Name, Email: r.Email, Kind: auth.Kind(r.Kind),
			Activity: r.Activity, Count: r.Count, LastAt: r.LastAt,
		})
	}
	if len(collab) > 0 {
		slices.SortStableFunc(out, func(a, b UsageRow) int {
			return cmp.Or(a.Day.Compare(b.Day), cmp.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)),
				bytes.Compare(a.UserID[:], b.UserID[:]), cmp.Compare(a.Activity, b.Activity))
		})
	}
	return out, nil
}

// utcDay is midnight UTC of t's UTC day.
func utcDay(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}
