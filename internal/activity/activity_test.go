package activity

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/outbox"
	"codna/internal/pgtest"
)

// event writes an outbox event about doc by actor, as its producer would,
// and returns it as the consumer sees it, dated at.
func event(t *testing.T, d *pgtest.DB, typ string, doc uuid.UUID, actor *uuid.UUID, payload map[string]any, at time.Time) outbox.Stored {
	t.Helper()
	id, err := outbox.WriteInTx(context.Background(), d.Pool, outbox.Event{Type: typ, SubjectType: "document", SubjectID: &doc, DocumentID: &doc, ActorID: actor, Payload: payload})
	require.NoError(t, err)
	raw := []byte("{}")
	if payload != nil {
		raw, _ = json.Marshal(payload)
	}
	return outbox.Stored{ID: id, Type: typ, SubjectType: "document", SubjectID: &doc, DocumentID: &doc, ActorID: actor, Payload: raw, CreatedAt: at}
}

// documentEvents reads the events the documents service wrote for doc, in
// order, as the consumer sees them.
func documentEvents(t *testing.T, d *pgtest.DB, doc uuid.UUID) []outbox.Stored {
	t.Helper()
	rows, err := d.Pool.Query(context.Background(), `SELECT id, event_type, subject_type, subject_id, document_id, actor_id, payload, created_at
		FROM events WHERE document_id = $1 ORDER BY created_at, id`, doc)
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

func actionsOf(es []Entry) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.Action
	}
	return out
}

// Edits by one actor on one page within 5 minutes fold into one entry with
// the latest change summary; a redelivered event changes nothing; a later
// edit or another actor's is an entry of its own; a purge takes the page's
// entries.
func TestRecorderFoldsEditsAndIsIdempotent(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	s := New(d.Pool, 0)
	r := s.Recorder()
	ctx := context.Background()
	owner := pgtest.CreatePerson(t, d.Pool)
	writer := pgtest.CreatePerson(t, d.Pool)
	docs := document.New(d.Pool, document.DefaultConfig)
	doc := pgtest.CreateDocument(t, d.Pool, owner.ID, pgtest.Doc{Slug: "runbook", Content: "one"})
	pgtest.Grant(t, d.Pool, doc.ID, "user", writer.ID, "write")
	summary := "fix the port"
	_, _, err := docs.Update(pgtest.ActingAs(owner), document.UpdateInput{ID: doc.ID, ExpectedVersion: 1, Content: pgtest.Ptr("two"), ChangeSummary: &summary})
	require.NoError(t, err)
	real := documentEvents(t, d, doc.ID)
	require.Len(t, real, 2)
	require.NoError(t, r.HandleBatch(ctx, real))

	t0 := real[1].CreatedAt
	more := []outbox.Stored{
		event(t, d, "document.updated", doc.ID, &owner.ID, nil, t0.Add(time.Minute)),
		event(t, d, "document.updated", doc.ID, &owner.ID, map[string]any{"changeSummary": "later"}, t0.Add(4*time.Minute)),
		event(t, d, "document.updated", doc.ID, &writer.ID, nil, t0.Add(4*time.Minute+time.Second)),
		event(t, d, "document.updated", doc.ID, &owner.ID, nil, t0.Add(10*time.Minute)),
	}
	require.NoError(t, r.HandleBatch(ctx, more))
	require.NoError(t, r.HandleBatch(ctx, append(real, more...)), "a redelivered batch changes nothing")
	require.NoError(t, r.HandleBatch(ctx, more[1:2]), "nor one redelivered event")

	es, hasMore, err := s.List(pgtest.ActingAs(owner), Filter{}, nil, 50)
	require.NoError(t, err)
	require.False(t, hasMore)
	require.Equal(t, []string{ActionEdited, ActionEdited, ActionEdited, ActionCreated}, actionsOf(es))
	require.Equal(t, 1, es[0].Count, "the edit 10 minutes on")
	require.Equal(t, writer.ID, *es[1].ActorID, "another actor's edit is its own entry")
	require.Equal(t, 3, es[2].Count, "three edits within 5 minutes of each other")
	require.Equal(t, "later", *es[2].ChangeSummary)
	require.Equal(t, 4, pgtest.Count(t, d.Pool, `SELECT count(*) FROM activity`))

	// Purge: the page's entries go with it.
	_, err = docs.Delete(pgtest.ActingAs(owner), doc.ID)
	require.NoError(t, err)
	require.NoError(t, r.HandleBatch(ctx, documentEvents(t, d, doc.ID)))
	es, _, _ = s.List(pgtest.ActingAs(owner), Filter{DocumentID: &doc.ID}, nil, 50)
	require.Contains(t, actionsOf(es), ActionTrashed, "the owner still reads a trashed page's activity")
	require.NoError(t, docs.Purge(pgtest.ActingAs(owner), doc.ID))
	require.Zero(t, pgtest.Count(t, d.Pool, `SELECT count(*) FROM activity`))
	require.NoError(t, r.HandleBatch(ctx, more[:1]), "an event on a purged page writes nothing")
	require.Zero(t, pgtest.Count(t, d.Pool, `SELECT count(*) FROM activity`))
}

