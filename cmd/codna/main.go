// Command codna is the CoDNA server and its operator tools:
//
//	codna serve                   run the API (embedded database unless CODNA_DATABASE_URL)
//	codna migrate up|down|version migrate the database schema
//	codna manage …                management on the host: people and manage tokens
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

const usage = `Usage: codna <command> [flags]

Commands:
  serve                  run the API server (see README.md for configuration)
  migrate up|down|version
                         apply, revert or show the database schema migrations
  manage user create --email E --name N --password-stdin
  manage user deactivate|reactivate --email E
  manage user list
  manage user invite --email E --name N [--valid-for 168h]
  manage user reset-password --email E --password-stdin
  manage user transfer --from E --to E
  manage token create --name N [--expires 720h]
  manage token revoke --id ID
  manage token list
  manage group create --slug S --name N [--description D]
  manage group rename|delete|members --group ID [--name N]
  manage group add-member|remove-member --group ID --user E
  manage group list
  manage agent create --slug S --name N --add E[,E…]
  manage agent responsible --agent ID [--add E,…] [--remove E,…]
  manage agent delete --agent ID
  manage agent token --agent ID --name N
  manage agent list
  manage document show|quarantine|release|unshare --document ID
                         [--reason R] [--restore-sharing] [--user ID --principal-type user|group]
  manage audit list [--action A] [--since T] [--until T]
  manage usage report --from YYYY-MM-DD --to YYYY-MM-DD
  manage outbox parked
  manage outbox retry --id EVENT --consumer C

Without CODNA_DATABASE_URL every command uses the embedded database under
CODNA_DATA_DIR (default ./.codna): the one a running 'codna serve' has up, or
one started for the command's duration.
`

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

// usageError is a mistake in the command line.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg + "\n\n" + usage }

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError{"no command given"}
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
	case "help", "-h", "--help":
		_, _ = io.WriteString(stdout, usage)
		return nil
	}
	return usageError{fmt.Sprintf("unknown command %q", args[0])}
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
