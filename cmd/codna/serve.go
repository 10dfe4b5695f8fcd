package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/server"
)

func serve(ctx context.Context, cfg config, args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cfg.Server.Listen, "listen", cfg.Server.Listen, "address to listen on (CODNA_LISTEN)")
	fs.StringVar(&cfg.DataDir, "data-dir", cfg.DataDir, "directory of the embedded database and files (CODNA_DATA_DIR)")
	fs.StringVar(&cfg.DatabaseURL, "database-url", cfg.DatabaseURL, "Postgres URL; empty: the embedded database (CODNA_DATABASE_URL)")
	fs.BoolVar(&cfg.Migrate, "migrate", cfg.Migrate, "apply pending migrations at start (CODNA_MIGRATE)")
	fs.BoolVar(&cfg.Demo, "demo", cfg.Demo, "seed a demo person and documents into an empty database (CODNA_DEMO)")
	if err := fs.Parse(args); err != nil {
		return usageError{err.Error()}
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("serve takes no arguments, got %q", fs.Args())}
	}
	dbase, log, err := openLogged(ctx, cfg, stderr)
	if err != nil {
		return err
	}
	defer dbase.Close()
	if cfg.Migrate {
		if err := db.MigrateUp(ctx, dbase.URL); err != nil {
			return err
		}
	}
	pool, err := db.Open(ctx, dbase.URL, nil)
	if err != nil {
		return err
	}
	defer pool.Close()
	if cfg.Demo {
		if err := seedDemo(ctx, pool, cfg.Server.Auth.Argon2, stderr); err != nil {
			return fmt.Errorf("seed demo: %w", err)
		}
	}
	srv := server.New(pool, cfg.Server, log)
	purger := document.NewPurger(srv.Docs, cfg.PurgeEvery, log.With("component", "purger"))
	if err := purger.Start(ctx); err != nil {
		return err
	}
	defer purger.Stop()
	if err := srv.Start(ctx); err != nil {
		return err
	}
	<-ctx.Done()
	log.Info("shutting down")
	srv.Stop()
	return nil
}
