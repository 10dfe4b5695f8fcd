package main

import (
	"net/netip"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Not parallel: t.Setenv.
func TestHeapFloorIsReadFromTheEnvironment(t *testing.T) {
	c, err := envConfig()
	require.NoError(t, err)
	require.Equal(t, 64, c.HeapFloorMiB, "the default")

	t.Setenv("CODNA_HEAP_FLOOR_MIB", "0")
	c, err = envConfig()
	require.NoError(t, err)
	require.Equal(t, 0, c.HeapFloorMiB, "0 turns pacing off")

	t.Setenv("CODNA_HEAP_FLOOR_MIB", "-5")
	_, err = envConfig()
	require.ErrorContains(t, err, "CODNA_HEAP_FLOOR_MIB")

	t.Setenv("CODNA_HEAP_FLOOR_MIB", "lots")
	_, err = envConfig()
	require.ErrorContains(t, err, "CODNA_HEAP_FLOOR_MIB")
}

// Not parallel: t.Setenv.
func TestFileSettingsAreReadFromTheEnvironment(t *testing.T) {
	c, err := envConfig()
	require.NoError(t, err)
	require.Equal(t, "local", c.FileStore)
	require.Zero(t, c.App.Files.MaxFileBytes, "0 is the files service's default")

	t.Setenv("CODNA_FILE_STORE", "postgres")
	t.Setenv("CODNA_MAX_FILE_BYTES", "1048576")
	t.Setenv("CODNA_UPLOAD_TIMEOUT", "2m")
	t.Setenv("CODNA_AUTOMATION_WORKERS", "4")
	t.Setenv("CODNA_MAX_IMPORT_BYTES", "2097152")
	c, err = envConfig()
	require.NoError(t, err)
	require.Equal(t, "postgres", c.FileStore)
	require.EqualValues(t, 1<<20, c.App.Files.MaxFileBytes)
	require.Equal(t, 2*time.Minute, c.Server.UploadTimeout)
	require.Equal(t, 4, c.App.Automation.Workers)
	require.EqualValues(t, 2<<20, c.App.Files.MaxImportBytes)

	t.Setenv("CODNA_FILE_STORE", "s3")
	_, err = envConfig()
	require.ErrorContains(t, err, "CODNA_FILE_STORE")
	t.Setenv("CODNA_FILE_STORE", "local")
	t.Setenv("CODNA_MAX_FILE_BYTES", "0")
	_, err = envConfig()
	require.ErrorContains(t, err, "CODNA_MAX_FILE_BYTES")
	t.Setenv("CODNA_MAX_FILE_BYTES", "1048576")
	t.Setenv("CODNA_MAX_IMPORT_BYTES", "-1")
	_, err = envConfig()
	require.ErrorContains(t, err, "CODNA_MAX_IMPORT_BYTES")
}

// Not parallel: t.Setenv.
func TestPublicURLIsReadFromTheEnvironment(t *testing.T) {
	t.Setenv("CODNA_LISTEN", "127.0.0.1:9090")
	c, err := envConfig()
	require.NoError(t, err)
	require.Equal(t, "http://127.0.0.1:9090", c.publicBase(), "unset: the listen address")
	t.Setenv("CODNA_LISTEN", ":9090")
	c, err = envConfig()
	require.NoError(t, err)
	require.Equal(t, "http://localhost:9090", c.publicBase())

	t.Setenv("CODNA_PUBLIC_URL", "https://wiki.example.com/")
	c, err = envConfig()
	require.NoError(t, err)
	require.Equal(t, "https://wiki.example.com", c.publicBase(), "without the trailing slash")

	for _, bad := range []string{"wiki.example.com", "ftp://wiki.example.com", "https://user:pw@wiki.example.com", "https://wiki.example.com/?a=b", "https://"} {
		t.Setenv("CODNA_PUBLIC_URL", bad)
		_, err = envConfig()
		require.ErrorContains(t, err, "CODNA_PUBLIC_URL", bad)
	}
}

// Not parallel: t.Setenv.
func TestMailSettingsAreReadAndCheckedWithoutShowingThePassword(t *testing.T) {
	c, err := envConfig()
	require.NoError(t, err)
	require.Empty(t, c.App.Mail.SMTPURL, "mail is off by default")

	t.Setenv("CODNA_SMTP_URL", "smtp://mailer:s3cret-pw@smtp.example.com:587")
	t.Setenv("CODNA_MAIL_FROM", "CoDNA <codna@example.com>")
	t.Setenv("CODNA_PUBLIC_URL", "https://codna.example.com/")
	t.Setenv("CODNA_SMTP_RATE", "2.5")
	c, err = envConfig()
	require.NoError(t, err)
	require.Equal(t, "smtp://mailer:s3cret-pw@smtp.example.com:587", c.App.Mail.SMTPURL)
	require.Equal(t, "CoDNA <codna@example.com>", c.App.Mail.From)
	require.Equal(t, "https://codna.example.com/", c.App.Mail.PublicURL)
	require.Equal(t, 2.5, c.App.Mail.Rate)

	for _, bad := range []struct{ name, value, says string }{
		{"CODNA_SMTP_URL", "http://mailer:s3cret-pw@smtp.example.com", "scheme"},
		{"CODNA_SMTP_URL", "smtp://mailer:s3cret-pw@:587", "no host"},
		{"CODNA_SMTP_URL", "smtp://mailer:s3cret-pw@smtp.example.com:99999", "port"},
		{"CODNA_SMTP_URL", "smtps://mailer:s3cret-pw@smtp.example.com?tls=none", "tls=none"},
		{"CODNA_SMTP_URL", "smtp://mailer:s3cret-pw@smtp.example.com?starttls=no", "unknown option"},
		{"CODNA_SMTP_URL", "smtp://mailer:s3cret-pw@smtp.example.com/%zz", "URL"},
		{"CODNA_MAIL_FROM", "not an address", "CODNA_MAIL_FROM"},
		{"CODNA_MAIL_FROM", "", "CODNA_MAIL_FROM must be set"},
		{"CODNA_PUBLIC_URL", "codna.example.com", "CODNA_PUBLIC_URL must be an http or https URL"},
		{"CODNA_PUBLIC_URL", "ftp://codna.example.com", "CODNA_PUBLIC_URL must be an http or https URL"},
		{"CODNA_PUBLIC_URL", "", "CODNA_PUBLIC_URL must be set"},
		{"CODNA_SMTP_RATE", "0", "CODNA_SMTP_RATE"},
		{"CODNA_SMTP_RATE", "fast", "CODNA_SMTP_RATE"},
	} {
		t.Run(bad.name+"="+bad.value, func(t *testing.T) {
			t.Setenv(bad.name, bad.value)
			_, err := envConfig()
			require.ErrorContains(t, err, bad.says)
			require.NotContains(t, err.Error(), "s3cret-pw", "an error never shows the password")
		})
	}

	t.Setenv("CODNA_SMTP_URL", "smtp://relay.internal:25?tls=none")
	_, err = envConfig()
	require.NoError(t, err, "a local relay without TLS or AUTH")
	t.Setenv("CODNA_SMTP_URL", "smtps://mailer:s3cret-pw@smtp.example.com")
	_, err = envConfig()
	require.NoError(t, err)
}

// Not parallel: t.Setenv.
func TestWebhookSettingsAreReadFromTheEnvironment(t *testing.T) {
	c, err := envConfig()
	require.NoError(t, err)
	require.Empty(t, c.App.Webhooks.Allow, "no special range allowed by default")
	require.False(t, c.App.Webhooks.AllowHTTP, "https only by default")

	t.Setenv("CODNA_WEBHOOK_ALLOW_CIDRS", "127.0.0.1/32, 10.1.0.0/16,::1")
	t.Setenv("CODNA_WEBHOOK_ALLOW_HTTP", "true")
	c, err = envConfig()
	require.NoError(t, err)
	require.Equal(t, []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32"), netip.MustParsePrefix("10.1.0.0/16"), netip.MustParsePrefix("::1/128")}, c.App.Webhooks.Allow)
	require.True(t, c.App.Webhooks.AllowHTTP)

	t.Setenv("CODNA_WEBHOOK_ALLOW_CIDRS", "10.0.0.0/8,intranet")
	_, err = envConfig()
	require.ErrorContains(t, err, "CODNA_WEBHOOK_ALLOW_CIDRS")
	t.Setenv("CODNA_WEBHOOK_ALLOW_CIDRS", "")
	t.Setenv("CODNA_WEBHOOK_ALLOW_HTTP", "sometimes")
	_, err = envConfig()
	require.ErrorContains(t, err, "CODNA_WEBHOOK_ALLOW_HTTP")
}

// Not parallel: t.Setenv.
func TestSingleSignOnSettingsAreReadAndChecked(t *testing.T) {
	c, err := envConfig()
	require.NoError(t, err)
	require.False(t, c.App.SSO.Enabled(), "off by default")

	t.Setenv("CODNA_PUBLIC_URL", "https://codna.example.com/")
	t.Setenv("CODNA_OIDC_ISSUER", "https://accounts.google.com")
	t.Setenv("CODNA_OIDC_CLIENT_ID", "client-1")
	t.Setenv("CODNA_OIDC_CLIENT_SECRET", "very-secret-value")
	t.Setenv("CODNA_OIDC_NAME", " Google ")
	t.Setenv("CODNA_OIDC_ALLOWED_DOMAINS", "Example.com, team.example")
	t.Setenv("CODNA_OIDC_ONLY", "true")
	c, err = envConfig()
	require.NoError(t, err)
	s := c.App.SSO
	require.Equal(t, "https://accounts.google.com", s.Issuer)
	require.Equal(t, "client-1", s.ClientID)
	require.Equal(t, "very-secret-value", s.ClientSecret)
	require.Equal(t, "Google", s.Name)
	require.Equal(t, []string{"example.com", "team.example"}, s.AllowedDomains)
	require.True(t, s.Only)
	require.Equal(t, "https://codna.example.com", s.PublicURL, "the redirect URL is built on CODNA_PUBLIC_URL")

	for _, bad := range []struct{ name, value, says string }{
		{"CODNA_OIDC_ISSUER", "http://idp.example.com", "https"},
		{"CODNA_OIDC_ISSUER", "https://login.microsoftonline.com/common/v2.0", "tenant"},
		{"CODNA_OIDC_CLIENT_ID", "", "CODNA_OIDC_CLIENT_ID"},
		{"CODNA_OIDC_CLIENT_SECRET", "", "CODNA_OIDC_CLIENT_SECRET"},
		{"CODNA_OIDC_ONLY", "maybe", "CODNA_OIDC_ONLY"},
		{"CODNA_OIDC_ALLOWED_DOMAINS", "nodot", "CODNA_OIDC_ALLOWED_DOMAINS"},
		{"CODNA_PUBLIC_URL", "", "CODNA_PUBLIC_URL"},
	} {
		t.Run(bad.name+"="+bad.value, func(t *testing.T) {
			t.Setenv(bad.name, bad.value)
			_, err := envConfig()
			require.ErrorContains(t, err, bad.says)
			require.NotContains(t, err.Error(), "very-secret-value")
		})
	}

	t.Setenv("CODNA_OIDC_ISSUER", "http://127.0.0.1:5556")
	_, err = envConfig()
	require.NoError(t, err, "http on loopback, for tests")
	t.Setenv("CODNA_OIDC_ISSUER", "")
	_, err = envConfig()
	require.ErrorContains(t, err, "CODNA_OIDC_ISSUER must be set", "a half configuration is not silently off")
}

// Not parallel: t.Setenv.
func TestActivityRetentionIsReadFromTheEnvironment(t *testing.T) {
	c, err := envConfig()
	require.NoError(t, err)
	require.Zero(t, c.App.ActivityRetention, "0 is the activity service's default, 365 days")

	t.Setenv("CODNA_ACTIVITY_RETENTION", "720h")
	c, err = envConfig()
	require.NoError(t, err)
	require.Equal(t, 720*time.Hour, c.App.ActivityRetention)

	t.Setenv("CODNA_ACTIVITY_RETENTION", "a year")
	_, err = envConfig()
	require.ErrorContains(t, err, "CODNA_ACTIVITY_RETENTION")
}

func TestCoeditingSettingsAreReadFromTheEnvironment(t *testing.T) {
	c, err := envConfig()
	require.NoError(t, err)
	require.False(t, c.App.CoeditingOff, "co-editing is on by default")

	t.Setenv("CODNA_COEDITING", "false")
	t.Setenv("CODNA_COEDIT_QUIET", "2s")
	c, err = envConfig()
	require.NoError(t, err)
	require.True(t, c.App.CoeditingOff)
	require.Equal(t, 2*time.Second, c.App.Collab.QuietRevision)

	t.Setenv("CODNA_COEDITING", "maybe")
	_, err = envConfig()
	require.ErrorContains(t, err, "CODNA_COEDITING")
}
