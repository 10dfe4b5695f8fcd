package comment

import (
	"context"
	"testing"

	"github.com/google/uuid"
	dto "github.com/prometheus/client_model/go"
	"github.com/stretchr/testify/require"

	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/pgtest"
)

const pageBody = "# Plan\n\nThe release is planned for the **second week** of March, pending review by the board.\n\nBudget notes follow here.\n"

type fixture struct {
	s                               *Service
	d                               *pgtest.DB
	docs                            *document.Service
	owner, reader, writer, stranger pgtest.Person
	doc                             *document.Doc
}

func newFixture(t *testing.T, cfg Config) *fixture {
	t.Helper()
	d := pgtest.New(t)
	f := &fixture{s: New(d.Pool, cfg), d: d, docs: document.New(d.Pool, document.DefaultConfig)}
	f.owner, f.reader, f.writer, f.stranger = pgtest.CreatePerson(t, d.Pool), pgtest.CreatePerson(t, d.Pool), pgtest.CreatePerson(t, d.Pool), pgtest.CreatePerson(t, d.Pool)
	f.doc = pgtest.CreateDocument(t, d.Pool, f.owner.ID, pgtest.Doc{Content: pageBody})
	pgtest.Grant(t, d.Pool, f.doc.ID, "user", f.reader.ID, "read")
	pgtest.Grant(t, d.Pool, f.doc.ID, "user", f.writer.ID, "write")
	return f
}

func anchorOf(t *testing.T, f *fixture, exact string) *AnchorInput {
	t.Helper()
	q, m := NewPage(AnchorText(pageBody)).Locate(Quote{Exact: exact})
	require.Equal(t, ByExact, m)
	return &AnchorInput{Exact: q.Exact, Prefix: q.Prefix, Suffix: q.Suffix, Start: q.Start, End: q.End, Version: pgtest.Ptr(1)}
}

func (f *fixture) count(t *testing.T, sql string, args ...any) int {
	t.Helper()
	return pgtest.Count(t, f.d.Pool, sql, args...)
}

