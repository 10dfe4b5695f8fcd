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
