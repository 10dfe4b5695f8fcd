package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"

	"codna/internal/auth"
	"codna/internal/document"
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
	dbase, _, err := openLogged(ctx, cfg, stderr)
	if err != nil {
		return err
	}
	defer dbase.Close()
	pool, err := connect(ctx, dbase, dbase.cluster != nil)
	if err != nil {
		return err
	}
	defer pool.Close()
	b, err := openSearchBackend(cfg, name, pool)
	if err != nil {
		return err
	}
	svc := search.NewService(pool, b, document.New(pool, cfg.Server.Documents))
	bar := newProgressBar(stderr)
	rep, err := svc.Reindex(auth.ManagementContext(ctx), *dry, bar.update)
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

// progressBar shows a rebuild's progress: a bar redrawn in place on a
// terminal, a plain line every few seconds otherwise (logs, pipes).
type progressBar struct {
	w        io.Writer
	terminal bool
	start    time.Time

	mu       sync.Mutex
	lastLine time.Time
	drawn    bool
}

func newProgressBar(w io.Writer) *progressBar {
	f, ok := w.(*os.File)
	return &progressBar{w: w, terminal: ok && term.IsTerminal(int(f.Fd())), start: time.Now()}
}

// progressLineEvery is how often a plain progress line is written.
const progressLineEvery = 5 * time.Second

func (p *progressBar) update(pr search.Progress) {
	p.mu.Lock()
	defer p.mu.Unlock()
	elapsed := time.Since(p.start)
	rate := float64(pr.Done) / max(elapsed.Seconds(), 1e-9)
	if !p.terminal {
		if time.Since(p.lastLine) < progressLineEvery && pr.Done < pr.Total {
			return
		}
		p.lastLine = time.Now()
		fmt.Fprintf(p.w, "reindex: %d/%d documents (%.0f/s)\n", pr.Done, pr.Total, rate)
		return
	}
	const width = 30
	frac := 1.0
	if pr.Total > 0 {
		frac = min(float64(pr.Done)/float64(pr.Total), 1)
	}
	full := int(frac * width)
	fmt.Fprintf(p.w, "\r[%s%s] %3.0f%% %d/%d documents, %.0f/s ", strings.Repeat("=", full), strings.Repeat(" ", width-full),
		frac*100, pr.Done, pr.Total, rate)
	p.drawn = true
}

// finish ends the bar's line.
func (p *progressBar) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.drawn {
		fmt.Fprintln(p.w)
	}
}
