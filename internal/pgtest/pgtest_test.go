package pgtest

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/db"
)

func TestParallelTestsAreIsolated(t *testing.T) {
	t.Parallel()
	// Both subtests create the same table and write to it at the same time;
	// each must see only its own rows.
	var written sync.WaitGroup
	written.Add(2)
	var mu sync.Mutex
	var names []string
	for _, who := range []string{"alice", "bob"} {
		t.Run(who, func(t *testing.T) {
			t.Parallel()
			d := New(t)
			ctx := context.Background()
			_, err := d.Pool.Exec(ctx, "CREATE TABLE isolation_probe (who text NOT NULL)")
			require.NoError(t, err)
			for i := range 3 {
				_, err := d.Pool.Exec(ctx, "INSERT INTO isolation_probe VALUES ($1)", fmt.Sprint(who, i))
				require.NoError(t, err)
			}
			// Wait (a bounded time: -parallel may not run both at once) until
			// the other has written too.
			written.Done()
			waitTimeout(&written, 10*time.Second)

			var n, mine int
			require.NoError(t, d.Pool.QueryRow(ctx,
				"SELECT count(*), count(*) FILTER (WHERE who LIKE $1 || '%') FROM isolation_probe", who).Scan(&n, &mine))
			require.Equal(t, 3, n)
			require.Equal(t, 3, mine)
			var name string
			require.NoError(t, d.Pool.QueryRow(ctx, "SELECT current_database()").Scan(&name))
			mu.Lock()
			names = append(names, name)
			mu.Unlock()
		})
	}
	t.Cleanup(func() {
		if len(names) == 2 {
			require.NotEqual(t, names[0], names[1])
		}
	})
}

func waitTimeout(wg *sync.WaitGroup, d time.Duration) {
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(d):
	}
}

func TestFreshDatabaseIsMigrated(t *testing.T) {
	t.Parallel()
	u := NewURL(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, u)
	require.NoError(t, err)
	defer conn.Close(ctx)

	latest, err := db.LatestVersion()
	require.NoError(t, err)
	var version int64
	var dirty bool
	require.NoError(t, conn.QueryRow(ctx, "SELECT version, dirty FROM schema_migrations").Scan(&version, &dirty))
	require.Equal(t, int64(latest), version)
	require.False(t, dirty)
	require.NoError(t, db.MigrateUp(ctx, u), "already current")

	// The template is locked away.
	s := get(t)
	var isTemplate, allowConn bool
	require.NoError(t, s.admin.QueryRow(ctx,
		"SELECT datistemplate, datallowconn FROM pg_database WHERE datname = $1", s.template).Scan(&isTemplate, &allowConn))
	require.True(t, isTemplate)
	require.False(t, allowConn)
	require.Regexp(t, `^codna_tpl_[0-9a-f]{12}$`, s.template)
}

func TestDatabaseDroppedAfterTest(t *testing.T) {
	t.Parallel()
	var name string
	t.Run("inner", func(t *testing.T) {
		d := New(t)
		require.NoError(t, d.Pool.QueryRow(context.Background(), "SELECT current_database()").Scan(&name))
	})
	require.Regexp(t, `^codna_t_[0-9a-f]{16}$`, name)
	var n int
	require.NoError(t, get(t).admin.QueryRow(context.Background(),
		"SELECT count(*) FROM pg_database WHERE datname = $1", name).Scan(&n))
	require.Zero(t, n)
}

func TestNewURLDroppedWithOpenConnection(t *testing.T) {
	t.Parallel()
	var name string
	t.Run("inner", func(t *testing.T) {
		u := NewURL(t)
		conn, err := pgx.Connect(context.Background(), u) // deliberately left open
		require.NoError(t, err)
		require.NoError(t, conn.QueryRow(context.Background(), "SELECT current_database()").Scan(&name))
	})
	var n int
	require.NoError(t, get(t).admin.QueryRow(context.Background(),
		"SELECT count(*) FROM pg_database WHERE datname = $1", name).Scan(&n))
	require.Zero(t, n)
}

