package watch

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/outbox"
	"codna/internal/pgtest"
)

// event writes an outbox event about doc by actor, as its producer would,
// and returns it as the consumer sees it, dated at.
func event(t *testing.T, ctx context.Context, d *pgtest.DB, typ string, doc uuid.UUID, actor *uuid.UUID, payload any, at time.Time) outbox.Stored {
	t.Helper()
	id, err := outbox.WriteInTx(ctx, d.Pool, outbox.Event{Type: typ, SubjectType: "document", SubjectID: &doc, DocumentID: &doc, ActorID: actor, Payload: payload})
	require.NoError(t, err)
	raw, _ := json.Marshal(payload)
	if payload == nil {
		raw = []byte("{}")
	}
	return outbox.Stored{ID: id, Type: typ, SubjectType: "document", SubjectID: &doc, DocumentID: &doc, ActorID: actor, Payload: raw, CreatedAt: at}
}

func told(t *testing.T, d *pgtest.DB, person, doc uuid.UUID) int {
	t.Helper()
	return pgtest.Count(t, d.Pool, `SELECT count(*) FROM notifications WHERE recipient_id = $1 AND subject_id = $2 AND type = 'watch.updated'`, person, doc)
}

// The fan-out tells the watchers who can read the page now, never the
// actor, a stranger or a deactivated person, once per (person, page) in
// the window however many events, and makes the author watch a new page.
func TestFanOutReachesReadersOnceInTheWindow(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	s := New(d.Pool)
	f := s.FanOut()
	ctx := context.Background()
	owner := pgtest.CreatePerson(t, d.Pool)
	pageWatcher := pgtest.CreatePerson(t, d.Pool)
	folderWatcher := pgtest.CreatePerson(t, d.Pool)
	stranger := pgtest.CreatePerson(t, d.Pool)
	gone := pgtest.CreatePerson(t, d.Pool)
	writer := pgtest.CreatePerson(t, d.Pool)
	muter := pgtest.CreatePerson(t, d.Pool)

	for _, p := range []pgtest.Person{folderWatcher, stranger, muter} {
		_, err := s.WatchFolder(pgtest.ActingAs(p), "wiki", "ops")
		require.NoError(t, err)
	}
	doc := pgtest.CreateDocument(t, d.Pool, owner.ID, pgtest.Doc{Slug: "runbook", Path: "ops/deploy"})
	for _, p := range []pgtest.Person{pageWatcher, folderWatcher, gone, muter} {
		pgtest.Grant(t, d.Pool, doc.ID, "user", p.ID, "read")
	}
	pgtest.Grant(t, d.Pool, doc.ID, "user", writer.ID, "write")
	require.NoError(t, s.UnwatchDocument(pgtest.ActingAs(muter), doc.ID))
	pgtest.Exec(t, d.Pool, `UPDATE users SET is_active = false WHERE id = $1`, gone.ID)

	now := time.Now()
	created := event(t, ctx, d, "document.created", doc.ID, &owner.ID, nil, now)
	require.NoError(t, f.HandleBatch(ctx, []outbox.Stored{created}))
	require.Equal(t, 1, pgtest.Count(t, d.Pool, `SELECT count(*) FROM watches WHERE user_id = $1 AND document_id = $2 AND source = 'author'`, owner.ID, doc.ID), "the author watches their page")
	require.Equal(t, 1, told(t, d, folderWatcher.ID, doc.ID), "a new page in a watched folder")
	require.Zero(t, told(t, d, owner.ID, doc.ID), "never the actor")
	for _, p := range []pgtest.Person{pageWatcher, gone, writer} {
		_, err := s.WatchDocument(pgtest.ActingAs(p), doc.ID)
		require.NoError(t, err)
	}

	var edits []outbox.Stored
	for i := range 10 {
		edits = append(edits, event(t, ctx, d, "document.updated", doc.ID, &writer.ID, map[string]any{"changeKind": "content"}, now.Add(time.Duration(i)*time.Second)))
	}
	require.NoError(t, f.HandleBatch(ctx, edits))
	require.NoError(t, f.HandleBatch(ctx, edits[3:4]), "a redelivered event adds nothing")
	require.Equal(t, 1, told(t, d, owner.ID, doc.ID), "10 edits in the window: one notification")
	require.Equal(t, 1, told(t, d, pageWatcher.ID, doc.ID))
	require.Equal(t, 1, told(t, d, folderWatcher.ID, doc.ID), "within the window of the first")
	require.Zero(t, told(t, d, writer.ID, doc.ID), "never the actor")
	require.Zero(t, told(t, d, stranger.ID, doc.ID), "never a page they cannot read")
	require.Zero(t, told(t, d, gone.ID, doc.ID), "deactivated people get nothing")
	require.Zero(t, told(t, d, muter.ID, doc.ID), "a page mute beats the folder watch")

	var payload map[string]any
	require.NoError(t, d.Pool.QueryRow(ctx, `SELECT payload FROM notifications WHERE recipient_id = $1 AND subject_id = $2`, pageWatcher.ID, doc.ID).Scan(&payload))
	at, err := time.Parse(time.RFC3339Nano, payload["at"].(string))
	require.NoError(t, err)
	require.WithinDuration(t, edits[0].CreatedAt, at, time.Millisecond, "the time of the event it tells of")
	delete(payload, "at")
	require.Equal(t, map[string]any{"documentId": doc.ID.String(), "event": "document.updated", "actorId": writer.ID.String()}, payload, "ids only")

	// Past the window, an automation's edit says so.
	auto := uuid.New()
	later := event(t, outbox.WithAutomation(ctx, auto), d, "document.updated", doc.ID, &writer.ID, nil, now.Add(11*time.Minute))
	require.NoError(t, f.HandleBatch(ctx, []outbox.Stored{later}))
	require.Equal(t, 2, told(t, d, pageWatcher.ID, doc.ID))
	require.NoError(t, d.Pool.QueryRow(ctx, `SELECT payload FROM notifications WHERE recipient_id = $1 AND subject_id = $2 ORDER BY created_at DESC, payload->>'automationId' NULLS LAST LIMIT 1`, pageWatcher.ID, doc.ID).Scan(&payload))
	require.Equal(t, auto.String(), payload["automationId"])

	// A reply is no new thread; a new thread and a resolved one are.
	reply := event(t, ctx, d, "comment.created", doc.ID, &writer.ID, map[string]any{"first": false}, now.Add(22*time.Minute))
	require.NoError(t, f.HandleBatch(ctx, []outbox.Stored{reply}))
	require.Equal(t, 2, told(t, d, pageWatcher.ID, doc.ID))
	thread := event(t, ctx, d, "comment.created", doc.ID, &writer.ID, map[string]any{"first": true}, now.Add(22*time.Minute))
	require.NoError(t, f.HandleBatch(ctx, []outbox.Stored{thread}))
	require.Equal(t, 3, told(t, d, pageWatcher.ID, doc.ID))

	// Quarantine stops every watcher but the owner.
	pgtest.Exec(t, d.Pool, `UPDATE documents SET quarantined_at = now() WHERE id = $1`, doc.ID)
	q := event(t, ctx, d, "document.updated", doc.ID, &writer.ID, nil, now.Add(33*time.Minute))
	require.NoError(t, f.HandleBatch(ctx, []outbox.Stored{q}))
	require.Equal(t, 3, told(t, d, pageWatcher.ID, doc.ID))
	require.Equal(t, 4, told(t, d, owner.ID, doc.ID), "the owner still hears")
	pgtest.Exec(t, d.Pool, `UPDATE documents SET quarantined_at = NULL WHERE id = $1`, doc.ID)

	// A trashing reaches those who could read the page but for the trash.
	pgtest.Exec(t, d.Pool, `UPDATE documents SET deleted_at = now() WHERE id = $1`, doc.ID)
	trash := event(t, ctx, d, "document.deleted", doc.ID, &writer.ID, nil, now.Add(44*time.Minute))
	require.NoError(t, f.HandleBatch(ctx, []outbox.Stored{trash}))
	require.Equal(t, 4, told(t, d, pageWatcher.ID, doc.ID))
}

