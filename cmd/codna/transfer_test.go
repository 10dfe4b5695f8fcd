package main

import (
	"archive/zip"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

// Not parallel: t.Setenv.
func TestImportAndExportFromTheCLI(t *testing.T) {
	d := pgtest.New(t)
	t.Setenv("CODNA_DATABASE_URL", d.URL)
	t.Setenv("CODNA_FILE_STORE", "postgres")
	t.Setenv("CODNA_DATA_DIR", t.TempDir())
	p := pgtest.CreatePerson(t, d.Pool)
	dir := t.TempDir()
	in := filepath.Join(dir, "wiki.zip")
	f, err := os.Create(in)
	require.NoError(t, err)
	zw := zip.NewWriter(f)
	for name, body := range map[string]string{"index.md": "See [guide](guide.md).", "guide.md": "Back to [index](index.md)."} {
		w, err := zw.Create(name)
		require.NoError(t, err)
		_, err = w.Write([]byte(body))
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	require.NoError(t, f.Close())

	_, _, err = runCLI(t, "", "import", "--format", "markdown", in)
	require.ErrorContains(t, err, "--as EMAIL is required")
	_, _, err = runCLI(t, "", "import", "--format", "word", "--as", p.Email, in)
	require.ErrorContains(t, err, "--format must be")
	_, _, err = runCLI(t, "", "import", "--format", "markdown", "--path", "../x", "--as", p.Email, in)
	require.ErrorContains(t, err, "--path")
	_, _, err = runCLI(t, "", "import", "--format", "markdown", "--as", "nobody@example.com", in)
	require.ErrorContains(t, err, "NOT_FOUND")

	out, errOut, err := runCLI(t, "", "import", "--format", "markdown", "--path", "imported", "--as", p.Email, in)
	require.NoError(t, err, errOut)
	require.Contains(t, out, "2 pages created, 0 updated, 0 unchanged, 0 skipped")
	require.Contains(t, errOut, "import: 2/2 pages", "plain progress lines when not a terminal")
	require.Equal(t, 2, pgtest.Count(t, d.Pool, `SELECT count(*) FROM documents WHERE space = 'raw' AND path = 'imported' AND created_by = $1`, p.ID))
	require.Equal(t, 1, pgtest.Count(t, d.Pool, `SELECT count(*) FROM management_audit WHERE action = 'document.import' AND target_user_id = $1 AND via = 'cli'`, p.ID))

	zipOut := filepath.Join(dir, "out.zip")
	out, errOut, err = runCLI(t, "", "export", "--space", "raw", "--path", "imported", "--as", p.Email, "--out", zipOut)
	require.NoError(t, err, errOut)
	require.Contains(t, out, "export: 2 pages written to "+zipOut)
	zr, err := zip.OpenReader(zipOut)
	require.NoError(t, err)
	require.Len(t, zr.File, 3)
	require.NoError(t, zr.Close())
	require.Equal(t, 1, pgtest.Count(t, d.Pool, `SELECT count(*) FROM management_audit WHERE action = 'document.export' AND target_user_id = $1`, p.ID))
	require.Equal(t, 1, pgtest.Count(t, d.Pool, `SELECT count(*) FROM notifications WHERE recipient_id = $1 AND type = 'export.ready'`, p.ID))
	_, _, err = runCLI(t, "", "export", "--space", "raw", "--as", p.Email, "--out", zipOut)
	require.ErrorContains(t, err, "exists", "never overwrites")
	_, _, err = runCLI(t, "", "export", "--as", p.Email, "--out", filepath.Join(dir, "x.zip"))
	require.ErrorContains(t, err, "--space is required")
}
