package main

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/app/apptest"
	"codna/internal/document"
	"codna/internal/pgtest"
)

// A fresh demo instance shows a second person the demo's wiki pages: the
// wiki's default is everyone-read, and the pages were created under it.
func TestDemoSeedShowsASecondPersonTheWiki(t *testing.T) {
	t.Parallel()
	a, d := apptest.Open(t)
	ctx := context.Background()
	var out bytes.Buffer
	require.NoError(t, seedDemo(ctx, a, &out))
	require.Contains(t, out.String(), demoEmail)

	colleague := pgtest.CreatePerson(t, d.Pool)
	as := pgtest.ActingAs(colleague)
	docs, _, err := a.Document.List(as, document.Filter{Space: pgtest.Ptr(document.SpaceWiki)}, document.ByUpdated, nil, 50)
	require.NoError(t, err)
	require.Len(t, docs, len(demoDocs), "every demo page is readable")
	for _, doc := range docs {
		why, err := a.Access.WhyCanISee(as, doc.ID)
		require.NoError(t, err)
		require.Len(t, why.Grants, 1)
		require.Equal(t, "space_default", why.Grants[0].Reason)
	}
	ds, err := a.Space.Defaults(as)
	require.NoError(t, err)
	require.Equal(t, "everyone_read", string(ds[0].Access))

	// Seeding again changes nothing: the instance has people.
	out.Reset()
	require.NoError(t, seedDemo(ctx, a, &out))
	require.Empty(t, out.String())
}
