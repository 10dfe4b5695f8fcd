package app

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/db"
)

// The database as the CLI sees it: cmd/codna reaches the database through
// this package only (the layer rule in `make lint`), for what comes before
// an App exists — creating the application database, migrating, opening
// the pool.

// Open opens a pool on url (internal/db's Open: the sessions set up as the
// server runs them), first applying pending migrations when migrate is set.
// Errors: a migration's; the database not answering.
func Open(ctx context.Context, url string, migrate bool) (*pgxpool.Pool, error) {
	if migrate {
		if err := db.MigrateUp(ctx, url); err != nil {
			return nil, err
		}
	}
	return db.Open(ctx, url, nil)
}

// MigrateUp applies every pending migration to the database at url.
func MigrateUp(ctx context.Context, url string) error { return db.MigrateUp(ctx, url) }

// MigrateDown reverts the database at url's latest migration.
func MigrateDown(ctx context.Context, url string) error { return db.MigrateDown(ctx, url) }

// SchemaVersion reports the database at url's applied schema version (0
// when none), whether a migration failed halfway (dirty), and the latest
// version this binary carries.
func SchemaVersion(ctx context.Context, url string) (version uint, dirty bool, latest uint, err error) {
	version, dirty, err = db.MigrationVersion(ctx, url)
	if err != nil {
		return 0, false, 0, err
	}
	latest, _ = db.LatestVersion()
	return version, dirty, latest, nil
}

// EnsureDatabase creates the database name in the cluster adminDSN
// reaches, unless it is there (or another process creates it meanwhile):
// the application database of a fresh embedded cluster.
func EnsureDatabase(ctx context.Context, adminDSN, name string) error {
	conn, err := pgx.Connect(ctx, adminDSN)
	if err != nil {
		return fmt.Errorf("connect to the embedded database: %w", err)
	}
	defer conn.Close(ctx)
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return err
	}
	if exists {
		return nil
	}
	_, err = conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize())
	var pe interface{ SQLState() string }
	if errors.As(err, &pe) && pe.SQLState() == "42P04" { // created meanwhile by another process
		return nil
	}
	return err
}
