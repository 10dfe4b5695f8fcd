package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// monitor is the load program's own view of the database and the processes:
// a small pool whose sessions pg_stat_statements does not track (so its
// statements are not counted as the server's), the postmaster's pid and the
// serve process's pid.
type monitor struct {
	pool       *pgxpool.Pool
	postmaster int
	servePID   int
}

// openMonitor connects to dsn (a superuser URL on this machine: resetting
// pg_stat_statements and turning its tracking off need one) and finds the
// postmaster as the parent of its own backend.
func openMonitor(ctx context.Context, dsn string, servePID int) (*monitor, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("--database-url: %w", err)
	}
	if err := requireLoopbackHost(cfg.ConnConfig.Host); err != nil {
		return nil, fmt.Errorf("--database-url: %w", err)
	}
	cfg.MaxConns = 4
	// Set at connection start, so not even the SET is a tracked statement.
	cfg.ConnConfig.RuntimeParams["pg_stat_statements.track"] = "none"
	cfg.ConnConfig.RuntimeParams["application_name"] = "codna-load-monitor"
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("connect --database-url: %w", err)
	}
	m := &monitor{pool: pool, servePID: servePID}
	var backend int
	var super bool
	if err := pool.QueryRow(ctx, "SELECT pg_backend_pid(), current_setting('is_superuser') = 'on'").Scan(&backend, &super); err != nil {
		pool.Close()
		return nil, fmt.Errorf("connect --database-url: %w", err)
	}
	if !super {
		pool.Close()
		return nil, errors.New("--database-url must connect as a superuser (it resets pg_stat_statements)")
	}
	var ext int
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM pg_extension WHERE extname = 'pg_stat_statements'").Scan(&ext); err != nil || ext == 0 {
		pool.Close()
		return nil, errors.New("pg_stat_statements is not installed in this database: use bench/cluster.sh, or CREATE EXTENSION pg_stat_statements with shared_preload_libraries = 'pg_stat_statements'")
	}
	st, err := readProcStat(backend)
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("the database's backend %d is not a process on this machine (%v): the load program reads Postgres CPU from /proc", backend, err)
	}
	m.postmaster = st.PPID
	if _, err := clusterCPU(m.postmaster); err != nil {
		pool.Close()
		return nil, err
	}
	return m, nil
}

func (m *monitor) Close() { m.pool.Close() }

// requireLoopbackHost refuses any host but a loopback address, localhost, or
// a unix socket directory.
func requireLoopbackHost(host string) error {
	if strings.HasPrefix(host, "/") || host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return fmt.Errorf("host %q is not a loopback address: the load program only drives 127.0.0.1", host)
}

// checkServeURL validates --url: http on a loopback address with a port.
func checkServeURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("--url: %w", err)
	}
	if u.Scheme != "http" || u.Port() == "" {
		return nil, fmt.Errorf("--url %q: want http://127.0.0.1:<port>", raw)
	}
	if err := requireLoopbackHost(u.Hostname()); err != nil {
		return nil, fmt.Errorf("--url: %w", err)
	}
	return u, nil
}

// snapshot is one reading of the counters a run compares.
type snapshot struct {
	at      time.Time
	goCPU   time.Duration
	pgCPU   time.Duration
	ownCPU  time.Duration // this program's: the clients share the machine with what they measure
	stmts   int64
	stmtsOK bool
}

// resetStatements empties pg_stat_statements (every database's: it is one
// hash table, and the count is per database anyway).
func (m *monitor) resetStatements(ctx context.Context) error {
	_, err := m.pool.Exec(ctx, "SELECT pg_stat_statements_reset()")
	return err
}

// statements is the number of statements executed in this database since the
// reset, by every role and session except the monitor's own (untracked).
func (m *monitor) statements(ctx context.Context) (int64, error) {
	var n int64
	err := m.pool.QueryRow(ctx, `SELECT coalesce(sum(calls), 0)::int8 FROM pg_stat_statements
		WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
		  AND query NOT LIKE '%pg_stat_statements%'`).Scan(&n)
	return n, err
}

func (m *monitor) snap(ctx context.Context, withStatements bool) (snapshot, error) {
	s := snapshot{at: time.Now()}
	var err error
	if s.goCPU, err = processCPU(m.servePID); err != nil {
		return s, fmt.Errorf("serve process %d: %w", m.servePID, err)
	}
	if s.pgCPU, err = clusterCPU(m.postmaster); err != nil {
		return s, err
	}
	if s.ownCPU, err = processCPU(os.Getpid()); err != nil {
		return s, fmt.Errorf("load process: %w", err)
	}
	if withStatements {
		if s.stmts, err = m.statements(ctx); err != nil {
			return s, fmt.Errorf("pg_stat_statements: %w", err)
		}
		s.stmtsOK = true
	}
	return s, nil
}

// backlog is the number of outbox events not yet processed.
func (m *monitor) backlog(ctx context.Context) (int64, error) {
	var n int64
	err := m.pool.QueryRow(ctx, "SELECT count(*) FROM events WHERE processed_at IS NULL").Scan(&n)
	return n, err
}
