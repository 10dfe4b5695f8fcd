// Package pgtest hands each test a fresh, fully migrated PostgreSQL database.
//
// The first call in a test process starts one throwaway cluster for the whole
// process (internal/pgcluster, fsync off) in codna-pgtest-<pid>-* (see below),
// and builds a template database by applying the embedded migrations
// (codna/migrations) once. Every New or NewURL then clones that template with
// CREATE DATABASE ... TEMPLATE, which takes milliseconds, and drops the clone
// when the test ends.
//
// TEST_DATABASE_URL, a postgres:// URL of an existing server and a superuser
// (or a role allowed to create databases), makes the harness use that server
// instead of starting its own. Several test processes may share it: the
// template is built under an advisory lock, named after a hash of the
// migration files (codna_tpl_<hash>), and reused while the migrations do not
// change; test databases are named codna_t_<random>.
//
// The cluster lives in /dev/shm when that is a tmpfs with at least 1 GiB
// free, else in /var/tmp (CODNA_PGTEST_DIR overrides). It is a child of the
// test process and dies with it (Linux parent death signal). Its directory
// cannot be removed at exit without a TestMain, so each start removes the
// directories left by test processes that have ended (each holds a lock file
// while its process lives), with the shared memory their servers left.
package pgtest

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/db"
	"codna/internal/pgcluster"
	"codna/migrations"
)

// EnvURL names the environment variable holding the URL of an existing
// server to use instead of a private cluster.
const EnvURL = "TEST_DATABASE_URL"

// Strategies of CREATE DATABASE (PostgreSQL 15+).
const (
	StrategyFileCopy = "FILE_COPY"
	StrategyWALLog   = "WAL_LOG"
)

// DefaultStrategy is the CREATE DATABASE strategy New and NewURL use: the
// faster one in BenchmarkNewDatabase (see bench/RESULTS.md). FILE_COPY copies
// the template's files after a checkpoint; WAL_LOG (the server default)
// copies it block by block through the WAL.
const DefaultStrategy = StrategyFileCopy

// templateVersion is part of the template's name: bump it when the way the
// template is built changes, so servers shared through TEST_DATABASE_URL do
// not reuse templates built the old way.
// Version 2: builds are serialised by db.LockTestTemplate (version 1 by
// an advisory lock of its own key).
const templateVersion = "2"

// DB is a fresh database for one test.
type DB struct {
	// URL is a postgres:// URL of the database, as the superuser.
	URL string
	// Pool is connected to URL and set up as the server's is
	// (db.Configure). It is closed when the test ends, before the database
	// is dropped.
	Pool *pgxpool.Pool
}

// New returns a fresh database for t, migrated to the latest embedded
// migration and holding no data, with a pool connected to it. The pool is
// closed and the database dropped (WITH (FORCE)) when t ends. New fails t
// (t.Fatal) when no server can be had: PostgreSQL not installed and
// TEST_DATABASE_URL not set, a migration failing, and so on.
func New(t testing.TB) *DB {
	t.Helper()
	u := NewURL(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cfg, err := pgxpool.ParseConfig(u)
	if err != nil {
		t.Fatalf("pgtest: connect to test database: %v", err)
	}
	db.Configure(cfg) // scan rows as the server does
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatalf("pgtest: connect to test database: %v", err)
	}
	t.Cleanup(pool.Close) // runs before the drop registered by NewURL
	return &DB{URL: u, Pool: pool}
}

// OneConnection returns a pool of at most one connection to d's database,
// set up as d.Pool is and closed when t ends: for tests of what a statement
// leaves on its connection for the next one (a setting, a prepared plan).
func (d *DB) OneConnection(t testing.TB) *pgxpool.Pool {
	t.Helper()
	cfg := d.Pool.Config()
	cfg.MaxConns = 1
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatalf("pgtest: connect to test database: %v", err)
	}
	t.Cleanup(pool.Close)
	return pool
}

// NewURL is New without the pool: it returns the postgres:// URL of a fresh
// migrated database, dropped (WITH (FORCE), so connections still open are
// ended) when t ends. It fails t as New does.
func NewURL(t testing.TB) string {
	t.Helper()
	s := get(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	name, u, err := s.create(ctx, s.template, DefaultStrategy)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := s.drop(ctx, name); err != nil {
			t.Errorf("pgtest: %v", err)
		}
	})
	return u
}

