package manage_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/fault"
	"codna/internal/manage"
	"codna/internal/pgtest"
)

// usageCount reads one usage_daily count of today (UTC), 0 when there is no row.
func (b *opsBundle) usageCount(t *testing.T, user uuid.UUID, activity, tool, outcome string) int {
	t.Helper()
	return pgtest.Count(t, b.pool, `SELECT coalesce(sum(count), 0) FROM usage_daily WHERE day = (now() AT TIME ZONE 'UTC')::date
		AND user_id = $1 AND activity = $2 AND tool = $3 AND outcome = $4`, user, activity, tool, outcome)
}

func TestRecordUsage(t *testing.T) {
	t.Parallel()
	b := opsSetup(t)
	ctx := context.Background()
	dana, erin := b.person(t), b.person(t)

	// Two sign-ins count 2.
	require.NoError(t, auth.RecordUsage(ctx, b.pool, dana.ID, auth.UsageSignIn, "ignored", "ignored"))
	require.NoError(t, auth.RecordUsage(ctx, b.pool, dana.ID, auth.UsageSignIn, "", ""))
	require.Equal(t, 2, b.usageCount(t, dana.ID, auth.UsageSignIn, "", ""))

	// Web: the hours of the day seen, each hour once.
	for range 3 {
		require.NoError(t, auth.RecordUsage(ctx, b.pool, dana.ID, auth.UsageWeb, "", ""))
	}
	require.Equal(t, 1, b.usageCount(t, dana.ID, auth.UsageWeb, "", ""))
	// As if the last request had been an hour ago: this hour counts once more.
	pgtest.Exec(t, b.pool, `UPDATE usage_daily SET last_at = last_at - interval '1 hour' WHERE user_id = $1 AND activity = 'web'`, dana.ID)
	require.NoError(t, auth.RecordUsage(ctx, b.pool, dana.ID, auth.UsageWeb, "", ""))
	require.NoError(t, auth.RecordUsage(ctx, b.pool, dana.ID, auth.UsageWeb, "", ""))
	require.Equal(t, 2, b.usageCount(t, dana.ID, auth.UsageWeb, "", ""))
	var lastAt time.Time
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT last_at FROM usage_daily WHERE user_id = $1 AND activity = 'web'`, dana.ID).Scan(&lastAt))
	require.WithinDuration(t, time.Now(), lastAt, time.Minute)

	// MCP: per call, by tool and outcome.
	require.NoError(t, auth.RecordUsage(ctx, b.pool, erin.ID, auth.UsageMCP, "search", auth.UsageOK))
	require.NoError(t, auth.RecordUsage(ctx, b.pool, erin.ID, auth.UsageMCP, "search", auth.UsageOK))
	require.NoError(t, auth.RecordUsage(ctx, b.pool, erin.ID, auth.UsageMCP, "search", auth.UsageRefused))
	require.NoError(t, auth.RecordUsage(ctx, b.pool, erin.ID, auth.UsageMCP, "", auth.UsageError))
	require.Equal(t, 2, b.usageCount(t, erin.ID, auth.UsageMCP, "search", auth.UsageOK))
	require.Equal(t, 1, b.usageCount(t, erin.ID, auth.UsageMCP, "search", auth.UsageRefused))
	require.Equal(t, 1, b.usageCount(t, erin.ID, auth.UsageMCP, auth.UsageUnknownTool, auth.UsageError))

	// Programming errors, and management is never counted.
	require.Error(t, auth.RecordUsage(ctx, b.pool, erin.ID, "read", "", ""))
	require.Error(t, auth.RecordUsage(ctx, b.pool, erin.ID, auth.UsageMCP, "search", "maybe"))
	require.NoError(t, auth.RecordUsage(ctx, b.pool, auth.ManagementID, auth.UsageSignIn, "", ""))
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM usage_daily WHERE user_id = $1`, auth.ManagementID))
	require.Equal(t, 5, pgtest.Count(t, b.pool, `SELECT count(*) FROM usage_daily`))

	// The report: per person per day per activity/tool/outcome, with names.
	now := time.Now()
	rows, err := b.svc.UsageReport(cli.in(ctx), now.Add(-24*time.Hour), now.Add(24*time.Hour), nil)
	require.NoError(t, err)
	require.Len(t, rows, 5)
	byKey := map[string]int64{}
	for _, r := range rows {
		require.Equal(t, 0, r.Day.Hour())
		require.Equal(t, time.UTC, r.Day.Location())
		switch r.UserID {
		case dana.ID:
			require.Equal(t, dana.Name, r.Name)
			require.Equal(t, dana.Email, r.Email)
		case erin.ID:
			require.Equal(t, erin.Name, r.Name)
			require.Equal(t, erin.Email, r.Email)
		default:
			t.Fatalf("unexpected user %s", r.UserID)
		}
		require.Equal(t, auth.KindPerson, r.Kind)
		byKey[r.Name+"/"+r.Activity+"/"+r.Tool+"/"+r.Outcome] += r.Count
	}
	require.Equal(t, map[string]int64{
		dana.Name + "/sign_in//":           2,
		dana.Name + "/web//":               2,
		erin.Name + "/mcp/search/ok":       2,
		erin.Name + "/mcp/search/refused":  1,
		erin.Name + "/mcp/(unknown)/error": 1,
	}, byKey)

	only, err := b.svc.UsageReport(cli.in(ctx), now, now, &erin.ID)
	require.NoError(t, err)
	require.Len(t, only, 3)
	for _, r := range only {
		require.Equal(t, erin.ID, r.UserID)
	}
	// Days before any use: nothing.
	old, err := b.svc.UsageReport(cli.in(ctx), now.AddDate(0, 0, -10), now.AddDate(0, 0, -9), nil)
	require.NoError(t, err)
	require.Empty(t, old)

	_, err = b.svc.UsageReport(cli.in(ctx), now, now.AddDate(0, 0, -1), nil)
	pgtest.RequireCode(t, err, fault.BadInput, "to")
	_, err = b.svc.UsageReport(cli.in(ctx), now.AddDate(-2, 0, 0), now, nil)
	pgtest.RequireCode(t, err, fault.BadInput, "to")
}

