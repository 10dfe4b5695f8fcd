package agent_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/agent"
	"codna/internal/auth"
	"codna/internal/fault"
	"codna/internal/pgtest"
)

// TestResponsiblePeopleSeeReadsOfPagesTheyCanRead: an agent's people see
// which pages it read per day and how often it called each tool; a page
// they cannot read is left out of its reads, and someone who does not
// answer for the agent sees nothing of it.
func TestResponsiblePeopleSeeReadsOfPagesTheyCanRead(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	svc := agent.New(d.Pool)
	ctx := context.Background()
	dana, erin, other := pgtest.CreatePerson(t, d.Pool), pgtest.CreatePerson(t, d.Pool), pgtest.CreatePerson(t, d.Pool)
	bot := pgtest.CreateAgent(t, d.Pool, dana.ID)
	mine := pgtest.CreateDocument(t, d.Pool, dana.ID, pgtest.Doc{})
	erins := pgtest.CreateDocument(t, d.Pool, erin.ID, pgtest.Doc{}) // shared with the agent, not with Dana
	pgtest.Grant(t, d.Pool, erins.ID, "user", bot.ID, "read")
	pgtest.Grant(t, d.Pool, mine.ID, "user", bot.ID, "read")
	for _, id := range []uuid.UUID{mine.ID, mine.ID, erins.ID} {
		require.NoError(t, auth.RecordAgentRead(ctx, d.Pool, bot.ID, id))
	}
	pgtest.Exec(t, d.Pool, `INSERT INTO agent_reads (agent_id, document_id, day, count, last_at)
		VALUES ($1, $2, (now() AT TIME ZONE 'UTC')::date - 3, 5, now() - interval '3 days')`, bot.ID, mine.ID)
	require.NoError(t, auth.RecordUsage(ctx, d.Pool, bot.ID, auth.UsageMCP, "read_document", auth.UsageOK))
	require.NoError(t, auth.RecordUsage(ctx, d.Pool, bot.ID, auth.UsageMCP, "read_document", auth.UsageOK))
	require.NoError(t, auth.RecordUsage(ctx, d.Pool, bot.ID, auth.UsageMCP, "write_document", auth.UsageRefused))

	mineList, err := svc.Mine(pgtest.ActingAs(dana))
	require.NoError(t, err)
	require.Len(t, mineList, 1)
	require.Equal(t, bot.Slug, mineList[0].Slug)
	none, err := svc.Mine(pgtest.ActingAs(other))
	require.NoError(t, err)
	require.Empty(t, none)

	now := time.Now()
	reads, err := svc.Reads(pgtest.ActingAs(dana), bot.ID, now.AddDate(0, 0, -7), now)
	require.NoError(t, err)
	require.Len(t, reads, 2, "Erin's page, which Dana cannot read, is left out")
	require.Equal(t, mine.ID, reads[0].DocumentID)
	require.EqualValues(t, 2, reads[0].Count)
	require.Equal(t, now.UTC().Format(time.DateOnly), reads[0].Day.Format(time.DateOnly), "newest day first")
	require.EqualValues(t, 5, reads[1].Count)

	// Shared with Dana later, it shows.
	pgtest.Grant(t, d.Pool, erins.ID, "user", dana.ID, "read")
	reads, err = svc.Reads(pgtest.ActingAs(dana), bot.ID, now, now)
	require.NoError(t, err)
	require.Len(t, reads, 2)

	use, err := svc.Usage(pgtest.ActingAs(dana), bot.ID, now, now)
	require.NoError(t, err)
	require.Len(t, use, 2)
	require.Equal(t, agent.ToolUse{Day: use[0].Day, Tool: "read_document", Outcome: auth.UsageOK, Count: 2, LastAt: use[0].LastAt}, use[0])
	require.Equal(t, "write_document", use[1].Tool)
	require.Equal(t, auth.UsageRefused, use[1].Outcome)

	_, err = svc.Reads(pgtest.ActingAs(other), bot.ID, now, now)
	pgtest.RequireCode(t, err, fault.NotFound, "agentId")
	_, err = svc.Usage(pgtest.ActingAs(other), bot.ID, now, now)
	pgtest.RequireCode(t, err, fault.NotFound, "agentId")
	_, err = svc.Reads(pgtest.ActingAs(dana), bot.ID, now, now.AddDate(0, 0, -1))
	pgtest.RequireCode(t, err, fault.BadInput, "to")
	_, err = svc.Usage(pgtest.ActingAs(dana), bot.ID, now.AddDate(0, -6, 0), now)
	pgtest.RequireCode(t, err, fault.BadInput, "to")
}
