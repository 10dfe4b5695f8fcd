package server_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/mail"
	"codna/internal/mail/mailtest"
	"codna/internal/pgtest"
	"codna/internal/sso"
	"codna/internal/sso/ssotest"
)

const signInOptionsQuery = `{ signInOptions { password sso { name startUrl } } }`

// The sign-in screen asks, before anyone signs in, what it may offer.
func TestSignInOptions(t *testing.T) {
	t.Parallel()
	r := setup(t).do(t, req{query: signInOptionsQuery})
	require.Empty(t, r.Errors)
	require.Equal(t, map[string]any{"password": true, "sso": nil}, r.Data["signInOptions"])

	p := ssoProvider(t, ssotest.Options{})
	r = ssoSetup(t, p).do(t, req{query: signInOptionsQuery})
	require.Empty(t, r.Errors)
	require.Equal(t, map[string]any{"password": true, "sso": map[string]any{"name": "Test IdP", "startUrl": "/auth/oidc/start"}}, r.Data["signInOptions"])

	r = ssoSetup(t, p, func(c *config) { c.SSO.Only = true }).do(t, req{query: signInOptionsQuery})
	require.Equal(t, false, r.Data["signInOptions"].(map[string]any)["password"])
}

// An invitation accepted through the provider: only when the provider's
// verified e-mail is the invited one.
func TestSSOAcceptsAnInvitationForTheInvitedEmailOnly(t *testing.T) {
	t.Parallel()
	p := ssoProvider(t, ssotest.Options{})
	b := ssoSetup(t, p)
	mctx := auth.ManagementContext(context.Background())
	invited, secret, err := b.app.Manage.Invite(mctx, "ivy@example.com", "Ivy", 0)
	require.NoError(t, err)
	require.NotEmpty(t, secret)
	p.SetUser(ssotest.User{Subject: "sub-ivy", Username: "ivy", Password: "pw", Email: "ivy@example.com", EmailVerified: true})
	p.SetUser(ssotest.User{Subject: "sub-eve", Username: "eve", Password: "pw", Email: "eve@example.com", EmailVerified: true})
	p.SetUser(ssotest.User{Subject: "sub-ivy2", Username: "ivy-unverified", Password: "pw", Email: "ivy@example.com", EmailVerified: false})

	br := newBrowser(t, b)
	require.Equal(t, sso.CodeInvitationMismatch, signInError(br.signIn(t, "?invite="+secret, "eve", "pw")))
	require.Equal(t, sso.CodeUnverifiedEmail, signInError(br.signIn(t, "?invite="+secret, "ivy-unverified", "pw")))
	require.Empty(t, br.session(t))
	require.Equal(t, 0, countRows(t, b, `SELECT count(*) FROM invitations WHERE user_id = $1 AND used_at IS NOT NULL`, invited.ID), "still unused")

	m := requireSignedIn(t, br, br.signIn(t, "?invite="+secret+"&next=/wiki", "ivy", "pw"), "/wiki", "ivy@example.com")
	require.Equal(t, invited.ID.String(), m["id"])
	require.Equal(t, 1, countRows(t, b, `SELECT count(*) FROM invitations WHERE user_id = $1 AND used_at IS NOT NULL`, invited.ID))
	require.Equal(t, []string{"oidc:" + p.Issuer + " sub-ivy"}, identities(t, b, invited.ID))
	require.Equal(t, 1, countRows(t, b, `SELECT count(*) FROM management_audit WHERE target_user_id = $1 AND details->>'how' = 'invitation'`, invited.ID))

	br = newBrowser(t, b)
	require.Equal(t, sso.CodeInvitationInvalid, signInError(br.signIn(t, "?invite="+secret, "ivy", "pw")), "an invitation is good once")
	require.Equal(t, sso.CodeInvitationInvalid, signInError(br.signIn(t, "?invite=made-up", "ivy", "pw")))

	// Someone invited who signed in through the provider before accepting
	// (linked by their verified e-mail) can still accept: nothing more to
	// link; another provider account cannot accept it for them.
	later, secret2, err := b.app.Manage.Invite(mctx, "lee@example.com", "Lee", 0)
	require.NoError(t, err)
	p.SetUser(ssotest.User{Subject: "sub-lee", Username: "lee", Password: "pw", Email: "lee@example.com", EmailVerified: true})
	br = newBrowser(t, b)
	requireSignedIn(t, br, br.signIn(t, "", "lee", "pw"), "/", "lee@example.com")
	require.Equal(t, sso.CodeInvitationMismatch, signInError(newBrowser(t, b).signIn(t, "?invite="+secret2, "ivy", "pw")), "not the invited address")
	requireSignedIn(t, br, br.signIn(t, "?invite="+secret2, "lee", "pw"), "/", "lee@example.com")
	require.Equal(t, 1, countRows(t, b, `SELECT count(*) FROM invitations WHERE user_id = $1 AND used_at IS NOT NULL`, later.ID))
	require.Len(t, identities(t, b, later.ID), 1)
}

