package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

// The dense documents page: a reader who can
// read denseReadable of denseDocs wiki documents, each with denseLinksPer
// resolved links to documents chosen by a hash, so most of a page's link
// targets and backlink sources are off the page and half are unreadable.
const (
	denseDocs     = 5000
	denseReadable = 2504
	denseLinksPer = 3
)

// denseQuery is the page the benchmark asks for.
const denseQuery = `{ documents(first: 50) { edges { node { id title links { state target { title } } backlinks { state source { title } } } } } }`

// seedDense fills b's database with the dense fixture in one transaction of
// set-based inserts (documents, their first revisions, links and grants) and
// returns the reader's token. Bodies are some 1.6 kB of prose.
func seedDense(tb testing.TB, bb *bundle) string {
	tb.Helper()
	ctx := context.Background()
	owner := pgtest.CreatePerson(tb, bb.pool)
	reader := pgtest.CreatePerson(tb, bb.pool)
	token := pgtest.CreatePersonToken(tb, bb.pool, reader.ID)
	id := func(expr string) string {
		return fmt.Sprintf(`('00000000-0000-7000-8000-' || lpad(to_hex(%s), 12, '0'))::uuid`, expr)
	}
	tx, err := bb.pool.Begin(ctx)
	require.NoError(tb, err)
	defer func() { _ = tx.Rollback(ctx) }()
	exec := func(sql string, args ...any) {
		tb.Helper()
		_, err := tx.Exec(ctx, sql, args...)
		require.NoError(tb, err)
	}
	exec(`INSERT INTO documents (id, space, path, slug, title, content, content_hash, created_by, updated_by, created_at, updated_at)
		SELECT `+id("i")+`, 'wiki', 'dense', 'doc-' || i, 'Document ' || i,
		       'Body of document ' || i || '.' || repeat(' Lorem ipsum dolor sit amet, consectetur.', 40),
		       '\x00'::bytea, $1, $1, now() - i * interval '1 second', now() - i * interval '1 second'
		FROM generate_series(0, $2::int - 1) i`, owner.ID, denseDocs)
	exec(`INSERT INTO document_revisions (id, document_id, version, title, space, path, slug, content, change_kind, author_id)
		SELECT gen_random_uuid(), d.id, 1, d.title, d.space, d.path, d.slug, d.content, 'create', d.created_by
		FROM documents d`)
	exec(`INSERT INTO document_links (id, source_id, target_id, href_as_written, resolved_address, link_text, state)
		SELECT gen_random_uuid(), `+id("i")+`, `+id("t")+`, 'doc-' || t || '.md#' || k, 'wiki:dense/doc-' || t, 'link ' || k, 'resolved'
		FROM generate_series(0, $1::int - 1) i, generate_series(0, $2::int - 1) k,
		     LATERAL (SELECT ((hashint8(i::bigint * $2::int + k)::bigint & 2147483647) % $1::int)::int AS t) h`, denseDocs, denseLinksPer)
	// Every even document and the first four odd ones: 2,504.
	exec(`INSERT INTO document_access (id, document_id, principal_type, principal_id, permission, granted_by)
		SELECT gen_random_uuid(), `+id("i")+`, 'user', $2, 'read', $3
		FROM generate_series(0, $1::int - 1) i
		WHERE i % 2 = 0 OR i < 8`, denseDocs, reader.ID, owner.ID)
	require.NoError(tb, tx.Commit(ctx))
	_, err = bb.pool.Exec(ctx, `VACUUM ANALYZE`)
	require.NoError(tb, err)
	var readable, links int
	require.NoError(tb, bb.pool.QueryRow(ctx, `SELECT count(*) FROM documents d
		WHERE document_access_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, $1, true) > 0`, reader.ID).Scan(&readable))
	require.NoError(tb, bb.pool.QueryRow(ctx, `SELECT count(*) FROM document_links`).Scan(&links))
	require.Equal(tb, denseReadable, readable)
	require.Equal(tb, denseDocs*denseLinksPer, links)
	return token
}

// BenchmarkDocumentListLinksDense measures the dense page over HTTP, one
// client at a time, and reports statements per request. Run it with
// -benchmem for bytes and allocations per request.
func BenchmarkDocumentListLinksDense(b *testing.B) {
	bb := setup(b)
	token := seedDense(b, bb)
	for range 3 { // warm the statement cache and the query-shape cache
		r := bb.do(b, req{query: denseQuery, bearer: token})
		require.Empty(b, r.Errors)
	}
	// The timed loop only reads the response, so that bytes, allocations
	// and CPU per op are the server's, not the client's JSON decoding.
	body, err := json.Marshal(map[string]any{"query": denseQuery})
	require.NoError(b, err)
	bb.counter.Reset()
	b.ReportAllocs()
	cpu0 := processCPU(b)
	b.ResetTimer()
	for range b.N {
		hr, _ := http.NewRequest(http.MethodPost, bb.http.URL+"/graphql", bytes.NewReader(body))
		hr.Header.Set("Content-Type", "application/json")
		hr.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(hr)
		if err != nil {
			b.Fatal(err)
		}
		raw, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK || bytes.Contains(raw, []byte(`"errors"`)) {
			b.Fatalf("%d %v %.300s", resp.StatusCode, err, raw)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(bb.counter.Count())/float64(b.N), "statements/op")
	b.ReportMetric(float64((processCPU(b)-cpu0).Microseconds())/1000/float64(b.N), "go-cpu-ms/op")
}

// processCPU is the CPU time (user and system) this process has used: the
// server and the benchmark's client together, Postgres not included.
func processCPU(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	require.NoError(tb, syscall.Getrusage(syscall.RUSAGE_SELF, &ru))
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
