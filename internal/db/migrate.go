package db

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/golang-migrate/migrate/v4"
	_ "github.com/golang-migrate/migrate/v4/database/pgx/v5" // registers the pgx5:// driver
	"github.com/golang-migrate/migrate/v4/source/iofs"

	"codna/migrations"
)

// migrator builds a golang-migrate instance over the embedded migrations.
// golang-migrate wants its own URL scheme; a postgres:// URL is rewritten.
func migrator(dsn string) (*migrate.Migrate, error) {
	src, err := iofs.New(migrations.FS, ".")
	if err != nil {
		return nil, fmt.Errorf("open embedded migrations: %w", err)
	}
	u := dsn
	for _, p := range []string{"postgres://", "postgresql://"} {
		if strings.HasPrefix(u, p) {
			u = "pgx5://" + strings.TrimPrefix(u, p)
		}
	}
	if _, err := url.Parse(u); err != nil {
		return nil, fmt.Errorf("database url: %w", err)
	}
	m, err := migrate.NewWithSourceInstance("iofs", src, u)
	if err != nil {
		return nil, fmt.Errorf("connect for migrations: %w", err)
	}
	return m, nil
}

// MigrateUp applies every migration not yet applied. It is safe to call on a
// database that is already current.
func MigrateUp(ctx context.Context, dsn string) error {
	m, err := migrator(dsn)
	if err != nil {
		return err
	}
	defer closeMigrator(m)
	if err := m.Up(); err != nil && !errors.Is(err, migrate.ErrNoChange) {
		return fmt.Errorf("migrate up: %w", err)
	}
	return nil
}

// MigrateDown reverts every applied migration.
func MigrateDown(ctx context.Context, dsn string) error {
	m, err := migrator(dsn)
	if err != nil {
		return err
	}
	defer closeMigrator(m)
	if err := m.Down(); err != nil && !errors.Is(err, migrate.ErrNoChange) {
		return fmt.Errorf("migrate down: %w", err)
	}
	return nil
}

// LatestVersion is the highest migration version embedded in the binary.
func LatestVersion() (uint, error) {
	src, err := iofs.New(migrations.FS, ".")
	if err != nil {
		return 0, err
	}
	defer src.Close()
	v, err := src.First()
	if err != nil {
		return 0, err
	}
	for {
		next, err := src.Next(v)
		if err != nil {
			return v, nil
		}
		v = next
	}
}

func closeMigrator(m *migrate.Migrate) {
	srcErr, dbErr := m.Close()
	_ = srcErr
	_ = dbErr
}

// MigrationVersion reports the database's applied schema version (0 when
// none) and whether a migration failed halfway (dirty).
func MigrationVersion(ctx context.Context, dsn string) (uint, bool, error) {
	m, err := migrator(dsn)
	if err != nil {
		return 0, false, err
	}
	defer closeMigrator(m)
	v, dirty, err := m.Version()
	if errors.Is(err, migrate.ErrNilVersion) {
		return 0, false, nil
	}
	return v, dirty, err
}
