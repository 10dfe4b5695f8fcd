// Package server is CoDNA's HTTP front: /graphql (POST, GET, websocket),
// /mcp (agents and assistants over MCP), /playground, /healthz, /readyz, /metrics and /graphql/schema, with request
// ids, authentication, the CSRF rule, body limits, timeouts and logs.
package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/playground"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"codna/graph"
	"codna/graph/transport"
	"codna/internal/access"
	"codna/internal/agent"
	"codna/internal/auth"
	"codna/internal/automation"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/files"
	"codna/internal/inbox"
	"codna/internal/ingest"
	"codna/internal/linkgraph"
	"codna/internal/live"
	"codna/internal/manage"
	"codna/internal/mcpserver"
	"codna/internal/outbox"
	"codna/internal/periodic"
	"codna/internal/request"
	"codna/internal/sandbox"
	"codna/internal/search"
	pgsearch "codna/internal/search/postgres"
	"codna/internal/transfer"
)

// Config is the HTTP server's configuration.
type Config struct {
	Listen         string        // address to listen on
	PprofListen    string        // Go runtime profiles on their own address ("" off; a bare :port is loopback)
	AllowedOrigins []string      // extra origins (scheme://host[:port]) allowed to open websockets
	Introspection  bool          // GraphQL introspection and /graphql/schema
	Playground     bool          // GraphiQL at /playground
	BodyLimit      int64         // bytes of a request body
	RequestTimeout time.Duration // per HTTP request (not websockets)
	Limits         transport.Limits
	CookieSecure   string // "auto" (Secure when the request came over TLS or X-Forwarded-Proto https), "true", "false"
	TrustProxy     bool   // take the client address from X-Forwarded-For
	WSInitTimeout  time.Duration
	WSKeepAlive    time.Duration
	WSPayloadLimit int64
	WSMaxSubs      int // subscriptions one websocket may hold at once
	WSMaxSockets   int // websockets one user may hold open on this replica (0: no cap)
	// ShutdownTimeout bounds Stop: requests in flight and background work
	// get this long to finish, then are abandoned.
	ShutdownTimeout time.Duration
	Auth            auth.Config
	Documents       document.Config
	Outbox          outbox.Config
	Automation      AutomationConfig
	Files           FilesConfig
	// SearchBackend is the search engine (`codna serve` chooses it:
	// docs/operations.md#search); nil is the postgres backend over the
	// server's pool.
	SearchBackend search.Backend
}

// DefaultConfig is the configuration `codna serve` starts from.
var DefaultConfig = Config{
	Listen:          "127.0.0.1:8080",
	Introspection:   true,
	Playground:      true,
	BodyLimit:       4 << 20, // a 1 MiB document body, JSON-escaped, fits
	RequestTimeout:  30 * time.Second,
	Limits:          transport.Limits{Complexity: 5000, Depth: 12, Tokens: 15000},
	CookieSecure:    "auto",
	WSInitTimeout:   10 * time.Second,
	WSKeepAlive:     25 * time.Second,
	WSPayloadLimit:  64 << 10,
	WSMaxSubs:       50,
	WSMaxSockets:    20,
	ShutdownTimeout: 20 * time.Second,
	Auth:            auth.DefaultConfig,
	Documents:       document.DefaultConfig,
	Outbox:          outbox.Config{Workers: DefaultOutboxWorkers},
}

// AutomationConfig configures the automations a replica runs.
type AutomationConfig struct {
	// Workers is how many runs the replica executes at once
	// (CODNA_AUTOMATION_WORKERS); 0 means automation.DefaultConcurrency.
	Workers int
	// CacheDir keeps the script engine compiled across restarts (`codna
	// serve` uses CODNA_DATA_DIR/cache/qjs); "" compiles it once per process.
	CacheDir string
	// RunPoll and SchedulerPoll are how often the run worker and the
	// scheduler look for work queued elsewhere; 0 means a second.
	RunPoll, SchedulerPoll time.Duration
}

// FilesConfig configures attachments.
type FilesConfig struct {
	// Store keeps the bytes (`codna serve` chooses it with CODNA_FILE_STORE:
	// docs/operations.md#files); nil is the Postgres store over the pool.
	Store files.Store
	// MaxFileBytes caps one file (CODNA_MAX_FILE_BYTES); 0 is 25 MiB.
	MaxFileBytes int64
	// TempDir holds uploads while their request runs (`codna serve`:
	// CODNA_DATA_DIR/tmp); "" is the system's.
	TempDir string
	// UploadTimeout bounds a multipart request (a slow upload of a large
	// file outlasts RequestTimeout); 0 is 10 minutes.
	UploadTimeout time.Duration
	// MaxImportBytes caps an import's archive (CODNA_MAX_IMPORT_BYTES); 0
	// is 1 GiB.
	MaxImportBytes int64
}

