package watch_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/document"
	"codna/internal/manage"
	"codna/internal/outbox"
	"codna/internal/pgtest"
	"codna/internal/watch"
)

// eventsOf reads the events written about doc of one type, as the
// consumer sees them.
func eventsOf(t *testing.T, d *pgtest.DB, doc uuid.UUID, typ string) []outbox.Stored {
	t.Helper()
	rows, err := d.Pool.Query(context.Background(), `SELECT id, event_type, subject_type, subject_id, document_id, actor_id, payload, created_at
		FROM events WHERE document_id = $1 AND event_type = $2 ORDER BY created_at, id`, doc, typ)
	require.NoError(t, err)
	defer rows.Close()
	var out []outbox.Stored
	for rows.Next() {
		var s outbox.Stored
		var payload []byte
		require.NoError(t, rows.Scan(&s.ID, &s.Type, &s.SubjectType, &s.SubjectID, &s.DocumentID, &s.ActorID, &payload, &s.CreatedAt))
		s.Payload = payload
		out = append(out, s)
	}
	return out
}

// The lifecycle (docs/design.md, "Watches"): a transfer makes the new
// owner watch the pages handed over (a mute of theirs wins); a purge
// deletes the page's watches; a deactivated person's watches stay but
// tell them nothing (TestFanOutReachesReadersOnceInTheWindow), as does
// quarantine for all but the owner.
func TestLifecycleTransferAndPurge(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	s := watch.New(d.Pool)
	f := s.FanOut()
	ctx := context.Background()
	leaver := pgtest.CreatePerson(t, d.Pool)
	heir := pgtest.CreatePerson(t, d.Pool)
	watcher := pgtest.CreatePerson(t, d.Pool)
	a := pgtest.CreateDocument(t, d.Pool, leaver.ID, pgtest.Doc{Slug: "a"})
	b := pgtest.CreateDocument(t, d.Pool, leaver.ID, pgtest.Doc{Slug: "b"})
	pgtest.Grant(t, d.Pool, a.ID, "user", heir.ID, "read")
	pgtest.Grant(t, d.Pool, a.ID, "user", watcher.ID, "read")
	require.NoError(t, s.UnwatchDocument(pgtest.ActingAs(heir), a.ID), "the heir muted a before")
	_, err := s.WatchDocument(pgtest.ActingAs(watcher), a.ID)
	require.NoError(t, err)

	_, err = manage.New(d.Pool, auth.CheapArgon2, nil).Transfer(pgtest.ActingAsManagement(), leaver.ID, heir.ID)
	require.NoError(t, err)
	var events []outbox.Stored
	for _, doc := range []uuid.UUID{a.ID, b.ID} {
		events = append(events, eventsOf(t, d, doc, "document.transferred")...)
	}
	require.Len(t, events, 2)
	require.NoError(t, f.HandleBatch(ctx, events))
	st, err := s.States(pgtest.ActingAs(heir), []*document.Doc{a, b})
	require.NoError(t, err)
	require.False(t, st[a].Watching, "a mute wins")
	require.True(t, st[b].Watching, "the new owner watches the pages handed over")
	require.Equal(t, 1, pgtest.Count(t, d.Pool, `SELECT count(*) FROM watches WHERE user_id = $1 AND source = 'owner'`, heir.ID))
	require.Zero(t, pgtest.Count(t, d.Pool, `SELECT count(*) FROM notifications WHERE type = 'watch.updated'`), "a transfer tells no watcher")

	docs := document.New(d.Pool, document.DefaultConfig)
	_, err = docs.Delete(pgtest.ActingAs(heir), a.ID)
	require.NoError(t, err)
	require.NoError(t, docs.Purge(pgtest.ActingAs(heir), a.ID))
	require.Zero(t, pgtest.Count(t, d.Pool, `SELECT count(*) FROM watches WHERE document_id = $1`, a.ID), "a purge deletes the page's watches")
	require.NoError(t, f.HandleBatch(ctx, []outbox.Stored{{ID: uuid.Must(uuid.NewV7()), Type: "document.updated", DocumentID: &a.ID, ActorID: &heir.ID, Payload: []byte("{}"), CreatedAt: time.Now()}}), "an event on a purged page tells nobody")
}
