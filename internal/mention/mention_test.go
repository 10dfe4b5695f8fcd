package mention_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/access"
	"codna/internal/fault"
	"codna/internal/inbox"
	"codna/internal/pgtest"
)

func TestOnlyNewMentionsNotify(t *testing.T) {
	t.Parallel()
	w := setup(t)
	ann, bob := pgtest.CreatePerson(t, w.pool), pgtest.CreatePerson(t, w.pool)
	doc := w.page(t, "Draft.")
	w.share(t, doc, ann, access.PermissionRead)
	w.share(t, doc, bob, access.PermissionRead)
	ctx := pgtest.ActingAs(w.owner)

	w.edit(t, ctx, doc, "Hello "+userMention(ann.ID, "Ann")+", please look.")
	got := w.notes(t, ann.ID)
	require.Len(t, got, 1)
	require.Equal(t, inbox.TypeMention, got[0].Type)
	require.False(t, got[0].Decision)
	require.Equal(t, doc.String(), got[0].Payload["documentId"])
	require.Equal(t, w.owner.ID.String(), got[0].Payload["mentionedBy"])
	require.Equal(t, "revision", got[0].Payload["source"])
	require.NotContains(t, got[0].Payload, "text", "ids only")
	require.Equal(t, 1, pgtest.Count(t, w.pool, `SELECT count(*) FROM watches WHERE user_id = $1 AND document_id = $2 AND source = 'mention'`, ann.ID, doc))
	require.Equal(t, 1, pgtest.Count(t, w.pool, `SELECT count(*) FROM events WHERE event_type = 'mention.created' AND subject_id = $1 AND document_id = $2 AND actor_id = $3 AND payload->>'source' = 'revision'`, ann.ID, doc, w.owner.ID))

	// The same mention in the next revision (moved, written again) tells nobody again.
	w.edit(t, ctx, doc, "Intro.\n\nHello again "+userMention(ann.ID, "Ann L")+" and "+userMention(ann.ID, "Ann")+".")
	require.Len(t, w.notes(t, ann.ID), 1)
	// A new person in the next revision is told; Ann is not told again.
	w.edit(t, ctx, doc, "Hello "+userMention(ann.ID, "Ann")+" and "+userMention(bob.ID, "Bob")+".")
	require.Len(t, w.notes(t, ann.ID), 1)
	require.Len(t, w.notes(t, bob.ID), 1)
	require.Equal(t, 2, pgtest.Count(t, w.pool, `SELECT count(*) FROM events WHERE event_type = 'mention.created'`))

	// Redelivering the events changes nothing.
	pgtest.Exec(t, w.pool, `UPDATE events SET processed_at = NULL, fanned_to = NULL, handled_by = '{}' WHERE event_type LIKE 'document.%'`)
	w.drain(t)
	require.Len(t, w.notes(t, ann.ID), 1)
	require.Len(t, w.notes(t, bob.ID), 1)
}

func TestAMentionedStrangerIsToldNothingAndTheAuthorDecides(t *testing.T) {
	t.Parallel()
	w := setup(t)
	stranger := pgtest.CreatePerson(t, w.pool)
	doc := w.page(t, "Secret plan: "+userMention(stranger.ID, "CEO")+" should see this.")

	require.Zero(t, w.allNotes(t, stranger.ID), "nothing about the page reaches someone who cannot read it")
	require.Zero(t, pgtest.Count(t, w.pool, `SELECT count(*) FROM events WHERE event_type = 'mention.created'`))
	require.Zero(t, pgtest.Count(t, w.pool, `SELECT count(*) FROM watches WHERE user_id = $1`, stranger.ID))
	got := w.notes(t, w.owner.ID)
	require.Len(t, got, 1)
	require.Equal(t, inbox.TypeMentionUnreadable, got[0].Type)
	require.True(t, got[0].Decision)
	require.Equal(t, stranger.ID.String(), got[0].Payload["userId"])
	require.Equal(t, 1, w.decisions(t, w.owner))

	// The view names the person by their current name, never the link text.
	n := w.notification(t, w.owner, got[0].ID)
	v, err := w.mentions.View(pgtest.ActingAs(w.owner), n)
	require.NoError(t, err)
	require.Equal(t, stranger.Name, v.TargetName)
	require.NotNil(t, v.Excerpt)
	require.Equal(t, "Secret plan: @"+stranger.Name+" should see this.", *v.Excerpt)

	// A stranger cannot answer it (not theirs), nor see it.
	_, err = w.mentions.Answer(pgtest.ActingAs(stranger), got[0].ID, true)
	pgtest.RequireCode(t, err, fault.NotFound, "notificationId")
	v, err = w.mentions.View(pgtest.ActingAs(stranger), n)
	require.NoError(t, err)
	require.Nil(t, v)

	res, err := w.mentions.Answer(pgtest.ActingAs(w.owner), got[0].ID, true)
	require.NoError(t, err)
	require.NotNil(t, res.BatchID)
	require.Equal(t, 1, pgtest.Count(t, w.pool, `SELECT count(*) FROM document_access WHERE document_id = $1 AND principal_id = $2 AND grant_reason = 'mention' AND permission = 'read' AND batch_id = $3`, doc, stranger.ID, *res.BatchID))
	require.True(t, w.canRead(t, stranger, doc))
	require.Equal(t, 1, pgtest.Count(t, w.pool, `SELECT count(*) FROM notifications WHERE recipient_id = $1 AND type = 'access.granted'`, stranger.ID))
	require.Equal(t, inbox.StatusResolved, w.notes(t, w.owner.ID)[0].Status)
	require.Zero(t, w.decisions(t, w.owner))

	_, err = w.mentions.Answer(pgtest.ActingAs(w.owner), got[0].ID, true)
	pgtest.RequireCode(t, err, fault.Conflict, "notificationId")
	w.drain(t)
	require.Zero(t, pgtest.Count(t, w.pool, `SELECT count(*) FROM notifications WHERE recipient_id = $1 AND type = 'mention'`, stranger.ID), "a mention already made is not new when access comes")
}

