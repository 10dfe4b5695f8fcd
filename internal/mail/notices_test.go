package mail_test

import (
	"context"
	"regexp"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/inbox"
	"codna/internal/mail"
	"codna/internal/pgtest"
)

// notify creates a notification for recipient about page doc.
func (e env) notify(t *testing.T, recipient, doc uuid.UUID, typ string, decision bool) uuid.UUID {
	t.Helper()
	var id uuid.UUID
	require.NoError(t, db.InTx(context.Background(), e.pool, func(tx db.DBTX) error {
		n, err := inbox.NotifyInTx(context.Background(), tx, inbox.Notice{
			RecipientID: recipient, Type: typ, SubjectType: "document", SubjectID: &doc, RequiresDecision: decision,
		})
		if err == nil {
			id = n.ID
		}
		return err
	}))
	return id
}

func (e env) queue(t *testing.T) int64 {
	t.Helper()
	n, err := e.mail.QueueNotices(auth.SystemContext(context.Background()))
	require.NoError(t, err)
	return n
}

// sharedPage is a page owner made that only reader (besides its owner)
// may read.
func sharedPage(t *testing.T, e env, owner, reader uuid.UUID, title string) uuid.UUID {
	t.Helper()
	d := pgtest.CreateDocument(t, e.pool, owner, pgtest.Doc{Title: title})
	pgtest.Exec(t, e.pool, `DELETE FROM document_access WHERE document_id = $1`, d.ID)
	pgtest.Grant(t, e.pool, d.ID, "user", reader, "read")
	return d.ID
}

var unsubscribeHeader = regexp.MustCompile(`^<` + regexp.QuoteMeta(publicURL) + `/mail/unsubscribe\?t=([A-Za-z0-9._-]+)>$`)

// A decision mails its recipient at once: text and HTML naming the
// decision and its page, a link to the inbox, and the RFC 8058 headers
// whose token turns decision mail off, after which a new decision queues
// nothing (and the information of the same moment is left to the digest).
func TestDecisionMailArrivesWithOneClickUnsubscribe(t *testing.T) {
	t.Parallel()
	e := setup(t, nil)
	owner, p := pgtest.CreatePerson(t, e.pool), pgtest.CreatePerson(t, e.pool)
	page := sharedPage(t, e, owner.ID, p.ID, "Deploy <runbook>")
	e.notify(t, p.ID, page, inbox.TypeLinkTargetMoved, true)
	require.EqualValues(t, 1, e.queue(t))
	require.Zero(t, e.queue(t), "a notification is mailed once")
	require.Equal(t, 1, e.drain(t))

	msgs := e.smtp.Wait(t, 1, 10*time.Second)
	require.Equal(t, []string{p.Email}, msgs[0].To)
	m := parse(t, msgs[0])
	require.Equal(t, "A decision waits for you in CoDNA", m.Header.Get("Subject"))
	require.Contains(t, m.Text, "A link's target moved")
	require.Contains(t, m.Text, "Deploy <runbook> (wiki)")
	require.Contains(t, m.HTML, "Deploy &lt;runbook&gt;")
	require.Contains(t, m.Text, publicURL+"/inbox")
	require.Equal(t, "List-Unsubscribe=One-Click", m.Header.Get("List-Unsubscribe-Post"))
	u := unsubscribeHeader.FindStringSubmatch(m.Header.Get("List-Unsubscribe"))
	require.NotNil(t, u, "List-Unsubscribe: %q", m.Header.Get("List-Unsubscribe"))

	ctx := context.Background()
	topic, err := e.mail.UnsubscribeTopic(ctx, u[1])
	require.NoError(t, err)
	require.Equal(t, "decisions", topic.Kind)
	prefs, err := e.mail.MailPreferences(pgtest.ActingAs(p))
	require.NoError(t, err)
	require.True(t, prefs.Decisions, "checking a token changes nothing")
	_, err = e.mail.Unsubscribe(ctx, u[1])
	require.NoError(t, err)
	prefs, err = e.mail.MailPreferences(pgtest.ActingAs(p))
	require.NoError(t, err)
	require.False(t, prefs.Decisions)
	require.True(t, prefs.Mentions, "only that kind goes off")
	require.Equal(t, mail.DigestDaily, prefs.Digest)

	other := sharedPage(t, e, owner.ID, p.ID, "Another")
	e.notify(t, p.ID, other, inbox.TypeLinkTargetDeleted, true)
	require.Zero(t, e.queue(t), "decision mail is off")

	_, err = e.mail.Unsubscribe(ctx, u[1][:len(u[1])-2]+"xx")
	pgtest.RequireCode(t, err, "NOT_FOUND", "")
	_, err = e.mail.UnsubscribeTopic(ctx, uuid.NewString()+".digest.AAAA")
	pgtest.RequireCode(t, err, "NOT_FOUND", "")
}

