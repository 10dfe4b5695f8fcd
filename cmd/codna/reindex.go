package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"codna/internal/auth"
	"codna/internal/search"
)

const reindexUsage = `Usage: codna reindex [--backend postgres|typesense] [--dry-run]

Rebuilds the search index from the documents in Postgres (docs/operations.md#search):
every live document is written afresh, then every document changed while the rebuild
ran is indexed again. Safe while 'codna serve' runs: searches keep answering from the
old index until the new one is complete. With --dry-run it only counts the documents.

Flags:
  --backend B   postgres or typesense (default: the one serve chooses from
                CODNA_TYPESENSE_URL and CODNA_TYPESENSE_API_KEY)
  --dry-run     count what would be indexed, write nothing
`

func reindexCmd(ctx context.Context, cfg config, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("reindex", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	backend := fs.String("backend", "", "")
	dry := fs.Bool("dry-run", false, "")
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		_, err := io.WriteString(stdout, reindexUsage)
		return err
	} else if err != nil {
		return usageError{msg: err.Error(), usage: reindexUsage}
	}
	if fs.NArg() > 0 {
		return usageError{msg: fmt.Sprintf("unexpected arguments %q", fs.Args()), usage: reindexUsage}
	}
	name := *backend
	if name == "" {
		var err error
		if name, err = searchBackendName(cfg); err != nil {
			return err
		}
	} else if name != backendPostgres && name != backendTypesense {
		return usageError{msg: fmt.Sprintf("--backend must be postgres or typesense, not %q", name), usage: reindexUsage}
	}
	dbase, log, err := openLogged(ctx, cfg, stderr)
	if err != nil {
		return err
	}
	defer dbase.Close()
	if cfg.App.SearchBackend, err = openSearchBackend(cfg, name); err != nil {
		return err
	}
	a, err := connect(ctx, dbase, dbase.cluster != nil, cfg.App, log)
	if err != nil {
		return err
	}
	defer a.Pool().Close()
	bar := newProgressBar(stderr, "reindex", "documents")
	rep, err := a.Search.Reindex(auth.ManagementContext(ctx), *dry, bar.update)
	bar.finish()
	if err != nil {
		return err
	}
	if *dry {
		fmt.Fprintf(stdout, "%s: %d documents would be indexed (dry run, nothing written)\n", rep.Backend, rep.Documents)
		return nil
	}
	rate := float64(rep.Documents) / max(rep.Took.Seconds(), 1e-9)
	fmt.Fprintf(stdout, "%s: %d documents indexed in %s (%.0f/s); %d changed meanwhile, indexed again\n",
		rep.Backend, rep.Documents, rep.Took.Round(time.Millisecond), rate, rep.CaughtUp)
	return nil
}

// update shows a rebuild's progress on bar.
func (p *progressBar) update(pr search.Progress) { p.set(pr.Done, pr.Total) }
