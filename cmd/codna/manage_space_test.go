package main

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

// Space defaults from the CLI: listing, setting (audited, by the CLI), and
// the flags' mistakes as usage errors before any database work.
func TestManageSpaceDefaultFromTheCLI(t *testing.T) {
	d := pgtest.New(t)
	t.Setenv("CODNA_DATABASE_URL", d.URL)
	var ue usageError

	for _, args := range [][]string{
		{"--access", "everyone-read"},
		{"--space", "attic"},
		{"--space", "wiki", "--access", "everyone-write"},
	} {
		_, _, err := runCLI(t, "", append([]string{"manage", "space", "default"}, args...)...)
		require.ErrorAs(t, err, &ue, "%v", args)
	}
	out, _, err := runCLI(t, "", "manage", "space", "default", "-h")
	require.NoError(t, err)
	require.Contains(t, out, "--access")

	out, _, err = runCLI(t, "", "manage", "space", "default")
	require.NoError(t, err)
	require.Regexp(t, `(?m)^wiki\s+private\s+-$`, out)
	require.Regexp(t, `(?m)^output\s+private\s+-$`, out)

	out, _, err = runCLI(t, "", "manage", "space", "default", "--space", "wiki", "--access", "everyone-read")
	require.NoError(t, err)
	require.Contains(t, out, "new pages in wiki are now readable by everyone")
	out, _, err = runCLI(t, "", "manage", "space", "default", "--space", "wiki")
	require.NoError(t, err)
	require.Regexp(t, `(?m)^wiki\s+everyone-read\s+\d{4}-`, out)
	require.NotContains(t, out, "output")

	var via, details string
	require.NoError(t, d.Pool.QueryRow(context.Background(),
		`SELECT via, details->>'access' FROM management_audit WHERE action = 'space.default'`).Scan(&via, &details))
	require.Equal(t, "cli", via)
	require.Equal(t, "everyone_read", details)
}
