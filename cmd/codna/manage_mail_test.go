package main

import (
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/mail/mailtest"
	"codna/internal/pgtest"
)

// Not parallel: t.Setenv.
func TestManageMailTestSendsThroughTheServerAndReportsItsAnswer(t *testing.T) {
	d := pgtest.New(t)
	t.Setenv("CODNA_DATABASE_URL", d.URL)
	relay := mailtest.StartRelay(t)
	t.Setenv("CODNA_SMTP_URL", "smtp://"+relay.Addr+"?tls=none")
	t.Setenv("CODNA_MAIL_FROM", "CoDNA <codna@example.com>")
	t.Setenv("CODNA_PUBLIC_URL", "https://codna.example.com")

	_, _, err := runCLI(t, "", "manage", "mail", "test")
	require.ErrorContains(t, err, "--to")

	out, _, err := runCLI(t, "", "manage", "mail", "test", "--to", "ops@example.com")
	require.NoError(t, err)
	require.Contains(t, out, "accepted the mail for ops@example.com")
	msgs := relay.Messages()
	require.Len(t, msgs, 1, "sent at once, not queued")
	require.Equal(t, []string{"ops@example.com"}, msgs[0].To)

	relay.FailNext(1, 550)
	_, _, err = runCLI(t, "", "manage", "mail", "test", "--to", "ops@example.com")
	require.ErrorContains(t, err, "550", "the server's answer")
	require.Len(t, relay.Messages(), 1)
}
