package main

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/outbox"
	"codna/internal/pgtest"
)

func TestManageParkedOutboxEventsFromTheCLI(t *testing.T) {
	d := pgtest.New(t)
	t.Setenv("CODNA_DATABASE_URL", d.URL)
	ctx := context.Background()
	id, err := outbox.WriteInTx(ctx, d.Pool, outbox.Event{Type: "document.updated", SubjectType: "document", Payload: map[string]string{"title": "zqxmarker"}})
	require.NoError(t, err)
	_, err = d.Pool.Exec(ctx, `UPDATE events SET processed_at = now() WHERE id = $1`, id)
	require.NoError(t, err)
	_, err = d.Pool.Exec(ctx, `INSERT INTO outbox_parked (event_id, consumer, attempts, error_class) VALUES ($1, 'link-resolver', 3, 'error')`, id)
	require.NoError(t, err)

	out, _, err := runCLI(t, "", "manage", "outbox", "parked")
	require.NoError(t, err)
	require.Contains(t, out, id.String())
	require.Contains(t, out, "link-resolver")
	require.Contains(t, out, "document.updated")
	require.NotContains(t, out, "zqxmarker")

	_, _, err = runCLI(t, "", "manage", "outbox", "retry", "--id", id.String())
	require.ErrorContains(t, err, "--consumer")
	_, _, err = runCLI(t, "", "manage", "outbox", "retry", "--id", id.String(), "--consumer", "other")
	require.ErrorContains(t, err, "NOT_FOUND")
	out, _, err = runCLI(t, "", "manage", "outbox", "retry", "--id", id.String(), "--consumer", "link-resolver")
	require.NoError(t, err)
	require.Contains(t, out, "back in the queue for link-resolver")

	var parked, unprocessed int
	require.NoError(t, d.Pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM outbox_parked), (SELECT count(*) FROM events WHERE processed_at IS NULL)`).Scan(&parked, &unprocessed))
	require.Zero(t, parked)
	require.Equal(t, 1, unprocessed, "back in the queue")
	var via string
	require.NoError(t, d.Pool.QueryRow(ctx, `SELECT via FROM management_audit WHERE action = 'outbox.retry'`).Scan(&via))
	require.Equal(t, "cli", via)
}
