// Package server is CoDNA's HTTP front: /graphql (POST, GET, websocket),
// /mcp (agents and assistants over MCP), /mail/unsubscribe, /auth/oidc/start and /auth/oidc/callback (single sign-on), /playground, /healthz, /readyz, /metrics and /graphql/schema, with request
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
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"codna/graph"
	"codna/graph/transport"
	"codna/internal/app"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
	"codna/internal/mcpserver"
	"codna/internal/request"
	"codna/internal/sso"
)

// Config is the HTTP server's configuration (the services' and workers'
// is internal/app's Config).
type Config struct {
	Listen         string        // address to listen on
	PprofListen    string        // Go runtime profiles on their own address ("" off; a bare :port is loopback)
	AllowedOrigins []string      // extra origins (scheme://host[:port]) allowed to open websockets
	Introspection  bool          // GraphQL introspection and /graphql/schema
	Playground     bool          // GraphiQL at /playground (off by default; CODNA_PLAYGROUND)
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
	WSMaxAnonymous int // websockets open without signing in on this replica (0: no cap)
	// UploadTimeout bounds a multipart request (a slow upload of a large
	// file outlasts RequestTimeout; CODNA_UPLOAD_TIMEOUT); 0 is 10 minutes.
	UploadTimeout time.Duration
	// BodyIdleTimeout is how long a request body may stop arriving before
	// its connection is closed (CODNA_BODY_IDLE_TIMEOUT); 0 is the default.
	BodyIdleTimeout time.Duration
	// MaxUploadsPerUser caps the multipart requests one person may have
	// running at once on this replica (CODNA_MAX_UPLOADS_PER_USER); 0 is
	// the default.
	MaxUploadsPerUser int
	// ShutdownTimeout bounds Stop: requests in flight and the App's
	// background work get this long to finish, then are abandoned.
	ShutdownTimeout time.Duration
}

// DefaultConfig is the configuration `codna serve` starts from.
var DefaultConfig = Config{
	Listen:          "127.0.0.1:8080",
	Introspection:   true,
	BodyLimit:       4 << 20, // a 1 MiB document body, JSON-escaped, fits
	RequestTimeout:  30 * time.Second,
	Limits:          transport.Limits{Complexity: 5000, Depth: 12, Tokens: 15000},
	CookieSecure:    "auto",
	WSInitTimeout:   10 * time.Second,
	WSKeepAlive:     25 * time.Second,
	WSPayloadLimit:  64 << 10,
	WSMaxSubs:       50,
	WSMaxSockets:    20,
	WSMaxAnonymous:  200,
	ShutdownTimeout: 20 * time.Second,

	BodyIdleTimeout:   15 * time.Second,
	MaxUploadsPerUser: 4,
}