// DefaultOutboxWorkers is how many outbox delivery loops a replica runs
// (CODNA_OUTBOX_WORKERS): enough that the link resolver keeps up with the
// saves two cores accept (bench/RESULTS.md, "Outbox backlog").
const DefaultOutboxWorkers = 2

// Server serves the API over one database pool.
type Server struct {
	cfg           Config
	pool          *pgxpool.Pool
	log           *slog.Logger
	Auth          *auth.Service
	Manage        *manage.Service
	Docs          *document.Service
	InboxService  *inbox.Service
	LiveCounts    *inbox.LiveCounts // the inboxCounts subscriptions' counts, over Hub
	Hub           *live.Hub
	Linking       *linkgraph.Service
	Sharing       *access.Service
	FolderService *access.FolderService
	Agents        *agent.Service
	// MCP is the /mcp endpoint's tools and resources.
	MCP    *mcpserver.Server
	Search *search.Service
	// Automations owns automations; AutomationRunner executes their queued
	// runs and AutomationScheduler queues their schedules' ticks.
	Files        *files.Service
	Ingest       *ingest.Service
	IngestWorker *ingest.Worker
	// Transfer imports archives and exports folders; its workers run here.
	Transfer     *transfer.Service
	ImportWorker *transfer.ImportWorker
	ExportWorker *transfer.ExportWorker
	// FileRefBackfill records the file references of bodies written
	// before they were tracked (linkgraph.Backfill).
	FileRefBackfill *periodic.Loops
	// FileMaintenance marks referenced files, deletes those never
	// referenced, and deletes the bytes of rows gone (one replica at a time).
	FileMaintenance     *files.Maintenance
	Automations         *automation.Service
	AutomationRunner    *automation.Runner
	AutomationScheduler *automation.Scheduler
	sandbox             *sandbox.Sandbox
	sandboxErr          error
	// Outbox drains the events services write; consumers register on it
	// before Start.
	Outbox    *outbox.Worker
	consumers int
	sessions  *periodic.Job    // deletes expired sessions
	counts    *periodic.Job    // writes the MCP usage counts and agent reads
	backfill  *search.Backfill // builds a search index never built
	profiler  *Profiler        // runtime profiles for operators, off by default
	metrics   *metrics
	handler   http.Handler

	// Liveness, when set (before Start), is asked by /healthz: an error
	// answers 503. `codna serve` sets it to the embedded database's
	// supervisor health. Nil: the process answering is health enough.
	Liveness func() error

	mu      sync.Mutex
	httpSrv *http.Server
	done    chan struct{}
	stopped chan struct{} // closed when Stop has finished (or given up)

	// sockets ends every websocket at shutdown: http.Server.Shutdown does
	// not touch hijacked connections.
	sockets     context.Context
	stopSockets context.CancelFunc
}

