package document_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/pgtest"
)

// A save's change summary is validated, kept (trimmed) on its revision,
// shown by Revisions and carried by its document.updated event.
func TestChangeSummaryIsValidatedStoredAndShown(t *testing.T) {
	t.Parallel()
	b := newBundle(t)
	p := pgtest.CreatePerson(t, b.pool)
	d := pgtest.CreateDocument(t, b.pool, p.ID, pgtest.Doc{Slug: "summarised"})
	ctx := pgtest.ActingAs(p)

	for _, bad := range []string{strings.Repeat("é", 301), "two\nlines", "tab\there", "bell\x07"} {
		_, _, err := b.svc.Update(ctx, document.UpdateInput{ID: d.ID, ExpectedVersion: 1, Content: pgtest.Ptr("v2"), ChangeSummary: &bad})
		pgtest.RequireCode(t, err, fault.BadInput, "changeSummary")
	}
	require.Equal(t, []string{"create"}, b.revisionKinds(t, d.ID), "a refused save writes nothing")

	long := "  " + strings.Repeat("é", 300) + "  "
	d2, changed, err := b.svc.Update(ctx, document.UpdateInput{ID: d.ID, ExpectedVersion: 1, Content: pgtest.Ptr("v2"), ChangeSummary: &long})
	require.NoError(t, err)
	require.True(t, changed)
	d3, _, err := b.svc.Update(ctx, document.UpdateInput{ID: d.ID, ExpectedVersion: d2.Version, Content: pgtest.Ptr("v3"), ChangeSummary: pgtest.Ptr("   ")})
	require.NoError(t, err)
	_, _, err = b.svc.Update(ctx, document.UpdateInput{ID: d.ID, ExpectedVersion: d3.Version, Content: pgtest.Ptr("v4"), ChangeSummary: pgtest.Ptr("Fixed the runbook's port")})
	require.NoError(t, err)

	cur, err := b.svc.Get(ctx, d.ID)
	require.NoError(t, err)
	revs, _, err := b.svc.Revisions(ctx, cur, nil, 10)
	require.NoError(t, err)
	require.Len(t, revs, 4)
	require.Equal(t, "Fixed the runbook's port", *revs[0].ChangeSummary)
	require.Nil(t, revs[1].ChangeSummary, "a blank summary is none")
	require.Equal(t, strings.Repeat("é", 300), *revs[2].ChangeSummary, "300 characters after trimming fit")
	require.Nil(t, revs[3].ChangeSummary)

	var summaries []any
	for _, e := range b.events(t, d.ID) {
		if e.Type == "document.updated" {
			summaries = append(summaries, e.Payload["changeSummary"])
		}
	}
	require.Equal(t, []any{strings.Repeat("é", 300), nil, "Fixed the runbook's port"}, summaries)
}
