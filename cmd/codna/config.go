package main

import (
	"fmt"
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"codna/internal/app"
	"codna/internal/server"
	"codna/internal/sso"
	"codna/internal/webhook"
)

// config is everything `codna` reads from its environment. Flags override it.
type config struct {
	DatabaseURL string
	DataDir     string
	LogFormat   string // auto | json | text
	LogLevel    string // debug | info | warn | error
	Migrate     bool   // migrate up when serve starts
	Demo        bool   // seed a demo person and documents into an empty database
	// HeapFloorMiB is the heap size below which the collector does not run
	// (internal/pacer); 0 leaves GOGC alone.
	HeapFloorMiB int
	// TypesenseURL and TypesenseAPIKey choose the Typesense search backend
	// when both are set (docs/operations.md#search).
	TypesenseURL    string
	TypesenseAPIKey string
	// FileStore keeps attachments' bytes: local (CODNA_DATA_DIR/files) or
	// postgres (docs/operations.md#files).
	FileStore string
	// PublicURL is where people reach the instance (CODNA_PUBLIC_URL),
	// without a trailing slash, for the links the CLI prints; empty: the
	// listen address over http (publicBase).
	PublicURL string
	Server    server.Config // the HTTP server's
	App       app.Config    // the services' and background work's
}

// envConfig reads the CODNA_* variables; an unparsable value is an error
// naming the variable.
func envConfig() (config, error) {
	c := config{
		DatabaseURL: os.Getenv("CODNA_DATABASE_URL"),
		DataDir:     envOr("CODNA_DATA_DIR", "./.codna"),
		LogFormat:   envOr("CODNA_LOG_FORMAT", "auto"),
		LogLevel:    envOr("CODNA_LOG_LEVEL", "info"),
		Migrate:     true,
		// Three dozen MiB of garbage between collections on a replica
		// serving reads; nothing changes for one whose live heap is larger.
		HeapFloorMiB: 64,
		Server:       server.DefaultConfig,
		App:          app.DefaultConfig,
	}
	s, a := &c.Server, &c.App
	s.Listen = envOr("CODNA_LISTEN", s.Listen)
	if v := os.Getenv("CODNA_ALLOWED_ORIGINS"); v != "" {
		for _, o := range strings.Split(v, ",") {
			if o = strings.TrimSpace(o); o != "" {
				s.AllowedOrigins = append(s.AllowedOrigins, o)
			}
		}
	}
	s.CookieSecure = envOr("CODNA_COOKIE_SECURE", s.CookieSecure)
	s.PprofListen = os.Getenv("CODNA_PPROF_LISTEN")
	c.TypesenseURL = os.Getenv("CODNA_TYPESENSE_URL")
	c.TypesenseAPIKey = os.Getenv("CODNA_TYPESENSE_API_KEY")
	c.FileStore = envOr("CODNA_FILE_STORE", "local")
	c.PublicURL = strings.TrimRight(os.Getenv("CODNA_PUBLIC_URL"), "/")
	a.Mail.SMTPURL = os.Getenv("CODNA_SMTP_URL")
	a.Mail.From = os.Getenv("CODNA_MAIL_FROM")
	a.Mail.PublicURL = os.Getenv("CODNA_PUBLIC_URL")
	a.SSO = sso.Config{
		Issuer: os.Getenv("CODNA_OIDC_ISSUER"), ClientID: os.Getenv("CODNA_OIDC_CLIENT_ID"),
		ClientSecret: os.Getenv("CODNA_OIDC_CLIENT_SECRET"), Name: strings.TrimSpace(os.Getenv("CODNA_OIDC_NAME")),
		AllowedDomains: sso.ParseDomains(os.Getenv("CODNA_OIDC_ALLOWED_DOMAINS")), PublicURL: c.PublicURL,
	}
	p := parser{}
	p.bool("CODNA_OIDC_ONLY", &a.SSO.Only)
	p.bool("CODNA_MIGRATE", &c.Migrate)
	p.bool("CODNA_DEMO", &c.Demo)
	p.bool("CODNA_INTROSPECTION", &s.Introspection)
	p.bool("CODNA_PLAYGROUND", &s.Playground)
	p.bool("CODNA_TRUST_PROXY", &s.TrustProxy)
	p.bool("CODNA_WEBHOOK_ALLOW_HTTP", &a.Webhooks.AllowHTTP)
	coediting := true
	p.bool("CODNA_COEDITING", &coediting)
	a.CoeditingOff = !coediting
	p.duration("CODNA_COEDIT_QUIET", &a.Collab.QuietRevision)
	p.int64("CODNA_BODY_LIMIT", &s.BodyLimit, 1024)
	p.duration("CODNA_REQUEST_TIMEOUT", &s.RequestTimeout)
	p.duration("CODNA_SHUTDOWN_TIMEOUT", &s.ShutdownTimeout)
	a.ShutdownTimeout = s.ShutdownTimeout // one deadline for the requests and the background work
	p.int("CODNA_COMPLEXITY_LIMIT", &s.Limits.Complexity, 10)
	p.int("CODNA_DEPTH_LIMIT", &s.Limits.Depth, 2)
	p.int("CODNA_TOKEN_LIMIT", &s.Limits.Tokens, 100)
	p.duration("CODNA_WS_INIT_TIMEOUT", &s.WSInitTimeout)
	p.duration("CODNA_WS_KEEPALIVE", &s.WSKeepAlive)
	p.int("CODNA_WS_MAX_SUBSCRIPTIONS", &s.WSMaxSubs, 1)
	p.int("CODNA_WS_MAX_SOCKETS_PER_USER", &s.WSMaxSockets, 1)
	p.int("CODNA_WS_MAX_ANONYMOUS", &s.WSMaxAnonymous, 0)
	p.duration("CODNA_SESSION_TTL", &a.Auth.SessionTTL)
	p.duration("CODNA_PURGE_AFTER", &a.Documents.PurgeAfter)
	p.duration("CODNA_EVENT_RETENTION", &a.Outbox.Retention)
	p.duration("CODNA_CONSUMER_TIMEOUT", &a.Outbox.ConsumerTimeout)
	p.int("CODNA_OUTBOX_WORKERS", &a.Outbox.Workers, 1)
	p.int("CODNA_AUTOMATION_WORKERS", &a.Automation.Workers, 1)
	p.int64("CODNA_MAX_FILE_BYTES", &a.Files.MaxFileBytes, 1)
	p.int64("CODNA_MAX_IMPORT_BYTES", &a.Files.MaxImportBytes, 1)
	p.duration("CODNA_UPLOAD_TIMEOUT", &s.UploadTimeout)
	p.duration("CODNA_BODY_IDLE_TIMEOUT", &s.BodyIdleTimeout)
	p.int("CODNA_MAX_UPLOADS_PER_USER", &s.MaxUploadsPerUser, 1)
	p.duration("CODNA_PURGE_INTERVAL", &a.PurgeEvery)
	p.duration("CODNA_ACTIVITY_RETENTION", &a.ActivityRetention)
	p.int("CODNA_HEAP_FLOOR_MIB", &c.HeapFloorMiB, 0)
	p.rate("CODNA_SMTP_RATE", &a.Mail.Rate)
	p.int("CODNA_MAX_BODY_BYTES", &a.Documents.MaxBodyBytes, 1024)
	p.int("CODNA_LOGIN_LIMIT", &a.Auth.LoginLimit, 1)
	p.duration("CODNA_LOGIN_WINDOW", &a.Auth.LoginWindow)
	var mem, iter int
	mem, iter = int(a.Auth.Argon2.Memory), int(a.Auth.Argon2.Iterations)
	p.int("CODNA_ARGON2_MEMORY_KIB", &mem, 8)
	p.int("CODNA_ARGON2_ITERATIONS", &iter, 1)
	a.Auth.Argon2.Memory, a.Auth.Argon2.Iterations = uint32(mem), uint32(iter)
	if p.err != nil {
		return c, p.err
	}
	if v := os.Getenv("CODNA_WEBHOOK_ALLOW_CIDRS"); v != "" {
		allow, err := webhook.ParseAllow(v)
		if err != nil {
			return c, fmt.Errorf("CODNA_WEBHOOK_ALLOW_CIDRS: %w", err)
		}
		a.Webhooks.Allow = allow
	}
	switch s.CookieSecure {
	case "auto", "true", "false":
	default:
		return c, fmt.Errorf("CODNA_COOKIE_SECURE must be auto, true or false, not %q", s.CookieSecure)
	}
	if s.PprofListen != "" {
		if _, err := server.ProfileAddress(s.PprofListen); err != nil {
			return c, fmt.Errorf("CODNA_PPROF_LISTEN: %w", err)
		}
	}
	switch c.FileStore {
	case "local", "postgres":
	default:
		return c, fmt.Errorf("CODNA_FILE_STORE must be local or postgres, not %q", c.FileStore)
	}
	if c.PublicURL != "" {
		u, err := url.Parse(c.PublicURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
			return c, fmt.Errorf("CODNA_PUBLIC_URL must be an http or https URL like https://wiki.example.com, not %q", c.PublicURL)
		}
	}
	// Its errors name the variable and never quote the SMTP password.
	if err := a.Mail.Check(); err != nil {
		return c, err
	}
	// Its errors name the variable and never quote the client secret.
	if err := a.SSO.Check(); err != nil {
		return c, err
	}
	switch c.LogFormat {
	case "auto", "json", "text":
	default:
		return c, fmt.Errorf("CODNA_LOG_FORMAT must be auto, json or text, not %q", c.LogFormat)
	}
	return c, nil
}

