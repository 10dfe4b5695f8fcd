package mail_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
	"codna/internal/mail"
	"codna/internal/mail/mailtest"
	"codna/internal/manage"
	"codna/internal/pgtest"
)

const publicURL = "https://codna.example.com"

// env is a database, an SMTP server and mail configured to go through it.
type env struct {
	pool   *pgxpool.Pool
	smtp   *mailtest.Server
	mail   *mail.Service
	sender *mail.Sender
	manage *manage.Service
	auth   *auth.Service
}

func setup(t *testing.T, minter mail.PasswordResetMinter) env {
	t.Helper()
	d := pgtest.New(t)
	srv := mailtest.Start(t)
	svc := mail.New(d.Pool, mail.Config{
		SMTPURL: srv.URL(), From: "CoDNA <codna@example.com>", PublicURL: publicURL,
		TLSConfig: srv.TLSConfig(), Rate: 1000, Poll: 20 * time.Millisecond, Lease: 2 * time.Second,
	}, minter, nil)
	require.True(t, svc.Enabled())
	return env{
		pool: d.Pool, smtp: srv, mail: svc,
		sender: svc.NewSender(mail.SenderConfig{Backoff: 50 * time.Millisecond}, nil),
		manage: manage.New(d.Pool, auth.CheapArgon2, svc),
		auth:   auth.New(d.Pool, auth.Config{Argon2: auth.CheapArgon2}, nil),
	}
}

// enqueue queues one mail in a transaction of its own.
func (e env) enqueue(t *testing.T, recipient uuid.UUID, kind string, subject *uuid.UUID) {
	t.Helper()
	require.NoError(t, db.InTx(context.Background(), e.pool, func(tx db.DBTX) error {
		return e.mail.EnqueueInTx(context.Background(), tx, recipient, kind, subject)
	}))
}

// drain runs the sender once and says how many mails it claimed.
func (e env) drain(t *testing.T) int {
	t.Helper()
	n, err := e.sender.Drain(context.Background())
	require.NoError(t, err)
	return n
}

// row is the only mail_outbox row of recipient.
func (e env) row(t *testing.T, recipient uuid.UUID) db.MailOutbox {
	t.Helper()
	var r db.MailOutbox
	require.NoError(t, e.pool.QueryRow(context.Background(), `SELECT id, status, attempts, coalesce(last_error, ''), message_id FROM mail_outbox WHERE recipient_id = $1`, recipient).
		Scan(&r.ID, &r.Status, &r.Attempts, &r.LastError, &r.MessageID))
	return r
}

var inviteLink = regexp.MustCompile(regexp.QuoteMeta(publicURL) + `/invite/([A-Za-z0-9_-]+)`)

// parse parses a received mail and checks it is a whole one.
func parse(t *testing.T, m mailtest.Message) mailtest.Parsed {
	t.Helper()
	p, err := mailtest.Parse(m.Data)
	require.NoError(t, err)
	require.NotEmpty(t, p.Text, "a text part")
	require.NotEmpty(t, p.HTML, "an HTML part")
	return p
}

