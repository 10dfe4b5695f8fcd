package manage_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/document"
	"codna/internal/pgtest"
	"codna/internal/space"
)

// agentPage creates a page as the agent, through the path GraphQL and MCP use.
func agentPage(t *testing.T, e testEnv, a pgtest.Agent, path, slug string) *document.Doc {
	t.Helper()
	sp := space.New(e.pool, document.New(e.pool, document.DefaultConfig))
	d, err := sp.Create(pgtest.ActingAsAgent(a), space.NewPage{CreateInput: document.CreateInput{
		Space: document.SpaceOutput, Path: path, Slug: slug, Title: &slug, Content: "Text of " + slug,
	}})
	require.NoError(t, err)
	return d
}

// grantReason is the reason of a user's grant on a document, "" for none.
func grantReason(t *testing.T, e testEnv, doc, user uuid.UUID) string {
	t.Helper()
	var reason string
	_ = e.pool.QueryRow(context.Background(), `SELECT grant_reason FROM document_access
		WHERE document_id = $1 AND principal_type = 'user' AND principal_id = $2`, doc, user).Scan(&reason)
	return reason
}

func countType(ns []notificationRow, typ string) int {
	n := 0
	for _, x := range ns {
		if x.Type == typ {
			n++
		}
	}
	return n
}

// The agent_responsible rule: a page an agent creates is read by each of its
// people; someone who comes to answer for it is granted its pages in one
// batch and told once; someone who stops loses only the rule's grants, and
// keeps a grant another rule (a folder share) or a direct share justifies.
func TestAgentResponsibleRule(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := setup(t)
	c := tokenCaller(t, e)
	p1 := pgtest.CreatePerson(t, e.pool)
	p2 := pgtest.CreatePerson(t, e.pool)
	a := pgtest.CreateAgent(t, e.pool, p1.ID)

	d1 := agentPage(t, e, a, "reports", "one")
	require.Equal(t, "agent_responsible", grantReason(t, e, d1.ID, p1.ID))
	require.Equal(t, "", grantReason(t, e, d1.ID, p2.ID))
	require.Equal(t, 1, countType(notificationsTo(t, e.pool, p1.ID), "access.granted"))
	d2 := agentPage(t, e, a, "reports", "two")
	d3 := agentPage(t, e, a, "reports/kept", "three")
	require.Equal(t, "agent_responsible", grantReason(t, e, d3.ID, p1.ID))

	// p2 already reads d2 through a direct share: the rule leaves that grant alone.
	pgtest.Exec(t, e.pool, `INSERT INTO document_access (id, document_id, principal_type, principal_id, permission, granted_by, grant_reason)
		VALUES ($1, $2, 'user', $3, 'read', $4, 'direct')`, uuid.Must(uuid.NewV7()), d2.ID, p2.ID, a.ID)
	_, err := e.svc.SetResponsible(c.in(ctx), a.ID, []uuid.UUID{p2.ID}, nil)
	require.NoError(t, err)
	require.Equal(t, "agent_responsible", grantReason(t, e, d1.ID, p2.ID))
	require.Equal(t, "direct", grantReason(t, e, d2.ID, p2.ID))
	require.Equal(t, "agent_responsible", grantReason(t, e, d3.ID, p2.ID))
	var batches int
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT count(DISTINCT batch_id) FROM document_access
		WHERE principal_id = $1 AND grant_reason = 'agent_responsible'`, p2.ID).Scan(&batches))
	require.Equal(t, 1, batches, "one batch for the change")
	ns := notificationsTo(t, e.pool, p2.ID)
	require.Equal(t, 1, countType(ns, "access.granted"), "one notification for the change")
	for _, n := range ns {
		if n.Type == "access.granted" {
			require.EqualValues(t, 2, n.Payload["count"])
		}
	}

	// A folder share of the agent's covering d3 names p2: p2 keeps d3 when removed.
	pgtest.Exec(t, e.pool, `INSERT INTO folder_shares (id, owner_id, space, path, principal_type, principal_id, permission)
		VALUES ($1, $2, 'output', 'reports/kept', 'user', $3, 'read')`, uuid.Must(uuid.NewV7()), a.ID, p2.ID)
	_, err = e.svc.SetResponsible(c.in(ctx), a.ID, nil, []uuid.UUID{p2.ID})
	require.NoError(t, err)
	require.Equal(t, "", grantReason(t, e, d1.ID, p2.ID), "the rule's grant is revoked")
	require.Equal(t, "direct", grantReason(t, e, d2.ID, p2.ID), "a direct share stays")
	require.Equal(t, "folder", grantReason(t, e, d3.ID, p2.ID), "a folder share still justifies it")
	ns = notificationsTo(t, e.pool, p2.ID)
	require.Equal(t, 1, countType(ns, "access.revoked"), "one notification for the change")
	for _, n := range ns {
		if n.Type == "access.revoked" {
			require.EqualValues(t, 1, n.Payload["count"])
		}
	}
	// p1 still reads all three.
	for _, d := range []uuid.UUID{d1.ID, d2.ID, d3.ID} {
		require.Equal(t, "agent_responsible", grantReason(t, e, d, p1.ID))
	}
}
