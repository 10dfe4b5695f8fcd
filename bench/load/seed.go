package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/access"
	"codna/internal/app"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
)

// The seeded people. Their tokens are minted on demand (seed prints one each;
// `load run` mints its own when given none).
const (
	ownerEmail  = "owner@load.bench.invalid"
	readerEmail = "reader@load.bench.invalid"
)

// seedSpec is one seeded database's shape.
type seedSpec struct {
	docs, readable, links, bodyBytes int
}

var seedSpecs = map[string]seedSpec{
	// Issue 12's dense case: a reader of 2,504 of 5,000 wiki documents with
	// 15,000 resolved links between them.
	"dense": {docs: 5000, readable: 2504, links: 3, bodyBytes: 1500},
	// Sparse visibility: a reader of 1 % of 100,000 documents.
	"sparse": {docs: 100_000, readable: 1000, links: 1, bodyBytes: 1000},
	// Search (bench/load/search.go): 100,000 documents of ~2 kB Zipf-distributed
	// prose, no links; the reader shared about half, a sparse reader 1 %.
	"search": {docs: searchDocs, readable: searchDocs / 2, links: 0, bodyBytes: searchBodyBytes},
}

// folderSize is how many documents share a folder (load/f000, load/f001, …).
const folderSize = 100

type seedConfig struct {
	scenario    string
	databaseURL string
	concurrency int
	wait        time.Duration
	tokens      string
	spec        seedSpec
}

func parseSeedFlags(args []string) (*seedConfig, error) {
	c := &seedConfig{}
	fs := flag.NewFlagSet("seed", flag.ContinueOnError)
	fs.StringVar(&c.scenario, "scenario", "", "dense (5,000 documents, 2,504 readable, 15,000 links), sparse (100,000 documents, 1,000 readable, one link each) or search (100,000 documents of Zipf-distributed prose, half readable, a second reader of 1 %)")
	fs.StringVar(&c.databaseURL, "database-url", envDefault("", "LOAD_DATABASE_URL"), "superuser URL of serve's (migrated, running) database (env LOAD_DATABASE_URL)")
	fs.IntVar(&c.concurrency, "concurrency", 8, "documents created at once, 1..64")
	fs.DurationVar(&c.wait, "wait", 30*time.Minute, "how long to wait for serve's outbox to resolve every link, 1m..3h")
	fs.StringVar(&c.tokens, "tokens", "", "also write READER_TOKEN=… and OWNER_TOKEN=… lines to this file (mode 0600)")
	docs := fs.Int("docs", 0, "override the scenario's document count")
	readable := fs.Int("readable", 0, "override how many the reader may read")
	if err := parseFlags(fs, args); err != nil {
		return nil, err
	}
	spec, ok := seedSpecs[c.scenario]
	if !ok {
		return nil, badFlag("--scenario must be dense, sparse or search (got %q)", c.scenario)
	}
	if *docs != 0 {
		spec.docs = *docs
	}
	if *readable != 0 {
		spec.readable = *readable
	}
	c.spec = spec
	switch {
	case c.databaseURL == "":
		return nil, badFlag("--database-url is required (bench/cluster.sh prints it)")
	case spec.docs < 10 || spec.docs > 1_000_000:
		return nil, badFlag("--docs must be in 10..1000000, not %d", spec.docs)
	case spec.readable < 1 || spec.readable > spec.docs:
		return nil, badFlag("--readable must be in 1..--docs (%d), not %d", spec.docs, spec.readable)
	case c.concurrency < 1 || c.concurrency > 64:
		return nil, badFlag("--concurrency must be in 1..64, not %d", c.concurrency)
	case c.wait < time.Minute || c.wait > 3*time.Hour:
		return nil, badFlag("--wait must be in 1m..3h, not %s", c.wait)
	}
	return c, nil
}

