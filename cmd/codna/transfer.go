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

	"codna/internal/app"
	"codna/internal/archive"
	"codna/internal/auth"
	"codna/internal/document"
	"codna/internal/space"
	"codna/internal/transfer"
)

const importUsage = `Usage: codna import --format F [--space S] [--path P] [--access A] --as EMAIL FILE.zip

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
  --access A    who reads the pages: private (default: the importer alone) or
                everyone-read (every person); the space's default does not apply
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

// transferEnv is what import and export run with: the App (its transfer
// service and import worker), and the person they act as (audited).
type transferEnv struct {
	app    *app.App
	svc    *transfer.Service
	person auth.User
	as     context.Context // acting as the person
	close  func()
}

// openTransfer connects, finds the person and records the audit row of
// action with details (manage's ActAs).
func openTransfer(ctx context.Context, cfg config, email, action string, details map[string]any, stderr io.Writer) (*transferEnv, error) {
	if err := fileDirs(&cfg); err != nil {
		return nil, err
	}
	dbase, log, err := openLogged(ctx, cfg, stderr)
	if err != nil {
		return nil, err
	}
	a, err := connect(ctx, dbase, dbase.cluster != nil, cfg.App, log)
	if err != nil {
		dbase.Close()
		return nil, err
	}
	env := &transferEnv{app: a, svc: a.Transfer, close: func() { a.Pool().Close(); dbase.Close() }}
	env.person, err = a.Manage.ActAs(auth.ManagementContext(ctx), email, action, details)
	if err != nil {
		env.close()
		return nil, err
	}
	env.as = auth.WithActor(ctx, &auth.Actor{UserID: env.person.ID, Kind: auth.KindPerson, Name: env.person.Name, Via: auth.ViaCLI})
	return env, nil
}

func importCmd(ctx context.Context, cfg config, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var f transferFlags
	f.register(fs, string(document.SpaceRaw))
	format := fs.String("format", "", "")
	readers := fs.String("access", string(space.Private), "")
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		_, err := io.WriteString(stdout, importUsage)
		return err
	} else if err != nil {
		return usageError{msg: err.Error(), usage: importUsage}
	}
	access, err := space.ParseAccess("access", *readers)
	if err != nil {
		return usageError{msg: fmt.Sprintf("--access must be private or everyone-read, not %q", *readers), usage: importUsage}
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
		"format": *format, "space": f.space, "path": f.path, "file": filepath.Base(fs.Arg(0)), "access": access,
	}, stderr)
	if err != nil {
		return err
	}
	defer env.close()
	imp, err := env.svc.StartImport(env.as, file, filepath.Base(fs.Arg(0)), archive.Format(*format), document.Space(f.space), f.path, access)
	if err != nil {
		return err
	}
	bar := newProgressBar(stderr, "import", "pages")
	ran := make(chan error, 1)
	go func() { ran <- env.app.ImportWorker.Drain(ctx) }()
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
	if err := env.svc.NotifyExportWritten(env.as, document.Space(f.space), f.path, pages, "codna export on the host"); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "export: %d pages written to %s\n", pages, *out)
	return nil
}
