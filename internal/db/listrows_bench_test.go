package db_test

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/db"
	"codna/internal/pgtest"
)

// BenchmarkListRowsDecode measures the decoding of a documents list's
// page (fifty rows, with up to two tags, some with a purge time) from their raw bytes, one
// decoder for the page as DocumentListByUpdatedEach has, without the
// database: ns and allocations per page.
func BenchmarkListRowsDecode(b *testing.B) {
	ctx := context.Background()
	d := pgtest.New(b)
	owner := pgtest.CreatePerson(b, d.Pool)
	for i := range 50 {
		pgtest.CreateDocument(b, d.Pool, owner.ID, pgtest.Doc{Slug: fmt.Sprintf("doc-%d", i), Tags: []string{"bench", "tag-" + fmt.Sprint(i%5)}[:i%3]})
	}
	_, err := d.Pool.Exec(ctx, `UPDATE documents SET purge_after = now() + interval '30 days' WHERE slug LIKE 'doc-1%'`)
	require.NoError(b, err)
	p := db.DocumentListByUpdatedParams{ActorID: owner.ID, ActorIsPerson: true, Tags: []string{}, RowLimit: 50}
	rows, err := d.Pool.Query(ctx, db.ListByUpdatedQuery, db.ListByUpdatedArgs(p)...)
	require.NoError(b, err)
	var page [][][]byte
	for rows.Next() {
		var cols [][]byte
		for _, c := range rows.RawValues() {
			cols = append(cols, bytes.Clone(c))
		}
		page = append(page, cols)
	}
	require.NoError(b, rows.Err())
	require.Len(b, page, 50)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if !db.DecodeListPage(page) {
			b.Fatal("a row not decoded from its raw bytes")
		}
	}
}
