package inbox_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/inbox"
	"codna/internal/pgtest"
)

func TestCounts(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	p := pgtest.CreatePerson(t, b.pool)
	q := pgtest.CreatePerson(t, b.pool)

	src := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{})
	mine := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{})
	mineGone := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{})
	shared := pgtest.CreateDocument(t, b.pool, q.ID, pgtest.Doc{})
	private := pgtest.CreateDocument(t, b.pool, q.ID, pgtest.Doc{})
	sharedGone := pgtest.CreateDocument(t, b.pool, q.ID, pgtest.Doc{})
	raw := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Space: document.SpaceRaw})
	srcGone := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{})
	pgtest.Grant(t, b.pool, shared.ID, "user", p.ID, "read")
	pgtest.Grant(t, b.pool, sharedGone.ID, "user", p.ID, "read")
	b.trash(t, p, mineGone.ID)
	b.trash(t, q, sharedGone.ID)

	// Edges from a live wiki document p owns.
	b.link(t, src.ID, &mine.ID, "stale_text", false)    // counts
	b.link(t, src.ID, &mineGone.ID, "broken", false)    // counts: p owns the tombstone
	b.link(t, src.ID, &shared.ID, "stale_text", false)  // counts: p can read it
	b.link(t, src.ID, &mine.ID, "resolved", false)      // nothing to decide
	b.link(t, src.ID, nil, "pending", false)            // nothing to decide yet
	b.link(t, src.ID, &mine.ID, "stale_text", true)     // kept
	b.link(t, src.ID, &private.ID, "stale_text", false) // p cannot read the target
	b.link(t, src.ID, &sharedGone.ID, "broken", false)  // someone else's tombstone: p cannot read it
	b.link(t, raw.ID, &mine.ID, "stale_text", false)    // raw is never a decision
	b.link(t, srcGone.ID, &mine.ID, "broken", false)    // source in the trash
	b.link(t, shared.ID, &mine.ID, "stale_text", false) // q's document: q's decision, not p's
	b.trash(t, p, srcGone.ID)

	// Suggestions.
	writable := pgtest.CreateDocument(t, b.pool, q.ID, pgtest.Doc{})
	readable := pgtest.CreateDocument(t, b.pool, q.ID, pgtest.Doc{})
	viaEveryone := pgtest.CreateDocument(t, b.pool, q.ID, pgtest.Doc{})
	pgtest.Grant(t, b.pool, writable.ID, "user", p.ID, "write")
	pgtest.Grant(t, b.pool, readable.ID, "user", p.ID, "read")
	pgtest.Grant(t, b.pool, viaEveryone.ID, "group", auth.EveryoneID, "write")
	b.suggest(t, src.ID, mine.ID, "pending")         // counts: p owns the source
	b.suggest(t, writable.ID, mine.ID, "pending")    // counts: p can write
	b.suggest(t, viaEveryone.ID, mine.ID, "pending") // counts for a person: Everyone can write
	b.suggest(t, readable.ID, mine.ID, "pending")    // read only
	b.suggest(t, src.ID, shared.ID, "accepted")      // decided
	b.suggest(t, src.ID, private.ID, "rejected")     // decided
	b.suggest(t, raw.ID, mine.ID, "pending")         // raw bodies are never edited: no answer could be carried out
	b.suggest(t, mine.ID, private.ID, "pending")     // p cannot read the target: nothing may show it
	b.suggest(t, src.ID, mineGone.ID, "pending")     // the target is in the trash

	// Notifications: decisions are never unread as well.
	b.notify(t, decision(p))
	b.notify(t, decision(p))
	b.notify(t, info(p, inbox.TypeAccessGranted))
	b.notify(t, info(p, inbox.TypeGroupAdded))
	read := b.notify(t, info(p, inbox.TypeGroupRemoved))
	_, err := b.svc.MarkRead(pgtest.ActingAs(p), []uuid.UUID{read.ID})
	require.NoError(t, err)
	gone := b.notify(t, info(p, inbox.TypeIngestionReady))
	_, err = b.svc.Dismiss(pgtest.ActingAs(p), gone.ID)
	require.NoError(t, err)
	b.notify(t, info(q, inbox.TypeAccessGranted))

	got, err := b.svc.Counts(pgtest.ActingAs(p), p.ID, true)
	require.NoError(t, err)
	require.Equal(t, inbox.Counts{Decisions: 3 + 3, Unread: 2, Total: 8}, got)
	mineNow, err := b.svc.MyCounts(pgtest.ActingAs(p))
	require.NoError(t, err)
	require.Equal(t, got, mineNow)

	// Group grants reach people only.
	asAgent, err := b.svc.Counts(pgtest.ActingAs(p), p.ID, false)
	require.NoError(t, err)
	require.Equal(t, inbox.Counts{Decisions: 3 + 2, Unread: 2, Total: 7}, asAgent)

	// q: its own stale edge, and the suggestions on its documents towards
	// p's document, count only once q can read that target.
	qc, err := b.svc.Counts(pgtest.ActingAs(q), q.ID, true)
	require.NoError(t, err)
	require.Equal(t, inbox.Counts{Decisions: 0, Unread: 1, Total: 1}, qc)
	pgtest.Grant(t, b.pool, mine.ID, "user", q.ID, "read")
	qc, err = b.svc.Counts(pgtest.ActingAs(q), q.ID, true)
	require.NoError(t, err)
	require.Equal(t, 1+3, qc.Decisions, "the edge, and the suggestions on writable, readable and viaEveryone (q owns them)")

	// Keeping an edge takes it off.
	pgtest.Exec(t, b.pool, `UPDATE document_links SET kept_at = now() WHERE source_id = $1 AND target_id = $2 AND state = 'stale_text'`, src.ID, shared.ID)
	got, err = b.svc.Counts(pgtest.ActingAs(p), p.ID, true)
	require.NoError(t, err)
	require.Equal(t, 3+3-1, got.Decisions)

	// Management has no documents: its own unread information only.
	b.notify(t, inbox.Notice{RecipientID: auth.ManagementID, Type: inbox.TypeAutomationFailed, SubjectType: "automation"})
	mc, err := b.svc.MyCounts(pgtest.ActingAsManagement())
	require.NoError(t, err)
	require.Equal(t, inbox.Counts{Unread: 1, Total: 1}, mc)

	_, err = b.svc.MyCounts(context.Background())
	pgtest.RequireCode(t, err, fault.Unauthenticated, "")
}