func TestThreadLifecycle(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	rctx, wctx, octx := pgtest.ActingAs(f.reader), pgtest.ActingAs(f.writer), pgtest.ActingAs(f.owner)

	th, err := f.s.CreateThread(rctx, CreateThreadInput{
		DocumentID: f.doc.ID, Body: "Which week exactly?", Kind: KindQuestion, Anchor: anchorOf(t, f, "second week of March"),
	})
	require.NoError(t, err)
	require.Equal(t, AnchorAttached, th.AnchorState)
	require.Equal(t, "second week of March", th.Anchor.Exact)
	require.Equal(t, StatusOpen, th.Status)
	require.Len(t, th.Comments, 1)
	require.Equal(t, 1, f.count(t, `SELECT count(*) FROM events WHERE event_type = 'comment.created' AND document_id = $1
		AND subject_type = 'comment' AND payload->>'first' = 'true' AND payload->>'kind' = 'question' AND actor_id = $2`, f.doc.ID, f.reader.ID))
	require.Equal(t, 1, f.count(t, `SELECT count(*) FROM watches WHERE user_id = $1 AND document_id = $2 AND source = 'comment'`, f.reader.ID, f.doc.ID))
	require.Equal(t, 1, f.count(t, `SELECT count(*) FROM notifications WHERE recipient_id = $1 AND type = 'comment.created'`, f.owner.ID))

	// A second new thread within ten minutes: still one notification for the owner.
	_, err = f.s.CreateThread(wctx, CreateThreadInput{DocumentID: f.doc.ID, Body: "Page-level remark"})
	require.NoError(t, err)
	require.Equal(t, 1, f.count(t, `SELECT count(*) FROM notifications WHERE recipient_id = $1 AND type = 'comment.created'`, f.owner.ID))

	// A reply tells the participants (the reader), never the actor.
	c, err := f.s.Reply(wctx, th.ID, "The second, after the freeze.")
	require.NoError(t, err)
	require.Equal(t, 1, f.count(t, `SELECT count(*) FROM notifications WHERE recipient_id = $1 AND type = 'comment.created' AND subject_type = 'thread'`, f.reader.ID))
	require.Equal(t, 0, f.count(t, `SELECT count(*) FROM notifications WHERE recipient_id = $1`, f.writer.ID))
	// The owner replies: the reader and writer are told; a reader who lost access is not.
	pgtest.Exec(t, f.d.Pool, `DELETE FROM document_access WHERE document_id = $1 AND principal_id = $2`, f.doc.ID, f.reader.ID)
	_, err = f.s.Reply(octx, th.ID, "Noted.")
	require.NoError(t, err)
	require.Equal(t, 1, f.count(t, `SELECT count(*) FROM notifications WHERE recipient_id = $1 AND subject_type = 'thread'`, f.writer.ID))
	require.Equal(t, 1, f.count(t, `SELECT count(*) FROM notifications WHERE recipient_id = $1 AND subject_type = 'thread'`, f.reader.ID))
	pgtest.Grant(t, f.d.Pool, f.doc.ID, "user", f.reader.ID, "read")

	// Edit: own comments only.
	_, err = f.s.EditComment(rctx, c.ID, "hijack")
	pgtest.RequireCode(t, err, fault.Forbidden, "")
	ed, err := f.s.EditComment(wctx, c.ID, "The second week, after the freeze.")
	require.NoError(t, err)
	require.NotNil(t, ed.EditedAt)

	// Resolve: the thread's author (a reader) may, another reader may not.
	other := pgtest.CreatePerson(t, f.d.Pool)
	pgtest.Grant(t, f.d.Pool, f.doc.ID, "user", other.ID, "read")
	_, err = f.s.Resolve(pgtest.ActingAs(other), th.ID)
	pgtest.RequireCode(t, err, fault.Forbidden, "")
	res, err := f.s.Resolve(rctx, th.ID)
	require.NoError(t, err)
	require.Equal(t, StatusResolved, res.Status)
	require.Equal(t, f.reader.ID, *res.ResolvedBy)
	res, err = f.s.Reopen(wctx, th.ID)
	require.NoError(t, err)
	require.Equal(t, StatusOpen, res.Status)
	_, err = f.s.Resolve(octx, th.ID)
	require.NoError(t, err)
	require.Equal(t, 2, f.count(t, `SELECT count(*) FROM events WHERE event_type = 'thread.resolved' AND subject_id = $1`, th.ID))
	require.Equal(t, 1, f.count(t, `SELECT count(*) FROM events WHERE event_type = 'thread.reopened' AND subject_id = $1`, th.ID))

	// Delete the first comment with replies: it stays as deleted, without text.
	after, err := f.s.DeleteComment(rctx, th.Comments[0].ID)
	require.NoError(t, err)
	require.NotNil(t, after)
	require.Equal(t, "", after.Comments[0].Body)
	require.NotNil(t, after.Comments[0].DeletedAt)
	require.Len(t, after.Comments, 3)
	_, err = f.s.EditComment(rctx, th.Comments[0].ID, "again")
	pgtest.RequireCode(t, err, fault.NotFound, "")

	counts, err := f.s.Counts(octx, []uuid.UUID{f.doc.ID})
	require.NoError(t, err)
	require.Equal(t, Counts{Threads: 2, Open: 1}, counts[f.doc.ID])
	// Management sees counts only; a stranger not even those.
	mgmt, err := f.s.Counts(pgtest.ActingAsManagement(), []uuid.UUID{f.doc.ID})
	require.NoError(t, err)
	require.Equal(t, Counts{Threads: 2, Open: 1}, mgmt[f.doc.ID])
	_, err = f.s.Threads(pgtest.ActingAsManagement(), f.doc.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	strange, err := f.s.Counts(pgtest.ActingAs(f.stranger), []uuid.UUID{f.doc.ID})
	require.NoError(t, err)
	require.NotContains(t, strange, f.doc.ID)

	// The only comment of a thread deleted: the thread goes.
	solo, err := f.s.CreateThread(rctx, CreateThreadInput{DocumentID: f.doc.ID, Body: "typo"})
	require.NoError(t, err)
	gone, err := f.s.DeleteComment(rctx, solo.Comments[0].ID)
	require.NoError(t, err)
	require.Nil(t, gone)
	_, err = f.s.Thread(rctx, solo.ID)
	pgtest.RequireCode(t, err, fault.NotFound, "")
	require.Equal(t, 1, f.count(t, `SELECT count(*) FROM events WHERE event_type = 'comment.deleted' AND payload->>'thread_id' = $1`, solo.ID.String()))
}

func TestInputValidation(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	ctx := pgtest.ActingAs(f.reader)
	long := make([]rune, MaxBody+1)
	for i := range long {
		long[i] = 'é'
	}
	cases := []struct {
		in    CreateThreadInput
		field string
	}{
		{CreateThreadInput{DocumentID: f.doc.ID, Body: "  "}, "body"},
		{CreateThreadInput{DocumentID: f.doc.ID, Body: string(long)}, "body"},
		{CreateThreadInput{DocumentID: f.doc.ID, Body: "x", Kind: "rant"}, "kind"},
		{CreateThreadInput{DocumentID: f.doc.ID, Body: "x", Anchor: &AnchorInput{Exact: "not on the page at all", End: 3}}, "anchor.exact"},
		{CreateThreadInput{DocumentID: f.doc.ID, Body: "x", Anchor: &AnchorInput{Exact: string(long[:MaxExact+1])}}, "anchor.exact"},
		{CreateThreadInput{DocumentID: f.doc.ID, Body: "x", Anchor: &AnchorInput{Exact: "Plan", Prefix: string(long[:65])}}, "anchor.prefix"},
		{CreateThreadInput{DocumentID: f.doc.ID, Body: "x", Anchor: &AnchorInput{Exact: "Plan", Start: 5, End: 2}}, "anchor.start"},
		{CreateThreadInput{DocumentID: f.doc.ID, Body: "x", Anchor: &AnchorInput{Exact: "Plan", End: 4, Version: pgtest.Ptr(9)}}, "anchor.version"},
	}
	for _, c := range cases {
		_, err := f.s.CreateThread(ctx, c.in)
		pgtest.RequireCode(t, err, fault.BadInput, c.field)
	}
	// Without a version the quote is looked for in the current one.
	th, err := f.s.CreateThread(ctx, CreateThreadInput{DocumentID: f.doc.ID, Body: "x", Anchor: &AnchorInput{Exact: "Budget notes", Start: 0, End: 12}})
	require.NoError(t, err)
	require.Equal(t, AnchorAttached, th.AnchorState)
}

// An anchor made on an older version is placed in the current one, and
// detached at once when the passage has gone since.
func TestAnchorOnOlderVersion(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	octx := pgtest.ActingAs(f.owner)
	a := anchorOf(t, f, "pending review by the board")
	b := anchorOf(t, f, "Budget notes follow here.")
	_, _, err := f.docs.Update(octx, document.UpdateInput{ID: f.doc.ID, ExpectedVersion: 1,
		Content: pgtest.Ptr("# Plan\n\nIntro added.\n\nThe release is planned for the **second week** of March, pending review by the board.\n")})
	require.NoError(t, err)
	ta, err := f.s.CreateThread(octx, CreateThreadInput{DocumentID: f.doc.ID, Body: "a", Anchor: a})
	require.NoError(t, err)
	require.Equal(t, AnchorAttached, ta.AnchorState)
	require.Greater(t, ta.Anchor.Start, a.Start, "moved with the intro")
	tb, err := f.s.CreateThread(octx, CreateThreadInput{DocumentID: f.doc.ID, Body: "b", Anchor: b})
	require.NoError(t, err)
	require.Equal(t, AnchorDetached, tb.AnchorState)
	require.Equal(t, "Budget notes follow here.", tb.Anchor.Exact)
}

func TestReanchorOnNewRevision(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	octx := pgtest.ActingAs(f.owner)
	moved, err := f.s.CreateThread(octx, CreateThreadInput{DocumentID: f.doc.ID, Body: "m", Anchor: anchorOf(t, f, "second week of March")})
	require.NoError(t, err)
	gone, err := f.s.CreateThread(octx, CreateThreadInput{DocumentID: f.doc.ID, Body: "g", Anchor: anchorOf(t, f, "Budget notes follow here.")})
	require.NoError(t, err)
	resolved, err := f.s.CreateThread(octx, CreateThreadInput{DocumentID: f.doc.ID, Body: "r", Anchor: anchorOf(t, f, "pending review")})
	require.NoError(t, err)
	_, err = f.s.Resolve(octx, resolved.ID)
	require.NoError(t, err)

	_, _, err = f.docs.Update(octx, document.UpdateInput{ID: f.doc.ID, ExpectedVersion: 1,
		Content: pgtest.Ptr("# Plan\n\nA new first paragraph.\n\nThe release is planned for the second week of March.\n")})
	require.NoError(t, err)
	n, err := ReanchorInTx(context.Background(), f.d.Pool, f.doc.ID)
	require.NoError(t, err)
	require.Equal(t, 2, n, "open attached threads only")
	n, err = ReanchorInTx(context.Background(), f.d.Pool, f.doc.ID)
	require.NoError(t, err)
	require.Zero(t, n, "a repeated delivery changes nothing")

	m, err := f.s.Thread(octx, moved.ID)
	require.NoError(t, err)
	require.Equal(t, AnchorAttached, m.AnchorState)
	require.Equal(t, "second week of March", m.Anchor.Exact)
	require.Greater(t, m.Anchor.Start, moved.Anchor.Start)
	text := AnchorText("# Plan\n\nA new first paragraph.\n\nThe release is planned for the second week of March.\n")
	require.Equal(t, "second week of March", text[m.Anchor.Start:m.Anchor.End])

	g, err := f.s.Thread(octx, gone.ID)
	require.NoError(t, err)
	require.Equal(t, AnchorDetached, g.AnchorState)
	require.Equal(t, "Budget notes follow here.", g.Anchor.Exact, "a detached thread keeps its quote")
}

func TestQuarantineTrashAndPurge(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{})
	octx, rctx := pgtest.ActingAs(f.owner), pgtest.ActingAs(f.reader)
	th, err := f.s.CreateThread(rctx, CreateThreadInput{DocumentID: f.doc.ID, Body: "hello"})
	require.NoError(t, err)

	pgtest.Exec(t, f.d.Pool, `UPDATE documents SET quarantined_at = now() WHERE id = $1`, f.doc.ID)
	_, err = f.s.CreateThread(octx, CreateThreadInput{DocumentID: f.doc.ID, Body: "x"})
	pgtest.RequireCode(t, err, fault.Conflict, "documentId")
	_, err = f.s.Reply(octx, th.ID, "x")
	pgtest.RequireCode(t, err, fault.Conflict, "documentId")
	_, err = f.s.Resolve(octx, th.ID)
	pgtest.RequireCode(t, err, fault.Conflict, "documentId")
	_, err = f.s.Reply(rctx, th.ID, "x")
	pgtest.RequireCode(t, err, fault.NotFound, "")
	pgtest.Exec(t, f.d.Pool, `UPDATE documents SET quarantined_at = NULL WHERE id = $1`, f.doc.ID)

	_, err = f.docs.Delete(octx, f.doc.ID)
	require.NoError(t, err)
	list, err := f.s.Threads(octx, f.doc.ID)
	require.NoError(t, err)
	require.Len(t, list, 1, "a trashed page keeps its threads")
	_, err = f.s.Reply(octx, th.ID, "x")
	pgtest.RequireCode(t, err, fault.Conflict, "documentId")

	require.NoError(t, f.docs.Purge(octx, f.doc.ID))
	require.Zero(t, f.count(t, `SELECT count(*) FROM threads WHERE document_id = $1`, f.doc.ID))
	require.Zero(t, f.count(t, `SELECT count(*) FROM comments WHERE document_id = $1`, f.doc.ID))
}

