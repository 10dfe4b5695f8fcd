package auth_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/pgtest"
)

// TestCountsAreTalliedThenWritten: MCP calls and agent reads are counted
// in memory and written by FlushCounts, added to what is stored; a read of
// a document purged meanwhile is dropped; nothing is written twice.
func TestCountsAreTalliedThenWritten(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	svc := auth.New(d.Pool, auth.Config{Argon2: auth.CheapArgon2}, nil)
	p := pgtest.CreatePerson(t, d.Pool)
	a := pgtest.CreateAgent(t, d.Pool, p.ID)
	doc := pgtest.CreateDocument(t, d.Pool, p.ID, pgtest.Doc{})
	gone := pgtest.CreateDocument(t, d.Pool, p.ID, pgtest.Doc{})
	sys := auth.SystemContext(t.Context())
	agent := pgtest.ActingAsAgent(a)

	require.NoError(t, auth.RecordUsage(t.Context(), d.Pool, a.ID, auth.UsageMCP, "search", auth.UsageOK))
	for range 3 {
		require.NoError(t, svc.NoteToolCall(agent, "search", auth.UsageOK))
		require.NoError(t, svc.NoteAgentRead(agent, doc.ID))
	}
	require.NoError(t, svc.NoteToolCall(agent, "", auth.UsageRefused))
	require.NoError(t, svc.NoteAgentRead(agent, gone.ID))
	require.NoError(t, svc.NoteAgentRead(pgtest.ActingAs(p), doc.ID), "a person's read is no agent read")
	require.Error(t, svc.NoteToolCall(agent, "search", "maybe"))
	require.Zero(t, pgtest.Count(t, d.Pool, `SELECT count(*) FROM agent_reads`), "nothing written before the flush")

	pgtest.Exec(t, d.Pool, `DELETE FROM documents WHERE id = $1`, gone.ID)
	n, err := svc.FlushCounts(sys)
	require.NoError(t, err)
	require.EqualValues(t, 4, n)
	require.Equal(t, 4, pgtest.Count(t, d.Pool, `SELECT count FROM usage_daily WHERE user_id = $1 AND tool = 'search' AND outcome = 'ok'`, a.ID))
	require.Equal(t, 1, pgtest.Count(t, d.Pool, `SELECT count FROM usage_daily WHERE user_id = $1 AND tool = '(unknown)' AND outcome = 'refused'`, a.ID))
	require.Equal(t, 3, pgtest.Count(t, d.Pool, `SELECT count FROM agent_reads WHERE agent_id = $1 AND document_id = $2`, a.ID, doc.ID))
	require.Equal(t, 1, pgtest.Count(t, d.Pool, `SELECT count(*) FROM agent_reads`))

	n, err = svc.FlushCounts(sys)
	require.NoError(t, err)
	require.Zero(t, n)
	require.Equal(t, 4, pgtest.Count(t, d.Pool, `SELECT count FROM usage_daily WHERE user_id = $1 AND tool = 'search' AND outcome = 'ok'`, a.ID))
}