// New builds a Server. It does not listen until Start.
func New(pool *pgxpool.Pool, cfg Config, log *slog.Logger) *Server {
	if log == nil {
		log = slog.Default()
	}
	s := &Server{cfg: cfg, pool: pool, log: log, metrics: newMetrics(pool)}
	s.sockets, s.stopSockets = context.WithCancel(context.Background())
	s.Auth = auth.New(pool, cfg.Auth, log)
	s.profiler = NewProfiler(cfg.PprofListen, log.With("component", "pprof"))
	s.sessions = periodic.New("delete expired sessions", cfg.Auth.SessionSweep, s.Auth.DeleteExpiredSessions, log.With("component", "sessions"))
	s.counts = periodic.New("write usage counts", cfg.Auth.CountFlush, func(ctx context.Context) (int64, error) {
		_, err := s.Auth.FlushCounts(ctx)
		return 0, err // every second: not worth a log line
	}, log.With("component", "usage-counts"))
	s.Manage = manage.New(pool, cfg.Auth.Argon2)
	s.Docs = document.New(pool, cfg.Documents)
	s.InboxService = inbox.NewService(pool)
	s.Linking = linkgraph.NewService(pool, s.Docs)
	s.Sharing = access.NewService(pool)
	s.FolderService = access.NewFolderService(pool)
	s.Agents = agent.New(pool)
	backend := cfg.SearchBackend
	if backend == nil {
		backend = pgsearch.New(pool)
	}
	s.Search = search.NewService(pool, backend, s.Docs)
	s.backfill = search.NewBackfill(s.Search, log.With("component", "search-backfill"))
	store := cfg.Files.Store
	if store == nil {
		store = files.NewPostgres(pool)
	}
	s.Files = files.New(pool, store, s.Docs, cfg.Files.MaxFileBytes)
	s.Ingest = ingest.New(pool, store, s.Docs, s.Files, cfg.Files.MaxFileBytes)
	s.Transfer = transfer.New(pool, store, s.Docs, s.Files, s.Ingest, s.Linking, transfer.Config{
		MaxArchiveBytes: cfg.Files.MaxImportBytes, TempDir: cfg.Files.TempDir, MaxBodyBytes: cfg.Documents.MaxBodyBytes, MaxFileBytes: cfg.Files.MaxFileBytes,
	})
	s.ImportWorker = s.Transfer.NewImportWorker(transfer.WorkerConfig{}, log.With("component", "import"))
	s.ExportWorker = s.Transfer.NewExportWorker(transfer.WorkerConfig{}, log.With("component", "export"))
	s.FileMaintenance = files.NewMaintenance(pool, store, files.MaintenanceConfig{}, log.With("component", "files-maintenance"))
	s.FileRefBackfill = linkgraph.NewBackfiller(pool, log.With("component", "file-ref-backfill"))
	s.IngestWorker = s.Ingest.NewWorker(ingest.WorkerConfig{MaxBodyBytes: cfg.Documents.MaxBodyBytes}, log.With("component", "ingestion"))
	s.sandbox, s.sandboxErr = sandbox.New(sandbox.Config{CacheDir: cfg.Automation.CacheDir, Warm: cfg.Automation.Workers})
	s.Automations = automation.New(pool, automation.Services{Docs: s.Docs, Sharing: s.Sharing, Search: s.Search}, s.sandbox, log.With("component", "automations"))
	s.AutomationRunner = s.Automations.NewRunner(automation.RunnerConfig{Concurrency: cfg.Automation.Workers, Poll: cfg.Automation.RunPoll})
	s.AutomationScheduler = s.Automations.NewScheduler(cfg.Automation.SchedulerPoll, s.AutomationRunner.Wake, log.With("component", "automation-scheduler"))
	s.MCP = mcpserver.New(mcpserver.Services{
		Auth: s.Auth, Docs: s.Docs, Linking: s.Linking, Sharing: s.Sharing, Inbox: s.InboxService, Search: mcpSearch(s.Search),
	}, mcpserver.Options{BodyLimit: cfg.BodyLimit}, log.With("component", "mcp"))
	s.Hub = live.New(pool, log.With("component", "live"))
	s.LiveCounts = inbox.NewLiveCounts(pool, s.Hub, s.Auth, log.With("component", "live-counts"))
	s.Outbox = outbox.New(pool, cfg.Outbox, log.With("component", "outbox"))
	s.metrics.reg.MustRegister(s.Outbox.Collector())
	s.consumers = s.registerConsumers()
	s.handler = s.routes()
	return s
}

// Handler is the server's whole HTTP surface, for tests and embedding.
func (s *Server) Handler() http.Handler { return s.handler }

