package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// runConfig is `load run`'s flags, validated.
type runConfig struct {
	scenario     string
	url          string
	token        string
	databaseURL  string
	clients      int
	duration     time.Duration
	warmup       time.Duration
	servePID     int
	json         bool
	drainTimeout time.Duration
	links        int
	searchBodies bool
	label        string
	pages        string
	words        int
	queryMix     string
	ranks        string
	rankLo       int
	rankHi       int
	as           string
	sessions     int
	pprofURL     string
}

var scenarios = map[string]func(context.Context, *runEnv) (*result, error){
	"documents":  runDocuments,
	"document":   runDocument,
	"saves":      runSaves,
	"drain":      runDrain,
	"search":     runSearch,
	"listing":    runListing,
	"searchable": runSearchable,
	"mcp-read":   runMCPRead,
	"mcp-search": runMCPSearch,
}

func parseRunFlags(args []string) (*runConfig, error) {
	c := &runConfig{}
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.StringVar(&c.scenario, "scenario", "", "documents (the documents page with links and backlinks), document (one document by id), saves (link-changing updateDocument, then the outbox drain), drain (the outbox emptying a backlog left by load fill), search (search on the search seed), listing (search's filtered listing, no words, on the search seed)")
	fs.StringVar(&c.url, "url", "http://127.0.0.1:55411", "the serve to drive (loopback only)")
	fs.StringVar(&c.token, "token", "", "bearer token; empty: mint one for the seeded reader (documents, document) or owner (saves) through --database-url")
	fs.StringVar(&c.databaseURL, "database-url", envDefault("", "LOAD_DATABASE_URL"), "superuser URL of serve's database, for pg_stat_statements, the outbox backlog and Postgres CPU (env LOAD_DATABASE_URL)")
	fs.IntVar(&c.clients, "clients", 16, "concurrent clients (writers for saves), 1..2000")
	fs.DurationVar(&c.duration, "duration", 20*time.Second, "measured time, 1s..10m")
	fs.DurationVar(&c.warmup, "warmup", 3*time.Second, "unmeasured load first, 0..2m")
	fs.IntVar(&c.servePID, "serve-pid", 0, "pid of the codna serve process; 0: the process listening on --url's port")
	fs.BoolVar(&c.json, "json", false, "print the result as one JSON object instead of a table line")
	fs.DurationVar(&c.drainTimeout, "drain-timeout", 120*time.Second, "saves: how long to wait for the outbox backlog to reach 0 after the writes, 1s..10m")
	fs.BoolVar(&c.searchBodies, "search-bodies", false, "saves: bodies of the search seed's shape (about 2 KB of prose from its Zipf vocabulary, the links after it) instead of 1.5 KB of a 31-word vocabulary")
	fs.IntVar(&c.links, "links", 3, "saves: links in each saved body (each save points them elsewhere), 1..50")
	fs.StringVar(&c.pages, "pages", "updated", "documents: which pages, each picked at random per request: updated (every page in the default order, by after-cursor), title (orderBy TITLE), folders (the first page of each folder), all")
	fs.IntVar(&c.words, "words", 1, "search: words per query, 1..5")
	fs.StringVar(&c.queryMix, "query-words", "rank", "search: how query words are drawn from the seed's vocabulary: rank (uniformly among --ranks), zipf (as the text's words are: mostly very common ones), uniform (any word alike: mostly rare)")
	fs.StringVar(&c.ranks, "ranks", "100-3000", "search: --query-words rank's word ranks, lo-hi (1 is the most frequent word)")
	fs.StringVar(&c.as, "as", "reader", "search, listing: whose token is minted when --token is empty: reader (reads about half), sparse (1 %), owner")
	fs.IntVar(&c.sessions, "sessions", 256, "mcp-read, mcp-search: MCP sessions opened and left idle before the clients start, for serve's memory per session, 0..5000")
	fs.StringVar(&c.pprofURL, "pprof-url", "", "mcp-read, mcp-search: serve's CODNA_PPROF_LISTEN address (http://127.0.0.1:port), to collect garbage before each memory reading; empty: read the heap as it is")
	fs.StringVar(&c.label, "label", "", "free text carried into the output (e.g. the database: dense, sparse)")
	if err := parseFlags(fs, args); err != nil {
		return nil, err
	}
	if _, ok := scenarios[c.scenario]; !ok {
		return nil, badFlag("--scenario must be one of documents, document, saves, drain, search, searchable, mcp-read, mcp-search (got %q)", c.scenario)
	}
	if c.databaseURL == "" {
		return nil, badFlag("--database-url is required (superuser URL of the database serve uses; bench/cluster.sh prints it)")
	}
	if _, err := checkServeURL(c.url); err != nil {
		return nil, usageError{err.Error()}
	}
	if c.pprofURL != "" {
		if _, err := checkServeURL(c.pprofURL); err != nil {
			return nil, badFlag("--pprof-url: %v", err)
		}
	}
	switch {
	case c.clients < 1 || c.clients > 2000:
		return nil, badFlag("--clients must be in 1..2000, not %d", c.clients)
	case c.duration < time.Second || c.duration > 10*time.Minute:
		return nil, badFlag("--duration must be in 1s..10m, not %s", c.duration)
	case c.warmup < 0 || c.warmup > 2*time.Minute:
		return nil, badFlag("--warmup must be in 0..2m, not %s", c.warmup)
	case c.drainTimeout < time.Second || c.drainTimeout > 10*time.Minute:
		return nil, badFlag("--drain-timeout must be in 1s..10m, not %s", c.drainTimeout)
	case c.links < 1 || c.links > 50:
		return nil, badFlag("--links must be in 1..50, not %d", c.links)
	case c.pages != "updated" && c.pages != "title" && c.pages != "folders" && c.pages != "all":
		return nil, badFlag("--pages must be updated, title, folders or all, not %q", c.pages)
	case c.words < 1 || c.words > 5:
		return nil, badFlag("--words must be in 1..5, not %d", c.words)
	case c.queryMix != "rank" && c.queryMix != "zipf" && c.queryMix != "uniform":
		return nil, badFlag("--query-words must be rank, zipf or uniform, not %q", c.queryMix)
	case c.as != "reader" && c.as != "sparse" && c.as != "owner":
		return nil, badFlag("--as must be reader, sparse or owner, not %q", c.as)
	case c.sessions < 0 || c.sessions > 5000:
		return nil, badFlag("--sessions must be in 0..5000, not %d", c.sessions)
	case c.servePID < 0:
		return nil, badFlag("--serve-pid must be a pid, not %d", c.servePID)
	}
	if _, err := fmt.Sscanf(c.ranks, "%d-%d", &c.rankLo, &c.rankHi); err != nil || c.rankLo < 1 || c.rankHi < c.rankLo || c.rankHi > vocabSize {
		return nil, badFlag("--ranks must be lo-hi within 1-%d, not %q", vocabSize, c.ranks)
	}
	c.rankLo, c.rankHi = c.rankLo-1, c.rankHi-1
	return c, nil
}

