package inbox_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/inbox"
	"codna/internal/pgtest"
	"codna/migrations"
)

// Migration 000009 scrubs the addresses stored in link decisions before
// payloads held ids only, and touches nothing else; even unscrubbed, the
// inbox never shows a stored address unchecked.
func TestStoredLinkAddressesAreScrubbed(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	ctx := context.Background()
	p := pgtest.CreatePerson(t, b.pool)
	old := `{"from": "wiki:kb/t", "to": "wiki:kb/t2", "href": "../kb/t.md", "sourceId": "s", "targetId": "00000000-0000-7000-8000-000000000009", "at": "x"}`
	insert := func(typ string, decision bool, payload string) uuid.UUID {
		id := uuid.Must(uuid.NewV7())
		subject := uuid.Must(uuid.NewV7())
		_, err := b.pool.Exec(ctx, `INSERT INTO notifications (id, recipient_id, type, subject_type, subject_id, payload, requires_decision)
			VALUES ($1, $2, $3, 'link', $4, $5, $6)`, id, p.ID, typ, subject, payload, decision)
		require.NoError(t, err)
		return id
	}
	moved := insert(inbox.TypeLinkTargetMoved, true, old)
	deleted := insert(inbox.TypeLinkTargetDeleted, true, old)
	other := insert(inbox.TypeAutomationMessage, false, `{"to": "someone", "from": "somewhere"}`)

	// Read before the scrub: nothing stored is shown for a link nobody can read.
	ns, _, err := b.svc.List(pgtest.ActingAs(p), inbox.Filter{}, nil, 10)
	require.NoError(t, err)
	for _, n := range ns {
		if n.RequiresDecision {
			require.NotContains(t, n.Payload, "from")
			require.NotContains(t, n.Payload, "to")
			require.NotContains(t, n.Payload, "href")
			require.NotContains(t, n.Payload, "targetId")
			require.Equal(t, inbox.UnreadableTarget, n.Payload["target"])
		}
	}

	up, err := migrations.FS.ReadFile("000009_notification_ids_only.up.sql")
	require.NoError(t, err)
	_, err = b.pool.Exec(ctx, string(up))
	require.NoError(t, err)
	payload := func(id uuid.UUID) map[string]any {
		var m map[string]any
		require.NoError(t, b.pool.QueryRow(ctx, `SELECT payload FROM notifications WHERE id = $1`, id).Scan(&m))
		return m
	}
	for _, id := range []uuid.UUID{moved, deleted} {
		require.Equal(t, map[string]any{"sourceId": "s", "targetId": "00000000-0000-7000-8000-000000000009", "at": "x"}, payload(id))
	}
	require.Equal(t, map[string]any{"to": "someone", "from": "somewhere"}, payload(other), "other types keep theirs")
}