func TestLeavingItSharesNothing(t *testing.T) {
	t.Parallel()
	w := setup(t)
	stranger := pgtest.CreatePerson(t, w.pool)
	doc := w.page(t, "Ping "+userMention(stranger.ID, "x"))
	n := w.notes(t, w.owner.ID)[0]
	_, err := w.mentions.Answer(pgtest.ActingAs(w.owner), n.ID, false)
	require.NoError(t, err)
	require.False(t, w.canRead(t, stranger, doc))
	require.Equal(t, inbox.StatusResolved, w.notes(t, w.owner.ID)[0].Status)
	require.Zero(t, w.allNotes(t, stranger.ID))
}

func TestAReaderWhoCannotShareIsToldToAskTheOwner(t *testing.T) {
	t.Parallel()
	w := setup(t)
	reader, stranger := pgtest.CreatePerson(t, w.pool), pgtest.CreatePerson(t, w.pool)
	doc := w.page(t, "Plan.")
	w.share(t, doc, reader, access.PermissionRead)
	w.comment(t, doc, reader.ID, "Should "+userMention(stranger.ID, "S")+" know?")

	require.Zero(t, w.allNotes(t, stranger.ID))
	got := w.notes(t, reader.ID)
	require.Len(t, got, 1)
	require.Equal(t, inbox.TypeMentionUnreadable, got[0].Type)
	require.False(t, got[0].Decision, "information: a reader cannot share the page")
	require.Equal(t, true, got[0].Payload["askOwner"])
	require.Zero(t, w.decisions(t, reader))
	_, err := w.mentions.Answer(pgtest.ActingAs(reader), got[0].ID, true)
	pgtest.RequireCode(t, err, fault.BadInput, "notificationId")

	// A writer may share: a decision.
	writer := pgtest.CreatePerson(t, w.pool)
	w.share(t, doc, writer, access.PermissionWrite)
	w.comment(t, doc, writer.ID, "Yes, "+userMention(stranger.ID, "S")+".")
	got = w.notes(t, writer.ID)
	require.Len(t, got, 1)
	require.True(t, got[0].Decision)
	require.Equal(t, "comment", got[0].Payload["source"])
}

func TestCommentMentionsNotifyOnlyWhenNew(t *testing.T) {
	t.Parallel()
	w := setup(t)
	ann, stranger := pgtest.CreatePerson(t, w.pool), pgtest.CreatePerson(t, w.pool)
	doc := w.page(t, "Plan.")
	w.share(t, doc, ann, access.PermissionRead)
	c := w.comment(t, doc, w.owner.ID, "Cc "+userMention(ann.ID, "Ann"))
	require.Len(t, w.notes(t, ann.ID), 1)
	require.Equal(t, c.String(), w.notes(t, ann.ID)[0].Payload["commentId"])

	w.editComment(t, c, "Cc "+userMention(ann.ID, "Ann")+" (typo)")
	require.Len(t, w.notes(t, ann.ID), 1, "the comment's previous text mentioned her already")

	// A decision about a comment's mention clears when the mention leaves the comment.
	w.editComment(t, c, "Cc "+userMention(ann.ID, "Ann")+" and "+userMention(stranger.ID, "S"))
	require.Equal(t, 1, w.decisions(t, w.owner))
	w.editComment(t, c, "Cc "+userMention(ann.ID, "Ann"))
	require.Zero(t, w.decisions(t, w.owner))
	require.Equal(t, inbox.StatusResolved, w.notes(t, w.owner.ID)[0].Status)
	require.Zero(t, w.allNotes(t, stranger.ID))
}

