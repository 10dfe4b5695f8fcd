//go:build unix

package pgcluster_test

import (
	"bufio"
	"context"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"github.com/golang-migrate/migrate/v4"
	_ "github.com/golang-migrate/migrate/v4/database/pgx/v5"
	"github.com/golang-migrate/migrate/v4/source/iofs"
	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"codna/internal/pgcluster"
)

// testDir makes a directory the postgres user can reach even when the test
// runs as root (t.TempDir's parents are 0700), removed after the test.
func testDir(t *testing.T) string {
	t.Helper()
	d, err := os.MkdirTemp("", "codna-pgcluster-test-")
	require.NoError(t, err)
	require.NoError(t, os.Chmod(d, 0o755))
	t.Cleanup(func() { _ = os.RemoveAll(d) })
	return d
}

func start(t *testing.T, o pgcluster.Options) *pgcluster.Cluster {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c, err := pgcluster.Start(ctx, o)
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Stop() })
	return c
}

func query(t *testing.T, dsn, sql string, args ...any) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, dsn)
	require.NoError(t, err)
	defer conn.Close(context.Background())
	var s string
	require.NoError(t, conn.QueryRow(ctx, sql, args...).Scan(&s))
	return s
}

// exec runs sql (several statements allowed) over a new connection.
func exec(t *testing.T, dsn, sql string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, dsn)
	require.NoError(t, err)
	defer conn.Close(context.Background())
	_, err = conn.Exec(ctx, sql)
	require.NoError(t, err)
}

func TestStartConnectStop(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(testDir(t), "data")
	c := start(t, pgcluster.Options{DataDir: dir})

	require.Equal(t, "postgres", query(t, c.DSN("postgres"), "SELECT current_user"))
	require.Equal(t, "", query(t, c.DSN("postgres"), "SHOW listen_addresses"))
	require.Equal(t, "off", query(t, c.DSN("postgres"), "SHOW fsync"))
	require.Equal(t, "200", query(t, c.DSN("postgres"), "SHOW max_connections"))
	require.Equal(t, "UTF8", query(t, c.DSN("postgres"), "SHOW server_encoding"))
	require.Equal(t, "C", query(t, c.DSN("postgres"), "SELECT datcollate FROM pg_database WHERE datname = 'postgres'"))
	require.True(t, strings.HasPrefix(c.DSN("x"), "postgres://postgres@/x?"), c.DSN("x"))

	// Stop twice, concurrently, then once more.
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Go(func() { errs[i] = c.Stop() })
	}
	wg.Wait()
	require.NoError(t, errs[0])
	require.NoError(t, errs[1])
	require.NoError(t, c.Stop())
	select {
	case <-c.Done():
	default:
		t.Fatal("Done not closed after Stop")
	}
	_, err := os.Stat(filepath.Join(c.DataDir(), "postmaster.pid"))
	require.ErrorIs(t, err, os.ErrNotExist)
}

func TestRunning(t *testing.T) {
	t.Parallel()
	root := testDir(t)
	dir := filepath.Join(root, "data")

	_, ok := pgcluster.Running(context.Background(), dir)
	require.False(t, ok, "no data directory yet")

	c := start(t, pgcluster.Options{DataDir: dir, Superuser: "codna_admin"})
	dsn, ok := pgcluster.Running(context.Background(), dir)
	require.True(t, ok)
	require.Equal(t, c.DSN("postgres"), dsn("postgres"))
	require.Equal(t, "codna_admin", query(t, dsn("template1"), "SELECT current_user"))

	// Reached through a symbolic link too.
	link := filepath.Join(root, "link")
	require.NoError(t, os.Symlink(dir, link))
	_, ok = pgcluster.Running(context.Background(), link)
	require.True(t, ok)

	require.NoError(t, c.Stop())
	_, ok = pgcluster.Running(context.Background(), dir)
	require.False(t, ok, "after Stop")
}

func TestRestartReusesDataDir(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(testDir(t), "data")
	c := start(t, pgcluster.Options{DataDir: dir, Superuser: "first"})
	exec(t, c.DSN("postgres"), "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')")
	fi, err := os.Stat(filepath.Join(c.DataDir(), "PG_VERSION"))
	require.NoError(t, err)
	require.NoError(t, c.Stop())

	// A different Superuser does not re-initdb: the recorded one is used.
	c2 := start(t, pgcluster.Options{DataDir: dir, Superuser: "second"})
	require.Equal(t, "first", c2.Superuser())
	require.Equal(t, "still here", query(t, c2.DSN("postgres"), "SELECT v FROM kept"))
	fi2, err := os.Stat(filepath.Join(c2.DataDir(), "PG_VERSION"))
	require.NoError(t, err)
	require.Equal(t, fi.ModTime(), fi2.ModTime())
	require.NoError(t, c2.Stop())
}

