package search_test

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/document"
	"codna/internal/pgtest"
	"codna/internal/search"
)

// The filtered listing (an empty query) answers each filter from its index
// when it is selective (docs/design.md#search): the same documents as the
// filter's rule, newest first, only those the reader may read.
func TestListingByFilterKeepsPermissions(t *testing.T) {
	t.Parallel()
	withBundle(t, func(t *testing.T, b *bundle) {
		reader := pgtest.CreatePerson(t, b.pool)
		rcx := pgtest.ActingAs(reader)
		shared := func(d pgtest.Doc) uuid.UUID {
			doc := b.doc(t, d)
			pgtest.Grant(t, b.pool, doc.ID, "user", reader.ID, "read")
			return doc.ID
		}
		folder := shared(pgtest.Doc{Path: "ops"})
		beneath := shared(pgtest.Doc{Path: "ops/runbooks", Tags: []string{"rare"}})
		deeper := shared(pgtest.Doc{Path: "ops/z9/a-b"})
		// Paths that sort next to the folder's byte-wise but are not in it.
		shared(pgtest.Doc{Path: "ops-x"})
		shared(pgtest.Doc{Path: "ops0/a"})
		shared(pgtest.Doc{Path: "opsx"})
		output := shared(pgtest.Doc{Space: document.SpaceOutput, Path: "ops", Tags: []string{"rare"}})
		b.doc(t, pgtest.Doc{Path: "ops", Tags: []string{"rare"}})                                     // not shared
		b.doc(t, pgtest.Doc{Space: document.SpaceOutput, Path: "ops/secret", Tags: []string{"rare"}}) // not shared
		draft := "draft"
		out, err := b.docs.Get(b.ownerCx, output)
		require.NoError(t, err)
		_, _, err = b.docs.Update(b.ownerCx, document.UpdateInput{ID: output, ExpectedVersion: out.Version, Status: (*document.Status)(&draft)})
		require.NoError(t, err)
		b.drain(t)
		for _, c := range []struct {
			name string
			f    search.SearchFilter
			want []uuid.UUID // newest first
		}{
			{"folder", search.SearchFilter{PathPrefix: pgtest.Ptr("ops")}, []uuid.UUID{output, deeper, beneath, folder}},
			{"folder beneath", search.SearchFilter{PathPrefix: pgtest.Ptr("ops/runbooks")}, []uuid.UUID{beneath}},
			{"space", search.SearchFilter{Spaces: []document.Space{document.SpaceOutput}}, []uuid.UUID{output}},
			{"space nothing has", search.SearchFilter{Spaces: []document.Space{document.SpaceRaw}}, nil},
			{"status", search.SearchFilter{Statuses: []document.Status{document.StatusDraft}}, []uuid.UUID{output}},
			{"status nothing has", search.SearchFilter{Statuses: []document.Status{document.StatusArchived}}, nil},
			{"tag", search.SearchFilter{Tags: []string{"rare"}}, []uuid.UUID{output, beneath}},
			{"space and folder", search.SearchFilter{Spaces: []document.Space{document.SpaceWiki}, PathPrefix: pgtest.Ptr("ops")}, []uuid.UUID{deeper, beneath, folder}},
		} {
			p := b.find(t, rcx, "", c.f)
			require.Equal(t, c.want, nilIfEmptyIDs(ids(p)), c.name)
			require.Equal(t, len(c.want), p.Total, c.name)
			require.False(t, p.Approximate, c.name)
		}
	})
}

func nilIfEmptyIDs(s []uuid.UUID) []uuid.UUID {
	if len(s) == 0 {
		return nil
	}
	return s
}
