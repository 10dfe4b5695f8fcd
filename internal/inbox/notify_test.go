package inbox_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/db"
	"codna/internal/fault"
	"codna/internal/inbox"
	"codna/internal/pgtest"
)

func TestNotifyRejectsUnknownTypes(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	p := pgtest.CreatePerson(t, b.pool)
	ctx := context.Background()

	for _, typ := range []string{"", "access.granted ", "link.broken", "Access.Granted"} {
		n := info(p, typ)
		_, err := inbox.NotifyInTx(ctx, b.pool, n)
		require.Error(t, err, typ)
		require.Nil(t, fault.As(err), "a programming error, not a fault")
	}
	n := info(p, inbox.TypeAccessGranted)
	n.SubjectType = ""
	_, err := inbox.NotifyInTx(ctx, b.pool, n)
	require.Error(t, err)
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM notifications`))

	for _, typ := range inbox.Types {
		got, err := inbox.NotifyInTx(ctx, b.pool, info(p, typ))
		require.NoError(t, err, typ)
		require.Equal(t, typ, got.Type)
	}
	require.Len(t, inbox.Types, 31)
}

func TestNotifySuppressesOwnInformationButNotDecisions(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	p := pgtest.CreatePerson(t, b.pool)
	other := pgtest.CreatePerson(t, b.pool)

	own := info(p, inbox.TypeAccessGranted)
	own.ActorID = &p.ID
	require.Nil(t, b.notify(t, own))
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM notifications WHERE recipient_id = $1`, p.ID))

	byOther := info(p, inbox.TypeAccessGranted)
	byOther.ActorID = &other.ID
	require.NotNil(t, b.notify(t, byOther))

	system := info(p, inbox.TypeIngestionReady) // no actor
	require.NotNil(t, b.notify(t, system))

	// "When I move a document my own pages link to, I still get the decisions."
	d := decision(p)
	d.ActorID = &p.ID
	got := b.notify(t, d)
	require.NotNil(t, got)
	require.True(t, got.RequiresDecision)
	require.Equal(t, inbox.StatusUnread, got.Status)
	require.Equal(t, 3, pgtest.Count(t, b.pool, `SELECT count(*) FROM notifications WHERE recipient_id = $1`, p.ID))
}