// runEnv is what a scenario works with.
type runEnv struct {
	cfg *runConfig
	mon *monitor
	gql *gqlClient
}

func runMain(ctx context.Context, args []string) error {
	cfg, err := parseRunFlags(args)
	if err != nil {
		return err
	}
	u, _ := checkServeURL(cfg.url)
	if cfg.servePID == 0 {
		port, _ := strconv.Atoi(u.Port())
		if cfg.servePID, err = listenerPID(port); err != nil {
			return fmt.Errorf("finding the serve process: %w", err)
		}
	}
	mon, err := openMonitor(ctx, cfg.databaseURL, cfg.servePID)
	if err != nil {
		return err
	}
	defer mon.Close()
	if cfg.token == "" {
		role := readerEmail
		switch {
		case cfg.scenario == "saves" || cfg.scenario == "drain" || cfg.scenario == "searchable" || cfg.as == "owner":
			role = ownerEmail
		case cfg.as == "sparse":
			role = sparseEmail
		}
		if cfg.token, err = mintToken(ctx, mon.pool, role); err != nil {
			return fmt.Errorf("minting a token for %s (seed the database first, or pass --token): %w", role, err)
		}
	}
	env := &runEnv{cfg: cfg, mon: mon, gql: newGQLClient(cfg.url, cfg.token, cfg.clients)}
	var me struct {
		Me struct{ Email string } `json:"me"`
	}
	if err := env.gql.must(ctx, "{ me { email } }", nil, &me); err != nil {
		return fmt.Errorf("%s does not answer as expected: %w", cfg.url, err)
	}
	res, err := scenarios[cfg.scenario](ctx, env)
	if res != nil {
		res.Scenario, res.Label, res.Clients, res.As = cfg.scenario, cfg.label, cfg.clients, me.Me.Email
		if cfg.scenario == "documents" {
			res.Pages = cfg.pages
		}
		if cfg.scenario == "listing" {
			res.Pages = "filtered listing, as " + cfg.as
		}
		if cfg.scenario == "search" || cfg.scenario == "mcp-search" {
			res.Pages = fmt.Sprintf("%d-word, %s words", cfg.words, cfg.queryMix)
			if cfg.queryMix == "rank" {
				res.Pages += " " + cfg.ranks
			}
			res.Pages += ", as " + cfg.as
		}
		printResult(cfg.json, res)
	}
	if err != nil {
		return err
	}
	if res.Errors > 0 {
		return fmt.Errorf("%d of %d requests failed; first: %s", res.Errors, res.Requests+res.Errors, res.FirstError)
	}
	return nil
}