// Nothing about a page reaches someone who cannot read it now: the list
// is filtered by the read rule for every kind of caller, a share's
// recipients are shown only to the sharer and the owner, and standing
// rules' grants are not recorded.
func TestListFollowsTheReadRule(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	s := New(d.Pool, 0)
	r := s.Recorder()
	ctx := context.Background()
	owner := pgtest.CreatePerson(t, d.Pool)
	reader := pgtest.CreatePerson(t, d.Pool)
	writer := pgtest.CreatePerson(t, d.Pool)
	stranger := pgtest.CreatePerson(t, d.Pool)
	shared := pgtest.CreateAgent(t, d.Pool, owner.ID)
	unshared := pgtest.CreateAgent(t, d.Pool, owner.ID)
	doc := pgtest.CreateDocument(t, d.Pool, owner.ID, pgtest.Doc{Slug: "a", Path: "ops"})
	private := pgtest.CreateDocument(t, d.Pool, owner.ID, pgtest.Doc{Slug: "b", Path: "hr"})
	pgtest.Grant(t, d.Pool, doc.ID, "user", reader.ID, "read")
	pgtest.Grant(t, d.Pool, doc.ID, "user", writer.ID, "write")
	pgtest.Grant(t, d.Pool, doc.ID, "user", shared.ID, "read")

	now := time.Now()
	require.NoError(t, r.HandleBatch(ctx, []outbox.Stored{
		event(t, d, "document.created", doc.ID, &owner.ID, nil, now),
		event(t, d, "document.created", private.ID, &owner.ID, nil, now.Add(time.Second)),
		event(t, d, "access.granted", doc.ID, &owner.ID, map[string]any{"principalType": "user", "principalId": reader.ID, "permission": "read", "reason": "direct"}, now.Add(2*time.Second)),
		event(t, d, "access.granted", doc.ID, &owner.ID, map[string]any{"principalType": "group", "principalId": uuid.New(), "permission": "read", "reason": "space_default"}, now.Add(3*time.Second)),
		event(t, d, "document.updated", doc.ID, &writer.ID, nil, now.Add(4*time.Second)),
		event(t, d, "comment.created", private.ID, &owner.ID, map[string]any{"first": true}, now.Add(5*time.Second)),
	}))

	list := func(ctx context.Context, f Filter) []Entry {
		t.Helper()
		es, _, err := s.List(ctx, f, nil, 50)
		require.NoError(t, err)
		return es
	}
	require.Equal(t, []string{ActionCommented, ActionEdited, ActionShared, ActionCreated, ActionCreated}, actionsOf(list(pgtest.ActingAs(owner), Filter{})))
	for _, who := range []context.Context{pgtest.ActingAs(reader), pgtest.ActingAs(writer), pgtest.ActingAsAgent(shared)} {
		es := list(who, Filter{})
		require.Equal(t, []string{ActionEdited, ActionShared, ActionCreated}, actionsOf(es), "only the page they read")
		require.Nil(t, es[1].Detail, "a share's recipients: the sharer's and the owner's to see")
	}
	require.Equal(t, reader.ID.String(), list(pgtest.ActingAs(owner), Filter{})[2].Detail["principalId"])
	for _, who := range []context.Context{pgtest.ActingAs(stranger), pgtest.ActingAsAgent(unshared), pgtest.ActingAsManagement()} {
		require.Empty(t, list(who, Filter{}), "nothing about pages they cannot read")
		_, _, err := s.List(who, Filter{DocumentID: &doc.ID}, nil, 50)
		pgtest.RequireCode(t, err, fault.NotFound, "")
	}
	_, _, err := s.List(pgtest.ActingAs(reader), Filter{DocumentID: &private.ID}, nil, 50)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	_, _, err = s.List(context.Background(), Filter{}, nil, 50)
	pgtest.RequireCode(t, err, fault.Unauthenticated, "")

	// Filters.
	ownerCtx := pgtest.ActingAs(owner)
	require.Len(t, list(ownerCtx, Filter{DocumentID: &private.ID}), 2)
	require.Len(t, list(ownerCtx, Filter{PathPrefix: pgtest.Ptr("hr")}), 2)
	require.Len(t, list(ownerCtx, Filter{PathPrefix: pgtest.Ptr("o")}), 0, "a prefix is whole folders")
	sp := document.SpaceOutput
	require.Empty(t, list(ownerCtx, Filter{Space: &sp}))
	require.Equal(t, []string{ActionEdited}, actionsOf(list(ownerCtx, Filter{ActorID: &writer.ID})))
	_, _, err = s.List(ownerCtx, Filter{PathPrefix: pgtest.Ptr("a//b")}, nil, 50)
	pgtest.RequireCode(t, err, fault.BadInput, "pathPrefix")
	_, _, err = s.List(ownerCtx, Filter{}, nil, 101)
	pgtest.RequireCode(t, err, fault.BadInput, "first")

	// Pages: two at a time, in order, nothing twice.
	var seen []uuid.UUID
	var after *Cursor
	for {
		es, more, err := s.List(ownerCtx, Filter{}, after, 2)
		require.NoError(t, err)
		for i := range es {
			seen = append(seen, es[i].ID)
		}
		if !more {
			break
		}
		c := CursorOf(&es[len(es)-1])
		after = &c
	}
	require.Len(t, seen, 5)

	// Losing access, quarantine: gone now.
	pgtest.Exec(t, d.Pool, `DELETE FROM document_access WHERE document_id = $1 AND principal_id = $2`, doc.ID, reader.ID)
	require.Empty(t, list(pgtest.ActingAs(reader), Filter{}))
	pgtest.Exec(t, d.Pool, `UPDATE documents SET quarantined_at = now() WHERE id = $1`, doc.ID)
	require.Empty(t, list(pgtest.ActingAs(writer), Filter{}))
	require.Len(t, list(ownerCtx, Filter{}), 5, "the owner still reads a quarantined page")
}

