package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/app"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
)

// fillMain writes link-changing saves of the seeded owner's documents
// through the documents service, in-process, to leave a backlog in the
// outbox: stop serve first (its outbox would start on them at once), fill,
// start serve, then `load run --scenario drain` measures how fast it empties.
func fillMain(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("fill", flag.ContinueOnError)
	dsn := fs.String("database-url", envDefault("", "LOAD_DATABASE_URL"), "superuser URL of a seeded database (env LOAD_DATABASE_URL)")
	saves := fs.Int("saves", 20_000, "link-changing saves to write, 1..1000000")
	links := fs.Int("links", 3, "links in each saved body, 1..50")
	concurrency := fs.Int("concurrency", 8, "saves at once, 1..64")
	searchBodies := fs.Bool("search-bodies", false, "bodies of the search seed's shape (about 2 KB of prose from its Zipf vocabulary, the links after it) instead of 1.5 KB of a 31-word vocabulary")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case *dsn == "":
		return badFlag("--database-url is required")
	case *saves < 1 || *saves > 1_000_000:
		return badFlag("--saves must be in 1..1000000, not %d", *saves)
	case *links < 1 || *links > 50:
		return badFlag("--links must be in 1..50, not %d", *links)
	case *concurrency < 1 || *concurrency > 64:
		return badFlag("--concurrency must be in 1..64, not %d", *concurrency)
	}
	pcfg, err := pgxpool.ParseConfig(*dsn)
	if err != nil {
		return badFlag("--database-url: %v", err)
	}
	if err := requireLoopbackHost(pcfg.ConnConfig.Host); err != nil {
		return badFlag("--database-url: %v", err)
	}
	pcfg.MaxConns = int32(*concurrency + 2)
	pcfg.ConnConfig.RuntimeParams["application_name"] = "codna-load-fill"
	db.Configure(pcfg)
	pool, err := pgxpool.NewWithConfig(ctx, pcfg)
	if err != nil {
		return fmt.Errorf("connect: %w", err)
	}
	defer pool.Close()
	var owner uuid.UUID
	var docs []*savedDoc
	universe := 0
	rows, err := pool.Query(ctx, `SELECT d.created_by, d.id::text, d.slug, d.version FROM documents d JOIN users u ON u.id = d.created_by
		WHERE u.email = $1 AND d.deleted_at IS NULL AND d.space = 'wiki' ORDER BY d.slug`, ownerEmail)
	if err != nil {
		return err
	}
	for rows.Next() {
		var d savedDoc
		var slug string
		if err := rows.Scan(&owner, &d.id, &slug, &d.version); err != nil {
			rows.Close()
			return err
		}
		if d.index, err = strconv.Atoi(strings.TrimPrefix(slug, "d")); err == nil {
			universe = max(universe, d.index+1)
			docs = append(docs, &d)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	if len(docs) < *concurrency {
		return errors.New("the seeded owner has too few documents: run load seed first")
	}
	svc := app.New(pool, app.DefaultConfig, nil).Document
	actx := auth.WithActor(ctx, &auth.Actor{UserID: owner, Kind: auth.KindPerson})
	var next, done atomic.Int64
	stop := progress("saved", *saves, &done)
	defer stop()
	var firstErr error
	var once sync.Once
	var wg sync.WaitGroup
	start := time.Now()
	for w := range *concurrency {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(w), uint64(time.Now().UnixNano())))
			// Writer w saves documents w, w+c, …: no two writers share one.
			mine := 0
			for actx.Err() == nil {
				if next.Add(1) > int64(*saves) {
					return
				}
				c := *concurrency
				i := w + (mine%((len(docs)-w+c-1)/c))*c
				mine++
				d := docs[i]
				content := saveBody(rng, *searchBodies, linkTargets(rng, d.index, universe, *links), d.version+1)
				out, _, err := svc.Update(actx, document.UpdateInput{ID: uuid.MustParse(d.id), ExpectedVersion: d.version, Content: &content})
				if err != nil {
					once.Do(func() { firstErr = fmt.Errorf("save %s: %w", d.id, err) })
					return
				}
				d.version = int(out.Version)
				done.Add(1)
			}
		})
	}
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	var backlog int64
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM events WHERE processed_at IS NULL").Scan(&backlog); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "load: %d saves in %s; the outbox holds %d events\n", done.Load(), time.Since(start).Round(time.Millisecond), backlog)
	return nil
}

// drainResult is the drain scenario's figures.
type drainResult struct {
	BacklogAtStart  int64   `json:"backlogAtStart"`
	Seconds         float64 `json:"seconds"`
	Drained         bool    `json:"drained"`
	EventsProcessed int64   `json:"eventsProcessed"`
	EventsPerSecond float64 `json:"eventsPerSecond"`
	GoCPUms         float64 `json:"goCpuMsPerEvent"`
	PGCPUms         float64 `json:"pgCpuMsPerEvent"`
	Statements      float64 `json:"statementsPerEvent"`
}

func (d *drainResult) line() string {
	state := "drained"
	if !d.Drained {
		state = "NOT drained (timed out)"
	}
	return fmt.Sprintf("drain: %d events at start, %s after %.1f s: %d events processed, %.1f events/s (first to last processed_at); Go %.2f, PG %.2f ms/event, %.2f statements/event",
		d.BacklogAtStart, state, d.Seconds, d.EventsProcessed, d.EventsPerSecond, d.GoCPUms, d.PGCPUms, d.Statements)
}

// runDrain measures serve's outbox emptying a backlog left by `load fill`
// (no client load): events/s from the processed_at of the events it
// processed, CPU and statements per event.
func runDrain(ctx context.Context, env *runEnv) (*result, error) {
	start, err := env.mon.backlog(ctx)
	if err != nil {
		return nil, err
	}
	if start == 0 {
		return nil, errors.New("the outbox is empty: stop serve, run `load fill`, start serve, then run this")
	}
	var dbStart time.Time
	if err := env.mon.pool.QueryRow(ctx, "SELECT clock_timestamp()").Scan(&dbStart); err != nil {
		return nil, err
	}
	if err := env.mon.resetStatements(ctx); err != nil {
		return nil, err
	}
	before, err := env.mon.snap(ctx, true)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(os.Stderr, "load: %d events in the outbox; waiting for 0 (at most %s)\n", start, env.cfg.drainTimeout)
	took, drained, err := waitBacklog(ctx, env.mon, env.cfg.drainTimeout, nil)
	if err != nil {
		return nil, err
	}
	after, err := env.mon.snap(ctx, true)
	if err != nil {
		return nil, err
	}
	d := &drainResult{BacklogAtStart: start, Seconds: took.Seconds(), Drained: drained}
	var span float64
	if err := env.mon.pool.QueryRow(ctx, `SELECT count(*), coalesce(extract(epoch FROM max(processed_at) - min(processed_at)), 0)::float8
		FROM events WHERE processed_at >= $1`, dbStart).Scan(&d.EventsProcessed, &span); err != nil {
		return nil, err
	}
	if span > 0 {
		d.EventsPerSecond = float64(d.EventsProcessed) / span
	}
	if n := float64(d.EventsProcessed); n > 0 {
		d.GoCPUms = ms(after.goCPU-before.goCPU) / n
		d.PGCPUms = ms(after.pgCPU-before.pgCPU) / n
		d.Statements = float64(after.stmts-before.stmts) / n
	}
	r := &result{Seconds: took.Seconds(), Drain: d}
	if !drained {
		return r, fmt.Errorf("the outbox backlog did not reach 0 within %s", env.cfg.drainTimeout)
	}
	return r, nil
}