func TestGolangMigrateConnects(t *testing.T) {
	t.Parallel()
	c := start(t, pgcluster.Options{DataDir: filepath.Join(testDir(t), "data")})
	src, err := iofs.New(fstest.MapFS{
		"1_t.up.sql":   {Data: []byte("CREATE TABLE migrated (id int);")},
		"1_t.down.sql": {Data: []byte("DROP TABLE migrated;")},
	}, ".")
	require.NoError(t, err)
	// The rewrite internal/db.MigrateUp does.
	u := "pgx5://" + strings.TrimPrefix(c.DSN("postgres"), "postgres://")
	m, err := migrate.NewWithSourceInstance("iofs", src, u)
	require.NoError(t, err)
	require.NoError(t, m.Up())
	v, dirty, err := m.Version()
	require.NoError(t, err)
	require.Equal(t, uint(1), v)
	require.False(t, dirty)
	srcErr, dbErr := m.Close()
	require.NoError(t, srcErr)
	require.NoError(t, dbErr)
	require.Equal(t, "migrated", query(t, c.DSN("postgres"), "SELECT to_regclass('migrated')::text"))
}

func TestStalePidFile(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(testDir(t), "data")
	o := pgcluster.Options{DataDir: dir}
	c := start(t, o)

	// A second Start on a live cluster is refused.
	_, err := pgcluster.Start(context.Background(), o)
	require.ErrorIs(t, err, pgcluster.ErrAlreadyRunning)

	// Kill the postmaster the hard way: postmaster.pid stays behind.
	pid := postmasterPid(t, c.DataDir())
	require.NoError(t, syscall.Kill(pid, syscall.SIGKILL))
	<-c.Done()
	require.Error(t, c.Stop(), "the server died without being asked")
	_, err = os.Stat(filepath.Join(c.DataDir(), "postmaster.pid"))
	require.NoError(t, err, "a killed postmaster leaves its pid file")

	// The pid is dead: postgres itself handles the stale file. Its backends
	// may take a moment to notice their postmaster is gone: Start waits.
	c2 := start(t, o)
	require.Equal(t, "1", query(t, c2.DSN("postgres"), "SELECT '1'"))
	require.NoError(t, c2.Stop())

	// The pid is alive but another process's (pid reuse after a crash):
	// postgres would refuse it, Start removes it. (Not our own pid: postgres
	// knows its parent's pid cannot be a postmaster.)
	writePid(t, c2.DataDir(), 1)
	c3 := start(t, o)
	require.Equal(t, "1", query(t, c3.DSN("postgres"), "SELECT '1'"))
	require.NoError(t, c3.Stop())
}

func postmasterPid(t *testing.T, dataDir string) int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dataDir, "postmaster.pid"))
	require.NoError(t, err)
	pid, err := strconv.Atoi(strings.SplitN(string(b), "\n", 2)[0])
	require.NoError(t, err)
	return pid
}

func writePid(t *testing.T, dataDir string, pid int) {
	t.Helper()
	p := filepath.Join(dataDir, "postmaster.pid")
	content := strconv.Itoa(pid) + "\n" + dataDir + "\n1700000000\n5432\n" + dataDir + "\n\n  5432001      0\nready   \n"
	require.NoError(t, os.WriteFile(p, []byte(content), 0o600))
	if fi, err := os.Stat(dataDir); err == nil {
		st := fi.Sys().(*syscall.Stat_t)
		require.NoError(t, os.Chown(p, int(st.Uid), int(st.Gid)))
	}
}

func TestFailedStartQuotesLog(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(testDir(t), "data")
	c := start(t, pgcluster.Options{DataDir: dir})
	require.NoError(t, c.Stop())
	f, err := os.OpenFile(filepath.Join(c.DataDir(), "postgresql.conf"), os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString("\nshared_buffers = 'lots'\n")
	require.NoError(t, err)
	require.NoError(t, f.Close())

	_, err = pgcluster.Start(context.Background(), pgcluster.Options{DataDir: dir})
	require.Error(t, err)
	require.Contains(t, err.Error(), "shared_buffers", "the error quotes postgres's log")
}

func TestDataDirMustBeEmptyOrCluster(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(testDir(t), "data")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644))
	_, err := pgcluster.Start(context.Background(), pgcluster.Options{DataDir: dir})
	require.ErrorContains(t, err, "not empty")
}