// seedMain creates the owner and the reader, the documents through the
// documents service acting as the owner (each with its revision and its
// document.created event, as the API writes them), the reader's grants
// through the sharing service, and then waits until serve's outbox has
// resolved every link. It refuses a database that already holds documents
// of anyone else, and reports an already complete seed without changing it.
func seedMain(ctx context.Context, args []string) error {
	cfg, err := parseSeedFlags(args)
	if err != nil {
		return err
	}
	pcfg, err := pgxpool.ParseConfig(cfg.databaseURL)
	if err != nil {
		return badFlag("--database-url: %v", err)
	}
	if err := requireLoopbackHost(pcfg.ConnConfig.Host); err != nil {
		return badFlag("--database-url: %v", err)
	}
	pcfg.MaxConns = int32(cfg.concurrency + 2)
	// The seed's own commits need not wait for the disk: losing them in a
	// crash loses the seed, nothing else. serve's sessions keep the
	// cluster's synchronous_commit = on.
	pcfg.ConnConfig.RuntimeParams["synchronous_commit"] = "off"
	pcfg.ConnConfig.RuntimeParams["application_name"] = "codna-load-seed"
	db.Configure(pcfg)
	pool, err := pgxpool.NewWithConfig(ctx, pcfg)
	if err != nil {
		return fmt.Errorf("connect: %w", err)
	}
	defer pool.Close()
	var migrated bool
	if err := pool.QueryRow(ctx, "SELECT to_regclass('documents') IS NOT NULL AND to_regclass('document_links') IS NOT NULL").Scan(&migrated); err != nil {
		return fmt.Errorf("connect: %w", err)
	}
	if !migrated {
		return errors.New("the database has no CoDNA schema: start `codna serve --database-url …` against it first (it migrates, and its outbox resolves the links)")
	}
	if cfg.scenario == "search" {
		return seedSearch(ctx, pool, cfg)
	}
	spec := cfg.spec
	wantLinks := spec.docs * spec.links

	owner, _, state, err := seedState(ctx, pool, spec)
	if err != nil {
		return err
	}
	switch state {
	case "complete":
		fmt.Fprintln(os.Stderr, "load: already seeded with this scenario; not changing it")
	case "empty":
		start := time.Now()
		if owner, _, err = createPeople(ctx, pool); err != nil {
			return err
		}
		ids, err := createDocuments(ctx, pool, owner, spec, cfg.concurrency)
		if err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "load: %d documents created in %s\n", len(ids), time.Since(start).Round(time.Millisecond))
		if err := shareWithReader(ctx, pool, owner, ids, spec); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "load: %d documents shared with %s\n", spec.readable, readerEmail)
		fallthrough
	case "waiting":
		if err := waitForOutbox(ctx, pool, cfg.wait); err != nil {
			return err
		}
		var resolved int
		if err := pool.QueryRow(ctx, "SELECT count(*) FROM document_links WHERE state = 'resolved'").Scan(&resolved); err != nil {
			return err
		}
		if resolved != wantLinks {
			return fmt.Errorf("the outbox is drained but %d links are resolved, not %d: look at serve's log and `codna manage outbox`", resolved, wantLinks)
		}
		if _, err := pool.Exec(ctx, "VACUUM ANALYZE"); err != nil {
			return fmt.Errorf("vacuum analyze: %w", err)
		}
		fmt.Fprintf(os.Stderr, "load: %d links resolved; vacuumed and analysed\n", resolved)
	}
	return printTokens(ctx, pool, cfg.tokens)
}

