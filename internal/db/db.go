// Package db holds the sqlc-generated queries over pgx/v5, the connection
// pool and the transaction helper every service uses.
package db

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgproto3"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/fault"
)

// Open connects a pool to dsn, set up by Configure, and checks that the
// database answers. tracer may be nil.
func Open(ctx context.Context, dsn string, tracer pgx.QueryTracer) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("database url: %w", err)
	}
	Configure(cfg)
	if tracer != nil {
		cfg.ConnConfig.Tracer = tracer
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("connect: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("connect: %w", err)
	}
	return pool, nil
}

// Configure sets up a pool's sessions as the server runs them; a pool built
// from its own config (a test's, a benchmark's) calls it before connecting,
// so that it scans rows the way the server does.
//
// Each connection registers the queries' Go types (RegisterTypes, and the
// schema's enums as this database numbered them) before it runs any
// AfterConnect cfg already has. Sessions run with jit off unless cfg sets
// jit itself: the planner's cost of a statement that walks many rows through
// the inlined access level (migration 000010) can pass jit_above_cost, and
// compiling costs tens to hundreds of milliseconds on statements that run in
// a few (docs/operations.md#postgres-settings); and with search's trigram
// threshold (TrigramThresholdParam) unless cfg sets it.
func Configure(cfg *pgxpool.Config) {
	if _, set := cfg.ConnConfig.RuntimeParams["jit"]; !set {
		cfg.ConnConfig.RuntimeParams["jit"] = "off"
	}
	if _, set := cfg.ConnConfig.RuntimeParams[TrigramThresholdParam]; !set {
		cfg.ConnConfig.RuntimeParams[TrigramThresholdParam] = TrigramThreshold
	}
	cfg.ConnConfig.BuildFrontend = bufferedFrontend
	then := cfg.AfterConnect
	cfg.AfterConnect = func(ctx context.Context, c *pgx.Conn) error {
		RegisterTypes(c.TypeMap())
		if err := registerEnums(ctx, c); err != nil {
			return err
		}
		if then != nil {
			return then(ctx, c)
		}
		return nil
	}
}

// readBuffer is how much of a connection's input one read may take. pgx
// reads the socket 8 KiB at a time (pgproto3's message reader); a documents
// page's link rows are some 50 KiB, so a statement cost six reads and a
// system call each, where one or two do when the rows have arrived.
const readBuffer = 64 << 10

// bufferedFrontend is pgx's frontend reading through a readBuffer-sized
// buffer. That buffer is invisible to pgconn.PgConn.SyncConn (which checks
// only pgx's own): nothing here hijacks a connection or reads its net.Conn
// directly, and nothing may.
func bufferedFrontend(r io.Reader, w io.Writer) *pgproto3.Frontend {
	return pgproto3.NewFrontend(bufio.NewReaderSize(r, readBuffer), w)
}

// TrigramThresholdParam is the setting of how similar a search's words must
// be to a title for the title to count as a misspelled match (pg_trgm's
// <% operator: docs/design.md#search); Configure sets it to
// TrigramThreshold, lower than pg_trgm's 0.6, which misses swapped
// letters ("onbaording" is 0.47 like "onboarding").
const (
	TrigramThresholdParam = "pg_trgm.word_similarity_threshold"
	TrigramThreshold      = "0.45"
)

// Q runs every generated query. It holds no state: each method takes, after
// ctx, the DBTX to run on — a pool, a connection or a transaction — so a
// helper that reads or writes takes a DBTX and works the same inside a
// transaction or out of one. There is no other way to reach the queries.
var Q = New()

// Beginner is what InTx needs: a pool or a connection.
type Beginner interface {
	BeginTx(ctx context.Context, opts pgx.TxOptions) (pgx.Tx, error)
}

// InTx runs fn in a read-write transaction at the server's default isolation
// (read committed) and commits when fn returns nil. Any error, or a panic,
// rolls it back. fn must not keep tx after it returns.
//
// The error InTx returns has been through fault.FromPG: a violation of a
// constraint input can break (fault's table) comes back as the CONFLICT or
// BAD_USER_INPUT error naming its field, whichever statement raised it, and
// at commit too (a deferred constraint).
func InTx(ctx context.Context, b Beginner, fn func(tx DBTX) error) error {
	return InTxWith(ctx, b, pgx.TxOptions{}, fn)
}

// InTxWith is InTx with the transaction's isolation level and access mode
// chosen by opts: a read-only repeatable-read transaction, for one, gives
// every statement fn runs the same snapshot.
func InTxWith(ctx context.Context, b Beginner, opts pgx.TxOptions, fn func(tx DBTX) error) error {
	tx, err := b.BeginTx(ctx, opts)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if err := fn(tx); err != nil {
		return fault.FromPG(err)
	}
	if err := tx.Commit(ctx); err != nil {
		return fault.FromPG(fmt.Errorf("commit: %w", err))
	}
	return nil
}

// Counter is a pgx tracer that counts the statements sent to the database,
// alone or in a batch, and remembers the names of the generated queries
// among them. Tests use it
// to prove a request issues no query (or no more than N), or which.
type Counter struct {
	n     atomic.Int64
	mu    sync.Mutex
	names []string
}

// TraceQueryStart counts one statement and notes its query's name.
func (c *Counter) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	c.count(d.SQL)
	return ctx
}

// TraceBatchQuery counts each statement of a batch (db.Batch) as one, as
// if it had been sent alone: a batch saves round trips, not statements.
func (c *Counter) TraceBatchQuery(_ context.Context, _ *pgx.Conn, d pgx.TraceBatchQueryData) {
	c.count(d.SQL)
}

// TraceBatchStart does nothing.
func (c *Counter) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	return ctx
}

// TraceBatchEnd does nothing.
func (c *Counter) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData) {}

func (c *Counter) count(sql string) {
	c.n.Add(1)
	if name, ok := queryName(sql); ok {
		c.mu.Lock()
		c.names = append(c.names, name)
		c.mu.Unlock()
	}
}

// queryName is the name sqlc writes at the head of a generated query's SQL
// ("-- name: DocumentGet :one").
func queryName(sql string) (string, bool) {
	rest, ok := strings.CutPrefix(sql, "-- name: ")
	if !ok {
		return "", false
	}
	name, _, _ := strings.Cut(rest, " ")
	return name, true
}

// TraceQueryEnd does nothing.
func (c *Counter) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// Count is the number of statements seen so far.
func (c *Counter) Count() int64 { return c.n.Load() }

// Names lists the generated queries seen so far, in order.
func (c *Counter) Names() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.names)
}

// Reset sets the count back to zero.
func (c *Counter) Reset() {
	c.n.Store(0)
	c.mu.Lock()
	c.names = nil
	c.mu.Unlock()
}
