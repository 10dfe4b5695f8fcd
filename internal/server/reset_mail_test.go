package server_test

import (
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/mail"
	"codna/internal/mail/mailtest"
	"codna/internal/pgtest"
)

// resetLink finds the reset link's token in a mail's text part.
var resetLink = regexp.MustCompile(`https://codna\.example\.com/reset/([A-Za-z0-9_-]+)`)

// A password reset end to end: requestPasswordReset over GraphQL queues a
// mail that the sender delivers to a real SMTP server (STARTTLS, AUTH);
// the link in it sets a new password through resetPasswordWithToken, which
// signs the person in; the old password and the link stop working.
func TestPasswordResetMailEndToEnd(t *testing.T) {
	t.Parallel()
	smtp := mailtest.Start(t)
	b := setup(t, func(c *config) {
		c.Mail = mail.Config{
			SMTPURL: smtp.URL(), From: "codna@example.com", PublicURL: "https://codna.example.com",
			TLSConfig: smtp.TLSConfig(), Poll: 20 * time.Millisecond,
		}
	})
	require.NoError(t, b.app.MailSender.Start(t.Context()))
	t.Cleanup(b.app.MailSender.Stop)
	p := pgtest.CreatePerson(t, b.pool)

	r := b.requestReset(t, p.Email)
	require.Empty(t, r.Errors)
	require.Equal(t, true, r.Data["requestPasswordReset"])
	msgs := smtp.Wait(t, 1, 20*time.Second)
	require.Equal(t, []string{p.Email}, msgs[0].To)
	require.True(t, msgs[0].TLS, "sent under STARTTLS")
	parsed, err := mailtest.Parse(msgs[0].Data)
	require.NoError(t, err)
	m := resetLink.FindStringSubmatch(parsed.Text)
	require.NotNil(t, m, "the text part carries the link: %s", parsed.Text)
	require.Contains(t, parsed.HTML, m[0], "and the HTML part the same link")

	const fresh = "a brand new passphrase"
	r, cookie := b.reset(t, m[1], fresh)
	require.Empty(t, r.Errors)
	require.NotNil(t, cookie, "signed in")
	_, session := b.login(t, p.Email, fresh)
	require.NotEmpty(t, session, "the new password signs in")
	_, session = b.login(t, p.Email, pgtest.Password)
	require.Empty(t, session, "the old one no longer does")
	r, _ = b.reset(t, m[1], "yet another passphrase")
	require.Equal(t, "UNAUTHENTICATED", r.code(), "the link is good once")
}
