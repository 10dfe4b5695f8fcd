// Package typesense is the search backend for scale: the search.Backend
// interface over a Typesense server (github.com/typesense/typesense-go/v2),
// chosen when CODNA_TYPESENSE_URL and CODNA_TYPESENSE_API_KEY are set
// (docs/operations.md, "Search on Typesense").
//
// The index is one collection behind an alias (codna_documents): searches,
// writes and deletes go through the alias, and Rebuild writes a new
// collection (codna_documents_<unix nanos>) and swaps the alias to it, so a
// search never sees a half-built index. Every entry carries acl_read (the
// user: and group: strings of who may read it); a search filters on the
// actor's strings, then passes every candidate through the service's
// permission re-check (Query.Readable) before it counts it as a hit, in
// totals or in facets. Writes are conditional: an entry is not replaced by
// one with a smaller version or access sequence.
//
// Nothing user-typed reaches Typesense's syntax unescaped: query words are
// stripped of the characters q treats as operators, and filter_by values
// are either validated identifiers and enum values in backtick literals or
// hex-encoded copies of free text (tags, folders) in fields kept for
// filtering (docs/operations.md, "Search on Typesense").
package typesense

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/typesense/typesense-go/v2/typesense"

	"codna/internal/fault"
	"codna/internal/search"
)

// DefaultAlias is the alias searches and writes go through.
const DefaultAlias = "codna_documents"

// Defaults of the options.
const (
	DefaultTimeout       = 5 * time.Second
	DefaultImportTimeout = 2 * time.Minute
	DefaultCandidateCap  = 1000
)

// pageSize is how many candidates one engine request returns (Typesense's
// largest page).
const pageSize = 250

// maxWindowScan bounds how many candidates one page of hits may look at
// past its start: when the engine's entries are that stale (candidates the
// permission re-check refuses), the page ends early with a Next to go on.
const maxWindowScan = 5000

// Backend is the Typesense search backend. Its methods are safe for
// concurrent use.
type Backend struct {
	alias        string
	client       *typesense.Client // searches and small writes
	bulk         *typesense.Client // imports (a longer timeout)
	apiKey       string
	candidateCap int
	timeout      time.Duration
	log          *slog.Logger

	mu    sync.Mutex
	ready bool // the alias is known to exist
}

var _ search.Backend = (*Backend)(nil)

// Option configures New.
type Option func(*options)

type options struct {
	alias         string
	timeout       time.Duration
	importTimeout time.Duration
	candidateCap  int
	log           *slog.Logger
}

// WithAlias names the alias (default codna_documents; collections are
// named after it). Tests use a name of their own.
func WithAlias(alias string) Option { return func(o *options) { o.alias = alias } }

// WithTimeout bounds each search and write request (default 5 s).
func WithTimeout(d time.Duration) Option { return func(o *options) { o.timeout = d } }

// WithImportTimeout bounds each import request of a rebuild (default 2 min).
func WithImportTimeout(d time.Duration) Option { return func(o *options) { o.importTimeout = d } }

// WithCandidateCap sets how many engine candidates a search re-checks to
// count its total and facets (default 1,000); beyond it both are
// approximate (Result.Approximate).
func WithCandidateCap(n int) Option { return func(o *options) { o.candidateCap = n } }

// WithLogger sets where the backend logs what it cannot return as an error
// (an old collection it could not drop). Default slog.Default().
func WithLogger(l *slog.Logger) Option { return func(o *options) { o.log = l } }

// New returns a backend for the Typesense server at rawURL (http or https,
// optionally with a path prefix; no credentials, query or fragment in it)
// authenticating with apiKey. It does not contact the server: the first
// Apply or Search creates the collection and alias when they are missing
// (Ping checks the server). Errors are BAD_USER_INPUT naming
// CODNA_TYPESENSE_URL or CODNA_TYPESENSE_API_KEY; neither message holds
// the key.
func New(rawURL, apiKey string, opts ...Option) (*Backend, error) {
	o := options{alias: DefaultAlias, timeout: DefaultTimeout, importTimeout: DefaultImportTimeout,
		candidateCap: DefaultCandidateCap, log: slog.Default()}
	for _, opt := range opts {
		opt(&o)
	}
	u, err := url.Parse(strings.TrimSpace(rawURL))
	switch {
	case err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "":
		return nil, fault.Input("CODNA_TYPESENSE_URL", "The Typesense URL must be an http:// or https:// URL with a host.")
	case u.User != nil:
		return nil, fault.Input("CODNA_TYPESENSE_URL", "The Typesense URL must not hold credentials: give the API key in CODNA_TYPESENSE_API_KEY.")
	case u.RawQuery != "" || u.Fragment != "" || u.ForceQuery:
		return nil, fault.Input("CODNA_TYPESENSE_URL", "The Typesense URL must not have a query or fragment.")
	}
	if strings.TrimSpace(apiKey) == "" || strings.ContainsAny(apiKey, "\r\n") {
		return nil, fault.Input("CODNA_TYPESENSE_API_KEY", "The Typesense API key is empty or not one line.")
	}
	if !validName(o.alias) {
		return nil, fault.Input("alias", "An alias is 1 to 64 letters, digits and underscores.")
	}
	if o.timeout <= 0 || o.importTimeout <= 0 || o.candidateCap < pageSize {
		return nil, fault.Input("options", "Timeouts must be positive and the candidate cap at least %d.", pageSize)
	}
	server := strings.TrimSuffix(u.String(), "/")
	mk := func(timeout time.Duration) *typesense.Client {
		return typesense.NewClient(
			typesense.WithServer(server),
			typesense.WithAPIKey(apiKey),
			typesense.WithConnectionTimeout(timeout),
			typesense.WithCircuitBreakerName("codna-typesense"),
			typesense.WithCircuitBreakerTimeout(10*time.Second),
		)
	}
	return &Backend{
		alias:        o.alias,
		client:       mk(o.timeout),
		bulk:         mk(o.importTimeout),
		apiKey:       apiKey,
		candidateCap: o.candidateCap,
		timeout:      o.timeout,
		log:          o.log,
	}, nil
}