// With many pages and statistics, the list takes the probe (a reader of a
// few pages) and the walk (a reader of most): both give the same answer as
// the rule.
func TestListWaysAgree(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	s := New(d.Pool, 0)
	owner := pgtest.CreatePerson(t, d.Pool)
	reader := pgtest.CreatePerson(t, d.Pool)
	pgtest.Exec(t, d.Pool, `INSERT INTO documents (id, space, path, slug, title, content, content_hash, created_by)
		SELECT gen_random_uuid(), 'wiki', 'bulk', 'p' || i, 'P' || i, '', '', $1 FROM generate_series(1, 400) i`, owner.ID)
	pgtest.Exec(t, d.Pool, `INSERT INTO activity (id, document_id, actor_id, action, first_event_id, last_event_id, first_at, at)
		SELECT gen_random_uuid(), d.id, $1, 'edited', gen_random_uuid(), gen_random_uuid(), now() - (i || ' seconds')::interval, now() - (i || ' seconds')::interval
		FROM (SELECT id, row_number() OVER (ORDER BY id) AS i FROM documents) d, generate_series(1, 3)`, owner.ID)
	pgtest.Exec(t, d.Pool, `INSERT INTO document_access (id, document_id, principal_type, principal_id, permission)
		SELECT gen_random_uuid(), id, 'user', $1, 'read' FROM documents ORDER BY id LIMIT 3`, reader.ID)
	pgtest.Exec(t, d.Pool, `ANALYZE documents`)

	es, more, err := s.List(pgtest.ActingAs(reader), Filter{}, nil, 50)
	require.NoError(t, err)
	require.False(t, more)
	require.Len(t, es, 9, "three entries on each of three pages")
	es, more, err = s.List(pgtest.ActingAs(owner), Filter{}, nil, 50)
	require.NoError(t, err)
	require.True(t, more)
	require.Len(t, es, 50)
	for i := 1; i < len(es); i++ {
		require.False(t, es[i].At.After(es[i-1].At), "newest first")
	}
}

