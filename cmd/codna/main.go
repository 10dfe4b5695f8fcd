// Command codna is the CoDNA server and its operator tools:
//
//	codna serve                   run the API (embedded database unless CODNA_DATABASE_URL)
//	codna migrate up|down|version migrate the database schema
//	codna manage <noun> <verb>    management on the host (manage*.go, one file per noun)
//	codna reindex                 rebuild the search index
//	codna import / codna export   bring an archive in, write a folder out, as a person
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"golang.org/x/term"

	"codna/internal/request"
)

// usage is the top-level usage text: the commands, and every manage
// command line (each one's -h lists its flags).
func usage() string {
	return `Usage: codna <command> [flags]

Commands:
  serve                  run the API server (see README.md for configuration)
  migrate up|down|version
                         apply, revert or show the database schema migrations
  reindex [--backend postgres|typesense] [--dry-run]
                         rebuild the search index from the documents
  import --format F [--space S] [--path P] --as EMAIL FILE.zip
                         import an archive into a folder as a person
  export --space S [--path P] --as EMAIL --out FILE.zip
                         write a folder a person can read to a zip of markdown
` + manageUsageLines() + `
'codna manage <noun> -h' lists a noun's verbs; 'codna manage <noun> <verb> -h'
a verb's flags.

Without CODNA_DATABASE_URL every command uses the embedded database under
CODNA_DATA_DIR (default ./.codna): the one a running 'codna serve' has up, or
one started for the command's duration.
`
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "codna:", err)
		var ue usageError
		if errors.As(err, &ue) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

// usageError is a mistake in the command line, with the usage text of the
// command it concerns (the top-level usage when empty).
type usageError struct{ msg, usage string }

func (e usageError) Error() string {
	if e.usage == "" {
		return e.msg + "\n\n" + usage()
	}
	return e.msg + "\n\n" + e.usage
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError{msg: "no command given"}
	}
	cfg, err := envConfig()
	if err != nil {
		return err
	}
	switch args[0] {
	case "serve":
		return serve(ctx, cfg, args[1:], stderr)
	case "migrate":
		return migrateCmd(ctx, cfg, args[1:], stdout, stderr)
	case "manage":
		return manageCmd(ctx, cfg, args[1:], stdin, stdout, stderr)
	case "reindex":
		return reindexCmd(ctx, cfg, args[1:], stdout, stderr)
	case "import":
		return importCmd(ctx, cfg, args[1:], stdout, stderr)
	case "export":
		return exportCmd(ctx, cfg, args[1:], stdout, stderr)
	case "help", "-h", "--help":
		_, _ = io.WriteString(stdout, usage())
		return nil
	}
	return usageError{msg: fmt.Sprintf("unknown command %q", args[0])}
}

// newLogger makes the process logger: JSON in production, text for a person
// at a terminal (format auto picks by whether stderr is a terminal).
func newLogger(cfg config, w io.Writer) (*slog.Logger, error) {
	var level slog.Level
	if err := level.UnmarshalText([]byte(cfg.LogLevel)); err != nil {
		return nil, fmt.Errorf("CODNA_LOG_LEVEL=%q: want debug, info, warn or error", cfg.LogLevel)
	}
	opts := &slog.HandlerOptions{Level: level}
	format := cfg.LogFormat
	if format == "auto" {
		format = "json"
		if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
			format = "text"
		}
	}
	var h slog.Handler = slog.NewJSONHandler(w, opts)
	if format == "text" {
		h = slog.NewTextHandler(w, opts)
	}
	return slog.New(request.LogHandler{Handler: h}), nil
}
