// Package pgcluster runs a private PostgreSQL cluster as a child process of
// the current program: the embedded default database of `codna serve`,
// `codna migrate` and `codna manage`, and the throwaway server of the test
// harness (internal/pgtest).
//
// The cluster listens on a unix socket only (listen_addresses is empty) and
// trusts every connection that reaches the socket; the permissions of the
// socket directory are the access control. The postgres process is started
// directly (not through pg_ctl), in its own process group, and on Linux it is
// killed by the kernel when the process that started it dies, so a crashed or
// killed parent never leaves a server behind. Being in its own process group,
// the server does not get the SIGINT of a ctrl-C typed at the terminal: the
// program should catch SIGINT and SIGTERM and call Stop (a clean shutdown);
// if it just exits, the server is killed and recovers from its WAL on the
// next start.
//
// Supervise runs a cluster that is started again when it dies (with
// backoff), and reports when it cannot be: what `codna serve` uses.
//
// # Running as root
//
// initdb and postgres refuse to run as root. When the effective user is root
// they run as the "postgres" system user, and the data directory is owned by
// that user. That user must be able to reach the data directory, i.e. have
// search (x) permission on every parent. When it cannot:
//
//   - Inside the system temporary directory (os.TempDir(), e.g. /tmp), the
//     blocking parents are throwaway directories of os.MkdirTemp or
//     t.TempDir (mode 0700). If root owns them all, they get search
//     permission for others (chmod o+x; not read, so they cannot be listed)
//     and the cluster stays where the caller put it: removing the temporary
//     directory removes the cluster.
//   - Anywhere else (a checkout under /root, say), nothing is chmod'ed:
//     opening /root to other users is not this package's decision. The
//     cluster is kept in /var/lib/codna/pgcluster/<name>-<hash of the data
//     directory path> instead, and Options.DataDir becomes a symbolic link to
//     it. /var/lib rather than /var/tmp because the embedded default database
//     holds real data and systemd-tmpfiles ages files out of /var/tmp.
package pgcluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// defaultStartTimeout bounds the wait for a new server to accept connections
// when Start's context has no deadline (crash recovery of a large cluster
// can take a while; a server that never comes up must not hang the caller).
const defaultStartTimeout = 5 * time.Minute

// Port is the port number of every cluster started by this package. With
// listen_addresses empty it only names the socket file (.s.PGSQL.5432); the
// socket directory is what keeps two clusters apart.
const Port = 5432

// DefaultSuperuser is the bootstrap superuser created by initdb when
// Options.Superuser is empty.
const DefaultSuperuser = "postgres"

// ErrNoBinaries is returned (wrapped) by Start when initdb and postgres
// cannot be found. The message says what to install.
var ErrNoBinaries = errors.New("PostgreSQL server binaries (initdb, postgres) not found")

// ErrAlreadyRunning is returned (wrapped) by Start when a live postgres
// already runs on the data directory. Use Running to connect to it instead.
var ErrAlreadyRunning = errors.New("a postgres server is already running on this data directory")

// metaFile is written into the data directory after initdb; it records the
// bootstrap superuser so Running can connect without being told.
const metaFile = "codna-pgcluster.json"

// maxSocketPath is the longest unix socket path Linux accepts (sun_path is
// 108 bytes including the terminating NUL).
const maxSocketPath = 107

// socketName is the socket file postgres creates in the socket directory.
var socketName = ".s.PGSQL." + strconv.Itoa(Port)

// Options configures Start.
type Options struct {
	// DataDir is the cluster's directory. If it is missing or empty, initdb
	// creates a new cluster there on the first start; an existing cluster is
	// reused as is. It must not be a non-empty directory holding anything
	// else. Required. See the package documentation for where the cluster
	// really lives when running as root.
	DataDir string

	// SocketDir is the directory of the unix socket. It must be private to
	// this cluster (another server on port 5432 in the same directory
	// conflicts), writable by the server's user, and the socket path
	// (SocketDir + "/.s.PGSQL.5432") must fit in 107 bytes. A missing
	// directory is created. Default: the data directory itself, or, when that
	// path is too long, /tmp/codna-pg-<hash>.
	SocketDir string

	// Fsync false is for throwaway clusters (tests): it turns off fsync,
	// synchronous_commit and full_page_writes (fast; a machine crash can lose
	// or corrupt the data) and keeps dynamic shared memory in files inside the
	// data directory, so a server killed with its parent leaves nothing
	// outside the directory but a small System V segment (see postmaster.pid).
	Fsync bool

	// Logger receives postgres's log output (its stderr) and this package's
	// own messages. Nil discards them; the last lines are still quoted in the
	// error when a start fails.
	Logger *slog.Logger

	// Superuser is the bootstrap superuser initdb creates and DSN connects
	// as. Default "postgres". It only matters on the first start; later starts
	// use the name recorded in the data directory.
	Superuser string

	// StopTimeout is how long Stop waits for a fast shutdown before asking
	// for an immediate one (SIGQUIT; SIGKILL 10 s later). Default one minute.
	StopTimeout time.Duration
}