// Prune deletes what is past the retention, as the system only.
func TestPruneKeepsTheRetention(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	s := New(d.Pool, 24*time.Hour)
	owner := pgtest.CreatePerson(t, d.Pool)
	doc := pgtest.CreateDocument(t, d.Pool, owner.ID, pgtest.Doc{})
	pgtest.Exec(t, d.Pool, `INSERT INTO activity (id, document_id, actor_id, action, first_event_id, last_event_id, first_at, at) VALUES
		(gen_random_uuid(), $1, $2, 'edited', gen_random_uuid(), gen_random_uuid(), now() - interval '2 days', now() - interval '2 days'),
		(gen_random_uuid(), $1, $2, 'edited', gen_random_uuid(), gen_random_uuid(), now() - interval '1 hour', now() - interval '1 hour')`, doc.ID, owner.ID)
	_, err := s.Prune(pgtest.ActingAs(owner))
	pgtest.RequireCode(t, err, fault.Forbidden, "")
	n, err := s.Prune(auth.SystemContext(context.Background()))
	require.NoError(t, err)
	require.EqualValues(t, 1, n)
	require.Equal(t, 1, pgtest.Count(t, d.Pool, `SELECT count(*) FROM activity`))
}

// A mention.created event is counted once for the usage report (who
// mentioned, when), and is no activity entry.
func TestRecorderCountsMentions(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	r := New(d.Pool, 0).Recorder()
	owner := pgtest.CreatePerson(t, d.Pool)
	doc := pgtest.CreateDocument(t, d.Pool, owner.ID, pgtest.Doc{})
	e := event(t, d, EventMention, doc.ID, &owner.ID, map[string]any{"user_id": uuid.New(), "source": "revision"}, time.Now())
	require.NoError(t, r.HandleBatch(context.Background(), []outbox.Stored{e, e}))
	require.Equal(t, 1, pgtest.Count(t, d.Pool, `SELECT count(*) FROM usage_mentions WHERE actor_id = $1`, owner.ID))
	require.Zero(t, pgtest.Count(t, d.Pool, `SELECT count(*) FROM activity`))
}

// CountWindows counts others' events on a page from a time for a span,
// and nothing on a page its caller cannot read.
func TestCountWindows(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	s := New(d.Pool, 0)
	owner := pgtest.CreatePerson(t, d.Pool)
	reader := pgtest.CreatePerson(t, d.Pool)
	doc := pgtest.CreateDocument(t, d.Pool, owner.ID, pgtest.Doc{})
	hidden := pgtest.CreateDocument(t, d.Pool, owner.ID, pgtest.Doc{})
	pgtest.Grant(t, d.Pool, doc.ID, "user", reader.ID, "read")
	now := time.Now()
	var es []outbox.Stored
	for i, at := range []time.Duration{0, time.Minute, 2 * time.Minute, 20 * time.Minute} {
		es = append(es, event(t, d, "document.updated", doc.ID, &owner.ID, map[string]any{"i": i}, now.Add(at)))
		es = append(es, event(t, d, "document.updated", hidden.ID, &owner.ID, nil, now.Add(at)))
	}
	es = append(es, event(t, d, "document.updated", doc.ID, &reader.ID, nil, now.Add(time.Minute)))
	require.NoError(t, s.Recorder().HandleBatch(context.Background(), es))
	got, err := s.CountWindows(pgtest.ActingAs(reader), []Window{{doc.ID, now}, {hidden.ID, now}, {doc.ID, now.Add(15 * time.Minute)}}, 10*time.Minute)
	require.NoError(t, err)
	require.Equal(t, []int{3, 0, 1}, got, "the owner's three edits in the window, not the reader's own; nothing of the page they cannot read")
	got, err = s.CountWindows(pgtest.ActingAsManagement(), []Window{{doc.ID, now}}, 10*time.Minute)
	require.NoError(t, err)
	require.Equal(t, []int{0}, got)
}