func TestStatementCounts(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	p := pgtest.CreatePerson(t, b.pool)
	counter := &db.Counter{}
	pool, err := db.Open(context.Background(), b.url, counter)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	svc := inbox.New(pool)
	statements := func(want int64, what string, f func()) {
		t.Helper()
		counter.Reset()
		f()
		require.Equal(t, want, counter.Count(), what)
	}

	n := info(p, inbox.TypeAccessGranted)
	var made *inbox.Notification
	statements(2, "Notify, new row", func() {
		made, err = inbox.NotifyInTx(context.Background(), pool, n)
		require.NoError(t, err)
	})
	statements(2, "Notify, coalesced", func() {
		_, err = inbox.NotifyInTx(context.Background(), pool, n)
		require.NoError(t, err)
	})
	statements(1, "MyCounts", func() {
		c, err := svc.MyCounts(pgtest.ActingAs(p))
		require.NoError(t, err)
		require.Equal(t, inbox.Counts{Unread: 1, Total: 1}, c)
	})
	statements(1, "List", func() {
		_, _, err := svc.List(pgtest.ActingAs(p), inbox.Filter{}, nil, 10)
		require.NoError(t, err)
	})
	statements(1, "MarkRead", func() {
		_, err := svc.MarkRead(pgtest.ActingAs(p), []uuid.UUID{made.ID})
		require.NoError(t, err)
	})
	statements(1, "Dismiss", func() {
		_, err := svc.Dismiss(pgtest.ActingAs(p), made.ID)
		require.NoError(t, err)
	})
	statements(2, "Dismiss refused", func() {
		_, err := svc.Dismiss(pgtest.ActingAs(p), newID())
		pgtest.RequireCode(t, err, fault.NotFound, "")
	})
}

func TestMarkReadLeavesDecisions(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	p := pgtest.CreatePerson(t, b.pool)
	q := pgtest.CreatePerson(t, b.pool)
	a := b.notify(t, info(p, inbox.TypeAccessGranted))
	c := b.notify(t, info(p, inbox.TypeGroupAdded))
	d := b.notify(t, decision(p))
	theirs := b.notify(t, info(q, inbox.TypeAccessGranted))

	n, err := b.svc.MarkRead(pgtest.ActingAs(p), []uuid.UUID{a.ID, d.ID, theirs.ID, newID()})
	require.NoError(t, err)
	require.Equal(t, 1, n)
	require.Equal(t, inbox.StatusRead, b.status(t, a.ID))
	require.Equal(t, inbox.StatusUnread, b.status(t, c.ID))
	require.Equal(t, inbox.StatusUnread, b.status(t, d.ID), "a decision is not read away")
	require.Equal(t, inbox.StatusUnread, b.status(t, theirs.ID), "another's ids are ignored")
	n, err = b.svc.MarkRead(pgtest.ActingAs(p), []uuid.UUID{a.ID})
	require.NoError(t, err)
	require.Zero(t, n, "already read")

	_, err = b.svc.MarkRead(context.Background(), []uuid.UUID{a.ID})
	pgtest.RequireCode(t, err, fault.Unauthenticated, "")
	_, err = b.svc.MarkAllRead(context.Background())
	pgtest.RequireCode(t, err, fault.Unauthenticated, "")
}