// server is the process-wide state: a server, an admin pool, the template.
type server struct {
	baseURL  string        // the maintenance database (postgres) of the server
	admin    *pgxpool.Pool // on baseURL
	template string
	strategy bool // server knows CREATE DATABASE ... STRATEGY (15+)
	cluster  *pgcluster.Cluster
}

var (
	setupOnce sync.Once
	srv       *server
	errSetup  error
)

func get(t testing.TB) *server {
	t.Helper()
	setupOnce.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		srv, errSetup = setup(ctx)
	})
	if errSetup != nil {
		t.Fatalf("pgtest: %v", errSetup)
	}
	return srv
}

func setup(ctx context.Context) (*server, error) {
	s := &server{}
	s.baseURL = os.Getenv(EnvURL)
	if s.baseURL == "" {
		c, err := startCluster(ctx)
		if err != nil {
			return nil, fmt.Errorf("%w (or set %s to the URL of a PostgreSQL server)", err, EnvURL)
		}
		s.cluster = c
		s.baseURL = c.DSN("postgres")
	} else if _, err := dbURL(s.baseURL, "postgres"); err != nil {
		return nil, fmt.Errorf("%s: %w", EnvURL, err)
	}
	var err error
	s.admin, err = pgxpool.New(ctx, s.baseURL)
	if err != nil {
		return nil, fmt.Errorf("connect to %s: %w", redact(s.baseURL), err)
	}
	var version int
	if err := s.admin.QueryRow(ctx, "SELECT current_setting('server_version_num')::int").Scan(&version); err != nil {
		return nil, fmt.Errorf("connect to %s: %w", redact(s.baseURL), err)
	}
	s.strategy = version >= 150000
	if s.template, err = s.ensureTemplate(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// templateName is codna_tpl_ followed by 12 hex digits of a hash of every
// embedded migration file (names and contents) and templateVersion.
func templateName() (string, error) {
	h := sha256.New()
	h.Write([]byte("codna pgtest template " + templateVersion + "\x00"))
	var names []string
	err := fs.WalkDir(migrations.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, p)
		}
		return err
	})
	if err != nil {
		return "", fmt.Errorf("read embedded migrations: %w", err)
	}
	sort.Strings(names)
	for _, n := range names {
		b, err := fs.ReadFile(migrations.FS, n)
		if err != nil {
			return "", fmt.Errorf("read embedded migrations: %w", err)
		}
		fmt.Fprintf(h, "%s\x00%d\x00", n, len(b))
		h.Write(b)
	}
	return "codna_tpl_" + hex.EncodeToString(h.Sum(nil))[:12], nil
}

// ensureTemplate returns the name of the ready template database for the
// embedded migrations, building it if no process has yet.
func (s *server) ensureTemplate(ctx context.Context) (string, error) {
	name, err := templateName()
	if err != nil {
		return "", err
	}
	ready := func(q interface {
		QueryRow(context.Context, string, ...any) pgx.Row
	}) (exists, ready bool, err error) {
		err = q.QueryRow(ctx, "SELECT datistemplate FROM pg_database WHERE datname = $1", name).Scan(&ready)
		if errors.Is(err, pgx.ErrNoRows) {
			return false, false, nil
		}
		return err == nil, ready, err
	}
	if _, ok, err := ready(s.admin); err != nil || ok {
		return name, err
	}

	// A dedicated connection holds the session advisory lock; closing it
	// releases the lock even if this process dies half way.
	conn, err := pgx.Connect(ctx, s.baseURL)
	if err != nil {
		return "", fmt.Errorf("build template: %w", err)
	}
	defer conn.Close(context.Background())
	if err := db.LockSession(ctx, conn, db.LockTestTemplate); err != nil {
		return "", fmt.Errorf("build template: lock: %w", err)
	}
	exists, ok, err := ready(conn)
	if err != nil || ok {
		return name, err
	}
	ident := pgx.Identifier{name}.Sanitize()
	if exists { // left half built by a process that died
		if _, err := conn.Exec(ctx, "DROP DATABASE "+ident+" WITH (FORCE)"); err != nil {
			return "", fmt.Errorf("build template: drop unfinished %s: %w", name, err)
		}
	}
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+ident+" TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C'"); err != nil {
		return "", fmt.Errorf("build template: %w", err)
	}
	u, err := dbURL(s.baseURL, name)
	if err != nil {
		return "", err
	}
	if err := db.MigrateUp(ctx, u); err != nil {
		return "", fmt.Errorf("build template %s: %w", name, err)
	}
	// No one may connect to a template being copied: lock it, end leftover
	// sessions, then mark it ready.
	for _, q := range []string{
		"ALTER DATABASE " + ident + " ALLOW_CONNECTIONS false",
		"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" + name + "'",
		"ALTER DATABASE " + ident + " IS_TEMPLATE true",
	} {
		if _, err := conn.Exec(ctx, q); err != nil {
			return "", fmt.Errorf("build template %s: %w", name, err)
		}
	}
	return name, nil
}

