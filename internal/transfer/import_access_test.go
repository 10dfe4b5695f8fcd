package transfer

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/archive"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/pgtest"
	"codna/internal/space"
)

// An import takes an explicit access choice: private by default (no grant,
// whatever the space's default), or everyone_read (each page granted to
// Everyone with reason import, in its creation's transaction).
func TestImportAccessChoice(t *testing.T) {
	t.Parallel()
	b := setup(t)
	data := zipOf(t, map[string]string{"a.md": "# A\n", "b.md": "# B\n"})
	pgtest.Exec(t, b.pool, `INSERT INTO space_settings (space, default_access) VALUES ('wiki', 'everyone_read')`)

	_, err := b.svc.StartImport(b.ctx, bytes.NewReader(data), "a.zip", archive.FormatMarkdown, document.SpaceWiki, "", "public")
	pgtest.RequireCode(t, err, fault.BadInput, "access")

	private := b.run(t, b.start(t, data, archive.FormatMarkdown, document.SpaceWiki, "private"))
	require.Equal(t, StatusDone, private.Status)
	require.Equal(t, space.Private, private.Access)
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM document_access da JOIN documents d ON d.id = da.document_id WHERE d.path = 'private'`),
		"the space's default does not apply to imports")

	imp, err := b.svc.StartImport(b.ctx, bytes.NewReader(data), "a.zip", archive.FormatMarkdown, document.SpaceWiki, "open", "everyone-read")
	require.NoError(t, err)
	require.Equal(t, space.EveryoneRead, imp.Access)
	require.Equal(t, StatusDone, b.run(t, imp).Status)
	require.Equal(t, 2, pgtest.Count(t, b.pool, `SELECT count(*) FROM document_access da JOIN documents d ON d.id = da.document_id
		WHERE d.path = 'open' AND da.principal_type = 'group' AND da.principal_id = '00000000-0000-0000-0000-000000000002'
		  AND da.grant_reason = 'import' AND da.permission = 'read' AND da.granted_by = $1 AND da.created_at = d.created_at`, b.person.ID))
	other := pgtest.CreatePerson(t, b.pool)
	docs, _, err := b.docs.List(pgtest.ActingAs(other), document.Filter{PathPrefix: pgtest.Ptr("open")}, document.ByUpdated, nil, 10)
	require.NoError(t, err)
	require.Len(t, docs, 2, "a colleague reads the imported pages")
}