func (s *Server) routes() http.Handler {
	var patterns []string
	for _, o := range s.cfg.AllowedOrigins {
		if h := transport.OriginHost(o); h != "" {
			patterns = append(patterns, h)
		}
	}
	gql := transport.NewHandler(&graph.Resolver{
		Auth: s.Auth, Manage: s.Manage, Docs: s.Docs, InboxService: s.InboxService, LiveCounts: s.LiveCounts, Hub: s.Hub, Linking: s.Linking,
		Sharing: s.Sharing, FolderService: s.FolderService, Agents: s.Agents, Searching: s.Search, Automations: s.Automations, Files: s.Files, Ingest: s.Ingest, Transfer: s.Transfer, Log: s.log,
	}, transport.Options{
		Limits: s.cfg.Limits, Introspection: s.cfg.Introspection, OriginPatterns: patterns,
		WSInitTimeout: s.cfg.WSInitTimeout, WSKeepAlive: s.cfg.WSKeepAlive, WSPayloadLimit: s.cfg.WSPayloadLimit,
		WSMaxSubscriptions: s.cfg.WSMaxSubs, WSMaxSocketsPerUser: s.cfg.WSMaxSockets,
		Sockets: s.sockets, MaxUploadBytes: s.Files.MaxBytes() + 1<<20, MaxArchiveBytes: s.Transfer.Config().MaxArchiveBytes + 1<<20, UploadTempDir: s.cfg.Files.TempDir,
	})
	gql.AroundResponses(func(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
		resp := next(ctx)
		if resp != nil {
			for _, e := range resp.Errors {
				if code, ok := e.Extensions["code"].(string); ok {
					s.metrics.errors.WithLabelValues(code).Inc()
				}
			}
		}
		return resp
	})

	mux := http.NewServeMux()
	mux.Handle("/graphql", s.graphqlGuard(gql))
	mux.Handle("/mcp", s.mcpGuard(s.MCP.Handler()))
	mux.HandleFunc("GET /files/{document}/{name}", s.download)
	mux.HandleFunc("HEAD /files/{document}/{name}", s.download)
	mux.HandleFunc("GET /ingestions/{id}/original", s.original)
	mux.HandleFunc("GET /exports/{id}", s.exportZip)
	mux.HandleFunc("GET /graphql/schema", func(w http.ResponseWriter, r *http.Request) {
		if !s.cfg.Introspection {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte(graph.SchemaSDL()))
	})
	if s.cfg.Playground {
		mux.Handle("GET /playground", playground.Handler("CoDNA", "/graphql"))
	} else {
		mux.HandleFunc("GET /playground", http.NotFound) // not the app's either
	}
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		if s.Liveness != nil {
			if err := s.Liveness(); err != nil {
				s.log.ErrorContext(r.Context(), "unhealthy", "error", err)
				http.Error(w, "unhealthy\n", http.StatusServiceUnavailable)
				return
			}
		}
		_, _ = w.Write([]byte("ok\n"))
	})
	mux.HandleFunc("GET /readyz", s.ready)
	mux.Handle("GET /metrics", promhttp.HandlerFor(s.metrics.reg, promhttp.HandlerOpts{}))
	// Everything else is the web app's (its routes are pages).
	mux.Handle("/", appHandler())
	return s.observe(mux)
}

// ready answers 200 when the database answers and its schema is the one
// this binary was built for.
func (s *Server) ready(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	want, err := db.LatestVersion()
	if err == nil {
		var have int64
		var dirty bool
		err = s.pool.QueryRow(ctx, "SELECT version, dirty FROM schema_migrations").Scan(&have, &dirty)
		if err == nil && (dirty || uint(have) != want) {
			err = fmt.Errorf("database schema is at version %d (dirty=%v), this binary needs %d", have, dirty, want)
		}
	}
	if err != nil {
		s.log.WarnContext(ctx, "not ready", "error", err)
		http.Error(w, "not ready\n", http.StatusServiceUnavailable)
		return
	}
	_, _ = w.Write([]byte("ready\n"))
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection (websocket hijack).
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// observe gives every request an id, a log line and metrics.
func (s *Server) observe(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := r.Header.Get("X-Request-Id")
		if id == "" || len(id) > 64 {
			id = uuid.NewString()
		}
		w.Header().Set("X-Request-Id", id)
		info := &request.Info{ID: id, IP: s.clientIP(r), UserAgent: r.UserAgent(), Secure: s.secure(r)}
		if c, err := r.Cookie(auth.SessionCookie); err == nil {
			info.Session = c.Value
		}
		ctx := request.With(r.Context(), info)
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r.WithContext(ctx))
		route := r.URL.Path
		switch route {
		case "/graphql", "/graphql/schema", "/mcp", "/playground", "/healthz", "/readyz", "/metrics":
		default:
			route = "other"
			if strings.HasPrefix(r.URL.Path, "/files/") || strings.HasPrefix(r.URL.Path, "/ingestions/") {
				route = "/files"
			}
		}
		status := sw.status
		if status == 0 {
			status = http.StatusOK
		}
		s.metrics.requests.WithLabelValues(route, fmt.Sprint(status)).Inc()
		s.metrics.latency.WithLabelValues(route).Observe(time.Since(start).Seconds())
		if route != "/healthz" && route != "/metrics" {
			s.log.InfoContext(ctx, "request", "method", r.Method, "path", r.URL.Path, "status", status,
				"duration_ms", time.Since(start).Milliseconds())
		}
	})
}