func TestMarkAllReadIsOneStatementOverInformation(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	p := pgtest.CreatePerson(t, b.pool)
	q := pgtest.CreatePerson(t, b.pool)
	for range 3 {
		b.notify(t, info(p, inbox.TypeAccessGranted))
	}
	d := b.notify(t, decision(p))
	theirs := b.notify(t, info(q, inbox.TypeAccessGranted))

	counter := &db.Counter{}
	pool, err := db.Open(context.Background(), b.url, counter)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	svc := inbox.New(pool)

	counter.Reset()
	n, err := svc.MarkAllRead(pgtest.ActingAs(p))
	require.NoError(t, err)
	require.Equal(t, 3, n)
	require.EqualValues(t, 1, counter.Count(), "one statement, the signal included")

	require.Equal(t, inbox.StatusUnread, b.status(t, d.ID), "decisions stay until answered")
	require.Equal(t, inbox.StatusUnread, b.status(t, theirs.ID))
	require.Equal(t, 3, pgtest.Count(t, b.pool, `SELECT count(*) FROM notifications WHERE recipient_id = $1 AND status = 'read' AND read_at IS NOT NULL`, p.ID))
	c, err := svc.MyCounts(pgtest.ActingAs(p))
	require.NoError(t, err)
	require.Equal(t, inbox.Counts{}, c, "the decision notification is not an edge: counts come from the graph")
}

func TestDismissAndResolve(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	p := pgtest.CreatePerson(t, b.pool)
	q := pgtest.CreatePerson(t, b.pool)
	d := b.notify(t, decision(p))
	theirs := b.notify(t, info(q, inbox.TypeAccessGranted))

	for name, change := range map[string]func(context.Context, uuid.UUID) (*inbox.Notification, error){
		"dismiss": b.svc.Dismiss, "resolve": b.svc.Resolve,
	} {
		_, err := change(pgtest.ActingAs(p), d.ID)
		pgtest.RequireCode(t, err, fault.BadInput, "id")
		require.Contains(t, fault.As(err).Message, "answering", name)
		require.Equal(t, inbox.StatusUnread, b.status(t, d.ID), name)

		_, err = change(pgtest.ActingAs(p), theirs.ID)
		pgtest.RequireCode(t, err, fault.NotFound, "")
		require.Equal(t, inbox.StatusUnread, b.status(t, theirs.ID), name)
		_, err = change(pgtest.ActingAs(p), newID())
		pgtest.RequireCode(t, err, fault.NotFound, "")
		_, err = change(context.Background(), theirs.ID)
		pgtest.RequireCode(t, err, fault.Unauthenticated, "")
	}

	a := b.notify(t, info(p, inbox.TypeAccessGranted))
	got, err := b.svc.Dismiss(pgtest.ActingAs(p), a.ID)
	require.NoError(t, err)
	require.Equal(t, inbox.StatusDismissed, got.Status)
	require.Nil(t, got.ResolvedAt)
	got, err = b.svc.Dismiss(pgtest.ActingAs(p), a.ID)
	require.NoError(t, err, "dismissing again is harmless")
	require.Equal(t, inbox.StatusDismissed, got.Status)

	c := b.notify(t, info(p, inbox.TypeAutomationFailed))
	got, err = b.svc.Resolve(pgtest.ActingAs(p), c.ID)
	require.NoError(t, err)
	require.Equal(t, inbox.StatusResolved, got.Status)
	require.NotNil(t, got.ResolvedAt)
	first := *got.ResolvedAt
	got, err = b.svc.Resolve(pgtest.ActingAs(p), c.ID)
	require.NoError(t, err)
	require.Equal(t, first, *got.ResolvedAt, "resolved_at is the first time")
}