func TestNotifyCoalescesWithinTheWindow(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	p := pgtest.CreatePerson(t, b.pool)
	subject := newID()
	n := inbox.Notice{RecipientID: p.ID, Type: inbox.TypeAutomationFailed, SubjectType: "automation", SubjectID: &subject,
		Payload: map[string]any{"error": "first"}}

	first := b.notify(t, n)
	n.Payload = map[string]any{"error": "second"}
	second := b.notify(t, n)
	require.Equal(t, first.ID, second.ID, "a duplicate within the window updates the unread one")
	require.Equal(t, first.CreatedAt, second.CreatedAt, "created_at stays")
	require.Equal(t, map[string]any{"error": "second"}, second.Payload, "the payload is refreshed")
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM notifications WHERE recipient_id = $1`, p.ID))

	// Another subject, another type or a decision of the same key is not a duplicate.
	other := n
	other.SubjectID = pgtest.Ptr(newID())
	require.NotEqual(t, first.ID, b.notify(t, other).ID)
	otherType := n
	otherType.Type = inbox.TypeAutomationMessage
	require.NotEqual(t, first.ID, b.notify(t, otherType).ID)
	noSubject := n
	noSubject.SubjectID = nil
	ns1 := b.notify(t, noSubject)
	require.Equal(t, ns1.ID, b.notify(t, noSubject).ID, "a missing subject id matches a missing subject id")

	// Outside the window: a new row.
	pgtest.Exec(t, b.pool, `UPDATE notifications SET created_at = created_at - make_interval(secs => $2::float8) WHERE id = $1`,
		first.ID, inbox.CoalesceWindow.Seconds()+1)
	third := b.notify(t, n)
	require.NotEqual(t, first.ID, third.ID)

	// Read: no longer coalesced into.
	_, err := b.svc.MarkRead(pgtest.ActingAs(p), []uuid.UUID{third.ID})
	require.NoError(t, err)
	require.NotEqual(t, third.ID, b.notify(t, n).ID)

	// A decision reuses the open one of its subject whatever its age, read or not.
	d := decision(p)
	d.Payload = map[string]any{"href": "a.md"}
	d1 := b.notify(t, d)
	pgtest.Exec(t, b.pool, `UPDATE notifications SET created_at = now() - interval '3 days', status = 'read' WHERE id = $1`, d1.ID)
	d.Payload = map[string]any{"href": "b.md"}
	d2 := b.notify(t, d)
	require.Equal(t, d1.ID, d2.ID)
	require.Equal(t, "b.md", d2.Payload["href"])
	require.Equal(t, inbox.StatusRead, d2.Status)
	// Once resolved, the next decision about the subject is a new one.
	_, err = inbox.ResolveDecisionsInTx(context.Background(), b.pool, "link", []uuid.UUID{*d.SubjectID})
	require.NoError(t, err)
	d3 := b.notify(t, d)
	require.NotEqual(t, d1.ID, d3.ID)
	require.Equal(t, inbox.StatusUnread, d3.Status)
}

func TestNotifyBatches(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	p := pgtest.CreatePerson(t, b.pool)
	q := pgtest.CreatePerson(t, b.pool)
	batch := newID()
	d1, d2, d3 := newID(), newID(), newID()
	member := func(to pgtest.Person, typ string, doc any) inbox.Notice {
		payload := map[string]any{"grantedBy": "Tornike"}
		if doc != nil {
			payload["documentId"] = doc
		}
		return inbox.Notice{RecipientID: to.ID, Type: typ, SubjectType: "access", SubjectID: &batch, BatchID: &batch, Payload: payload}
	}

	first := b.notify(t, member(p, inbox.TypeAccessGranted, d1))
	require.Equal(t, map[string]any{"grantedBy": "Tornike", "count": float64(1), "documents": []any{d1.String()}}, first.Payload)

	// In one transaction, as a share writes them.
	require.NoError(t, db.InTx(context.Background(), b.pool, func(tx db.DBTX) error {
		for _, doc := range []any{&d2, d2.String(), d3} {
			if _, err := inbox.NotifyInTx(context.Background(), tx, member(p, inbox.TypeAccessGranted, doc)); err != nil {
				return err
			}
		}
		return nil
	}))
	rows, more, err := b.svc.List(pgtest.ActingAs(p), inbox.Filter{}, nil, 10)
	require.NoError(t, err)
	require.False(t, more)
	require.Len(t, rows, 1, "one notification per recipient, batch and type")
	got := rows[0]
	require.Equal(t, first.ID, got.ID)
	require.Equal(t, float64(3), got.Payload["count"], "d2 twice counts once")
	require.Equal(t, []any{d1.String(), d2.String(), d3.String()}, got.Payload["documents"])
	require.NotContains(t, got.Payload, "documentId")

	// Members without a document id still count.
	b.notify(t, member(p, inbox.TypeAccessGranted, nil))
	rows, _, err = b.svc.List(pgtest.ActingAs(p), inbox.Filter{}, nil, 10)
	require.NoError(t, err)
	require.Equal(t, float64(4), rows[0].Payload["count"])

	// Another type or another recipient is another notification of the batch.
	require.NotEqual(t, first.ID, b.notify(t, member(p, inbox.TypeAccessReshared, d1)).ID)
	qn := b.notify(t, member(q, inbox.TypeAccessGranted, d1))
	require.NotEqual(t, first.ID, qn.ID)
	require.Equal(t, float64(1), qn.Payload["count"])

	// A later member brings a read batch back to unread.
	_, err = b.svc.MarkRead(pgtest.ActingAs(p), []uuid.UUID{first.ID})
	require.NoError(t, err)
	again := b.notify(t, member(p, inbox.TypeAccessGranted, newID()))
	require.Equal(t, first.ID, again.ID)
	require.Equal(t, inbox.StatusUnread, again.Status)
	require.Nil(t, again.ReadAt)
	require.Equal(t, float64(5), again.Payload["count"])
}

func TestNotifySignalsOnCommitOnly(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	p := pgtest.CreatePerson(t, b.pool)
	rolledBack := pgtest.CreatePerson(t, b.pool)
	conn := b.listen(t)

	// Nothing is delivered for a rolled-back transaction ...
	errRollback := errors.New("roll back")
	err := db.InTx(context.Background(), b.pool, func(tx db.DBTX) error {
		n, err := inbox.NotifyInTx(context.Background(), tx, info(rolledBack, inbox.TypeAccessGranted))
		require.NoError(t, err)
		require.NotNil(t, n)
		return errRollback
	})
	require.ErrorIs(t, err, errRollback)
	// ... and one signal per recipient is, when the transaction commits.
	require.NoError(t, db.InTx(context.Background(), b.pool, func(tx db.DBTX) error {
		for range 3 {
			if _, err := inbox.NotifyInTx(context.Background(), tx, info(p, inbox.TypeAccessGranted)); err != nil {
				return err
			}
		}
		return nil
	}))
	require.Equal(t, p.ID.String(), next(t, conn), "the rolled-back notification was never signalled")
	// Postgres folded the three signals of that transaction into one.
	m := b.marker(t)
	require.Equal(t, m, next(t, conn))

	// A suppressed notification writes and signals nothing.
	own := info(p, inbox.TypeAccessGranted)
	own.ActorID = &p.ID
	require.Nil(t, b.notify(t, own))
	m = b.marker(t)
	require.Equal(t, m, next(t, conn))

	// The read marks signal when they change something, and only then.
	n, err := b.svc.MarkAllRead(pgtest.ActingAs(p))
	require.NoError(t, err)
	require.Equal(t, 3, n)
	require.Equal(t, p.ID.String(), next(t, conn))
	n, err = b.svc.MarkAllRead(pgtest.ActingAs(p))
	require.NoError(t, err)
	require.Zero(t, n)
	m = b.marker(t)
	require.Equal(t, m, next(t, conn), "marking nothing read sends nothing")
	fresh := b.notify(t, info(p, inbox.TypeGroupAdded))
	require.Equal(t, p.ID.String(), next(t, conn))
	n, err = b.svc.MarkRead(pgtest.ActingAs(p), []uuid.UUID{newID()})
	require.NoError(t, err)
	require.Zero(t, n)
	m = b.marker(t)
	require.Equal(t, m, next(t, conn), "marking nothing read sends nothing")
	n, err = b.svc.MarkRead(pgtest.ActingAs(p), []uuid.UUID{fresh.ID})
	require.NoError(t, err)
	require.Equal(t, 1, n)
	require.Equal(t, p.ID.String(), next(t, conn))
	_, err = b.svc.Dismiss(pgtest.ActingAs(p), fresh.ID)
	require.NoError(t, err)
	require.Equal(t, p.ID.String(), next(t, conn))

	// Resolving decisions signals each recipient.
	d := b.notify(t, decision(p))
	require.Equal(t, p.ID.String(), next(t, conn))
	resolved, err := inbox.ResolveDecisionsInTx(context.Background(), b.pool, "link", []uuid.UUID{*d.SubjectID})
	require.NoError(t, err)
	require.Equal(t, 1, resolved)
	require.Equal(t, p.ID.String(), next(t, conn))
}