// NewBackend is New with the default options, as a search.Backend: the
// form cmd/codna's backend hook takes (newTypesense = typesense.NewBackend).
func NewBackend(rawURL, apiKey string) (search.Backend, error) {
	b, err := New(rawURL, apiKey)
	if err != nil {
		return nil, err
	}
	return b, nil
}

func validName(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// Name is "typesense".
func (b *Backend) Name() string { return "typesense" }

// Alias is the alias the backend searches and writes through.
func (b *Backend) Alias() string { return b.alias }

// Ping asks the server for its health: nil when it answers ok, an
// UNAVAILABLE error when it cannot be reached or is not ready, an error
// naming the problem when it refuses the key.
func (b *Backend) Ping(ctx context.Context) error {
	h, err := b.client.Health(ctx, b.timeout)
	if err != nil {
		return b.wrap("health", err)
	}
	if !h {
		return b.wrap("health", errNotReady)
	}
	// The health endpoint needs no key; a collection list does.
	if _, err := b.client.Aliases().Retrieve(ctx); err != nil {
		return b.wrap("list aliases", err)
	}
	return nil
}

var errNotReady = errors.New("the server reports it is not ready")

// ensure creates the first collection and the alias when the alias does
// not exist (first start). It is idempotent across replicas: the first
// collection's name is fixed (<alias>_0), so two replicas starting at once
// create it once and point the alias at the same collection.
func (b *Backend) ensure(ctx context.Context) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.ready {
		return nil
	}
	_, err := b.client.Alias(b.alias).Retrieve(ctx)
	if err == nil {
		b.ready = true
		return nil
	}
	if status(err) != 404 {
		return b.wrap("read alias", err)
	}
	first := b.alias + "_0"
	if _, err := b.client.Collections().Create(ctx, collectionSchema(first)); err != nil && status(err) != 409 {
		return b.wrap("create collection", err)
	}
	if _, err := b.client.Aliases().Upsert(ctx, b.alias, aliasTo(first)); err != nil {
		return b.wrap("create alias", err)
	}
	b.ready = true
	return nil
}

// forget makes the next call check the alias again (after a 404 from it:
// someone dropped the collection or the alias).
func (b *Backend) forget() {
	b.mu.Lock()
	b.ready = false
	b.mu.Unlock()
}

// Error is what the backend returns when Typesense fails: the operation,
// the HTTP status (0 when no answer came) and Typesense's message. When the
// server cannot be reached (no connection, a timeout, a 5xx, the circuit
// breaker open) it wraps a *fault.Error with code UNAVAILABLE, so callers
// answering clients show that code; anything else is an internal error. Its
// text never holds the API key.
type Error struct {
	Op          string
	Status      int
	Message     string
	Unavailable bool
	cause       error
}

var errUnavailable = fault.New(fault.Unavailable, "The search engine does not answer right now; try again in a moment.")

func (e *Error) Error() string {
	s := "typesense " + e.Op + ": "
	if e.Status != 0 {
		s += fmt.Sprintf("status %d: ", e.Status)
	}
	s += e.Message
	if e.Unavailable {
		s += " (unavailable)"
	}
	return s
}

// Unwrap gives the cause and, for an unreachable server, the UNAVAILABLE
// fault.
func (e *Error) Unwrap() []error {
	out := []error{}
	if e.cause != nil {
		out = append(out, e.cause)
	}
	if e.Unavailable {
		out = append(out, errUnavailable)
	}
	return out
}

// status returns the HTTP status of a typesense-go error, 0 when there was
// no answer.
func status(err error) int {
	var he *typesense.HTTPError
	if errors.As(err, &he) {
		return he.Status
	}
	var ae *apiError
	if errors.As(err, &ae) {
		return ae.status
	}
	return 0
}

// apiError is a failed answer the backend decoded itself (a multi_search
// result, an import line).
type apiError struct {
	status  int
	message string
}

func (e *apiError) Error() string { return fmt.Sprintf("status %d: %s", e.status, e.message) }

// wrap turns a typesense-go error into an *Error (context errors are
// returned as they are).
func (b *Backend) wrap(op string, err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, context.Canceled) {
		return err
	}
	e := &Error{Op: op}
	var he *typesense.HTTPError
	var ae *apiError
	switch {
	case errors.As(err, &he):
		e.Status = he.Status
		e.Message = messageOf(he.Body)
	case errors.As(err, &ae):
		e.Status, e.Message = ae.status, ae.message
	default:
		e.Message = err.Error()
		e.Unavailable = true
		if errors.Is(err, context.DeadlineExceeded) {
			e.cause = context.DeadlineExceeded
		}
	}
	if e.Status >= 500 || e.Status == 429 {
		e.Unavailable = true
	}
	if e.Status == 401 || e.Status == 403 {
		e.Message = "the server refused the API key (CODNA_TYPESENSE_API_KEY): " + e.Message
	}
	e.Message = strings.ReplaceAll(e.Message, b.apiKey, "[redacted]")
	return e
}

// messageOf reads Typesense's error body ({"message": "..."}), or returns
// the body cut short.
func messageOf(body []byte) string {
	var m struct {
		Message string `json:"message"`
	}
	if err := jsonUnmarshal(body, &m); err == nil && m.Message != "" {
		return m.Message
	}
	s := string(body)
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}