func TestLongPaths(t *testing.T) {
	t.Parallel()
	root := testDir(t)
	long := filepath.Join(root, strings.Repeat("d", 100))

	// An explicit socket directory that is too long is refused up front.
	_, err := pgcluster.Start(context.Background(), pgcluster.Options{DataDir: filepath.Join(root, "x"), SocketDir: long})
	require.ErrorContains(t, err, "too long")

	// A data directory too long to hold the socket gets one elsewhere.
	c := start(t, pgcluster.Options{DataDir: long})
	require.NotEqual(t, c.DataDir(), c.SocketDir())
	require.Equal(t, "1", query(t, c.DSN("postgres"), "SELECT '1'"))
	dsn, ok := pgcluster.Running(context.Background(), long)
	require.True(t, ok)
	require.Equal(t, c.DSN("postgres"), dsn("postgres"))
	require.NoError(t, c.Stop())
	t.Cleanup(func() { _ = os.RemoveAll(c.SocketDir()) })
}

func TestExplicitSocketDir(t *testing.T) {
	t.Parallel()
	root := testDir(t)
	sock := filepath.Join(root, "run")
	c := start(t, pgcluster.Options{DataDir: filepath.Join(root, "data"), SocketDir: sock})
	require.Equal(t, sock, c.SocketDir())
	_, err := os.Stat(filepath.Join(sock, ".s.PGSQL.5432"))
	require.NoError(t, err)
	require.Equal(t, "1", query(t, c.DSN("postgres"), "SELECT '1'"))
}

func TestRootOpensTempDir(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root runs the server as another user")
	}
	t.Parallel()
	private := t.TempDir() // its parent is 0700: user postgres cannot reach it
	dir := filepath.Join(private, "data")
	c := start(t, pgcluster.Options{DataDir: dir})
	got, err := filepath.EvalSymlinks(dir)
	require.NoError(t, err)
	require.Equal(t, got, c.DataDir(), "not relocated")
	require.Equal(t, "1", query(t, c.DSN("postgres"), "SELECT '1'"))
	fi, err := os.Stat(filepath.Dir(private))
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o701), fi.Mode().Perm(), "search, not read, for others")
}

func TestRootRelocatesUnreachableDataDir(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root relocates")
	}
	base := "/var/tmp"
	if tmp, _ := filepath.EvalSymlinks(os.TempDir()); strings.HasPrefix(base+"/", tmp+"/") {
		t.Skip("/var/tmp is the temporary directory: it would be opened, not relocated")
	}
	t.Parallel()
	private, err := os.MkdirTemp(base, "codna-pgcluster-reloc-test-") // 0700, outside os.TempDir
	require.NoError(t, err)
	t.Cleanup(func() { _ = os.RemoveAll(private) })
	dir := filepath.Join(private, "data")
	c := start(t, pgcluster.Options{DataDir: dir})
	t.Cleanup(func() { _ = os.RemoveAll(c.DataDir()) })

	require.True(t, strings.HasPrefix(c.DataDir(), pgcluster.RelocationBase+"/"), c.DataDir())
	link, err := os.Readlink(dir)
	require.NoError(t, err)
	require.Equal(t, c.DataDir(), link)
	fi, err := os.Stat(private)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o700), fi.Mode().Perm(), "left alone")
	require.Equal(t, "1", query(t, c.DSN("postgres"), "SELECT '1'"))
	_, ok := pgcluster.Running(context.Background(), dir)
	require.True(t, ok)
	require.NoError(t, c.Stop())

	// Restart through the link: same cluster.
	c2 := start(t, pgcluster.Options{DataDir: dir})
	require.Equal(t, c.DataDir(), c2.DataDir())
	require.NoError(t, c2.Stop())

	// An unreachable directory that already holds something is an error.
	other := filepath.Join(private, "other")
	require.NoError(t, os.MkdirAll(other, 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(other, "x"), nil, 0o600))
	_, err = pgcluster.Start(context.Background(), pgcluster.Options{DataDir: other})
	require.ErrorContains(t, err, "cannot reach")
}

