package mcpserver

import (
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/document"
	"codna/internal/fault"
)

func TestParseAddressReadsEveryForm(t *testing.T) {
	t.Parallel()
	for in, want := range map[string][3]string{
		"wiki/ops/deploy":     {"wiki", "ops", "deploy"},
		"wiki:ops/deploy":     {"wiki", "ops", "deploy"},
		"/wiki/ops/deploy.md": {"wiki", "ops", "deploy"},
		"output/a/b/c/weekly": {"output", "a/b/c", "weekly"},
		"raw/scan":            {"raw", "", "scan"},
		"raw:scan":            {"raw", "", "scan"},
		" WIKI/ops/deploy ":   {"wiki", "ops", "deploy"},
		"wiki/ops:odd/deploy": {"wiki", "ops:odd", "deploy"},
	} {
		sp, path, slug, err := parseAddress(in)
		require.NoError(t, err, in)
		require.Equal(t, want, [3]string{string(sp), path, slug}, in)
	}
	for _, in := range []string{"", "wiki", "wiki/", "moon/ops/deploy", "/", ":x"} {
		_, _, _, err := parseAddress(in)
		require.Equal(t, fault.BadInput, fault.CodeOf(err), in)
		require.Equal(t, "address", fault.As(err).Field, in)
	}
	require.Equal(t, "wiki/ops/deploy", addressOf(document.SpaceWiki, "ops", "deploy"))
	require.Equal(t, "raw/scan", addressOf(document.SpaceRaw, "", "scan"))
}