// A page with 1,000 watchers edited once makes 1,000 notifications in one
// statement.
func TestFanOutThousandWatchersOneStatement(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	f := New(d.Pool).FanOut()
	ctx := context.Background()
	owner := pgtest.CreatePerson(t, d.Pool)
	doc := pgtest.CreateDocument(t, d.Pool, owner.ID, pgtest.Doc{Slug: "busy"})
	pgtest.Exec(t, d.Pool, `WITH u AS (
		INSERT INTO users (id, email, name) SELECT gen_random_uuid(), 'w' || i || '@example.com', 'W' || i FROM generate_series(1, 1000) i RETURNING id)
		, g AS (INSERT INTO document_access (id, document_id, principal_type, principal_id, permission) SELECT gen_random_uuid(), $1, 'user', id, 'read' FROM u)
		INSERT INTO watches (id, user_id, document_id, source) SELECT gen_random_uuid(), id, $1, 'manual' FROM u`, doc.ID)
	e := event(t, ctx, d, "document.updated", doc.ID, &owner.ID, nil, time.Now())
	require.NoError(t, f.HandleBatch(ctx, []outbox.Stored{e}))
	require.Equal(t, 1000, pgtest.Count(t, d.Pool, `SELECT count(*) FROM notifications WHERE subject_id = $1 AND type = 'watch.updated'`, doc.ID))
}