// Server serves the API of one App (internal/app: the services over one
// database pool, and their background work).
type Server struct {
	cfg Config
	app *app.App
	log *slog.Logger
	// MCP is the /mcp endpoint's tools and resources.
	MCP      *mcpserver.Server
	profiler *Profiler // runtime profiles for operators, off by default
	metrics  *metrics
	handler  http.Handler
	uploads  uploadSlots

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

// New builds a Server over a's services. It does not listen until Start,
// which starts a too.
func New(a *app.App, cfg Config, log *slog.Logger) *Server {
	if log == nil {
		log = slog.Default()
	}
	s := &Server{cfg: cfg, app: a, log: log, metrics: newMetrics(a.Pool())}
	s.sockets, s.stopSockets = context.WithCancel(context.Background())
	s.profiler = NewProfiler(cfg.PprofListen, log.With("component", "pprof"))
	s.MCP = mcpserver.New(&a.Services, mcpserver.Options{BodyLimit: cfg.BodyLimit}, log.With("component", "mcp"))
	s.metrics.reg.MustRegister(a.Outbox.Collector(), a.Mail.Collector(), a.WebhookSender.Collector(), a.Comment.Collector())
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
	gql := transport.NewHandler(graph.NewResolver(&s.app.Services, s.log), transport.Options{
		Limits: s.cfg.Limits, Introspection: s.cfg.Introspection, OriginPatterns: patterns,
		WSInitTimeout: s.cfg.WSInitTimeout, WSKeepAlive: s.cfg.WSKeepAlive, WSPayloadLimit: s.cfg.WSPayloadLimit,
		WSMaxSubscriptions: s.cfg.WSMaxSubs, WSMaxSocketsPerUser: s.cfg.WSMaxSockets, WSMaxAnonymous: s.cfg.WSMaxAnonymous,
		Sockets: s.sockets, MaxUploadBytes: s.app.Files.MaxBytes() + 1<<20, MaxArchiveBytes: s.app.Transfer.Config().MaxArchiveBytes + 1<<20, UploadTempDir: s.app.Config().Files.TempDir,
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
	mux.Handle("/graphql", compressed(s.graphqlGuard(gql)))
	mux.Handle("/mcp", s.mcpGuard(s.MCP.Handler()))
	mux.HandleFunc("GET /files/{document}/{name}", s.download)
	mux.HandleFunc("HEAD /files/{document}/{name}", s.download)
	// Any other /files/ path (an empty name, more segments) names no file:
	// the same 404, never the web app's page ("GET" covers HEAD).
	mux.HandleFunc("GET /files/", func(w http.ResponseWriter, _ *http.Request) { notFound(w) })
	mux.HandleFunc("GET /collab/{document}", s.collabSocket)
	mux.HandleFunc("GET /mail/unsubscribe", s.unsubscribe)
	mux.HandleFunc("GET "+sso.StartPath, s.oidcStart)
	mux.HandleFunc("GET "+sso.CallbackPath, s.oidcCallback)
	mux.HandleFunc("POST /mail/unsubscribe", s.unsubscribe)
	mux.HandleFunc("GET /ingestions/{id}/original", s.original)
	mux.HandleFunc("GET /exports/{id}", s.exportZip)
	mux.HandleFunc("GET /documents/{file}", s.pageExport)
	mux.HandleFunc("GET /graphql/schema", func(w http.ResponseWriter, r *http.Request) {
		if !s.cfg.Introspection {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte(graph.SchemaSDL()))
	})
	if s.cfg.Playground {
		pg := playgroundHandler()
		mux.Handle("GET /playground", pg)
		mux.Handle("GET /playground/assets/", pg)
	} else {
		mux.HandleFunc("GET /playground", http.NotFound) // not the app's either
		mux.HandleFunc("GET /playground/assets/", http.NotFound)
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
		err = s.app.Pool().QueryRow(ctx, "SELECT version, dirty FROM schema_migrations").Scan(&have, &dirty)
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
			id = newRequestID()
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
		case "/graphql", "/graphql/schema", "/mcp", "/playground", "/healthz", "/readyz", "/metrics", "/mail/unsubscribe", sso.StartPath, sso.CallbackPath:
		default:
			route = "other"
			if strings.HasPrefix(r.URL.Path, "/files/") || strings.HasPrefix(r.URL.Path, "/ingestions/") {
				route = "/files"
			} else if strings.HasPrefix(r.URL.Path, "/playground/assets/") {
				route = "/playground"
			}
		}
		status := sw.status
		if status == 0 {
			status = http.StatusOK
		}
		s.metrics.requests.WithLabelValues(route, strconv.Itoa(status)).Inc()
		s.metrics.latency.WithLabelValues(route).Observe(time.Since(start).Seconds())
		if route != "/healthz" && route != "/metrics" && s.log.Enabled(ctx, slog.LevelInfo) {
			// What s.log.InfoContext writes, without the caller's program
			// counter it looks up and the handler never prints (no
			// AddSource), nor the conversion of loose key-value arguments.
			rec := slog.NewRecord(time.Now(), slog.LevelInfo, "request", 0)
			rec.AddAttrs(slog.String("method", r.Method), slog.String("path", r.URL.Path), slog.Int("status", status),
				slog.Int64("duration_ms", time.Since(start).Milliseconds()))
			_ = s.log.Handler().Handle(ctx, rec)
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

// Start starts the App (its live hub, outbox worker, jobs and workers:
// app.App.Start) and the profiler, then listens on the configured address
// and serves in the background until ctx ends or Stop is called. Errors,
// with what was started stopped again: the App's; the profiler's address
// cannot be listened on; the address cannot be listened on.
func (s *Server) Start(ctx context.Context) error {
	if err := s.app.Start(ctx); err != nil {
		return err
	}
	if err := s.profiler.Start(ctx); err != nil {
		s.app.Stop()
		return err
	}
	ln, err := net.Listen("tcp", s.cfg.Listen)
	if err != nil {
		s.profiler.Stop()
		s.app.Stop()
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

// Stop shuts the server and its App down within Config.ShutdownTimeout:
// websockets are ended, new requests refused, and requests in flight, the
// outbox worker (whose consumers' contexts are cancelled) and the live hub
// get until the deadline to finish (app.App.Shutdown). Whatever is still
// running then is abandoned and logged: connections are closed, and outbox
// events in hand go back to the queue when their lease expires. Stop may be
// called any number of times, concurrently; every call returns once the
// first one has.
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
	s.stopSockets()
	s.profiler.Stop()
	// The outbox does not depend on HTTP: the App stops it alongside the
	// requests, and the rest once they are done.
	s.app.Shutdown(timeout, func(ctx context.Context) {
		if err := srv.Shutdown(ctx); err != nil {
			s.log.Warn("shutdown: requests still in flight at the deadline; closing their connections", "timeout", timeout)
			_ = srv.Close()
		}
		<-done
	})
}