// publicBase is the instance's address for links: CODNA_PUBLIC_URL, or
// the listen address over http (localhost for a listen address without a
// host).
func (c config) publicBase() string {
	if c.PublicURL != "" {
		return c.PublicURL
	}
	host, port, err := net.SplitHostPort(c.Server.Listen)
	if err != nil {
		return "http://" + c.Server.Listen
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port)
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

type parser struct{ err error }

func (p *parser) fail(name, v, want string) {
	if p.err == nil {
		p.err = fmt.Errorf("%s=%q: want %s", name, v, want)
	}
}

func (p *parser) bool(name string, dst *bool) {
	if v := os.Getenv(name); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			p.fail(name, v, "true or false")
			return
		}
		*dst = b
	}
}

func (p *parser) int(name string, dst *int, minimum int) {
	if v := os.Getenv(name); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < minimum {
			p.fail(name, v, fmt.Sprintf("a whole number of at least %d", minimum))
			return
		}
		*dst = n
	}
}

func (p *parser) int64(name string, dst *int64, minimum int64) {
	if v := os.Getenv(name); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < minimum {
			p.fail(name, v, fmt.Sprintf("a whole number of at least %d", minimum))
			return
		}
		*dst = n
	}
}

func (p *parser) rate(name string, dst *float64) {
	if v := os.Getenv(name); v != "" {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || !(f > 0) || f > 1e6 {
			p.fail(name, v, "a positive number of sends per second, such as 5 or 0.5")
			return
		}
		*dst = f
	}
}

func (p *parser) duration(name string, dst *time.Duration) {
	if v := os.Getenv(name); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			p.fail(name, v, "a positive duration such as 30s or 15m")
			return
		}
		*dst = d
	}
}
