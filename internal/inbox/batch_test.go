package inbox_test

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/fault"
	"codna/internal/inbox"
	"codna/internal/pgtest"
)

// A share of more pages than payload.documents holds is one notification
// whose pages are all listed, page by page, through the reader's
// permission: a page past the cap that the reader can read shows up, one
// they cannot read never does.
func TestDocumentsPagesABatchPastTheCap(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	maya, bob, carol := pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool)
	batch := newID()
	total := inbox.MaxBatchDocuments + 5
	var readable []uuid.UUID
	var unreadable uuid.UUID
	var n *inbox.Notification
	for i := range total {
		d := pgtest.CreateDocument(t, b.pool, maya.ID, pgtest.Doc{})
		if i == total-2 {
			unreadable = d.ID // past the cap, never shared with bob (or taken back)
		} else {
			pgtest.Grant(t, b.pool, d.ID, "user", bob.ID, "read")
			readable = append(readable, d.ID)
		}
		n = b.notify(t, inbox.Notice{
			RecipientID: bob.ID, ActorID: &maya.ID, Type: inbox.TypeAccessGranted, SubjectType: "access", SubjectID: &batch,
			BatchID: &batch, Payload: map[string]any{"documentId": d.ID, "sharedBy": maya.ID.String()},
		})
	}
	require.EqualValues(t, total, n.Payload["count"], "one notification counting every page")
	require.Len(t, n.Payload["documents"], inbox.MaxBatchDocuments, "the payload keeps its cap")

	bobCtx := pgtest.ActingAs(bob)
	var got []uuid.UUID
	after := uuid.Nil
	for range 10 {
		page := inbox.DocumentPage{NotificationID: n.ID, After: after, Limit: 40}
		res, err := b.svc.Documents(bobCtx, []inbox.DocumentPage{page})
		require.NoError(t, err)
		p := res[page]
		got = append(got, p.IDs...)
		if !p.More {
			break
		}
		after = p.IDs[len(p.IDs)-1]
	}
	require.ElementsMatch(t, readable, got, "every readable page, past the cap too, once")
	require.NotContains(t, got, unreadable)
	require.Contains(t, got, readable[len(readable)-1], "the last page shared, far past the cap")

	// Two pages of two notifications in one call (the loader's batch).
	other := b.notify(t, inbox.Notice{
		RecipientID: bob.ID, Type: inbox.TypeAccessGranted, SubjectType: "access", SubjectID: pgtest.Ptr(newID()),
		BatchID: pgtest.Ptr(newID()), Payload: map[string]any{"documentId": readable[0]},
	})
	p1, p2 := inbox.DocumentPage{NotificationID: n.ID, Limit: 3}, inbox.DocumentPage{NotificationID: other.ID, Limit: 3}
	p1wide := inbox.DocumentPage{NotificationID: n.ID, Limit: 5} // the same page asked wider in the same batch
	res, err := b.svc.Documents(bobCtx, []inbox.DocumentPage{p1, p2, p1wide})
	require.NoError(t, err)
	require.Len(t, res[p1].IDs, 3)
	require.Equal(t, res[p1].IDs, res[p1wide].IDs[:3])
	require.Len(t, res[p1wide].IDs, 5)
	require.True(t, res[p1].More)
	require.Equal(t, []uuid.UUID{readable[0]}, res[p2].IDs)
	require.False(t, res[p2].More)

	// Taking a page back leaves it out from then on.
	pgtest.Exec(t, b.pool, `DELETE FROM document_access WHERE document_id = $1 AND principal_id = $2`, readable[0], bob.ID)
	res, err = b.svc.Documents(bobCtx, []inbox.DocumentPage{p2})
	require.NoError(t, err)
	require.Empty(t, res[p2].IDs)

	// Someone else's notification stands for nothing, even for its sharer.
	for _, who := range []pgtest.Person{carol, maya} {
		res, err := b.svc.Documents(pgtest.ActingAs(who), []inbox.DocumentPage{p1})
		require.NoError(t, err)
		require.Empty(t, res[p1].IDs)
		got, err := b.svc.Get(pgtest.ActingAs(who), n.ID)
		require.NoError(t, err)
		require.Nil(t, got)
	}
	mine, err := b.svc.Get(bobCtx, n.ID)
	require.NoError(t, err)
	require.Equal(t, n.ID, mine.ID)

	_, err = b.svc.Documents(bobCtx, []inbox.DocumentPage{{NotificationID: n.ID, Limit: inbox.MaxLimit + 1}})
	require.Equal(t, fault.BadInput, fault.CodeOf(err))
}
