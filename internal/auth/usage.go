package auth

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"codna/internal/db"
)

// Usage activities (usage_daily.activity).
const (
	UsageSignIn = "sign_in" // one per sign-in
	UsageWeb    = "web"     // the hours of the day a person was seen on the web
	UsageMCP    = "mcp"     // one per MCP tool call, by tool and outcome
)

// Outcomes of an MCP call (usage_daily.outcome for UsageMCP).
const (
	UsageOK      = "ok"
	UsageRefused = "refused"
	UsageError   = "error"
)

// UsageUnknownTool is the tool recorded for an MCP call whose tool is not known.
const UsageUnknownTool = "(unknown)"

// RecordUsage counts one use by userID on the current UTC day (the database's
// clock), in q — a pool, or the transaction of the request it counts:
//
//   - UsageSignIn: count+1 per sign-in (tool and outcome are ignored);
//   - UsageWeb: count is the hours of the day the person was seen: it goes up
//     by 1 only when the row was last seen in an earlier UTC hour, so calling
//     it once per person per hour (or more often) counts each hour once;
//   - UsageMCP: count+1 per call, by tool (UsageUnknownTool when empty) and
//     outcome (UsageOK, UsageRefused or UsageError).
//
// last_at is always brought forward. Never what was read, searched for or
// written. Management (auth.ManagementID) is not counted. An unknown activity
// or outcome is a programming error (a plain error).
func RecordUsage(ctx context.Context, q db.DBTX, userID uuid.UUID, activity string, tool, outcome string) error {
	if userID == ManagementID {
		return nil
	}
	switch activity {
	case UsageSignIn, UsageWeb:
		tool, outcome = "", ""
	case UsageMCP:
		if tool == "" {
			tool = UsageUnknownTool
		}
		if outcome != UsageOK && outcome != UsageRefused && outcome != UsageError {
			return fmt.Errorf("auth: usage outcome %q is not ok, refused or error", outcome)
		}
	default:
		return fmt.Errorf("auth: unknown usage activity %q", activity)
	}
	if err := db.Q.UsageDailyRecord(ctx, q, db.UsageDailyRecordParams{UserID: userID, Activity: activity, Tool: tool, Outcome: outcome}); err != nil {
		return fmt.Errorf("auth: record usage: %w", err)
	}
	return nil
}

// RecordAgentRead counts one read of a document by an agent on the current
// UTC day: one agent_reads row per (agent, document, day), count+1 and
// last_at brought forward. It records that the agent opened the document,
// never what it was asked. agentID must be an agent (agents.user_id).
func RecordAgentRead(ctx context.Context, q db.DBTX, agentID, documentID uuid.UUID) error {
	if err := db.Q.AgentReadRecord(ctx, q, db.AgentReadRecordParams{AgentID: agentID, DocumentID: documentID}); err != nil {
		return fmt.Errorf("auth: record agent read: %w", err)
	}
	return nil
}