// create makes a database from template and returns its name and URL.
func (s *server) create(ctx context.Context, template, strategy string) (name, u string, err error) {
	var b [8]byte
	_, _ = rand.Read(b[:])
	name = "codna_t_" + hex.EncodeToString(b[:])
	u, err = dbURL(s.baseURL, name)
	if err != nil {
		return "", "", err
	}
	q := "CREATE DATABASE " + pgx.Identifier{name}.Sanitize() + " TEMPLATE " + pgx.Identifier{template}.Sanitize()
	if s.strategy {
		q += " STRATEGY " + strategy
	}
	if _, err := s.admin.Exec(ctx, q); err != nil {
		return "", "", fmt.Errorf("create test database: %w", err)
	}
	return name, u, nil
}

func (s *server) drop(ctx context.Context, name string) error {
	if _, err := s.admin.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)"); err != nil {
		return fmt.Errorf("drop test database %s: %w", name, err)
	}
	return nil
}

// dbURL returns base with its database replaced by name.
func dbURL(base, name string) (string, error) {
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		return "", fmt.Errorf("%q is not a postgres:// URL", redact(base))
	}
	q := u.Query()
	if q.Has("dbname") {
		q.Del("dbname")
		u.RawQuery = q.Encode()
	}
	u.Path = "/" + name
	u.RawPath = ""
	return u.String(), nil
}

// redact hides the password of a URL for error messages.
func redact(s string) string {
	if u, err := url.Parse(s); err == nil {
		return u.Redacted()
	}
	return "(unparsable URL)"
}

// ownerLock is held open for the life of the process: while it is, the
// process's cluster directory is not stale.
var ownerLock *os.File

// startCluster starts this process's private cluster.
func startCluster(ctx context.Context) (*pgcluster.Cluster, error) {
	roots := clusterRoots()
	for _, r := range roots {
		removeStale(r)
	}
	root := roots[0]
	dir, err := os.MkdirTemp(root, fmt.Sprintf("codna-pgtest-%d-", os.Getpid()))
	if err != nil {
		return nil, fmt.Errorf("cluster directory: %w", err)
	}
	// When root, the server runs as user postgres, who must reach the data
	// directory inside.
	if err := os.Chmod(dir, 0o755); err != nil {
		return nil, fmt.Errorf("cluster directory: %w", err)
	}
	ownerLock, err = lockOwner(dir)
	if err != nil {
		return nil, fmt.Errorf("cluster directory: %w", err)
	}
	c, err := pgcluster.Start(ctx, pgcluster.Options{DataDir: filepath.Join(dir, "data"), Fsync: false})
	if err != nil {
		return nil, fmt.Errorf("start test cluster: %w", err)
	}
	return c, nil
}

// EnvDir names the environment variable that sets the directory the test
// cluster is made in (default: /dev/shm when it is a roomy tmpfs, else
// /var/tmp).
const EnvDir = "CODNA_PGTEST_DIR"

// clusterRoots returns the directories test clusters may be made in, the one
// to use first. A memory file system is preferred: creating a database copies
// a few hundred small files, and on a disk file system that alone can take
// several hundred milliseconds (bench/RESULTS.md).
func clusterRoots() []string {
	if d := os.Getenv(EnvDir); d != "" {
		return []string{d}
	}
	var roots []string
	for _, d := range []string{"/dev/shm", "/var/tmp", os.TempDir()} {
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() || slices.Contains(roots, d) {
			continue
		}
		if d == "/dev/shm" && !roomyMemFS(d) {
			continue
		}
		roots = append(roots, d)
	}
	return roots
}

// removeStale removes the cluster directories of test processes that have
// ended, and the shared memory their killed servers left.
func removeStale(root string) {
	dirs, _ := filepath.Glob(filepath.Join(root, "codna-pgtest-*"))
	for _, d := range dirs {
		if !ownerGone(d) {
			continue
		}
		releaseSharedMemory(filepath.Join(d, "data"))
		_ = os.RemoveAll(d)
	}
}
