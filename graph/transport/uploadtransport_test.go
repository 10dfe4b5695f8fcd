package transport

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Only a mutation selecting startImport at its top gets the archive bound.
func TestStartsImport(t *testing.T) {
	t.Parallel()
	require.True(t, startsImport(`mutation($i: StartImportInput!) { startImport(input: $i) { import { id } } }`, ""))
	require.True(t, startsImport(`mutation A { x: startImport(input: {}) { import { id } } } mutation B { logout }`, "A"))
	require.False(t, startsImport(`mutation A { startImport(input: {}) { import { id } } } mutation B { logout }`, "B"))
	require.False(t, startsImport(`mutation($i: UploadAttachmentInput!) { uploadAttachment(input: $i) { existing } } # startImport`, ""))
	require.False(t, startsImport(`query { startImport }`, ""))
	require.False(t, startsImport(`not graphql`, ""))
}
