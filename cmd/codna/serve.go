package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"codna/internal/app"
	"codna/internal/files"
	"codna/internal/pacer"
	"codna/internal/server"
)

func serve(ctx context.Context, cfg config, args []string, stderr io.Writer) (err error) {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cfg.Server.Listen, "listen", cfg.Server.Listen, "address to listen on (CODNA_LISTEN)")
	fs.StringVar(&cfg.DataDir, "data-dir", cfg.DataDir, "directory of the embedded database and files (CODNA_DATA_DIR)")
	fs.StringVar(&cfg.DatabaseURL, "database-url", cfg.DatabaseURL, "Postgres URL; empty: the embedded database (CODNA_DATABASE_URL)")
	fs.BoolVar(&cfg.Migrate, "migrate", cfg.Migrate, "apply pending migrations at start (CODNA_MIGRATE)")
	fs.BoolVar(&cfg.Demo, "demo", cfg.Demo, "seed a demo person and documents into an empty database (CODNA_DEMO)")
	if err := fs.Parse(args); err != nil {
		return usageError{msg: err.Error()}
	}
	if fs.NArg() > 0 {
		return usageError{msg: fmt.Sprintf("serve takes no arguments, got %q", fs.Args())}
	}
	log, err := newLogger(cfg, stderr)
	if err != nil {
		return err
	}
	if cfg.Server.PprofListen == "" {
		// Without the profiler no one can read a heap profile, so the
		// runtime need not sample allocations for one: a stack walk every
		// 512 KiB allocated, about one per documents page, 2–3 % of its CPU
		// (docs/operations.md, Profiles).
		runtime.MemProfileRate = 0
	}
	if cfg.App.Automation.CacheDir == "" {
		cfg.App.Automation.CacheDir = filepath.Join(cfg.DataDir, "cache", "qjs")
	}
	if err := fileDirs(&cfg); err != nil {
		return err
	}
	backendName, err := searchBackendName(cfg)
	if err != nil {
		return err
	}
	// Everything started below ends with this context: on a signal, or
	// when serve gives up on its database.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	dbase, err := openServeDatabase(ctx, cfg, log)
	if err != nil {
		return err
	}
	var (
		a   *app.App
		srv *server.Server
	)
	defer func() {
		cancel()
		shutdown(log, cfg.Server.ShutdownTimeout, srv, a, dbase)
	}()
	if cfg.App.SearchBackend, err = openSearchBackend(cfg, backendName); err != nil {
		return err
	}
	if a, err = connect(ctx, dbase, cfg.Migrate, cfg.App, log); err != nil {
		return err
	}
	if cfg.Demo {
		if err := seedDemo(ctx, a, stderr); err != nil {
			return fmt.Errorf("seed demo: %w", err)
		}
	}
	log.Info("search backend", "backend", backendName)
	if a.Mail.Enabled() {
		log.Info("mail", "smtp", a.Mail.Server().String()) // never the password
	} else {
		log.Info("mail is off: CODNA_SMTP_URL is not set (invitation links are shown to management instead)")
	}
	gc := pacer.New(uint64(cfg.HeapFloorMiB) << 20)
	if err := gc.Start(); err != nil {
		return err
	}
	defer gc.Stop()
	srv = server.New(a, cfg.Server, log)
	var dbFailed <-chan struct{}
	if dbase.sup != nil {
		srv.Liveness = dbase.sup.Health
		dbFailed = dbase.sup.Failed()
	}
	if err := srv.Start(ctx); err != nil {
		return err
	}
	select {
	case <-ctx.Done():
		log.Info("shutting down", "timeout", cfg.Server.ShutdownTimeout)
		return nil
	case <-dbFailed:
		err := fmt.Errorf("the embedded database died and could not be restarted; exiting so that a process manager can start codna again: %w", dbase.sup.Err())
		log.Error("shutting down", "err", err)
		return err
	}
}

// shutdown stops what serve started, in order, within a bound: the HTTP
// server and the App's background work (server.Stop, bounded by timeout),
// then the database. Work still running at the deadline is abandoned:
// stopping the embedded cluster ends its sessions (its own stop is bounded
// too), and the pool is not waited for more than a few seconds. srv and a
// may be nil (serve failed before them).
func shutdown(log *slog.Logger, timeout time.Duration, srv *server.Server, a *app.App, dbase *database) {
	appDone := make(chan struct{})
	go func() {
		defer close(appDone)
		if srv != nil {
			srv.Stop()
		}
		if a != nil {
			a.Stop() // done already when srv stopped it; else releases what it made
		}
	}()
	select {
	case <-appDone:
	case <-time.After(timeout + time.Second):
		log.Warn("shutdown: abandoning work still running at the deadline", "timeout", timeout)
	}
	poolDone := make(chan struct{})
	go func() {
		defer close(poolDone)
		if a != nil {
			a.Pool().Close() // waits for connections in use: the database's stop ends them
		}
	}()
	dbase.Close()
	select {
	case <-poolDone:
	case <-time.After(5 * time.Second):
		log.Warn("shutdown: database connections still held by abandoned work; exiting anyway")
	}
}

// fileDirs prepares what files need on disk: CODNA_DATA_DIR/tmp for the
// temporary files of uploads, and for the local store CODNA_DATA_DIR/files.
func fileDirs(cfg *config) error {
	tmp := filepath.Join(cfg.DataDir, "tmp")
	if err := os.MkdirAll(tmp, 0o700); err != nil {
		return fmt.Errorf("files: %w", err)
	}
	cfg.App.Files.TempDir = tmp
	if cfg.FileStore == "local" && cfg.App.Files.Store == nil {
		store, err := files.NewLocal(filepath.Join(cfg.DataDir, "files"))
		if err != nil {
			return err
		}
		cfg.App.Files.Store = store
	}
	return nil
}