// CODNA_OIDC_ONLY: people sign in through the provider alone — no
// password sign-in, no reset link (the answer stays true and the mail
// says to sign in with the provider), no password at an invitation —
// while personal tokens keep working.
func TestSSOOnlyTurnsPasswordsOffForPeople(t *testing.T) {
	t.Parallel()
	smtp := mailtest.Start(t)
	p := ssoProvider(t, ssotest.Options{})
	b := ssoSetup(t, p, func(c *config) {
		c.SSO.Only = true
		c.Mail = mail.Config{SMTPURL: smtp.URL(), From: "codna@example.com", PublicURL: c.SSO.PublicURL, TLSConfig: smtp.TLSConfig(), Poll: 20 * time.Millisecond}
	})
	require.NoError(t, b.app.MailSender.Start(t.Context()))
	t.Cleanup(b.app.MailSender.Stop)
	person := pgtest.CreatePerson(t, b.pool)
	token := pgtest.CreatePersonToken(t, b.pool, person.ID)

	r, session := b.login(t, person.Email, pgtest.Password)
	require.Equal(t, "FORBIDDEN", r.code())
	require.Contains(t, r.Errors[0].Message, "Test IdP")
	require.Empty(t, session)

	r = b.requestReset(t, person.Email)
	require.Empty(t, r.Errors)
	require.Equal(t, true, r.Data["requestPasswordReset"])
	msgs := smtp.Wait(t, 1, 20*time.Second)
	require.Equal(t, []string{person.Email}, msgs[0].To)
	parsed, err := mailtest.Parse(msgs[0].Data)
	require.NoError(t, err)
	require.Contains(t, parsed.Text, "sign in with Test IdP")
	require.NotContains(t, parsed.Text, "/reset/", "no reset link")
	require.Equal(t, 0, countRows(t, b, `SELECT count(*) FROM password_resets WHERE user_id = $1`, person.ID))

	// (With mail on, an invitation's secret is only in its mail: the
	// refusal comes before the secret is looked at, so any will do.)
	r = b.do(t, req{
		query:     `mutation($i: AcceptInvitationInput!) { acceptInvitation(input: $i) { user { id } } }`,
		variables: map[string]any{"i": map[string]any{"token": "an-invitation-secret", "password": "a long enough password"}},
	})
	require.Equal(t, "FORBIDDEN", r.code(), "no password at an invitation")

	r = b.do(t, req{query: meQuery, bearer: token})
	require.Equal(t, strings.ToLower(person.Email), strings.ToLower(me(t, r)["email"].(string)), "a personal token still works")

	// The provider signs them in, and mail tells them of the link.
	p.SetUser(ssotest.User{Subject: "sub-o", Username: "o", Password: "pw", Email: person.Email, EmailVerified: true})
	br := newBrowser(t, b)
	requireSignedIn(t, br, br.signIn(t, "", "o", "pw"), "/", person.Email)
	msgs = smtp.Wait(t, 2, 20*time.Second)
	parsed, err = mailtest.Parse(msgs[1].Data)
	require.NoError(t, err)
	require.Contains(t, parsed.Text, "linked to your account at Test IdP")
}
