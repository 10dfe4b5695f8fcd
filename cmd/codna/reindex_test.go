package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
	"codna/internal/search"
)

func TestReindexFromTheCLI(t *testing.T) {
	d := pgtest.New(t)
	t.Setenv("CODNA_DATABASE_URL", d.URL)
	ctx := context.Background()
	owner := pgtest.CreatePerson(t, d.Pool)
	for range 3 {
		pgtest.CreateDocument(t, d.Pool, owner.ID, pgtest.Doc{Content: "reindexable words"})
	}
	gone := pgtest.CreateDocument(t, d.Pool, owner.ID, pgtest.Doc{Content: "trashed"})
	_, err := d.Pool.Exec(ctx, `UPDATE documents SET deleted_at = now() WHERE id = $1`, gone.ID)
	require.NoError(t, err)

	// --dry-run counts the live documents and writes nothing.
	out, _, err := runCLI(t, "", "reindex", "--dry-run")
	require.NoError(t, err)
	require.Equal(t, "postgres: 3 documents would be indexed (dry run, nothing written)\n", out)
	var entries int
	require.NoError(t, d.Pool.QueryRow(ctx, `SELECT count(*) FROM search_entries WHERE live`).Scan(&entries))
	require.Zero(t, entries, "nothing indexed yet: no indexer ran")

	// Not a terminal: plain progress lines on standard error, the report on standard output.
	out, errOut, err := runCLI(t, "", "reindex", "--backend", "postgres")
	require.NoError(t, err)
	require.Contains(t, out, "postgres: 3 documents indexed in ")
	require.Contains(t, errOut, "reindex: 3/3 documents (")
	require.NotContains(t, errOut, "\r", "no bar redrawn in place off a terminal")
	require.NoError(t, d.Pool.QueryRow(ctx, `SELECT count(*) FROM search_entries WHERE live`).Scan(&entries))
	require.Equal(t, 3, entries)
	var built bool
	require.NoError(t, d.Pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM search_builds WHERE backend = 'postgres')`).Scan(&built))
	require.True(t, built)

	// Mistakes: the usage on standard error, and nothing run.
	_, _, err = runCLI(t, "", "reindex", "--backend", "elastic")
	require.ErrorContains(t, err, "--backend must be postgres or typesense")
	_, _, err = runCLI(t, "", "reindex", "extra")
	require.ErrorContains(t, err, "unexpected arguments")
	_, _, err = runCLI(t, "", "reindex", "--backend", "typesense")
	require.ErrorContains(t, err, "CODNA_TYPESENSE_URL", "typesense chosen without its configuration")
	out, _, err = runCLI(t, "", "reindex", "-h")
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(out, "Usage: codna reindex"))
}

func TestReindexProgressBarOnATerminal(t *testing.T) {
	t.Parallel()
	var w bytes.Buffer
	bar := &progressBar{w: &w, terminal: true, start: time.Now(), noun: "documents"}
	bar.update(searchProgress(50, 200))
	bar.update(searchProgress(200, 200))
	bar.finish()
	s := w.String()
	require.Equal(t, 2, strings.Count(s, "\r"), "redrawn in place")
	require.Contains(t, s, "[=======                       ]  25% 50/200 documents")
	require.Contains(t, s, "[==============================] 100% 200/200 documents")
	require.True(t, strings.HasSuffix(s, "\n"), "the line ended when done")
}

func searchProgress(done, total int) search.Progress {
	return search.Progress{Done: done, Total: total}
}