// Cluster is a running postgres child process. Its methods are safe for
// concurrent use.
type Cluster struct {
	dataDir   string
	socketDir string
	superuser string
	log       *slog.Logger
	tail      *logTail

	stopTimeout time.Duration

	proc     *os.Process
	done     chan struct{}
	stopOnce sync.Once
	stopping atomic.Bool
	exitErr  error // set before done is closed
}

// Start starts the cluster described by o and waits until it accepts
// connections. On first use of o.DataDir it runs initdb (--locale=C,
// -E UTF8, -U <superuser>, unix-socket-only trust authentication). The server
// is then run as a child process: postgres itself, not pg_ctl, in its own
// process group, killed by the kernel (SIGKILL) if this process dies (Linux).
//
// ctx bounds the start only: once Start returns, the cluster runs until Stop
// is called or this process exits. If ctx ends first, the half-started server
// is stopped and ctx's error is returned. Without a deadline on ctx, the
// start is bounded by five minutes.
//
// A server that was killed (say with the process that started it) may still
// be on its way out: its postmaster an unreaped zombie, its backends still
// attached to its shared memory. Start waits for them to be gone, removes a
// postmaster.pid naming a zombie (postgres would take it for a live server),
// and retries while postgres refuses to start for those reasons.
//
// Errors: ErrNoBinaries (wrapped) when PostgreSQL is not installed;
// ErrAlreadyRunning (wrapped) when a live postgres already runs on the data
// directory; when running as root, an error if there is no "postgres" system
// user; otherwise an error naming the failed step, quoting the last lines
// postgres logged when the server itself failed.
func Start(ctx context.Context, o Options) (*Cluster, error) {
	if err := platformSupported(); err != nil {
		return nil, err
	}
	if o.DataDir == "" {
		return nil, errors.New("pgcluster: Options.DataDir is required")
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, defaultStartTimeout)
		defer cancel()
	}
	log := o.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	log = log.With("component", "pgcluster")

	acct, err := serverAccount()
	if err != nil {
		return nil, err
	}
	dataDir, err := prepareDataDir(o.DataDir, acct, log)
	if err != nil {
		return nil, err
	}

	major := ""
	if b, err := os.ReadFile(filepath.Join(dataDir, "PG_VERSION")); err == nil {
		major = strings.TrimSpace(string(b))
	}
	bin, err := findBinDir(major)
	if err != nil {
		return nil, err
	}

	if major == "" {
		superuser := o.Superuser
		if superuser == "" {
			superuser = DefaultSuperuser
		}
		if err := initCluster(ctx, bin, dataDir, superuser, !o.Fsync, acct, log); err != nil {
			return nil, err
		}
	} else if err := checkOwnership(dataDir, acct); err != nil {
		return nil, err
	}
	superuser := readSuperuser(dataDir, o.Superuser)

	socketDir, err := prepareSocketDir(o.SocketDir, dataDir, acct)
	if err != nil {
		return nil, err
	}
	delay := 50 * time.Millisecond
	for {
		if err := settlePidFile(ctx, dataDir, log); err != nil {
			return nil, err
		}
		c, retry, err := launch(ctx, o, bin, dataDir, socketDir, superuser, acct, log)
		if err == nil {
			return c, nil
		}
		if !retry || ctx.Err() != nil {
			return nil, err
		}
		log.Info("the previous postgres on this data directory is still exiting; retrying", "err", err)
		select {
		case <-ctx.Done():
			return nil, err
		case <-time.After(delay):
		}
		delay = min(delay*2, time.Second)
	}
}