// seedState says what the database holds: "empty" (no documents, no seeded
// people), "waiting" (seeded, the outbox not yet drained) or "complete";
// anything else is an error that says what to do.
func seedState(ctx context.Context, pool *pgxpool.Pool, spec seedSpec) (owner, reader uuid.UUID, state string, err error) {
	var docs, ownerDocs, grants, people int
	if err := pool.QueryRow(ctx, `SELECT
		(SELECT count(*) FROM documents),
		(SELECT count(*) FROM documents d JOIN users u ON u.id = d.created_by WHERE u.email = $1),
		(SELECT count(*) FROM document_access a JOIN users u ON u.id = a.principal_id WHERE u.email = $2),
		(SELECT count(*) FROM users WHERE email IN ($1, $2))`, ownerEmail, readerEmail).Scan(&docs, &ownerDocs, &grants, &people); err != nil {
		return owner, reader, "", err
	}
	if people == 0 && docs == 0 {
		return owner, reader, "empty", nil
	}
	if people == 0 || docs != ownerDocs {
		return owner, reader, "", fmt.Errorf("the database is not empty (%d documents, not seeded by the load program): seed a fresh database (bench/cluster.sh --db NAME creates one)", docs)
	}
	if ownerDocs != spec.docs || grants != spec.readable {
		return owner, reader, "", fmt.Errorf("the database holds another or an unfinished seed (%d of %d documents, %d of %d grants): seed a fresh database (bench/cluster.sh destroy, or --db another name)",
			ownerDocs, spec.docs, grants, spec.readable)
	}
	o, err := db.Q.UserGetPersonByEmail(ctx, pool, ownerEmail)
	if err != nil {
		return owner, reader, "", err
	}
	r, err := db.Q.UserGetPersonByEmail(ctx, pool, readerEmail)
	if err != nil {
		return owner, reader, "", err
	}
	var backlog, resolved int
	if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM events WHERE processed_at IS NULL),
		(SELECT count(*) FROM document_links WHERE state = 'resolved')`).Scan(&backlog, &resolved); err != nil {
		return owner, reader, "", err
	}
	if backlog > 0 || resolved != spec.docs*spec.links {
		return o.ID, r.ID, "waiting", nil
	}
	return o.ID, r.ID, "complete", nil
}

func createPeople(ctx context.Context, pool *pgxpool.Pool) (owner, reader uuid.UUID, err error) {
	err = db.InTx(ctx, pool, func(tx db.DBTX) error {
		for _, p := range []struct {
			email, name string
			id          *uuid.UUID
		}{{ownerEmail, "Load Owner", &owner}, {readerEmail, "Load Reader", &reader}} {
			u, err := db.Q.UserCreate(ctx, tx, db.UserCreateParams{ID: uuid.Must(uuid.NewV7()), Email: p.email, Name: p.name, Kind: string(auth.KindPerson)})
			if err != nil {
				return fmt.Errorf("create %s: %w", p.email, err)
			}
			*p.id = u.ID
		}
		return nil
	})
	return owner, reader, err
}

// docAddress is document i's folder and slug.
func docAddress(i int) (path, slug string) {
	return fmt.Sprintf("load/f%03d", i/folderSize), fmt.Sprintf("d%06d", i)
}

// docHref is a link from any load folder to document j.
func docHref(j int) string {
	p, s := docAddress(j)
	return "../" + strings.TrimPrefix(p, "load/") + "/" + s + ".md"
}

// linkTargets are n distinct documents other than i, out of docs, chosen by
// rng.
func linkTargets(rng *rand.Rand, i, docs, n int) []int {
	out := make([]int, 0, n)
	for len(out) < n {
		j := rng.IntN(docs)
		if j != i && !containsInt(out, j) {
			out = append(out, j)
		}
	}
	return out
}

func containsInt(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

var words = strings.Fields("alpha beta gamma delta river stone cloud paper orbit signal garden lantern copper meadow harbor summit " +
	"archive method pattern vector engine ledger beacon canyon ember fable glacier harvest island jungle kernel")

// body is a markdown body of about size bytes of prose with a sentence
// linking each target.
func body(rng *rand.Rand, size int, targets []int, version int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Revision %d of a load-test document.\n\n", version)
	for b.Len() < size {
		for range 12 {
			b.WriteString(words[rng.IntN(len(words))])
			b.WriteByte(' ')
		}
		b.WriteString("done.\n")
	}
	b.WriteString("\n")
	for _, t := range targets {
		fmt.Fprintf(&b, "See [document %d](%s).\n", t, docHref(t))
	}
	return b.String()
}

// createDocuments creates documents 0..docs-1 owned by owner, concurrently,
// through the documents service, and returns their ids in order.
func createDocuments(ctx context.Context, pool *pgxpool.Pool, owner uuid.UUID, spec seedSpec, concurrency int) ([]uuid.UUID, error) {
	svc := app.New(pool, app.DefaultConfig, nil).Document
	actx := auth.WithActor(ctx, &auth.Actor{UserID: owner, Kind: auth.KindPerson})
	ids := make([]uuid.UUID, spec.docs)
	var next, done atomic.Int64
	var firstErr error
	var once sync.Once
	wctx, cancel := context.WithCancel(actx)
	defer cancel()
	stopProgress := progress("created", spec.docs, &done)
	defer stopProgress()
	var wg sync.WaitGroup
	for range concurrency {
		wg.Go(func() {
			for wctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= spec.docs {
					return
				}
				rng := seededRand(uint64(i))
				path, slug := docAddress(i)
				w := words[rng.IntN(len(words))]
				title := fmt.Sprintf("%s%s %s %06d", strings.ToUpper(w[:1]), w[1:], words[rng.IntN(len(words))], i)
				d, err := svc.Create(wctx, document.CreateInput{
					Space: document.SpaceWiki, Path: path, Slug: slug, Title: &title, Tags: []string{"load"},
					Content: body(rng, spec.bodyBytes, linkTargets(rng, i, spec.docs, spec.links), 1),
				})
				if err != nil {
					once.Do(func() { firstErr = fmt.Errorf("create document %d: %w", i, err); cancel() })
					return
				}
				ids[i] = d.ID
				done.Add(1)
			}
		})
	}
	wg.Wait()
	if firstErr == nil && ctx.Err() != nil {
		firstErr = ctx.Err()
	}
	return ids, firstErr
}

// progress prints done/total every 5 s until stopped.
func progress(what string, total int, done *atomic.Int64) func() {
	stop := make(chan struct{})
	start := time.Now()
	go func() {
		t := time.NewTicker(5 * time.Second)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				n := done.Load()
				fmt.Fprintf(os.Stderr, "load: %s %d/%d (%.0f/s)\n", what, n, total, float64(n)/time.Since(start).Seconds())
			}
		}
	}()
	return func() { close(stop) }
}

// shareWithReader shares a deterministic choice of spec.readable documents
// with the reader, as the owner, in the largest batches a share allows.
func shareWithReader(ctx context.Context, pool *pgxpool.Pool, owner uuid.UUID, ids []uuid.UUID, spec seedSpec) error {
	svc := app.New(pool, app.DefaultConfig, nil).Access
	actx := auth.WithActor(ctx, &auth.Actor{UserID: owner, Kind: auth.KindPerson})
	perm := rand.New(rand.NewPCG(12, 34)).Perm(len(ids))[:spec.readable]
	for lo := 0; lo < len(perm); lo += access.MaxShareDocuments {
		hi := min(lo+access.MaxShareDocuments, len(perm))
		batch := make([]uuid.UUID, 0, hi-lo)
		for _, i := range perm[lo:hi] {
			batch = append(batch, ids[i])
		}
		if _, err := svc.Share(actx, access.ShareInput{DocumentIDs: batch, Recipients: []string{readerEmail}, Permission: access.PermissionRead}); err != nil {
			return fmt.Errorf("share with the reader: %w", err)
		}
	}
	return nil
}

// waitForOutbox polls the backlog until it is 0, for at most wait; serve's
// outbox (link resolver, folder shares) does the work.
func waitForOutbox(ctx context.Context, pool *pgxpool.Pool, wait time.Duration) error {
	deadline := time.Now().Add(wait)
	start := time.Now()
	var first, last int64 = -1, -1
	lastChange := time.Now()
	for tick := 0; ; tick++ {
		var n int64
		if err := pool.QueryRow(ctx, "SELECT count(*) FROM events WHERE processed_at IS NULL").Scan(&n); err != nil {
			return fmt.Errorf("outbox backlog: %w", err)
		}
		if first < 0 {
			first = n
		}
		if n != last {
			last, lastChange = n, time.Now()
		}
		if n == 0 {
			fmt.Fprintf(os.Stderr, "load: outbox drained (%d events) in %s\n", first, time.Since(start).Round(time.Second))
			return nil
		}
		if tick%10 == 0 {
			fmt.Fprintf(os.Stderr, "load: waiting for serve's outbox: %d events to go\n", n)
		}
		if time.Since(lastChange) > time.Minute {
			return fmt.Errorf("the outbox backlog stayed at %d for a minute: is `codna serve` running against this database?", n)
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the outbox still has %d events after %s (--wait); run seed again to keep waiting", n, wait)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// mintToken issues a new personal access token to the person with email and
// returns its secret.
func mintToken(ctx context.Context, q db.DBTX, email string) (string, error) {
	u, err := db.Q.UserGetPersonByEmail(ctx, q, email)
	if err != nil {
		return "", err
	}
	secret := auth.NewSecret(auth.PersonTokenPrefix)
	_, err = db.Q.AccessTokenCreate(ctx, q, db.AccessTokenCreateParams{
		ID: uuid.Must(uuid.NewV7()), UserID: u.ID, Kind: "person", Name: "load program",
		TokenHash: auth.HashSecret(secret), Prefix: auth.DisplayPrefix(secret),
	})
	return secret, err
}

func printTokens(ctx context.Context, pool *pgxpool.Pool, file string) error {
	var lines strings.Builder
	for _, p := range []struct{ name, email string }{{"READER_TOKEN", readerEmail}, {"OWNER_TOKEN", ownerEmail}} {
		t, err := mintToken(ctx, pool, p.email)
		if err != nil {
			return fmt.Errorf("token for %s: %w", p.email, err)
		}
		fmt.Fprintf(&lines, "%s=%s\n", p.name, t)
	}
	fmt.Print(lines.String())
	if file != "" {
		if err := os.WriteFile(file, []byte(lines.String()), 0o600); err != nil {
			return err
		}
	}
	return nil
}

// seededRand is a deterministic generator for seed.
func seededRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 1)) }