// An invitation mail arrives whole over STARTTLS and AUTH (the server
// refuses AUTH before TLS), and its link's token accepts the invitation.
func TestInvitationMailArrivesAndItsLinkAcceptsTheInvitation(t *testing.T) {
	t.Parallel()
	e := setup(t, nil)
	ctx := context.Background()
	u, token, err := e.manage.Invite(auth.ManagementContext(ctx), "ada@example.com", "Ada <Lovelace>", 0)
	require.NoError(t, err)
	require.Empty(t, token, "with mail on, the link goes by mail only")
	require.Equal(t, "queued", e.row(t, u.ID).Status)

	require.Equal(t, 1, e.drain(t))
	msgs := e.smtp.Wait(t, 1, 10*time.Second)
	require.Len(t, msgs, 1)
	require.Equal(t, []string{"ada@example.com"}, msgs[0].To)
	require.Equal(t, "codna@example.com", msgs[0].From)
	require.True(t, msgs[0].TLS, "sent after STARTTLS")
	p := parse(t, msgs[0])
	row := e.row(t, u.ID)
	require.Equal(t, "sent", row.Status)
	require.Equal(t, "<"+row.MessageID+">", p.Header.Get("Message-Id"))
	require.Equal(t, "Your invitation to CoDNA", p.Header.Get("Subject"))
	from, err := p.Header.AddressList("From")
	require.NoError(t, err)
	require.Equal(t, "codna@example.com", from[0].Address)
	require.Equal(t, "CoDNA", from[0].Name)
	to, err := p.Header.AddressList("To")
	require.NoError(t, err)
	require.Equal(t, "ada@example.com", to[0].Address)
	require.Equal(t, "Ada <Lovelace>", to[0].Name)
	require.Contains(t, p.HTML, "Hello Ada &lt;Lovelace&gt;", "the HTML part escapes the name")
	require.Contains(t, p.Text, "Hello Ada <Lovelace>")

	m := inviteLink.FindStringSubmatch(p.Text)
	require.NotNil(t, m, "the text part has the link: %s", p.Text)
	require.Contains(t, p.HTML, `href="`+m[0]+`"`, "the HTML part links to it too")
	got, err := e.auth.AcceptInvitation(ctx, m[1], "a good long password", "")
	require.NoError(t, err)
	require.Equal(t, u.ID, got.ID)
	var stored int
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT count(*) FROM invitations WHERE token_hash = $1`, m[1]).Scan(&stored))
	require.Zero(t, stored, "the plaintext secret is never stored")
}

// The mail's secret replaces every earlier one of the person: a link shown
// to management before (the copy-link path) or sent in an earlier mail
// stops working.
func TestAnInvitationMailEndsEarlierLinks(t *testing.T) {
	t.Parallel()
	e := setup(t, nil)
	ctx := context.Background()
	// Invited while mail was off: the link was shown to management.
	off := manage.New(e.pool, auth.CheapArgon2, nil)
	u, shown, err := off.Invite(auth.ManagementContext(ctx), "grace@example.com", "Grace", 0)
	require.NoError(t, err)
	require.NotEmpty(t, shown)
	var inv uuid.UUID
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT id FROM invitations WHERE user_id = $1`, u.ID).Scan(&inv))

	e.enqueue(t, u.ID, mail.KindInvitation, &inv)
	require.Equal(t, 1, e.drain(t))
	first := inviteLink.FindStringSubmatch(parse(t, e.smtp.Wait(t, 1, 10*time.Second)[0]).Text)[1]
	e.enqueue(t, u.ID, mail.KindInvitation, &inv) // sent again
	require.Equal(t, 1, e.drain(t))
	second := inviteLink.FindStringSubmatch(parse(t, e.smtp.Wait(t, 2, 10*time.Second)[1]).Text)[1]
	require.NotEqual(t, first, second)

	for _, old := range []string{shown, first} {
		_, err = e.auth.AcceptInvitation(ctx, old, "a good long password", "")
		require.Equal(t, fault.Unauthenticated, fault.CodeOf(err), "an earlier link no longer works")
	}
	_, err = e.auth.AcceptInvitation(ctx, second, "a good long password", "")
	require.NoError(t, err)

	// Used: a further invitation mail is dropped, not sent.
	e.enqueue(t, u.ID, mail.KindInvitation, &inv)
	require.Equal(t, 1, e.drain(t))
	var status, reason string
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT status, last_error FROM mail_outbox WHERE recipient_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`, u.ID).Scan(&status, &reason))
	require.Equal(t, "dropped", status)
	require.Contains(t, reason, "used or has expired")
	require.Len(t, e.smtp.Messages(), 2)
}

// A name with CR/LF cannot add a header: the sender strips control
// characters from every header value, and the mail goes to the person
// alone.
func TestHeaderInjectionInANameDoesNotReachTheHeaders(t *testing.T) {
	t.Parallel()
	e := setup(t, nil)
	ctx := context.Background()
	u, _, err := e.manage.Invite(auth.ManagementContext(ctx), "eve@example.com", "Eve", 0)
	require.NoError(t, err)
	_, err = e.pool.Exec(ctx, `UPDATE users SET name = $2 WHERE id = $1`, u.ID, "Eve\r\nBcc: victim@example.com\r\nX-Injected: yes\n\nbody")
	require.NoError(t, err)

	require.Equal(t, 1, e.drain(t))
	msg := e.smtp.Wait(t, 1, 10*time.Second)[0]
	require.Equal(t, []string{"eve@example.com"}, msg.To, "no other recipient")
	p := parse(t, msg)
	require.Empty(t, p.Header.Get("Bcc"))
	require.Empty(t, p.Header.Get("X-Injected"))
	require.NotContains(t, string(msg.Data), "\r\nBcc:")
	require.NotContains(t, string(msg.Data), "\r\nX-Injected:")
	to, err := p.Header.AddressList("To")
	require.NoError(t, err)
	require.Len(t, to, 1)
	require.Equal(t, "eve@example.com", to[0].Address)
	require.Equal(t, "Eve Bcc: victim@example.com X-Injected: yes body", to[0].Name)
}

// With CODNA_SMTP_URL unset mail is off: nothing is queued, and an
// invitation's link is shown to management as before.
func TestMailOffQueuesNothing(t *testing.T) {
	t.Parallel()
	d := pgtest.New(t)
	ctx := context.Background()
	svc := mail.New(d.Pool, mail.Config{PublicURL: publicURL}, nil, nil)
	require.False(t, svc.Enabled())
	p := pgtest.CreatePerson(t, d.Pool)
	require.NoError(t, db.InTx(ctx, d.Pool, func(tx db.DBTX) error {
		return svc.EnqueueInTx(ctx, tx, p.ID, mail.KindPasswordReset, nil)
	}))
	u, token, err := manage.New(d.Pool, auth.CheapArgon2, svc).Invite(auth.ManagementContext(ctx), "off@example.com", "Off", 0)
	require.NoError(t, err)
	require.NotEmpty(t, token, "the link is shown to management")
	_, err = auth.New(d.Pool, auth.Config{Argon2: auth.CheapArgon2}, nil).AcceptInvitation(ctx, token, "a good long password", "")
	require.NoError(t, err)
	require.NotEqual(t, uuid.Nil, u.ID)
	var n int
	require.NoError(t, d.Pool.QueryRow(ctx, `SELECT count(*) FROM mail_outbox`).Scan(&n))
	require.Zero(t, n)
	// The sender does not run.
	w := svc.NewSender(mail.SenderConfig{}, nil)
	require.NoError(t, w.Start(ctx))
	w.Stop()
	_, err = svc.SendTest(auth.ManagementContext(ctx), "ops@example.com")
	require.Equal(t, fault.BadInput, fault.CodeOf(err))
}

// A password reset mail carries the token the minter made in the
// sender's transaction, in a /reset/ link valid for an hour; without a
// minter it is dropped, saying why.
func TestPasswordResetMailCarriesTheMintedToken(t *testing.T) {
	t.Parallel()
	var minted []string
	e := setup(t, func(ctx context.Context, tx db.DBTX, userID uuid.UUID) (string, error) {
		var active bool
		if err := tx.QueryRow(ctx, `SELECT is_active FROM users WHERE id = $1`, userID).Scan(&active); err != nil {
			return "", err
		}
		minted = append(minted, "tok-"+userID.String()[:8])
		return minted[len(minted)-1], nil
	})
	p := pgtest.CreatePerson(t, e.pool)
	e.enqueue(t, p.ID, mail.KindPasswordReset, nil)
	require.Equal(t, 1, e.drain(t))
	got := parse(t, e.smtp.Wait(t, 1, 10*time.Second)[0])
	require.Equal(t, "Reset your CoDNA password", got.Header.Get("Subject"))
	require.Len(t, minted, 1)
	require.Contains(t, got.Text, publicURL+"/reset/"+minted[0])
	require.Contains(t, got.HTML, `href="`+publicURL+"/reset/"+minted[0]+`"`)
	require.Contains(t, got.Text, "valid for 1 hour")

	// No minter wired: dropped, nothing sent.
	d := setup(t, nil)
	q := pgtest.CreatePerson(t, d.pool)
	d.enqueue(t, q.ID, mail.KindPasswordReset, nil)
	require.Equal(t, 1, d.drain(t))
	r := d.row(t, q.ID)
	require.Equal(t, "dropped", r.Status)
	require.Contains(t, *r.LastError, "no token minter")
	require.Empty(t, d.smtp.Messages())
}

// `codna manage mail test` sends at once, for management only, and says
// the server accepted it.
func TestSendTestSendsNowForManagementOnly(t *testing.T) {
	t.Parallel()
	e := setup(t, nil)
	ctx := context.Background()
	_, err := e.mail.SendTest(ctx, "ops@example.com")
	require.Equal(t, fault.Unauthenticated, fault.CodeOf(err))
	_, err = e.mail.SendTest(auth.ManagementContext(ctx), "not an address")
	require.Equal(t, fault.BadInput, fault.CodeOf(err))

	answer, err := e.mail.SendTest(auth.ManagementContext(ctx), "ops@example.com")
	require.NoError(t, err)
	require.Contains(t, answer, "accepted")
	require.NotContains(t, answer, mailtest.Password)
	got := parse(t, e.smtp.Wait(t, 1, 10*time.Second)[0])
	require.Equal(t, "CoDNA test mail", got.Header.Get("Subject"))

	e.smtp.FailNext(1, 550)
	_, err = e.mail.SendTest(auth.ManagementContext(ctx), "ops@example.com")
	require.ErrorContains(t, err, "550")
	require.NotContains(t, err.Error(), mailtest.Password)
	require.True(t, strings.Contains(err.Error(), "127.0.0.1"), "the error names the server: %v", err)
}

// An invitation mail queued to someone else than the invitation's person
// is dropped and leaves that invitation as it was.
func TestAnInvitationMailToAnotherPersonIsDropped(t *testing.T) {
	t.Parallel()
	e := setup(t, nil)
	ctx := context.Background()
	off := manage.New(e.pool, auth.CheapArgon2, nil)
	u, shown, err := off.Invite(auth.ManagementContext(ctx), "hedy@example.com", "Hedy", 0)
	require.NoError(t, err)
	var inv uuid.UUID
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT id FROM invitations WHERE user_id = $1`, u.ID).Scan(&inv))
	other := pgtest.CreatePerson(t, e.pool)
	e.enqueue(t, other.ID, mail.KindInvitation, &inv)
	require.Equal(t, 1, e.drain(t))
	require.Equal(t, "dropped", e.row(t, other.ID).Status)
	require.Empty(t, e.smtp.Messages())
	_, err = e.auth.AcceptInvitation(ctx, shown, "a good long password", "")
	require.NoError(t, err, "the invitation's own link still works")
}