func TestResolveDecisions(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	p := pgtest.CreatePerson(t, b.pool)
	q := pgtest.CreatePerson(t, b.pool)
	edge := newID()
	dp := decision(p)
	dp.SubjectID = &edge
	dq := decision(q)
	dq.SubjectID = &edge
	dq.Type = inbox.TypeLinkTargetDeleted
	np, nq := b.notify(t, dp), b.notify(t, dq)
	pgtest.Exec(t, b.pool, `UPDATE notifications SET status = 'read' WHERE id = $1`, nq.ID)
	other := b.notify(t, decision(p))
	infoAboutEdge := b.notify(t, inbox.Notice{RecipientID: p.ID, Type: inbox.TypeLinkSuggested, SubjectType: "link", SubjectID: &edge})
	otherKind := b.notify(t, inbox.Notice{RecipientID: p.ID, Type: inbox.TypeDocumentQuarantined, SubjectType: "document", SubjectID: &edge, RequiresDecision: true})

	n, err := inbox.ResolveDecisionsInTx(context.Background(), b.pool, "link", []uuid.UUID{edge})
	require.NoError(t, err)
	require.Equal(t, 2, n)
	require.Equal(t, inbox.StatusResolved, b.status(t, np.ID))
	require.Equal(t, inbox.StatusResolved, b.status(t, nq.ID))
	require.Equal(t, inbox.StatusUnread, b.status(t, other.ID))
	require.Equal(t, inbox.StatusUnread, b.status(t, infoAboutEdge.ID), "information is not a decision")
	require.Equal(t, inbox.StatusUnread, b.status(t, otherKind.ID), "another subject type")
	require.Equal(t, 2, pgtest.Count(t, b.pool, `SELECT count(*) FROM notifications WHERE resolved_at IS NOT NULL`))

	n, err = inbox.ResolveDecisionsInTx(context.Background(), b.pool, "link", []uuid.UUID{edge})
	require.NoError(t, err)
	require.Zero(t, n)
	n, err = inbox.ResolveDecisionsInTx(context.Background(), b.pool, "link", nil)
	require.NoError(t, err)
	require.Zero(t, n)
}

func TestListPagesAndFilters(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	p := pgtest.CreatePerson(t, b.pool)
	q := pgtest.CreatePerson(t, b.pool)
	var made []*inbox.Notification
	for i := range 7 {
		var n inbox.Notice
		switch i % 3 {
		case 0:
			n = info(p, inbox.TypeAccessGranted)
		case 1:
			n = info(p, inbox.TypeGroupAdded)
		default:
			n = decision(p)
		}
		made = append(made, b.notify(t, n))
	}
	// Two share a created_at: the id breaks the tie.
	pgtest.Exec(t, b.pool, `UPDATE notifications SET created_at = (SELECT created_at FROM notifications WHERE id = $1) WHERE id = $2`, made[3].ID, made[4].ID)
	b.notify(t, info(q, inbox.TypeAccessGranted))

	var want []uuid.UUID
	rows, err := b.pool.Query(context.Background(), `SELECT id FROM notifications WHERE recipient_id = $1 ORDER BY created_at DESC, id DESC`, p.ID)
	require.NoError(t, err)
	for rows.Next() {
		var id uuid.UUID
		require.NoError(t, rows.Scan(&id))
		want = append(want, id)
	}
	require.NoError(t, rows.Err())
	require.Len(t, want, 7)
	require.Equal(t, made[6].ID, want[0], "newest first")

	var got []uuid.UUID
	var after *inbox.Cursor
	for pages := 0; ; pages++ {
		require.Less(t, pages, 4)
		page, more, err := b.svc.List(pgtest.ActingAs(p), inbox.Filter{}, after, 3)
		require.NoError(t, err)
		for i := range page {
			require.Equal(t, p.ID, page[i].RecipientID)
			got = append(got, page[i].ID)
		}
		if !more {
			require.Len(t, page, 1)
			break
		}
		require.Len(t, page, 3)
		c := inbox.CursorOf(&page[len(page)-1])
		after = &c
	}
	require.Equal(t, want, got)

	ids := func(f inbox.Filter) []uuid.UUID {
		t.Helper()
		page, _, err := b.svc.List(pgtest.ActingAs(p), f, nil, 100)
		require.NoError(t, err)
		out := make([]uuid.UUID, len(page))
		for i := range page {
			out[i] = page[i].ID
		}
		return out
	}
	require.ElementsMatch(t, []uuid.UUID{made[2].ID, made[5].ID}, ids(inbox.Filter{RequiresDecision: pgtest.Ptr(true)}))
	require.Len(t, ids(inbox.Filter{RequiresDecision: pgtest.Ptr(false)}), 5)
	require.ElementsMatch(t, []uuid.UUID{made[1].ID, made[4].ID}, ids(inbox.Filter{Type: pgtest.Ptr(inbox.TypeGroupAdded)}))
	_, err = b.svc.MarkRead(pgtest.ActingAs(p), []uuid.UUID{made[0].ID, made[1].ID})
	require.NoError(t, err)
	require.ElementsMatch(t, []uuid.UUID{made[0].ID, made[1].ID}, ids(inbox.Filter{Status: pgtest.Ptr(inbox.StatusRead)}))
	require.ElementsMatch(t, []uuid.UUID{made[1].ID}, ids(inbox.Filter{Status: pgtest.Ptr(inbox.StatusRead), Type: pgtest.Ptr(inbox.TypeGroupAdded)}))
	require.Empty(t, ids(inbox.Filter{Status: pgtest.Ptr(inbox.StatusDismissed)}))

	_, _, err = b.svc.List(pgtest.ActingAs(p), inbox.Filter{Status: pgtest.Ptr("archived")}, nil, 10)
	pgtest.RequireCode(t, err, fault.BadInput, "status")
	_, _, err = b.svc.List(pgtest.ActingAs(p), inbox.Filter{Type: pgtest.Ptr("link.broken")}, nil, 10)
	pgtest.RequireCode(t, err, fault.BadInput, "type")
	_, _, err = b.svc.List(pgtest.ActingAs(p), inbox.Filter{}, nil, 0)
	pgtest.RequireCode(t, err, fault.BadInput, "first")
	_, _, err = b.svc.List(pgtest.ActingAs(p), inbox.Filter{}, nil, inbox.MaxLimit+1)
	pgtest.RequireCode(t, err, fault.BadInput, "first")
	_, _, err = b.svc.List(context.Background(), inbox.Filter{}, nil, 10)
	pgtest.RequireCode(t, err, fault.Unauthenticated, "")

	// Management lists its own notifications.
	b.notify(t, inbox.Notice{RecipientID: auth.ManagementID, Type: inbox.TypeAutomationFailed, SubjectType: "automation"})
	page, _, err := b.svc.List(pgtest.ActingAsManagement(), inbox.Filter{}, nil, 10)
	require.NoError(t, err)
	require.Len(t, page, 1)
}

