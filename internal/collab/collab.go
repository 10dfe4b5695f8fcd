// Package collab holds the co-editing rooms of this replica: people typing
// into one page together over the y-websocket protocol, every accepted
// update stored before it is relayed, rooms on other replicas reached
// through Postgres, permissions checked on every message, and revisions
// written from the room through the document service (docs/design.md
// "Co-editing"). The websocket itself is internal/server's: this package
// sees a Conn.
package collab

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/auth"
	"codna/internal/crdt"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/live"
)

// Close codes a socket is closed with (the application range of RFC 6455).
const (
	CodeProtocol     = 4400 // a message that breaks the protocol
	CodeUnauthorized = 4401 // the session or token ended
	CodeForbidden    = 4403 // an update from someone who may only read, or access lost
	CodeNotFound     = 4404 // the page is gone (trashed, purged) or was never readable
	CodeReset        = 4409 // the client's copy is of an older generation: drop it and reload
	CodeTooLarge     = 4413 // an update or awareness state over its limit, or the text past the body limit
	CodeSlow         = 4429 // the client does not read its messages fast enough
	CodeGoingAway    = 4503 // the server is stopping or co-editing was turned off
)

// Config configures the rooms.
type Config struct {
	// Off turns co-editing off: Join refuses every socket.
	Off bool
	// QuietRevision is how long a room stays quiet before its text is
	// written as a revision (10 s).
	QuietRevision time.Duration
	// BusyRevision is how often at most a busy room writes one (5 min).
	BusyRevision time.Duration
	// Heartbeat is how often this replica marks its rooms live (10 s); a
	// room counts as live for three heartbeats.
	Heartbeat time.Duration
	// Recheck is how often each socket's permission is read again without
	// a notification (30 s).
	Recheck time.Duration
	// MaxUpdate bounds one update (1 MiB).
	MaxUpdate int
	// MaxBodyBytes bounds the page's text, as every save (the document
	// service's limit).
	MaxBodyBytes int
	// SyncEngineBytes: a page whose state is larger answers sync step 1
	// with its stored state and log instead of asking the engine (256 KiB).
	SyncEngineBytes int
	// EngineWait is how long sync step 1 waits for a runtime before doing
	// without (50 ms).
	EngineWait time.Duration
	// SendQueue is how many messages a socket may have waiting (256).
	SendQueue int
}

func (c Config) withDefaults() Config {
	set := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	set(&c.QuietRevision, 10*time.Second)
	set(&c.BusyRevision, 5*time.Minute)
	set(&c.Heartbeat, 10*time.Second)
	set(&c.Recheck, 30*time.Second)
	set(&c.EngineWait, 50*time.Millisecond)
	if c.MaxUpdate <= 0 {
		c.MaxUpdate = 1 << 20
	}
	if c.MaxBodyBytes <= 0 {
		c.MaxBodyBytes = 1 << 20
	}
	if c.SyncEngineBytes <= 0 {
		c.SyncEngineBytes = 256 << 10
	}
	if c.SendQueue <= 0 {
		c.SendQueue = 256
	}
	return c
}

// Conn is one socket as a room sees it.
type Conn interface {
	// Send queues a binary message without blocking; false when the queue
	// is full (the room then closes the socket with CodeSlow).
	Send(msg []byte) bool
	// Close ends the socket with a code and a reason. Idempotent.
	Close(code int, reason string)
}

// CloseError is what Receive returns when the socket must be closed.
type CloseError struct {
	Code   int
	Reason string
}

func (e *CloseError) Error() string { return fmt.Sprintf("collab: %d %s", e.Code, e.Reason) }

func closeErr(code int, reason string) error { return &CloseError{Code: code, Reason: reason} }

// Service is this replica's rooms. Safe for concurrent use.
type Service struct {
	cfg     Config
	pool    *pgxpool.Pool
	docs    *document.Service
	auth    *auth.Service
	engine  *crdt.Engine
	hub     *live.Hub
	log     *slog.Logger
	replica string // this replica's id in notifications, so it skips its own

	mu      sync.Mutex
	rooms   map[uuid.UUID]*room
	stopped bool
	cancel  context.CancelFunc
	done    chan struct{}
	notes   chan string // other replicas' updates and presence, relayed off the hub's goroutine
	checks  chan string // pages and people whose access or text changed: merges and rechecks, apart from the relay
	wg      sync.WaitGroup
	// resyncSoon is set when notifications were lost.
	resyncSoon atomic.Bool
	// ticking and compacting are set while the revisions due or the
	// compactions run, off the notifications' goroutine.
	ticking, compacting atomic.Bool
}

