// Package apptest builds the composition root (internal/app) for tests:
// the services a test calls come from an App, as they do in `codna
// serve`, rather than from constructors called by hand. (internal/pgtest
// cannot build one: the service packages' own tests import it, and
// internal/app imports them.)
package apptest

import (
	"log/slog"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/app"
	"codna/internal/auth"
	"codna/internal/pgtest"
)

// Config is app.DefaultConfig as tests want it: new passwords hashed with
// auth.CheapArgon2, and no tombstone purger (a test that wants one sets
// PurgeEvery).
func Config() app.Config {
	cfg := app.DefaultConfig
	cfg.Auth.Argon2 = auth.CheapArgon2
	cfg.PurgeEvery = 0
	return cfg
}

// New builds an App over pool from Config, changed by each tweak in turn,
// logging to the test's output at error level; it is stopped when the test
// ends (before pool is closed, if pool's cleanup was registered first).
func New(t testing.TB, pool *pgxpool.Pool, tweak ...func(*app.Config)) *app.App {
	t.Helper()
	cfg := Config()
	for _, f := range tweak {
		f(&cfg)
	}
	a := app.New(pool, cfg, slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelError})))
	t.Cleanup(a.Stop)
	return a
}

// Open is New over a database of the test's own (pgtest.New).
func Open(t testing.TB, tweak ...func(*app.Config)) (*app.App, *pgtest.DB) {
	t.Helper()
	d := pgtest.New(t)
	return New(t, d.Pool, tweak...), d
}