func (s *Server) clientIP(r *http.Request) string {
	if s.cfg.TrustProxy {
		if f := r.Header.Get("X-Forwarded-For"); f != "" {
			return strings.TrimSpace(strings.Split(f, ",")[0])
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

func (s *Server) secure(r *http.Request) bool {
	switch s.cfg.CookieSecure {
	case "true":
		return true
	case "false":
		return false
	}
	return r.TLS != nil || (s.cfg.TrustProxy && r.Header.Get("X-Forwarded-Proto") == "https")
}

// writeError answers with a GraphQL-shaped error body.
func writeError(w http.ResponseWriter, status int, code fault.Code, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"errors": []*gqlerror.Error{{Message: msg, Extensions: map[string]any{"code": string(code)}}},
	})
}

// Start connects the live hub (subscriptions), then listens on the
// configured address and serves in the background until ctx ends or Stop is
// called. Errors: the database cannot be reached for LISTEN; the address
// cannot be listened on.
func (s *Server) Start(ctx context.Context) error {
	if s.sandboxErr != nil {
		return fmt.Errorf("start the automation sandbox: %w", s.sandboxErr)
	}
	if err := s.Hub.Start(ctx); err != nil {
		return fmt.Errorf("start live updates: %w", err)
	}
	if s.consumers > 0 {
		if err := s.Outbox.Start(ctx); err != nil {
			return fmt.Errorf("start the outbox worker: %w", err)
		}
	}
	_ = s.sessions.Start(ctx) // never fails
	_ = s.counts.Start(ctx)
	if err := s.backfill.Start(ctx); err != nil {
		s.sessions.Stop()
		s.counts.Stop()
		s.Outbox.Stop()
		s.Hub.Stop()
		return fmt.Errorf("start the search back-fill: %w", err)
	}
	if err := s.profiler.Start(ctx); err != nil {
		s.backfill.Stop()
		s.sessions.Stop()
		s.counts.Stop()
		s.Outbox.Stop()
		s.Hub.Stop()
		return err
	}
	s.startWorkers(ctx)
	ln, err := net.Listen("tcp", s.cfg.Listen)
	if err != nil {
		s.stopWorkers()
		s.profiler.Stop()
		s.backfill.Stop()
		s.sessions.Stop()
		s.counts.Stop()
		s.Outbox.Stop()
		s.Hub.Stop()
		return fmt.Errorf("listen on %s: %w", s.cfg.Listen, err)
	}
	s.mu.Lock()
	s.httpSrv = &http.Server{
		Handler:           s.handler,
		ReadHeaderTimeout: 10 * time.Second,
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	s.done = make(chan struct{})
	s.stopped = make(chan struct{})
	srv, done := s.httpSrv, s.done
	s.mu.Unlock()
	s.log.Info("listening", "address", "http://"+ln.Addr().String(), "playground", s.cfg.Playground)
	go func() {
		defer close(done)
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			s.log.Error("serve", "error", err)
		}
	}()
	go func() {
		select {
		case <-ctx.Done():
			s.Stop()
		case <-done:
		}
	}()
	return nil
}

// Stop shuts the server down within Config.ShutdownTimeout: websockets are
// ended, new requests refused, and requests in flight, the outbox worker
// (whose consumers' contexts are cancelled) and the live hub get until the
// deadline to finish. Whatever is still running then is abandoned and
// logged: connections are closed, and outbox events in hand go back to the
// queue when their lease expires. Stop may be called any number of times,
// concurrently; every call returns once the first one has.
func (s *Server) Stop() {
	s.mu.Lock()
	srv, done, stopped := s.httpSrv, s.done, s.stopped
	s.httpSrv = nil
	s.mu.Unlock()
	if srv == nil {
		if stopped != nil {
			<-stopped
		}
		return
	}
	defer close(stopped)
	timeout := s.cfg.ShutdownTimeout
	if timeout <= 0 {
		timeout = DefaultConfig.ShutdownTimeout
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	s.stopSockets()
	s.profiler.Stop()
	// The outbox does not depend on HTTP: it stops alongside.
	outboxDone := make(chan struct{})
	go func() {
		defer close(outboxDone)
		s.Outbox.Stop()
	}()
	if err := srv.Shutdown(ctx); err != nil {
		s.log.Warn("shutdown: requests still in flight at the deadline; closing their connections", "timeout", timeout)
		_ = srv.Close()
	}
	<-done
	s.sessions.Stop()
	s.counts.Stop()
	s.stopWorkers()
	// The requests are done: write the counts they left.
	if _, err := s.Auth.FlushCounts(auth.SystemContext(ctx)); err != nil {
		s.log.Warn("shutdown: usage counts not written", "error", err)
	}
	s.backfill.Stop()
	hubDone := make(chan struct{})
	go func() {
		defer close(hubDone)
		s.Hub.Stop()
	}()
	for name, ch := range map[string]chan struct{}{"outbox worker": outboxDone, "live hub": hubDone} {
		select {
		case <-ch:
		case <-ctx.Done():
			s.log.Warn("shutdown: abandoning the "+name+", still busy at the deadline (unfinished outbox events go back to the queue when their lease expires)", "timeout", timeout)
		}
	}
}
