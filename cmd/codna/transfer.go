package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/archive"
	"codna/internal/audit"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/files"
	"codna/internal/inbox"
	"codna/internal/ingest"
	"codna/internal/linkgraph"
	"codna/internal/manage"
	"codna/internal/transfer"
)

const importUsage = `Usage: codna import --format F [--space S] [--path P] --as EMAIL FILE.zip

Imports an archive into a folder as the person EMAIL, on the host
(docs/operations.md#imports-and-exports): the pages are theirs, the archive is
kept as their ingestion, and a management_audit row records it. The pages are
written here unless a running 'codna serve' takes the import first; either way
the progress is shown until it ends. Importing into the same folder again
updates the pages an earlier import made, wherever they were moved.

Flags:
  --format F    markdown, notion, confluence or files
  --space S     raw (default), wiki or output
  --path P      the folder the pages land in (default: the space's root)
  --as EMAIL    the person importing
`

const exportUsage = `Usage: codna export --space S [--path P] --as EMAIL --out FILE.zip

Writes a folder, and everything in it the person EMAIL can read, to a zip of
markdown files (docs/api.md#export), on the host, as that person: a
management_audit row records it, and they are told in their inbox.

Flags:
  --space S     raw, wiki or output
  --path P      the folder (default: the whole space)
  --as EMAIL    the person whose permission decides what is exported
  --out FILE    the zip to write (refused if it exists)
`

// transferFlags are the flags import and export share.
type transferFlags struct {
	space, path, as string
}

func (f *transferFlags) register(fs *flag.FlagSet, defaultSpace string) {
	fs.StringVar(&f.space, "space", defaultSpace, "")
	fs.StringVar(&f.path, "path", "", "")
	fs.StringVar(&f.as, "as", "", "")
}

// check validates the shared flags, in usage's terms.
func (f *transferFlags) check(usage string) error {
	if f.as == "" {
		return usageError{msg: "--as EMAIL is required: the person the command acts as", usage: usage}
	}
	if _, err := document.ParseSpace("space", f.space); err != nil {
		return usageError{msg: fmt.Sprintf("--space must be raw, wiki or output, not %q", f.space), usage: usage}
	}
	if _, err := document.NormalizePath(f.path); err != nil {
		return usageError{msg: fmt.Sprintf("--path %q: folders use lowercase letters, digits and hyphens", f.path), usage: usage}
	}
	return nil
}

// transferEnv is what import and export run with: the pool, the transfer
// service, and the person they act as (audited).
type transferEnv struct {
	pool   *pgxpool.Pool
	svc    *transfer.Service
	person auth.User
	as     context.Context // acting as the person
	close  func()
}

// openTransfer connects, finds the person and records the audit row of
// action with details.
func openTransfer(ctx context.Context, cfg config, email, action string, details map[string]any, stderr io.Writer) (*transferEnv, error) {
	if err := fileDirs(&cfg); err != nil {
		return nil, err
	}
	dbase, _, err := openLogged(ctx, cfg, stderr)
	if err != nil {
		return nil, err
	}
	pool, err := connect(ctx, dbase, dbase.cluster != nil)
	if err != nil {
		dbase.Close()
		return nil, err
	}
	env := &transferEnv{pool: pool, close: func() { pool.Close(); dbase.Close() }}
	mctx := auth.ManagementContext(ctx)
	env.person, err = manage.New(pool, cfg.Server.Auth.Argon2).PersonByEmail(mctx, email)
	if err != nil {
		env.close()
		return nil, err
	}
	details["as"] = env.person.Email
	if err := audit.Write(mctx, pool, audit.Entry{Action: action, TargetUser: &env.person.ID, Details: details}); err != nil {
		env.close()
		return nil, err
	}
	store := cfg.Server.Files.Store
	if store == nil {
		store = files.NewPostgres(pool)
	}
	docs := document.New(pool, cfg.Server.Documents)
	fs := files.New(pool, store, docs, cfg.Server.Files.MaxFileBytes)
	env.svc = transfer.New(pool, store, docs, fs, ingest.New(pool, store, docs, fs, cfg.Server.Files.MaxFileBytes), linkgraph.NewService(pool, docs), transfer.Config{
		MaxArchiveBytes: cfg.Server.Files.MaxImportBytes, TempDir: cfg.Server.Files.TempDir, MaxBodyBytes: cfg.Server.Documents.MaxBodyBytes,
		MaxFileBytes: cfg.Server.Files.MaxFileBytes,
	})
	env.as = auth.WithActor(ctx, &auth.Actor{UserID: env.person.ID, Kind: auth.KindPerson, Name: env.person.Name, Via: auth.ViaCLI})
	return env, nil
}