// launch runs postgres once and waits until it accepts connections. retry
// says the failure was postgres refusing to start because a previous server
// on the data directory has not finished exiting.
func launch(ctx context.Context, o Options, bin, dataDir, socketDir, superuser string, acct *account, log *slog.Logger) (c *Cluster, retry bool, err error) {
	tail := newLogTail(40)
	args := []string{
		"-D", dataDir,
		"-c", "listen_addresses=",
		"-c", "unix_socket_directories=" + quoteListItem(socketDir),
		"-c", "unix_socket_permissions=0700",
		"-c", "port=" + strconv.Itoa(Port),
		"-c", "max_connections=200",
		"-c", "logging_collector=off",
		"-c", "log_destination=stderr",
		"-c", "log_line_prefix=",
	}
	if !o.Fsync {
		args = append(args, "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
			// A throwaway cluster is often killed with its parent; with
			// dynamic shared memory in files in the data directory (rather
			// than /dev/shm) it leaves nothing behind outside that directory.
			"-c", "dynamic_shared_memory_type=mmap")
	}
	cmd := exec.Command(filepath.Join(bin, "postgres"), args...)
	cmd.Dir = "/"
	cmd.Env = serverEnv()
	out := &logWriter{log: log, tail: tail}
	cmd.Stdout = out
	cmd.Stderr = out
	cmd.SysProcAttr = procAttr(acct)
	// postgres's children inherit stderr; do not wait for them forever once
	// the postmaster has gone.
	cmd.WaitDelay = 5 * time.Second

	c = &Cluster{
		dataDir:     dataDir,
		socketDir:   socketDir,
		superuser:   superuser,
		log:         log,
		tail:        tail,
		stopTimeout: o.StopTimeout,
		done:        make(chan struct{}),
	}
	if c.stopTimeout <= 0 {
		c.stopTimeout = time.Minute
	}
	log.Info("starting postgres", "data_dir", dataDir, "socket_dir", socketDir, "bin_dir", bin, "fsync", o.Fsync)
	if err := startLocked(cmd, c); err != nil {
		return nil, false, fmt.Errorf("pgcluster: start %s: %w", cmd.Path, err)
	}
	if err := c.waitReady(ctx); err != nil {
		_ = c.Stop()
		return nil, tail.has(oldServerMessages...), err
	}
	log.Info("postgres is ready", "pid", c.proc.Pid, "dsn", c.DSN("postgres"))
	return c, false, nil
}

// oldServerMessages are what postgres says when it refuses to start because
// a previous server on the data directory has not finished exiting: its
// backends still hold the shared memory, or the pid in postmaster.pid (or
// the socket's lock file) still exists.
var oldServerMessages = []string{"pre-existing shared memory block", `lock file "postmaster.pid" already exists`, `.lock" already exists`}

// startLocked starts cmd from a goroutine locked to its OS thread and keeps
// that thread alive until the child exits. Linux delivers the parent-death
// signal when the thread that forked the child ends, not the process; a Go
// thread can otherwise end under the child's feet (a goroutine that exits
// while holding LockOSThread takes its thread with it).
func startLocked(cmd *exec.Cmd, c *Cluster) error {
	started := make(chan error, 1)
	go func() {
		lockThread()
		if err := cmd.Start(); err != nil {
			started <- err
			return
		}
		c.proc = cmd.Process
		started <- nil
		err := cmd.Wait()
		if err == nil && !c.stopping.Load() {
			err = errors.New("exited with status 0 without being asked to stop")
		}
		if err != nil {
			err = fmt.Errorf("pgcluster: postgres (pid %d) %w%s", cmd.Process.Pid, describeExit(err, c.stopping.Load()), c.tail.quote())
		}
		c.exitErr = err
		close(c.done)
	}()
	return <-started
}

func describeExit(err error, stopping bool) error {
	if stopping {
		return fmt.Errorf("did not shut down cleanly: %w", err)
	}
	return fmt.Errorf("exited unexpectedly: %w", err)
}

// waitReady polls the server until a connection succeeds, the server exits,
// a connection fails for a reason that retrying will not fix, or ctx ends.
func (c *Cluster) waitReady(ctx context.Context) error {
	cfg, err := pgconn.ParseConfig(c.DSN("postgres"))
	if err != nil {
		return fmt.Errorf("pgcluster: parse own DSN: %w", err)
	}
	cfg.ConnectTimeout = 5 * time.Second
	delay := 5 * time.Millisecond
	for {
		// While postmaster.pid says "starting", a connection would only be
		// refused (and logged as FATAL by the server): wait for "ready".
		if status := pidFileStatus(c.dataDir); status == "starting" || status == "stopping" {
			select {
			case <-c.done:
				return c.exitErr
			case <-ctx.Done():
				return fmt.Errorf("pgcluster: waiting for postgres to accept connections: %w%s", ctx.Err(), c.tail.quote())
			case <-time.After(delay):
			}
			delay = min(delay*2, 100*time.Millisecond)
			continue
		}
		conn, err := pgconn.ConnectConfig(ctx, cfg)
		if err == nil {
			_ = conn.Close(context.Background())
			return nil
		}
		if pgErr := (*pgconn.PgError)(nil); errors.As(err, &pgErr) && pgErr.Code != "57P03" { // 57P03: cannot_connect_now (starting up)
			return fmt.Errorf("pgcluster: connect to new server: %w%s", err, c.tail.quote())
		}
		select {
		case <-c.done:
			return c.exitErr
		case <-ctx.Done():
			return fmt.Errorf("pgcluster: waiting for postgres to accept connections: %w (last attempt: %v)%s", ctx.Err(), err, c.tail.quote())
		case <-time.After(delay):
		}
		delay = min(delay*2, 100*time.Millisecond)
	}
}

