// Command engine measures what starting the automation sandbox costs a
// fresh process: compiling the script engine (QuickJS in WebAssembly) or
// loading it from a cache directory, then the first runs. Run it once
// without -cache-dir, then twice with the same -cache-dir (the first fills
// it, the second loads it). Figures are in bench/RESULTS.md.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/google/uuid"

	"codna/internal/sandbox"
)

type noReads struct{}

func (noReads) Find(context.Context, sandbox.FindQuery) ([]sandbox.Document, error) { return nil, nil }
func (noReads) Get(context.Context, uuid.UUID) (*sandbox.Document, error)           { return nil, nil }

func main() {
	cacheDir := flag.String("cache-dir", "", "the engine's compilation cache (empty: compile in memory)")
	flag.Parse()
	if err := run(*cacheDir); err != nil {
		fmt.Fprintln(os.Stderr, "engine:", err)
		os.Exit(1)
	}
}

func run(cacheDir string) error {
	t0 := time.Now()
	sb, err := sandbox.New(sandbox.Config{CacheDir: cacheDir, Warm: -1})
	if err != nil {
		return err
	}
	defer sb.Stop()
	if err := sb.Start(context.Background()); err != nil {
		return err
	}
	started := time.Since(t0)
	var first, rest time.Duration
	const runs = 20
	for i := range runs {
		t := time.Now()
		res, err := sb.Run(context.Background(), sandbox.Input{Script: "// nothing", Caps: noReads{}})
		if err != nil {
			return err
		}
		if !res.OK() {
			return fmt.Errorf("the no-op script failed: %v", res.Err)
		}
		if i == 0 {
			first = time.Since(t)
		} else {
			rest += time.Since(t)
		}
	}
	fmt.Printf("cache-dir=%q start=%v first-run=%v later-runs(mean, fresh runtime each)=%v\n",
		cacheDir, started.Round(time.Millisecond), first.Round(100*time.Microsecond), (rest / (runs - 1)).Round(100*time.Microsecond))
	return nil
}
