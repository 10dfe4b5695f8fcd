package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"time"

	"codna/internal/app"
	"codna/internal/pgcluster"
)

// embeddedDB is the name of the application database in the embedded cluster.
const embeddedDB = "codna"

// embeddedGiveUp is how long `codna serve` keeps trying to bring a dead
// embedded database back before it exits non-zero (a variable for tests).
var embeddedGiveUp = time.Minute

// database is a database URL and, when this process started the embedded
// cluster for it, the cluster to stop: supervised (serve) or not (manage,
// migrate); for serve also the data directory lock to release.
type database struct {
	URL     string
	cluster *pgcluster.Cluster
	sup     *pgcluster.Supervisor
	release func()
}

// Close stops the embedded cluster if this process started it, then
// releases the data directory lock.
func (d *database) Close() {
	if d.cluster != nil {
		_ = d.cluster.Stop()
	}
	if d.sup != nil {
		_ = d.sup.Stop()
	}
	if d.release != nil {
		d.release()
	}
}

// openServeDatabase is openDatabase for `codna serve`: with the embedded
// database, serve takes the data directory lock (a second serve is refused)
// and runs the cluster itself, supervised (restarted when it dies), never
// attaching to one another process runs. A cluster a manage or migrate
// command started for its own duration is waited for, up to 30 s.
func openServeDatabase(ctx context.Context, c config, log *slog.Logger) (*database, error) {
	if c.DatabaseURL != "" {
		return &database{URL: c.DatabaseURL}, nil
	}
	release, err := lockDataDir(c.DataDir)
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(c.DataDir, "pg")
	o := pgcluster.Options{DataDir: dir, Fsync: true, Logger: log, StopTimeout: c.Server.ShutdownTimeout}
	var sup *pgcluster.Supervisor
	for waited := time.Duration(0); ; waited += 500 * time.Millisecond {
		sup, err = pgcluster.Supervise(ctx, o, pgcluster.Supervision{GiveUpAfter: embeddedGiveUp})
		if !errors.Is(err, pgcluster.ErrAlreadyRunning) || waited >= 30*time.Second {
			break
		}
		if waited == 0 {
			log.Info("the embedded database is up for another codna command (manage, migrate); waiting for it to finish", "data_dir", dir)
		}
		select {
		case <-ctx.Done():
			release()
			return nil, ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
	if errors.Is(err, pgcluster.ErrAlreadyRunning) {
		release()
		return nil, fmt.Errorf("the embedded database in %s is held by another codna command; try again when it has finished: %w", dir, err)
	}
	if err != nil {
		release()
		return nil, fmt.Errorf("start the embedded database (set CODNA_DATABASE_URL to use another): %w", err)
	}
	if err := app.EnsureDatabase(ctx, sup.DSN("postgres"), embeddedDB); err != nil {
		_ = sup.Stop()
		release()
		return nil, err
	}
	return &database{URL: sup.DSN(embeddedDB), sup: sup, release: release}, nil
}

// openDatabase returns CODNA_DATABASE_URL, or the embedded database under
// dataDir: the cluster a running `codna serve` has up, or one started here.
func openDatabase(ctx context.Context, c config, log *slog.Logger) (*database, error) {
	if c.DatabaseURL != "" {
		return &database{URL: c.DatabaseURL}, nil
	}
	dir := filepath.Join(c.DataDir, "pg")
	if dsn, ok := pgcluster.Running(ctx, dir); ok {
		log.Debug("using the embedded database another codna process runs", "data_dir", dir)
		if err := app.EnsureDatabase(ctx, dsn("postgres"), embeddedDB); err != nil {
			return nil, err
		}
		return &database{URL: dsn(embeddedDB)}, nil
	}
	cl, err := pgcluster.Start(ctx, pgcluster.Options{DataDir: dir, Fsync: true, Logger: log})
	if errors.Is(err, pgcluster.ErrAlreadyRunning) {
		return nil, fmt.Errorf("the embedded database in %s is starting or stopping in another process; try again: %w", dir, err)
	}
	if err != nil {
		return nil, fmt.Errorf("start the embedded database (set CODNA_DATABASE_URL to use another): %w", err)
	}
	if err := app.EnsureDatabase(ctx, cl.DSN("postgres"), embeddedDB); err != nil {
		_ = cl.Stop()
		return nil, err
	}
	return &database{URL: cl.DSN(embeddedDB), cluster: cl}, nil
}

// openLogged makes the process logger and opens the database with it (for
// the commands other than serve).
func openLogged(ctx context.Context, c config, stderr io.Writer) (*database, *slog.Logger, error) {
	log, err := newLogger(c, stderr)
	if err != nil {
		return nil, nil, err
	}
	d, err := openDatabase(ctx, c, log)
	return d, log, err
}

// connect opens a pool on d, first applying pending migrations when
// migrate is set — what serve (with CODNA_MIGRATE) and the other commands
// (on a cluster they started themselves, which may be brand new) do before
// their work — and builds the App over it from cfg: the command's services.
// The caller closes the App's pool (a.Pool().Close()).
func connect(ctx context.Context, d *database, migrate bool, cfg app.Config, log *slog.Logger) (*app.App, error) {
	pool, err := app.Open(ctx, d.URL, migrate)
	if err != nil {
		return nil, err
	}
	return app.New(pool, cfg, log), nil
}