func TestTemplateReused(t *testing.T) {
	t.Parallel()
	s := get(t)
	ctx := context.Background()
	var oid uint32
	require.NoError(t, s.admin.QueryRow(ctx, "SELECT oid FROM pg_database WHERE datname = $1", s.template).Scan(&oid))
	name, err := s.ensureTemplate(ctx)
	require.NoError(t, err)
	require.Equal(t, s.template, name)
	var oid2 uint32
	require.NoError(t, s.admin.QueryRow(ctx, "SELECT oid FROM pg_database WHERE datname = $1", name).Scan(&oid2))
	require.Equal(t, oid, oid2, "not rebuilt")
}

func TestDBURL(t *testing.T) {
	t.Parallel()
	u, err := dbURL("postgres://u:p@h:5433/postgres?sslmode=disable&dbname=x", "codna_t_1")
	require.NoError(t, err)
	require.Equal(t, "postgres://u:p@h:5433/codna_t_1?sslmode=disable", u)
	_, err = dbURL("host=/tmp dbname=x", "y")
	require.Error(t, err)
}

// BenchmarkNewDatabase measures handing a test a fresh database: CREATE
// DATABASE from the template with each strategy, plus the first connection.
// The drop (in a test, at cleanup) is reported apart as drop-ms/op. Besides
// the template of the embedded migrations, it clones a synthetic one of 60
// tables (about 500 relation files), standing in for a grown schema.
func BenchmarkNewDatabase(b *testing.B) {
	s := get(b)
	synthetic := syntheticTemplate(b, s, 60)
	for _, tpl := range []struct{ name, db string }{{"migrations", s.template}, {"synthetic60", synthetic}} {
		for _, strategy := range []string{StrategyFileCopy, StrategyWALLog} {
			b.Run(tpl.name+"/"+strategy, func(b *testing.B) {
				ctx := context.Background()
				var dropTime time.Duration
				for b.Loop() {
					name, u, err := s.create(ctx, tpl.db, strategy)
					if err != nil {
						b.Fatal(err)
					}
					pool, err := pgxpool.New(ctx, u)
					if err != nil {
						b.Fatal(err)
					}
					if err := pool.Ping(ctx); err != nil {
						b.Fatal(err)
					}
					b.StopTimer()
					pool.Close()
					t0 := time.Now()
					if err := s.drop(ctx, name); err != nil {
						b.Fatal(err)
					}
					dropTime += time.Since(t0)
					b.StartTimer()
				}
				b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/op")
				b.ReportMetric(float64(dropTime.Microseconds())/1000/float64(b.N), "drop-ms/op")
			})
		}
	}
}

// syntheticTemplate builds a template database of n tables, each with a
// primary key, two more indexes, a sequence and a TOAST table, dropped when b
// ends.
func syntheticTemplate(b *testing.B, s *server, n int) string {
	b.Helper()
	ctx := context.Background()
	name := fmt.Sprintf("codna_bench_tpl_%d", time.Now().UnixNano())
	ident := pgx.Identifier{name}.Sanitize()
	_, err := s.admin.Exec(ctx, "CREATE DATABASE "+ident+" TEMPLATE template0")
	require.NoError(b, err)
	b.Cleanup(func() {
		_, _ = s.admin.Exec(ctx, "ALTER DATABASE "+ident+" IS_TEMPLATE false")
		_, _ = s.admin.Exec(ctx, "DROP DATABASE "+ident+" WITH (FORCE)")
	})
	u, err := dbURL(s.baseURL, name)
	require.NoError(b, err)
	conn, err := pgx.Connect(ctx, u)
	require.NoError(b, err)
	for i := range n {
		_, err := conn.Exec(ctx, fmt.Sprintf(`CREATE TABLE t%[1]d (
			id bigserial PRIMARY KEY, owner uuid NOT NULL, name text NOT NULL,
			body jsonb, created_at timestamptz NOT NULL DEFAULT now());
			CREATE INDEX t%[1]d_owner ON t%[1]d (owner);
			CREATE INDEX t%[1]d_created ON t%[1]d (created_at)`, i))
		require.NoError(b, err)
	}
	require.NoError(b, conn.Close(ctx))
	for _, q := range []string{"ALTER DATABASE " + ident + " ALLOW_CONNECTIONS false", "ALTER DATABASE " + ident + " IS_TEMPLATE true"} {
		_, err := s.admin.Exec(ctx, q)
		require.NoError(b, err)
	}
	return name
}
