package main

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestRunFlagsRefuseBadValues(t *testing.T) {
	t.Parallel()
	base := []string{"--scenario", "documents", "--database-url", "postgres://postgres@127.0.0.1:1/x"}
	_, err := parseRunFlags(base)
	require.NoError(t, err)
	for _, extra := range [][]string{
		{"--clients", "0"}, {"--clients", "5000"}, {"--duration", "10ms"}, {"--warmup", "-1s"},
		{"--url", "http://10.1.2.3:8080"}, {"--url", "https://127.0.0.1:1"}, {"--url", "http://127.0.0.1"},
		{"--pages", "sideways"}, {"--links", "0"}, {"--drain-timeout", "1h"}, {"stray"},
	} {
		_, err := parseRunFlags(append(append([]string{}, base...), extra...))
		var ue usageError
		require.True(t, errors.As(err, &ue), "%v: %v", extra, err)
	}
	_, err = parseRunFlags([]string{"--scenario", "nope", "--database-url", "x"})
	require.ErrorContains(t, err, "--scenario")
}

func TestSeedFlagsRefuseBadValues(t *testing.T) {
	t.Parallel()
	_, err := parseSeedFlags([]string{"--scenario", "dense", "--database-url", "postgres://127.0.0.1/x"})
	require.NoError(t, err)
	for _, args := range [][]string{
		{"--scenario", "medium", "--database-url", "x"},
		{"--scenario", "dense"},
		{"--scenario", "dense", "--database-url", "x", "--readable", "6000"},
		{"--scenario", "dense", "--database-url", "x", "--concurrency", "0"},
	} {
		_, err := parseSeedFlags(args)
		var ue usageError
		require.True(t, errors.As(err, &ue), "%v: %v", args, err)
	}
}

func TestLinkTargetsAreDistinctAndNeverTheSource(t *testing.T) {
	t.Parallel()
	for i := range 200 {
		ts := linkTargets(seededRand(uint64(i)), i, 10, 3)
		require.Len(t, ts, 3)
		require.NotContains(t, ts, i)
		require.NotEqual(t, ts[0], ts[1])
		require.NotEqual(t, ts[1], ts[2])
		require.NotEqual(t, ts[0], ts[2])
	}
	require.Equal(t, "../f012/d001234.md", docHref(1234))
}