func TestRecordAgentRead(t *testing.T) {
	t.Parallel()
	b := opsSetup(t)
	ctx := context.Background()
	owner := b.person(t)
	agent := pgtest.CreateAgent(t, b.pool, owner.ID)
	d1, d2 := b.doc(t, owner), b.doc(t, owner)

	require.NoError(t, auth.RecordAgentRead(ctx, b.pool, agent.ID, d1))
	require.NoError(t, auth.RecordAgentRead(ctx, b.pool, agent.ID, d1))
	require.NoError(t, auth.RecordAgentRead(ctx, b.pool, agent.ID, d2))

	var count int
	var lastAt time.Time
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT count, last_at FROM agent_reads
		WHERE agent_id = $1 AND document_id = $2 AND day = (now() AT TIME ZONE 'UTC')::date`, agent.ID, d1).Scan(&count, &lastAt))
	require.Equal(t, 2, count)
	require.WithinDuration(t, time.Now(), lastAt, time.Minute)
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count FROM agent_reads WHERE agent_id = $1 AND document_id = $2`, agent.ID, d2))
	require.Equal(t, 2, pgtest.Count(t, b.pool, `SELECT count(*) FROM agent_reads`))

	// A read on an earlier day is its own row.
	pgtest.Exec(t, b.pool, `UPDATE agent_reads SET day = day - 1 WHERE document_id = $1`, d2)
	require.NoError(t, auth.RecordAgentRead(ctx, b.pool, agent.ID, d2))
	require.Equal(t, 2, pgtest.Count(t, b.pool, `SELECT count(*) FROM agent_reads WHERE document_id = $1`, d2))
}

// The report counts comments written, mentions made and watches started
// per person per day, from their tables: counts, and nothing of a page.
func TestUsageReportCountsCollaboration(t *testing.T) {
	t.Parallel()
	b := opsSetup(t)
	ctx := context.Background()
	ann, bob := b.person(t), b.person(t)
	doc := b.doc(t, ann)
	other := b.doc(t, ann)
	pgtest.Exec(t, b.pool, `INSERT INTO threads (id, document_id, author_id) VALUES ('00000000-0000-0000-0000-0000000000a1', $1, $2)`, doc, bob.ID)
	pgtest.Exec(t, b.pool, `INSERT INTO comments (id, thread_id, document_id, author_id, body) VALUES
		(gen_random_uuid(), '00000000-0000-0000-0000-0000000000a1', $1, $2, 'secret text'),
		(gen_random_uuid(), '00000000-0000-0000-0000-0000000000a1', $1, $2, 'more secret text')`, doc, bob.ID)
	pgtest.Exec(t, b.pool, `INSERT INTO usage_mentions (event_id, actor_id, at) VALUES (gen_random_uuid(), $1, now()), (gen_random_uuid(), $1, now() - interval '3 days')`, ann.ID)
	pgtest.Exec(t, b.pool, `INSERT INTO watches (id, user_id, document_id, source) VALUES (gen_random_uuid(), $1, $2, 'manual')`, bob.ID, doc)
	pgtest.Exec(t, b.pool, `INSERT INTO watches (id, user_id, document_id, source, muted) VALUES (gen_random_uuid(), $1, $2, 'manual', true)`, bob.ID, other)

	now := time.Now()
	rows, err := b.svc.UsageReport(cli.in(ctx), now, now, nil)
	require.NoError(t, err)
	got := map[string]int64{}
	for _, r := range rows {
		got[r.Name+"/"+r.Activity] += r.Count
		require.Empty(t, r.Tool)
	}
	require.Equal(t, map[string]int64{
		bob.Name + "/" + manage.UsageComment: 2,
		bob.Name + "/" + manage.UsageWatch:   1, // a mute is no watch
		ann.Name + "/" + manage.UsageMention: 1, // the other was three days ago
	}, got)
	only, err := b.svc.UsageReport(cli.in(ctx), now.AddDate(0, 0, -3), now, &ann.ID)
	require.NoError(t, err)
	require.Len(t, only, 2, "a row per day")
	require.True(t, only[0].Day.Before(only[1].Day), "by day")

	_, err = b.svc.UsageReport(pgtest.ActingAs(ann), now, now, nil)
	require.Error(t, err, "management's only")
}