func TestNewSinceAndLatest(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	p := pgtest.CreatePerson(t, b.pool)
	q := pgtest.CreatePerson(t, b.pool)

	latest, err := b.svc.Latest(pgtest.ActingAs(p), p.ID)
	require.NoError(t, err)
	require.Nil(t, latest)

	n1 := b.notify(t, info(p, inbox.TypeAccessGranted))
	b.notify(t, info(q, inbox.TypeAccessGranted))
	n2 := b.notify(t, decision(p))
	n3 := b.notify(t, info(p, inbox.TypeGroupAdded))

	latest, err = b.svc.Latest(pgtest.ActingAs(p), p.ID)
	require.NoError(t, err)
	require.Equal(t, n3.ID, *latest)

	all, err := b.svc.NewSince(pgtest.ActingAs(p), p.ID, nil, 10)
	require.NoError(t, err)
	require.Equal(t, []uuid.UUID{n1.ID, n2.ID, n3.ID}, idsOf(all), "oldest first")
	since, err := b.svc.NewSince(pgtest.ActingAs(p), p.ID, &n1.ID, 10)
	require.NoError(t, err)
	require.Equal(t, []uuid.UUID{n2.ID, n3.ID}, idsOf(since))
	require.True(t, since[0].RequiresDecision)
	limited, err := b.svc.NewSince(pgtest.ActingAs(p), p.ID, &n1.ID, 1)
	require.NoError(t, err)
	require.Equal(t, []uuid.UUID{n2.ID}, idsOf(limited))
	none, err := b.svc.NewSince(pgtest.ActingAs(p), p.ID, latest, 10)
	require.NoError(t, err)
	require.Empty(t, none)

	// A duplicate coalesces into its notification: nothing new to announce.
	dup := info(p, inbox.TypeGroupAdded)
	dup.SubjectID = n3.SubjectID
	require.Equal(t, n3.ID, b.notify(t, dup).ID)
	none, err = b.svc.NewSince(pgtest.ActingAs(p), p.ID, latest, 10)
	require.NoError(t, err)
	require.Empty(t, none)
}