// A decision read in the app before the sender reaches its mail is not
// mailed (the mail is dropped), nor one on a page its recipient can no
// longer read; a person with decision mail off gets nothing queued.
func TestDecisionMailNotSentWhenReadOrUnreadableOrOff(t *testing.T) {
	t.Parallel()
	e := setup(t, nil)
	owner, p, q := pgtest.CreatePerson(t, e.pool), pgtest.CreatePerson(t, e.pool), pgtest.CreatePerson(t, e.pool)
	page := sharedPage(t, e, owner.ID, p.ID, "Read in time")
	id := e.notify(t, p.ID, page, inbox.TypeLinkTargetMoved, true)
	lost := sharedPage(t, e, owner.ID, p.ID, "Secret plans")
	e.notify(t, p.ID, lost, inbox.TypeLinkTargetDeleted, true)
	require.EqualValues(t, 1, e.queue(t), "one mail for both: they coalesce")
	pgtest.Exec(t, e.pool, `UPDATE notifications SET status = 'read', read_at = now() WHERE id = $1`, id)
	pgtest.Exec(t, e.pool, `DELETE FROM document_access WHERE document_id = $1`, lost)
	require.Equal(t, 1, e.drain(t))
	require.Equal(t, 1, pgtest.Count(t, e.pool, `SELECT count(*) FROM mail_outbox WHERE recipient_id = $1 AND status = 'dropped'`, p.ID))
	require.Empty(t, e.smtp.Messages())

	off := false
	_, err := e.mail.UpdateMailPreferences(pgtest.ActingAs(q), mail.PreferencesUpdate{Decisions: &off})
	require.NoError(t, err)
	qpage := sharedPage(t, e, owner.ID, q.ID, "Q's page")
	e.notify(t, q.ID, qpage, inbox.TypeLinkTargetMoved, true)
	require.Zero(t, e.queue(t))
	require.Zero(t, pgtest.Count(t, e.pool, `SELECT count(*) FROM mail_outbox WHERE recipient_id = $1`, q.ID))
}

// A digest lists its recipient's unread information of its window, leaves
// out a page they lost access to after it was queued and what they read
// in the app meanwhile, and is not sent when nothing is left; hourly and
// daily digests are due once per period.
func TestDigestLeavesOutPagesTheRecipientLostAccessTo(t *testing.T) {
	t.Parallel()
	e := setup(t, nil)
	owner, p := pgtest.CreatePerson(t, e.pool), pgtest.CreatePerson(t, e.pool)
	kept := sharedPage(t, e, owner.ID, p.ID, "Kept page")
	lost := sharedPage(t, e, owner.ID, p.ID, "Lost page")
	read := sharedPage(t, e, owner.ID, p.ID, "Read page")
	e.notify(t, p.ID, kept, inbox.TypeAccessGranted, false)
	e.notify(t, p.ID, lost, inbox.TypeAccessGranted, false)
	readID := e.notify(t, p.ID, read, inbox.TypeAccessGranted, false)
	require.EqualValues(t, 1, e.queue(t), "one digest")
	require.Zero(t, e.queue(t), "not due again within its period")

	pgtest.Exec(t, e.pool, `DELETE FROM document_access WHERE document_id = $1`, lost)
	pgtest.Exec(t, e.pool, `UPDATE notifications SET status = 'read', read_at = now() WHERE id = $1`, readID)
	require.Equal(t, 1, e.drain(t))
	msgs := e.smtp.Wait(t, 1, 10*time.Second)
	m := parse(t, msgs[0])
	require.Equal(t, "What you missed in CoDNA", m.Header.Get("Subject"))
	require.Contains(t, m.Text, "Kept page")
	require.NotContains(t, m.Text, "Lost page")
	require.NotContains(t, m.HTML, "Lost page")
	require.NotContains(t, m.Text, "Read page")
	require.Equal(t, "List-Unsubscribe=One-Click", m.Header.Get("List-Unsubscribe-Post"))
	require.Regexp(t, unsubscribeHeader, m.Header.Get("List-Unsubscribe"))

	// A digest whose every item went away is dropped, not sent.
	q := pgtest.CreatePerson(t, e.pool)
	gone := sharedPage(t, e, owner.ID, q.ID, "Gone page")
	e.notify(t, q.ID, gone, inbox.TypeAccessGranted, false)
	require.EqualValues(t, 1, e.queue(t))
	pgtest.Exec(t, e.pool, `DELETE FROM document_access WHERE document_id = $1`, gone)
	require.Equal(t, 1, e.drain(t))
	require.Equal(t, "dropped", e.row(t, q.ID).Status)
	require.Len(t, e.smtp.Messages(), 1)

	// Hourly: due again once the last digest is an hour old.
	hourly := mail.DigestHourly
	_, err := e.mail.UpdateMailPreferences(pgtest.ActingAs(p), mail.PreferencesUpdate{Digest: &hourly})
	require.NoError(t, err)
	e.notify(t, p.ID, kept, inbox.TypeAccessReshared, false)
	require.Zero(t, e.queue(t), "the last digest is not an hour old")
	pgtest.Exec(t, e.pool, `UPDATE mail_digests SET period_start = period_start - interval '61 minutes', period_end = period_end - interval '61 minutes' WHERE user_id = $1`, p.ID)
	require.EqualValues(t, 1, e.queue(t))

	// Off: nothing queued.
	off := mail.DigestOff
	_, err = e.mail.UpdateMailPreferences(pgtest.ActingAs(p), mail.PreferencesUpdate{Digest: &off})
	require.NoError(t, err)
	require.Zero(t, pgtest.Count(t, e.pool, `SELECT count(*) FROM mail_outbox WHERE recipient_id = $1 AND status = 'queued'`, p.ID), "turning it off drops the queued digest")
	pgtest.Exec(t, e.pool, `UPDATE mail_digests SET period_start = period_start - interval '2 days', period_end = period_end - interval '2 days' WHERE user_id = $1`, p.ID)
	require.Zero(t, e.queue(t))
}