// New returns the rooms of this replica. docs writes the revisions and
// answers who may read and write; authn says whether a socket's session or
// token still holds; engine understands the documents.
func New(pool *pgxpool.Pool, docs *document.Service, authn *auth.Service, engine *crdt.Engine, hub *live.Hub, cfg Config, log *slog.Logger) *Service {
	if log == nil {
		log = slog.Default()
	}
	return &Service{
		cfg: cfg.withDefaults(), pool: pool, docs: docs, auth: authn, engine: engine, hub: hub, log: log,
		replica: uuid.NewString()[:8], rooms: map[uuid.UUID]*room{}, notes: make(chan string, 4096), checks: make(chan string, 4096),
	}
}

// ErrStopped is returned by Join after Stop.
var ErrStopped = errors.New("collab: stopped")

// ErrOff is returned by Join when co-editing is off.
var ErrOff = errors.New("collab: co-editing is off")

// Enabled reports whether co-editing is on.
func (s *Service) Enabled() bool { return !s.cfg.Off }

// MaxMessage bounds one socket message: an update at its limit and its
// framing.
func (s *Service) MaxMessage() int { return s.cfg.MaxUpdate + 64 }

// Join admits a socket to a page's room as the actor in ctx, who must be
// able to read the page; generation is the one of the client's local copy
// (0 for none). The returned Session takes the socket's messages. Errors:
// UNAUTHENTICATED; FORBIDDEN for management; NOT_FOUND when the actor cannot
// read the page (or it is in the trash); a *CloseError with CodeReset when
// the client's copy is of another generation (it was sent MsgReset first);
// ErrStopped.
func (s *Service) Join(ctx context.Context, documentID uuid.UUID, generation int64, conn Conn) (*Session, error) {
	if s.cfg.Off {
		return nil, ErrOff
	}
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if actor.IsManagement() {
		return nil, fault.New(fault.Forbidden, "management never joins a page's room")
	}
	lvl, err := s.level(ctx, documentID)
	if err != nil {
		return nil, err
	}
	if lvl == levelNone {
		return nil, fault.New(fault.NotFound, "document not found")
	}
	r, err := s.room(ctx, documentID)
	if err != nil {
		return nil, err
	}
	if generation != 0 && generation != r.generation() {
		conn.Send(crdt.ResetMessage(r.generation()))
		r.release()
		return nil, closeErr(CodeReset, "the page was replaced: load it again")
	}
	sess := &Session{room: r, conn: conn, actor: *actor, ctx: context.WithoutCancel(ctx), checked: time.Now()}
	sess.level.Store(int32(lvl))
	if err := r.join(ctx, sess); err != nil {
		r.release()
		return nil, err
	}
	return sess, nil
}

// room returns the page's room on this replica, opening it (and counting a
// holder) as needed; release undoes it.
func (s *Service) room(ctx context.Context, id uuid.UUID) (*room, error) {
	s.mu.Lock()
	if s.stopped {
		s.mu.Unlock()
		return nil, ErrStopped
	}
	r := s.rooms[id]
	if r == nil || r.holders == 0 {
		// None, or one its last holder is closing: a new one.
		r = newRoom(s, id)
		s.rooms[id] = r
	}
	r.holders++
	s.mu.Unlock()
	if err := r.open(ctx); err != nil {
		r.release()
		return nil, err
	}
	return r, nil
}

// forget drops a room no socket holds any more.
func (s *Service) forget(r *room) {
	s.mu.Lock()
	if s.rooms[r.id] == r && r.holders == 0 {
		delete(s.rooms, r.id)
	}
	s.mu.Unlock()
}

// Rooms counts this replica's open rooms.
func (s *Service) Rooms() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.rooms)
}