func TestAgentsCommentRateLimited(t *testing.T) {
	t.Parallel()
	f := newFixture(t, Config{AgentLimit: 2})
	agent := pgtest.CreateAgent(t, f.d.Pool, f.owner.ID)
	actx := pgtest.ActingAsAgent(agent)
	_, err := f.s.CreateThread(actx, CreateThreadInput{DocumentID: f.doc.ID, Body: "x"})
	pgtest.RequireCode(t, err, fault.NotFound, "")
	pgtest.Grant(t, f.d.Pool, f.doc.ID, "user", agent.ID, "read")
	th, err := f.s.CreateThread(actx, CreateThreadInput{DocumentID: f.doc.ID, Body: "x"})
	require.NoError(t, err)
	_, err = f.s.Reply(actx, th.ID, "y")
	require.NoError(t, err)
	_, err = f.s.Reply(actx, th.ID, "z")
	pgtest.RequireCode(t, err, fault.RateLimited, "")
	require.Zero(t, f.count(t, `SELECT count(*) FROM watches WHERE user_id = $1`, agent.ID), "agents do not watch")
	// People are not limited.
	for range 3 {
		_, err = f.s.Reply(pgtest.ActingAs(f.owner), th.ID, "fine")
		require.NoError(t, err)
	}
	// Counted: the agent's two and its refusal, the person's three.
	require.Equal(t, 2.0, written(t, f.s, "agent", "ok"))
	require.Equal(t, 1.0, written(t, f.s, "agent", "rate_limited"))
	require.Equal(t, 3.0, written(t, f.s, "person", "ok"))
}

// written reads the comments counter of an actor kind and outcome.
func written(t *testing.T, s *Service, actor, outcome string) float64 {
	t.Helper()
	var m dto.Metric
	require.NoError(t, s.written.WithLabelValues(actor, outcome).Write(&m))
	return m.GetCounter().GetValue()
}
