package server_test

import (
	"fmt"
	"testing"

	"codna/internal/pgtest"
)

// BenchmarkDocumentList measures documents(first: 50) asking for titles,
// tags, owners and revision counts, and reports the SQL statements each
// request issues: the same for a page of 5 as for a page of 50.
func BenchmarkDocumentList(b *testing.B) {
	for _, n := range []int{5, 50} {
		b.Run(fmt.Sprintf("docs=%d", n), func(b *testing.B) {
			bb := setup(b)
			p := pgtest.CreatePerson(b, bb.pool)
			token := pgtest.CreatePersonToken(b, bb.pool, p.ID)
			for i := range n {
				pgtest.CreateDocument(b, bb.pool, p.ID, pgtest.Doc{Slug: fmt.Sprintf("doc-%d", i), Tags: []string{"bench"}})
			}
			const q = `{ documents(first: 50) { edges { node { id title tags owner { name } revisions { totalCount } } } } }`
			bb.counter.Reset()
			b.ResetTimer()
			for range b.N {
				r := bb.do(b, req{query: q, bearer: token})
				if len(r.Errors) > 0 {
					b.Fatal(r.Errors)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(bb.counter.Count())/float64(b.N), "statements/op")
		})
	}
}

// BenchmarkCreateDocument measures createDocument over HTTP: the document,
// its first revision and its outbox event in one transaction.
func BenchmarkCreateDocument(b *testing.B) {
	bb := setup(b)
	p := pgtest.CreatePerson(b, bb.pool)
	token := pgtest.CreatePersonToken(b, bb.pool, p.ID)
	const q = `mutation($i: CreateDocumentInput!) { createDocument(input: $i) { document { id version } } }`
	b.ResetTimer()
	for i := range b.N {
		r := bb.do(b, req{query: q, bearer: token, variables: map[string]any{"i": map[string]any{
			"space": "WIKI", "path": "bench", "slug": fmt.Sprintf("doc-%d", i), "title": "Bench", "content": "# Bench\n\nSome text.\n",
		}}})
		if len(r.Errors) > 0 {
			b.Fatal(r.Errors)
		}
	}
}

// BenchmarkUpdateDocument measures updateDocument over HTTP, each save a
// real change: the locked read, the new version, a revision and an event.
func BenchmarkUpdateDocument(b *testing.B) {
	bb := setup(b)
	p := pgtest.CreatePerson(b, bb.pool)
	token := pgtest.CreatePersonToken(b, bb.pool, p.ID)
	d := pgtest.CreateDocument(b, bb.pool, p.ID, pgtest.Doc{Content: "v0"})
	const q = `mutation($i: UpdateDocumentInput!) { updateDocument(input: $i) { changed document { version } } }`
	b.ResetTimer()
	for i := range b.N {
		r := bb.do(b, req{query: q, bearer: token, variables: map[string]any{"i": map[string]any{
			"id": d.ID.String(), "expectedVersion": i + 1, "content": fmt.Sprintf("v%d", i+1),
		}}})
		if len(r.Errors) > 0 {
			b.Fatal(r.Errors)
		}
	}
}
