package server_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/inbox"
	"codna/internal/mail"
	"codna/internal/mail/mailtest"
	"codna/internal/pgtest"
)

// The one-click unsubscribe link of a decision mail, followed against the
// running server: GET shows a confirmation page and turns nothing off (a
// link scanner unsubscribes nobody); one POST of
// List-Unsubscribe=One-Click turns decision mail off, as mailPreferences
// then says, and the next decision queues no mail; a bad token is 404.
func TestUnsubscribeLinkOfADecisionMail(t *testing.T) {
	t.Parallel()
	smtp := mailtest.Start(t)
	const public = "https://codna.example.com"
	b := setup(t, func(c *config) {
		c.Mail = mail.Config{
			SMTPURL: smtp.URL(), From: "codna@example.com", PublicURL: public,
			TLSConfig: smtp.TLSConfig(), Poll: 20 * time.Millisecond,
		}
	})
	require.NoError(t, b.app.MailSender.Start(t.Context()))
	t.Cleanup(b.app.MailSender.Stop)
	ctx := context.Background()
	owner, p := pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool)
	token := pgtest.CreatePersonToken(t, b.pool, p.ID)
	doc := pgtest.CreateDocument(t, b.pool, owner.ID, pgtest.Doc{Title: "Runbook"})
	pgtest.Grant(t, b.pool, doc.ID, "user", p.ID, "read")
	decide := func() int64 {
		require.NoError(t, db.InTx(ctx, b.pool, func(tx db.DBTX) error {
			_, err := inbox.NotifyInTx(ctx, tx, inbox.Notice{RecipientID: p.ID, Type: inbox.TypeLinkTargetMoved,
				SubjectType: "document", SubjectID: &doc.ID, RequiresDecision: true, Payload: map[string]any{"n": uuid.NewString()}})
			return err
		}))
		n, err := b.app.Mail.QueueNotices(auth.SystemContext(ctx))
		require.NoError(t, err)
		return n
	}
	prefs := func() map[string]any {
		return b.gql(t, token, `{ mailPreferences { decisions mentions digest mailEnabled } }`, nil)["mailPreferences"].(map[string]any)
	}
	require.Equal(t, map[string]any{"decisions": true, "mentions": true, "digest": "DAILY", "mailEnabled": true}, prefs())

	require.EqualValues(t, 1, decide())
	msgs := smtp.Wait(t, 1, 20*time.Second)
	m, err := mailtest.Parse(msgs[0].Data)
	require.NoError(t, err)
	require.NotEmpty(t, m.Text)
	require.NotEmpty(t, m.HTML)
	require.Equal(t, "List-Unsubscribe=One-Click", m.Header.Get("List-Unsubscribe-Post"))
	link := strings.TrimSuffix(strings.TrimPrefix(m.Header.Get("List-Unsubscribe"), "<"), ">")
	require.True(t, strings.HasPrefix(link, public+"/mail/unsubscribe?t="), link)
	link = b.http.URL + strings.TrimPrefix(link, public)

	res, err := http.Get(link)
	require.NoError(t, err)
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.Contains(t, res.Header.Get("Content-Security-Policy"), "default-src 'none'")
	require.Contains(t, string(page), `<form method="post"`)
	require.Equal(t, true, prefs()["decisions"], "a GET turns nothing off")

	res, err = http.Post(link, "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"))
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.Equal(t, false, prefs()["decisions"], "one POST turns decision mail off")
	require.Equal(t, true, prefs()["mentions"])
	require.Zero(t, decide(), "the next decision queues no mail")

	bad := b.http.URL + "/mail/unsubscribe?t=" + p.ID.String() + ".digest.AAAA"
	res, err = http.Get(bad)
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusNotFound, res.StatusCode)
	res, err = http.Post(bad, "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"))
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusNotFound, res.StatusCode)
	require.Equal(t, "DAILY", prefs()["digest"], "a bad token turns nothing off")

	got := b.gql(t, token, `mutation { updateMailPreferences(input: {decisions: true, digest: HOURLY}) { decisions digest } }`, nil)
	require.Equal(t, map[string]any{"decisions": true, "digest": "HOURLY"}, got["updateMailPreferences"])
}