func importCmd(ctx context.Context, cfg config, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var f transferFlags
	f.register(fs, string(document.SpaceRaw))
	format := fs.String("format", "", "")
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		_, err := io.WriteString(stdout, importUsage)
		return err
	} else if err != nil {
		return usageError{msg: err.Error(), usage: importUsage}
	}
	if err := f.check(importUsage); err != nil {
		return err
	}
	if !slices.Contains(archive.Formats, archive.Format(*format)) {
		return usageError{msg: fmt.Sprintf("--format must be markdown, notion, confluence or files, not %q", *format), usage: importUsage}
	}
	if fs.NArg() != 1 {
		return usageError{msg: "give one archive to import", usage: importUsage}
	}
	file, err := os.Open(fs.Arg(0))
	if err != nil {
		return err
	}
	defer file.Close()
	env, err := openTransfer(ctx, cfg, f.as, "document.import", map[string]any{
		"format": *format, "space": f.space, "path": f.path, "file": filepath.Base(fs.Arg(0)),
	}, stderr)
	if err != nil {
		return err
	}
	defer env.close()
	imp, err := env.svc.StartImport(env.as, file, filepath.Base(fs.Arg(0)), archive.Format(*format), document.Space(f.space), f.path)
	if err != nil {
		return err
	}
	worker := env.svc.NewImportWorker(transfer.WorkerConfig{}, nil)
	bar := newProgressBar(stderr, "import", "pages")
	ran := make(chan error, 1)
	go func() { ran <- worker.Drain(ctx) }()
	for {
		cur, err := env.svc.GetImport(env.as, imp.ID)
		if err != nil {
			return err
		}
		if cur.Total > 0 {
			bar.set(cur.Done, cur.Total)
		}
		if cur.Status == transfer.StatusDone || cur.Status == transfer.StatusFailed {
			bar.finish()
			if ran != nil {
				if err := <-ran; err != nil {
					return err
				}
			}
			return reportImport(stdout, cur)
		}
		select {
		case <-ctx.Done():
			bar.finish()
			return ctx.Err()
		case err := <-ran:
			if err != nil {
				bar.finish()
				return err
			}
			ran = nil // done here; a running serve may hold it: keep watching
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// reportImport prints how an import ended.
func reportImport(w io.Writer, imp *transfer.Import) error {
	if imp.Status == transfer.StatusFailed {
		return fmt.Errorf("import %s failed: %s", imp.ID, imp.Error)
	}
	r := imp.Report
	fmt.Fprintf(w, "import %s: %d pages created, %d updated, %d unchanged, %d skipped\n", imp.ID, r.Created, r.Updated, r.Unchanged, len(r.Skipped))
	for _, s := range r.Skipped {
		fmt.Fprintf(w, "  skipped %s: %s\n", s.Entry, s.Reason)
	}
	if len(r.DroppedKeys) > 0 {
		fmt.Fprintf(w, "  frontmatter keys not kept: %s\n", strings.Join(r.DroppedKeys, ", "))
	}
	return nil
}

func exportCmd(ctx context.Context, cfg config, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var f transferFlags
	f.register(fs, "")
	out := fs.String("out", "", "")
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		_, err := io.WriteString(stdout, exportUsage)
		return err
	} else if err != nil {
		return usageError{msg: err.Error(), usage: exportUsage}
	}
	if f.space == "" {
		return usageError{msg: "--space is required", usage: exportUsage}
	}
	if err := f.check(exportUsage); err != nil {
		return err
	}
	if *out == "" || fs.NArg() > 0 {
		return usageError{msg: "give the zip to write with --out, and nothing else", usage: exportUsage}
	}
	file, err := os.OpenFile(*out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	ok := false
	defer func() {
		file.Close()
		if !ok {
			os.Remove(*out)
		}
	}()
	env, err := openTransfer(ctx, cfg, f.as, "document.export", map[string]any{"space": f.space, "path": f.path, "file": filepath.Base(*out)}, stderr)
	if err != nil {
		return err
	}
	defer env.close()
	bar := newProgressBar(stderr, "export", "pages")
	pages := 0
	err = env.svc.WriteTree(env.as, file, document.Space(f.space), f.path, func(done, total int) {
		pages = total
		bar.set(done, total)
	})
	bar.finish()
	if err != nil {
		return err
	}
	if err := file.Sync(); err != nil {
		return err
	}
	ok = true
	err = db.InTx(ctx, env.pool, func(tx db.DBTX) error {
		_, err := inbox.Notify(auth.SystemContext(ctx), tx, inbox.New{
			RecipientID: env.person.ID, Type: inbox.TypeExportReady, SubjectType: "export",
			Payload: map[string]any{"space": f.space, "path": f.path, "pages": pages, "by": "codna export on the host"},
		})
		return err
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "export: %d pages written to %s\n", pages, *out)
	return nil
}
