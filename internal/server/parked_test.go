package server_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

func TestManagementSeesParkedEventsByIdAndRetriesThem(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	owner := pgtest.CreatePerson(t, b.pool)
	ownerTok := pgtest.CreatePersonToken(t, b.pool, owner.ID)
	mt := pgtest.CreateManageToken(t, b.pool)
	d := b.gql(t, ownerTok, `mutation($i: CreateDocumentInput!) { createDocument(input: $i) { document { id } } }`, map[string]any{"i": map[string]any{
		"space": "WIKI", "slug": "zqxslugmarker", "title": "zqxtitlemarker", "content": "zqxbodymarker [a](b.md)",
	}})
	doc := obj(d, "createDocument", "document", "id").(string)
	// The link resolver parked on the document's event, as a worker parks it.
	var event string
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT id::text FROM events WHERE document_id = $1 LIMIT 1`, doc).Scan(&event))
	_, err := b.pool.Exec(ctx, `INSERT INTO outbox_parked (event_id, consumer, attempts, error_class) VALUES ($1, 'link-resolver', 10, 'timeout')`, event)
	require.NoError(t, err)
	b.drain(t)

	list := b.do(t, req{query: `{ manageParkedEvents { eventId consumer eventType subjectType attempts errorClass parkedAt } }`, bearer: mt})
	require.Empty(t, list.Errors)
	raw, _ := json.Marshal(list.Data)
	for _, marker := range []string{"zqxslugmarker", "zqxtitlemarker", "zqxbodymarker"} {
		require.NotContains(t, string(raw), marker)
	}
	parked := obj(list.Data, "manageParkedEvents").([]any)
	require.Len(t, parked, 1)
	require.Equal(t, event, obj(parked[0], "eventId"))
	require.Equal(t, "link-resolver", obj(parked[0], "consumer"))
	require.Equal(t, "timeout", obj(parked[0], "errorClass"))
	require.EqualValues(t, 10, obj(parked[0], "attempts"))

	require.Equal(t, "FORBIDDEN", b.do(t, req{query: `{ manageParkedEvents { eventId } }`, bearer: ownerTok}).code())
	require.Equal(t, "BAD_USER_INPUT", b.do(t, req{query: `{ manageParkedEvents(first: 501) { eventId } }`, bearer: mt}).code())

	retry := `mutation($i: RetryParkedEventInput!) { retryParkedEvent(input: $i) { parkedEvent { eventId consumer } } }`
	vars := map[string]any{"i": map[string]any{"eventId": event, "consumer": "link-resolver"}}
	require.Equal(t, "FORBIDDEN", b.do(t, req{query: retry, variables: vars, bearer: ownerTok}).code())
	r := b.do(t, req{query: retry, variables: vars, bearer: mt})
	require.Empty(t, r.Errors)
	require.Equal(t, event, obj(r.Data, "retryParkedEvent", "parkedEvent", "eventId"))
	require.Equal(t, "NOT_FOUND", b.do(t, req{query: retry, variables: vars, bearer: mt}).code(), "no longer parked")
	b.drain(t)
	var handled bool
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT processed_at IS NOT NULL AND 'link-resolver' = ANY(handled_by) FROM events WHERE id = $1`, event).Scan(&handled))
	require.True(t, handled, "delivered again")
	var audits int
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT count(*) FROM management_audit WHERE action = 'outbox.retry' AND via = 'token'`).Scan(&audits))
	require.Equal(t, 1, audits)
}
