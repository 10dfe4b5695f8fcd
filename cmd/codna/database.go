package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"

	"github.com/jackc/pgx/v5"

	"codna/internal/pgcluster"
)

// embeddedDB is the name of the application database in the embedded cluster.
const embeddedDB = "codna"

// database is a database URL and, when this process started the embedded
// cluster for it, the cluster to stop.
type database struct {
	URL     string
	cluster *pgcluster.Cluster
}

// Close stops the embedded cluster if this process started it.
func (d *database) Close() {
	if d.cluster != nil {
		_ = d.cluster.Stop()
	}
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
		if err := ensureDatabase(ctx, dsn("postgres")); err != nil {
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
	if err := ensureDatabase(ctx, cl.DSN("postgres")); err != nil {
		_ = cl.Stop()
		return nil, err
	}
	return &database{URL: cl.DSN(embeddedDB), cluster: cl}, nil
}

// openLogged makes the process logger and opens the database with it.
func openLogged(ctx context.Context, c config, stderr io.Writer) (*database, *slog.Logger, error) {
	log, err := newLogger(c, stderr)
	if err != nil {
		return nil, nil, err
	}
	d, err := openDatabase(ctx, c, log)
	return d, log, err
}

// ensureDatabase creates the application database in a fresh cluster.
func ensureDatabase(ctx context.Context, adminDSN string) error {
	conn, err := pgx.Connect(ctx, adminDSN)
	if err != nil {
		return fmt.Errorf("connect to the embedded database: %w", err)
	}
	defer conn.Close(ctx)
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", embeddedDB).Scan(&exists); err != nil {
		return err
	}
	if exists {
		return nil
	}
	_, err = conn.Exec(ctx, "CREATE DATABASE "+embeddedDB)
	var pe interface{ SQLState() string }
	if errors.As(err, &pe) && pe.SQLState() == "42P04" { // created meanwhile by another process
		return nil
	}
	return err
}
