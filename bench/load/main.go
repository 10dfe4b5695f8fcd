// Command load drives a running `codna serve` over real HTTP with concurrent
// clients and prints what a request costs: requests/s, latency percentiles,
// Go CPU of the serve process and CPU of the Postgres cluster per request
// (both from /proc), and statements per request (pg_stat_statements).
//
//	load seed --scenario dense|sparse --database-url URL   people, tokens, documents, grants, links
//	load fill --saves N --database-url URL                  a backlog of link-changing saves, in-process
//	load run  --scenario documents|document|saves|drain …   one measured run, one table line
//
// It only talks to 127.0.0.1 (loopback), and every loop is bounded by a
// duration or a count. How to set up a cluster with fsync on (bench/cluster.sh)
// and run it: docs/development.md, "Load".
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	if len(os.Args) < 2 {
		usage()
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var err error
	switch os.Args[1] {
	case "seed":
		err = seedMain(ctx, os.Args[2:])
	case "fill":
		err = fillMain(ctx, os.Args[2:])
	case "run":
		err = runMain(ctx, os.Args[2:])
	case "help", "-h", "--help":
		usage()
		return
	default:
		fmt.Fprintf(os.Stderr, "load: unknown command %q\n", os.Args[1])
		usage()
		os.Exit(2)
	}
	var ue usageError
	switch {
	case err == nil:
	case errors.Is(err, flag.ErrHelp):
	case errors.As(err, &ue):
		fmt.Fprintln(os.Stderr, "load:", err)
		os.Exit(2)
	default:
		fmt.Fprintln(os.Stderr, "load:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprint(os.Stderr, `usage:
  load seed --scenario dense|sparse|search --database-url URL [--tokens FILE] [--concurrency N] [--wait 30m]
  load fill --saves 20000 --database-url URL    (serve stopped) a backlog of link-changing saves
  load run --scenario documents|document|saves|drain|search|searchable --database-url URL [--url http://127.0.0.1:55411]
           [--token T] [--clients 16] [--duration 20s] [--warmup 3s] [--serve-pid PID] [--json]
  load <command> -h    flags of one command

Set up: bench/cluster.sh (docs/development.md, "Load").
`)
}

// usageError is a bad flag or argument: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func badFlag(format string, a ...any) error { return usageError{fmt.Sprintf(format, a...)} }

// parseFlags parses args into fs, refusing positional arguments.
func parseFlags(fs *flag.FlagSet, args []string) error {
	fs.SetOutput(os.Stderr)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return usageError{err.Error()}
	}
	if fs.NArg() > 0 {
		return badFlag("unexpected argument %q (flags only; see load %s -h)", fs.Arg(0), fs.Name())
	}
	return nil
}

// envDefault is the value of the first set environment variable, else def.
func envDefault(def string, names ...string) string {
	for _, n := range names {
		if v := os.Getenv(n); v != "" {
			return v
		}
	}
	return def
}