// DSN returns a postgres:// URL reaching database dbname over the cluster's
// unix socket as the superuser, e.g.
// postgres://postgres@/codna?host=%2Fvar%2Ftmp%2Fx&port=5432&sslmode=disable.
// It works with pgx, database/sql with pgx's stdlib driver and, once the
// scheme is rewritten to pgx5://, golang-migrate. It does not check that the
// database exists.
func (c *Cluster) DSN(dbname string) string {
	return buildDSN(c.socketDir, Port, c.superuser, dbname)
}

func buildDSN(socketDir string, port int, user, dbname string) string {
	q := url.Values{}
	q.Set("host", socketDir)
	q.Set("port", strconv.Itoa(port)) // explicit, so a PGPORT in the environment cannot redirect it
	q.Set("sslmode", "disable")
	u := url.URL{Scheme: "postgres", User: url.User(user), Path: "/" + dbname, RawQuery: q.Encode()}
	return u.String()
}

// DataDir is the directory the cluster actually runs in: Options.DataDir with
// symbolic links resolved (including the relocation link made when running
// as root; see the package documentation).
func (c *Cluster) DataDir() string { return c.dataDir }

// SocketDir is the directory holding the cluster's unix socket.
func (c *Cluster) SocketDir() string { return c.socketDir }

// Superuser is the role DSN connects as.
func (c *Cluster) Superuser() string { return c.superuser }

// Done is closed when the postgres process has exited, whether through Stop
// or not. After Done is closed, Stop returns at once.
func (c *Cluster) Done() <-chan struct{} { return c.done }

// Stop shuts the server down: SIGINT (PostgreSQL's fast shutdown: sessions
// are ended, open transactions rolled back, a checkpoint written), then waits
// for the process to exit. If it has not exited after Options.StopTimeout (a
// minute by default) it is sent SIGQUIT (immediate shutdown), then, 10 s
// later, SIGKILL.
//
// Stop may be called any number of times, concurrently; every call waits for
// the exit and returns the same result: nil after a clean shutdown, or an
// error (with postgres's last log lines) if the server had already died or did
// not shut down cleanly.
func (c *Cluster) Stop() error {
	c.stopOnce.Do(func() {
		select {
		case <-c.done:
			return
		default:
		}
		c.stopping.Store(true)
		if err := interrupt(c.proc); err != nil && !errors.Is(err, os.ErrProcessDone) {
			c.log.Warn("signal postgres", "err", err)
		}
		go c.escalate()
	})
	<-c.done
	return c.exitErr
}

func (c *Cluster) escalate() {
	for _, s := range []struct {
		after time.Duration
		kill  func(*os.Process) error
		name  string
	}{
		{c.stopTimeout, quit, "SIGQUIT"},
		{10 * time.Second, (*os.Process).Kill, "SIGKILL"},
	} {
		select {
		case <-c.done:
			return
		case <-time.After(s.after):
			c.log.Warn("postgres did not stop in time", "sending", s.name)
			_ = s.kill(c.proc)
		}
	}
}

type meta struct {
	Superuser string `json:"superuser"`
}

// readSuperuser returns the superuser recorded in dataDir, else fallback,
// else DefaultSuperuser.
func readSuperuser(dataDir, fallback string) string {
	var m meta
	if b, err := os.ReadFile(filepath.Join(dataDir, metaFile)); err == nil && json.Unmarshal(b, &m) == nil && m.Superuser != "" {
		return m.Superuser
	}
	if fallback != "" {
		return fallback
	}
	return DefaultSuperuser
}

// quoteListItem quotes a directory for a comma-separated postgres list
// setting such as unix_socket_directories.
func quoteListItem(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// serverEnv is the environment of initdb and postgres: ours without the PG*
// variables (PGDATA, PGPORT, ... would change what they do) and with a C
// locale for the messages.
func serverEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "PG") || strings.HasPrefix(kv, "LC_") || strings.HasPrefix(kv, "LANG") {
			continue
		}
		env = append(env, kv)
	}
	return append(env, "LC_ALL=C")
}