// result is one run's figures. Per-request figures divide by the successful
// requests of the measured window.
type result struct {
	Scenario   string  `json:"scenario"`
	Label      string  `json:"label,omitempty"`
	Pages      string  `json:"pages,omitempty"`
	As         string  `json:"as"`
	Clients    int     `json:"clients"`
	Seconds    float64 `json:"seconds"`
	Requests   int64   `json:"requests"`
	Errors     int64   `json:"errors"`
	FirstError string  `json:"firstError,omitempty"`
	PerSecond  float64 `json:"requestsPerSecond"`
	P50ms      float64 `json:"p50ms"`
	P95ms      float64 `json:"p95ms"`
	P99ms      float64 `json:"p99ms"`
	GoCPUms    float64 `json:"goCpuMsPerRequest"`
	PGCPUms    float64 `json:"pgCpuMsPerRequest"`
	// LoadCPUms is this program's own CPU a request: on a machine shared with
	// serve and Postgres it is CPU they did not get (docs/development.md, "Load").
	LoadCPUms  float64 `json:"loadCpuMsPerRequest"`
	Statements float64 `json:"statementsPerRequest"`
	// Documents per page and links plus backlinks per page (documents).
	DocsPerPage  float64           `json:"docsPerPage,omitempty"`
	LinksPerPage float64           `json:"linksPerPage,omitempty"`
	Saves        *savesResult      `json:"saves,omitempty"`
	Drain        *drainResult      `json:"drain,omitempty"`
	Searchable   *searchableResult `json:"searchable,omitempty"`
	MCP          *mcpResult        `json:"mcp,omitempty"`
}

func printResult(asJSON bool, r *result) {
	if asJSON {
		b, _ := json.Marshal(r)
		fmt.Println(string(b))
		return
	}
	name := r.Scenario
	if r.Scenario == "documents" {
		name += ", " + r.Pages + " pages"
	} else if r.Pages != "" {
		name += ", " + r.Pages
	}
	if r.Label != "" {
		name += " (" + r.Label + ")"
	}
	if r.Drain != nil {
		fmt.Println(r.Drain.line())
		return
	}
	fmt.Println("| scenario | clients | s | requests | req/s | p50 ms | p95 ms | p99 ms | Go CPU ms/req | PG CPU ms/req | statements/req | errors |")
	fmt.Printf("| %s | %d | %.1f | %d | %.1f | %.1f | %.1f | %.1f | %.2f | %.2f | %.2f | %d |\n",
		name, r.Clients, r.Seconds, r.Requests, r.PerSecond, r.P50ms, r.P95ms, r.P99ms, r.GoCPUms, r.PGCPUms, r.Statements, r.Errors)
	if s := r.Saves; s != nil {
		fmt.Println(s.line())
	}
	if m := r.MCP; m != nil {
		fmt.Println(m.line())
	}
	if r.LoadCPUms > 0 {
		fmt.Printf("load's own CPU: %.2f ms/req (on the same cores as serve and Postgres)\n", r.LoadCPUms)
	}
	if s := r.Searchable; s != nil {
		fmt.Printf("save → searchable over %d saves: p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms\n", s.Saves, s.P50ms, s.P95ms, s.P99ms, s.Maxms)
	}

}

// outcome is what one request reports back to the driver.
type outcome struct {
	docs, links int
}