// TestHelperProcess is not a test: run by startInChild in a child process,
// it starts the cluster in $PGCLUSTER_HELPER_DATA_DIR, says "ready" on
// stdout and waits to be killed.
func TestHelperProcess(t *testing.T) {
	dir := os.Getenv("PGCLUSTER_HELPER_DATA_DIR")
	if dir == "" {
		t.Skip("helper process only")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c, err := pgcluster.Start(ctx, pgcluster.Options{DataDir: dir})
	if err != nil {
		os.Stdout.WriteString("error: " + err.Error() + "\n")
		os.Exit(1)
	}
	os.Stdout.WriteString("ready\n")
	<-c.Done()
	os.Exit(1)
}

// startInChild starts a cluster on dir from a child process and returns
// that process once the cluster accepts connections.
func startInChild(t *testing.T, dir string) *os.Process {
	t.Helper()
	cmd := osexec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "-test.v=false")
	cmd.Env = append(os.Environ(), "PGCLUSTER_HELPER_DATA_DIR="+dir)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	require.NoError(t, err)
	require.Equal(t, "ready\n", line)
	return cmd.Process
}

// When the process that started a cluster is killed, the kernel kills the
// postmaster too; its pid may linger as an unreaped zombie (an init that
// does not reap, or has not yet) while its backends exit. Starting again at
// once must wait for them and then succeed, not trip over postmaster.pid.
func TestStartRightAfterParentKilled(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(testDir(t), "data")
	for i := range 3 {
		p := startInChild(t, dir)
		require.NoError(t, p.Kill())
		_, _ = p.Wait()
		c := start(t, pgcluster.Options{DataDir: dir})
		require.Equal(t, "1", query(t, c.DSN("postgres"), "SELECT '1'"), "round %d", i)
		require.NoError(t, c.Stop())
	}
}

func supervise(t *testing.T, o pgcluster.Options, sv pgcluster.Supervision) *pgcluster.Supervisor {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	s, err := pgcluster.Supervise(ctx, o, sv)
	require.NoError(t, err)
	t.Cleanup(func() { _ = s.Stop() })
	return s
}

func TestSuperviseRestartsAKilledServer(t *testing.T) {
	t.Parallel()
	// Fsync: with synchronous_commit off, a killed server may lose the
	// last commits.
	s := supervise(t, pgcluster.Options{DataDir: filepath.Join(testDir(t), "data"), Fsync: true}, pgcluster.Supervision{})
	exec(t, s.DSN("postgres"), "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')")
	first := s.Cluster()

	for round := 1; round <= 2; round++ {
		require.NoError(t, syscall.Kill(postmasterPid(t, s.Cluster().DataDir()), syscall.SIGKILL))
		require.Eventually(t, func() bool { return s.Restarts() == round }, time.Minute, 20*time.Millisecond, "restart %d", round)
		require.NoError(t, s.Health())
		require.Equal(t, "still here", query(t, s.DSN("postgres"), "SELECT v FROM kept"))
	}
	require.NotSame(t, first, s.Cluster())
	select {
	case <-s.Failed():
		t.Fatal("gave up")
	default:
	}
	require.NoError(t, s.Stop())
	require.NoError(t, s.Stop(), "twice")
	_, ok := pgcluster.Running(context.Background(), s.Cluster().DataDir())
	require.False(t, ok)
}

func TestSuperviseGivesUp(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(testDir(t), "data")
	s := supervise(t, pgcluster.Options{DataDir: dir}, pgcluster.Supervision{GiveUpAfter: 5 * time.Second, MaxBackoff: 200 * time.Millisecond})
	// A configuration postgres refuses: every restart fails.
	f, err := os.OpenFile(filepath.Join(s.Cluster().DataDir(), "postgresql.conf"), os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString("\nshared_buffers = 'lots'\n")
	require.NoError(t, err)
	require.NoError(t, f.Close())
	require.NoError(t, s.Health())

	require.NoError(t, syscall.Kill(postmasterPid(t, s.Cluster().DataDir()), syscall.SIGKILL))
	require.Eventually(t, func() bool { return s.Health() != nil }, time.Minute, 20*time.Millisecond,
		"unhealthy once a restart failed")
	select {
	case <-s.Failed():
	case <-time.After(time.Minute):
		t.Fatal("never gave up")
	}
	require.ErrorContains(t, s.Err(), "shared_buffers", "the reason quotes postgres")
	require.ErrorContains(t, s.Health(), "could not be restarted")
	require.Error(t, s.Stop())
}
