package postgres

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/db"
	"codna/internal/pgtest"
	"codna/internal/search"
)

// BenchmarkIndexWrites measures what the search indexer's write (Backend.Apply:
// SearchEntryUpsert in its own transaction, as Indexer.Index commits it) costs
// on a copy of a seeded corpus (bench/load's search seed: ~2 KB of prose from a
// Zipf vocabulary per page), with whatever indexes that copy has (it reports
// whether it has search_entries_tsv_newest_idx, the RUM index measured in
// bench/RESULTS.md, "The newest index's cost on writes", and not kept): each
// of the corpus's entries from SEARCH_WRITES_OFFSET on is written again,
// SEARCH_WRITES_BATCH per transaction, SEARCH_WRITES_N in all, with its body edited (a sentence
// appended) and a newer updated_at, at its document's version and access
// sequence. The entries are marked dead first, untimed: the conditional
// upsert skips an entry live at the same version and access sequence, and a
// higher access sequence would make the real indexer skip the document's
// later saves. It reports
// entries/s for one writer, the Postgres CPU of its backend per entry (from
// /proc: the server must be on this machine), and the WAL the upserts wrote per
// entry (pg_stat_statements, this database's upsert alone, and the cluster's
// WAL position moved, which counts every other writer too). Run it once
// (-benchtime 1x) with SEARCH_WRITES_URL naming the copy; it writes to it.
func BenchmarkIndexWrites(b *testing.B) {
	url := os.Getenv("SEARCH_WRITES_URL")
	if url == "" {
		b.Skip("SEARCH_WRITES_URL not set: the URL of a copy of a seeded search corpus to write to")
	}
	n := writeEnvInt(b, "SEARCH_WRITES_N", 2000)
	batch := writeEnvInt(b, "SEARCH_WRITES_BATCH", 1)
	offset := writeEnvInt(b, "SEARCH_WRITES_OFFSET", 0)
	ctx := context.Background()
	cfg, err := pgxpool.ParseConfig(url)
	require.NoError(b, err)
	db.Configure(cfg)
	cfg.MaxConns = 1
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	require.NoError(b, err)
	defer pool.Close()
	backend := New(pool)

	for range b.N {
		b.StopTimer()
		entries := writeEntries(b, pool, n, offset)
		var withIndex bool
		require.NoError(b, pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_indexes WHERE indexname = 'search_entries_tsv_newest_idx')`).Scan(&withIndex))
		var pid int
		require.NoError(b, pool.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&pid))
		walStatements := func() (wal int64) {
			require.NoError(b, pool.QueryRow(ctx, `SELECT coalesce(sum(wal_bytes), 0)::bigint FROM pg_stat_statements
				WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query LIKE '%INSERT INTO search_entries%'`).Scan(&wal))
			return wal
		}
		lsn := func() (l int64) {
			require.NoError(b, pool.QueryRow(ctx, `SELECT pg_current_wal_lsn() - '0/0'::pg_lsn`).Scan(&l))
			return l
		}
		// The entries are marked dead first (untimed), so that the upsert,
		// at the version and access sequence the documents have, rewrites
		// them and leaves them as the indexer would have.
		_, err := pool.Exec(ctx, `UPDATE search_entries SET live = false WHERE document_id = ANY($1)`, entryIDs(entries))
		require.NoError(b, err)
		walBefore, lsnBefore, cpuBefore := walStatements(), lsn(), backendCPU(b, pid)
		b.StartTimer()
		start := time.Now()
		for i := 0; i < len(entries); i += batch {
			chunk := entries[i:min(i+batch, len(entries))]
			require.NoError(b, db.InTx(ctx, pool, func(tx db.DBTX) error { return backend.Apply(ctx, tx, chunk, nil) }))
		}
		elapsed := time.Since(start)
		b.StopTimer()
		cpu := backendCPU(b, pid) - cpuBefore
		lsnAfter, walAfter := lsn(), walStatements()
		var written int
		require.NoError(b, pool.QueryRow(ctx, `SELECT count(*) FROM search_entries WHERE document_id = ANY($1) AND body LIKE '%Edited for the write benchmark%'`, entryIDs(entries)).Scan(&written))
		require.Equal(b, len(entries), written, "every entry rewritten")
		k := float64(len(entries))
		b.ReportMetric(k/elapsed.Seconds(), "entries/s")
		b.ReportMetric(float64(cpu.Microseconds())/1000/k, "pg-backend-cpu-ms/entry")
		b.ReportMetric(float64(walAfter-walBefore)/k, "upsert-wal-B/entry")
		b.ReportMetric(float64(lsnAfter-lsnBefore)/k, "cluster-wal-B/entry")
		b.Logf("newest index: %v; %d entries in batches of %d from offset %d in %v", withIndex, len(entries), batch, offset, elapsed)
	}
}

// writeEntries reads n of the corpus's live entries (by document id, from
// offset on) as the indexer would write them after an edit.
func writeEntries(b *testing.B, pool *pgxpool.Pool, n, offset int) []search.Entry {
	rows, err := pool.Query(context.Background(), `SELECT e.document_id, d.version, e.access_seq, e.space::text, e.path, e.slug, e.title, e.tags, e.status::text, e.owner_id, e.body
		FROM search_entries e JOIN documents d ON d.id = e.document_id
		WHERE e.live AND d.deleted_at IS NULL AND d.quarantined_at IS NULL
		ORDER BY e.document_id OFFSET $1 LIMIT $2`, offset, n)
	require.NoError(b, err)
	defer rows.Close()
	var es []search.Entry
	now := time.Now()
	for rows.Next() {
		var e search.Entry
		var version int32
		require.NoError(b, rows.Scan(&e.ID, &version, &e.AccessSeq, &e.Space, &e.Path, &e.Slug, &e.Title, &e.Tags, &e.Status, &e.OwnerID, &e.Body))
		e.Version = int64(version)
		e.UpdatedAt = now.Add(time.Duration(len(es)) * time.Microsecond)
		e.Body += fmt.Sprintf("\n\nEdited for the write benchmark at %d.", now.UnixNano())
		es = append(es, e)
	}
	require.NoError(b, rows.Err())
	require.Len(b, es, n)
	return es
}

func entryIDs(es []search.Entry) []uuid.UUID {
	out := make([]uuid.UUID, len(es))
	for i, e := range es {
		out[i] = e.ID
	}
	return out
}

func writeEnvInt(b *testing.B, name string, def int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	require.NoError(b, err, name)
	return n
}

// backendCPU is the CPU time (user and system) of the server process pid.
func backendCPU(b *testing.B, pid int) time.Duration {
	_, cpu, err := pgtest.ProcessCPU(strconv.Itoa(pid))
	require.NoError(b, err)
	return cpu
}