func TestTheDecisionClears(t *testing.T) {
	t.Parallel()
	cases := map[string]func(t *testing.T, w *world, doc uuid.UUID, p pgtest.Person){
		"the mention leaves the latest revision": func(t *testing.T, w *world, doc uuid.UUID, _ pgtest.Person) {
			w.edit(t, pgtest.ActingAs(w.owner), doc, "Nobody here.")
		},
		"the person can read the page by a share": func(t *testing.T, w *world, doc uuid.UUID, p pgtest.Person) {
			w.share(t, doc, p, access.PermissionRead)
		},
		"the person can read the page through Everyone": func(t *testing.T, w *world, doc uuid.UUID, _ pgtest.Person) {
			_, err := w.access.Share(pgtest.ActingAs(w.owner), access.ShareInput{DocumentIDs: []uuid.UUID{doc}, Recipients: []string{"group:everyone"}})
			require.NoError(t, err)
			w.drain(t)
		},
		"the page is trashed": func(t *testing.T, w *world, doc uuid.UUID, _ pgtest.Person) {
			_, err := w.docs.Delete(pgtest.ActingAs(w.owner), doc)
			require.NoError(t, err)
			w.drain(t)
		},
		"the page is purged": func(t *testing.T, w *world, doc uuid.UUID, _ pgtest.Person) {
			_, err := w.docs.Delete(pgtest.ActingAs(w.owner), doc)
			require.NoError(t, err)
			require.NoError(t, w.docs.Purge(pgtest.ActingAs(w.owner), doc))
			w.drain(t)
			require.Zero(t, pgtest.Count(t, w.pool, `SELECT count(*) FROM mentions WHERE document_id = $1`, doc))
		},
	}
	for name, act := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			w := setup(t)
			p := pgtest.CreatePerson(t, w.pool)
			doc := w.page(t, "See "+userMention(p.ID, "P")+".")
			require.Equal(t, 1, w.decisions(t, w.owner))
			act(t, w, doc, p)
			require.Zero(t, w.decisions(t, w.owner))
			got := w.notes(t, w.owner.ID)
			require.Len(t, got, 1)
			require.Equal(t, inbox.StatusResolved, got[0].Status)
		})
	}
}

func TestViewShowsTheSentenceOnlyToAReaderNow(t *testing.T) {
	t.Parallel()
	w := setup(t)
	ann, bob := pgtest.CreatePerson(t, w.pool), pgtest.CreatePerson(t, w.pool)
	doc := w.page(t, "Top secret.")
	w.share(t, doc, ann, access.PermissionRead)
	w.share(t, doc, bob, access.PermissionRead)
	w.edit(t, pgtest.ActingAs(w.owner), doc, "First sentence. Ask "+userMention(bob.ID, "the CEO")+" and "+userMention(ann.ID, "<script>x</script>")+" now! Last sentence.")
	n := w.notes(t, ann.ID)[0]
	v, err := w.mentions.View(pgtest.ActingAs(ann), w.notification(t, ann, n.ID))
	require.NoError(t, err)
	require.NotNil(t, v.Excerpt)
	require.Equal(t, "Ask @"+bob.Name+" and @"+ann.Name+" now!", *v.Excerpt, "current names, never the link text")

	// Ann loses the page: the notification shows nothing of it.
	grant := pgtest.Count(t, w.pool, `SELECT count(*) FROM document_access WHERE document_id = $1 AND principal_id = $2`, doc, ann.ID)
	require.Equal(t, 1, grant)
	pgtest.Exec(t, w.pool, `DELETE FROM document_access WHERE document_id = $1 AND principal_id = $2`, doc, ann.ID)
	v, err = w.mentions.View(pgtest.ActingAs(ann), w.notification(t, ann, n.ID))
	require.NoError(t, err)
	require.Nil(t, v.Excerpt)
	require.False(t, strings.Contains(w.notificationJSON(t, n.ID), "Ask"), "the stored payload holds no text")
}

func TestMentionsAreNotLinks(t *testing.T) {
	t.Parallel()
	w := setup(t)
	ann := pgtest.CreatePerson(t, w.pool)
	w.page(t, "Hi "+userMention(ann.ID, "Ann")+" [@P](mention:group/platform)")
	require.Zero(t, pgtest.Count(t, w.pool, `SELECT count(*) FROM document_links`))
}

func (w *world) notification(t *testing.T, p pgtest.Person, id uuid.UUID) *inbox.Notification {
	t.Helper()
	ns, _, err := w.inbox.List(pgtest.ActingAs(p), inbox.Filter{}, nil, 100)
	require.NoError(t, err)
	for i := range ns {
		if ns[i].ID == id {
			return &ns[i]
		}
	}
	t.Fatalf("notification %s not listed", id)
	return nil
}

func (w *world) notificationJSON(t *testing.T, id uuid.UUID) string {
	t.Helper()
	var s string
	require.NoError(t, w.pool.QueryRow(context.Background(), `SELECT payload::text FROM notifications WHERE id = $1`, id).Scan(&s))
	return s
}

// The consumer reads and parses only pages that may mention someone; the
// filter keeps the scheme in any case, as the parser reads it.
func TestMentionsInAnyCaseAreFound(t *testing.T) {
	t.Parallel()
	w := setup(t)
	ann := pgtest.CreatePerson(t, w.pool)
	doc := w.page(t, "Draft.")
	w.share(t, doc, ann, access.PermissionRead)

	w.edit(t, pgtest.ActingAs(w.owner), doc, fmt.Sprintf("Hello [@Ann](MENTION:user/%s).", ann.ID))
	require.Len(t, w.notes(t, ann.ID), 1)
}