// Preferences: defaults, changes, and BAD_USER_INPUT on a digest that is
// not one.
func TestMailPreferences(t *testing.T) {
	t.Parallel()
	e := setup(t, nil)
	p := pgtest.CreatePerson(t, e.pool)
	ctx := pgtest.ActingAs(p)
	got, err := e.mail.MailPreferences(ctx)
	require.NoError(t, err)
	require.Equal(t, mail.Preferences{Decisions: true, Mentions: true, Digest: mail.DigestDaily, MailEnabled: true}, got)
	off, weekly := false, mail.Digest("WEEKLY")
	got, err = e.mail.UpdateMailPreferences(ctx, mail.PreferencesUpdate{Mentions: &off})
	require.NoError(t, err)
	require.Equal(t, mail.Preferences{Decisions: true, Mentions: false, Digest: mail.DigestDaily, MailEnabled: true}, got)
	_, err = e.mail.UpdateMailPreferences(ctx, mail.PreferencesUpdate{Digest: &weekly})
	pgtest.RequireCode(t, err, "BAD_USER_INPUT", "digest")
}

// With mail off (no CODNA_SMTP_URL) nothing is queued at all.
func TestNoNoticesQueuedWithMailOff(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	svc := mail.New(d.Pool, mail.Config{}, nil, nil)
	owner, p := pgtest.CreatePerson(t, d.Pool), pgtest.CreatePerson(t, d.Pool)
	doc := pgtest.CreateDocument(t, d.Pool, owner.ID, pgtest.Doc{})
	e := env{pool: d.Pool, mail: svc}
	e.notify(t, p.ID, doc.ID, inbox.TypeLinkTargetMoved, true)
	e.notify(t, p.ID, doc.ID, inbox.TypeAccessGranted, false)
	require.Zero(t, e.queue(t))
	require.Zero(t, pgtest.Count(t, d.Pool, `SELECT count(*) FROM mail_outbox`))
	require.Zero(t, pgtest.Count(t, d.Pool, `SELECT count(*) FROM mail_digests`))
}

// Mention mails coalesce per person within mail.NoticeCoalesce: a burst is
// one mail listing every mention in it; one made while a mail went out
// within the window waits for the window to pass, then comes alone.
func TestMentionMailsCoalescePerPerson(t *testing.T) {
	t.Parallel()
	e := setup(t, nil)
	owner, p := pgtest.CreatePerson(t, e.pool), pgtest.CreatePerson(t, e.pool)
	a := sharedPage(t, e, owner.ID, p.ID, "Alpha plan")
	b := sharedPage(t, e, owner.ID, p.ID, "Beta plan")
	e.notify(t, p.ID, a, inbox.TypeMention, false)
	e.notify(t, p.ID, b, inbox.TypeMention, false)
	require.EqualValues(t, 1, e.queue(t))
	require.Equal(t, 1, e.drain(t))
	msgs := e.smtp.Wait(t, 1, 10*time.Second)
	m := parse(t, msgs[0])
	require.Equal(t, "You were mentioned in CoDNA", m.Header.Get("Subject"))
	require.Contains(t, m.Text, "Alpha plan")
	require.Contains(t, m.Text, "Beta plan")

	c := sharedPage(t, e, owner.ID, p.ID, "Gamma plan")
	e.notify(t, p.ID, c, inbox.TypeMention, false)
	require.Zero(t, e.queue(t), "a mail went out within the window")
	pgtest.Exec(t, e.pool, `UPDATE mail_outbox SET created_at = created_at - interval '3 minutes' WHERE recipient_id = $1`, p.ID)
	pgtest.Exec(t, e.pool, `UPDATE notifications SET created_at = created_at - interval '3 minutes' WHERE recipient_id = $1 AND subject_id <> $2`, p.ID, c)
	require.EqualValues(t, 1, e.queue(t))
	require.Zero(t, e.queue(t))
	require.Equal(t, 1, e.drain(t))
	msgs = e.smtp.Wait(t, 2, 10*time.Second)
	m = parse(t, msgs[1])
	require.Contains(t, m.Text, "Gamma plan")
	require.NotContains(t, m.Text, "Alpha plan", "the earlier mail told of it")
}