// work is one client's request; it returns an error for anything but a clean
// answer.
type work func(ctx context.Context, rng *rand.Rand, client int) (outcome, error)

// phase is what the clients of one phase measured.
type phase struct {
	latencies  []time.Duration
	errors     int64
	firstError string
	docs       int64
	links      int64
}

// drive runs clients concurrent loops of w for d: each client issues a new
// request only while the phase lasts, so the phase ends by itself once the
// requests in flight answer.
func drive(ctx context.Context, clients int, d time.Duration, w work) *phase {
	deadline := time.Now().Add(d)
	var mu sync.Mutex
	p := &phase{}
	var wg sync.WaitGroup
	for c := range clients {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(c)+1, uint64(time.Now().UnixNano())))
			var lat []time.Duration
			var errs, docs, links int64
			first := ""
			for ctx.Err() == nil && time.Now().Before(deadline) {
				t := time.Now()
				o, err := w(ctx, rng, c)
				if err != nil {
					if ctx.Err() != nil {
						break
					}
					errs++
					if first == "" {
						first = err.Error()
					}
					continue
				}
				lat = append(lat, time.Since(t))
				docs += int64(o.docs)
				links += int64(o.links)
			}
			mu.Lock()
			p.latencies = append(p.latencies, lat...)
			p.errors += errs
			p.docs += docs
			p.links += links
			if p.firstError == "" {
				p.firstError = first
			}
			mu.Unlock()
		})
	}
	wg.Wait()
	return p
}

// measure runs the warm-up, then the measured phase between two snapshots
// (pg_stat_statements reset at the first), and fills in a result.
func measure(ctx context.Context, env *runEnv, w work) (*result, error) {
	if env.cfg.warmup > 0 {
		fmt.Fprintf(os.Stderr, "load: warming up %s with %d clients\n", env.cfg.warmup, env.cfg.clients)
		if wp := drive(ctx, env.cfg.clients, env.cfg.warmup, w); wp.errors > 0 {
			return nil, fmt.Errorf("%d requests failed while warming up; first: %s", wp.errors, wp.firstError)
		}
	}
	if err := env.mon.resetStatements(ctx); err != nil {
		return nil, fmt.Errorf("pg_stat_statements_reset: %w", err)
	}
	before, err := env.mon.snap(ctx, true)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(os.Stderr, "load: measuring %s with %d clients\n", env.cfg.duration, env.cfg.clients)
	p := drive(ctx, env.cfg.clients, env.cfg.duration, w)
	after, err := env.mon.snap(ctx, true)
	if err != nil {
		return nil, err
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	return summarise(p, before, after), nil
}

func summarise(p *phase, before, after snapshot) *result {
	r := &result{Requests: int64(len(p.latencies)), Errors: p.errors, FirstError: p.firstError}
	r.Seconds = after.at.Sub(before.at).Seconds()
	r.PerSecond = float64(r.Requests) / r.Seconds
	slices.Sort(p.latencies)
	r.P50ms, r.P95ms, r.P99ms = pct(p.latencies, 50), pct(p.latencies, 95), pct(p.latencies, 99)
	if n := float64(r.Requests); n > 0 {
		r.GoCPUms = ms(after.goCPU-before.goCPU) / n
		r.PGCPUms = ms(after.pgCPU-before.pgCPU) / n
		r.LoadCPUms = ms(after.ownCPU-before.ownCPU) / n
		r.Statements = float64(after.stmts-before.stmts) / n
		r.DocsPerPage = float64(p.docs) / n
		r.LinksPerPage = float64(p.links) / n
	}
	return r
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// pct is the nearest-rank percentile of sorted durations, in ms.
func pct(sorted []time.Duration, p int) float64 {
	if len(sorted) == 0 {
		return 0
	}
	i := (len(sorted)*p+99)/100 - 1
	return ms(sorted[max(i, 0)])
}

// gqlFailure turns GraphQL errors into one error naming the first.
func gqlFailure(r *response) error {
	if len(r.Errors) == 0 {
		return nil
	}
	msgs := make([]string, 0, 2)
	for _, e := range r.Errors[:min(2, len(r.Errors))] {
		msgs = append(msgs, e.String())
	}
	return fmt.Errorf("%d GraphQL errors: %s", len(r.Errors), strings.Join(msgs, "; "))
}
