package collab

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/auth"
	"codna/internal/crdt"
	"codna/internal/db"
	"codna/internal/fault"
)

// room is one page's room on this replica: its sockets, the presence they
// share, what the stored document holds (its state vector and an upper
// bound of the text's size), and the bookkeeping of the next revision. The
// document itself is not held here (docs/design.md "Co-editing: the
// engine off the hot path"): updates are checked in Go, stored, relayed.
type room struct {
	svc *Service
	id  uuid.UUID

	holders int // sockets and openings holding the room; under svc.mu

	openMu sync.Mutex
	opened bool

	mu       sync.Mutex
	gen      int64
	vector   crdt.StateVector
	estBytes int // an upper bound of the text's UTF-8 bytes
	inserted int // UTF-8 bytes of text every update stored since the room opened inserted
	sessions map[*Session]struct{}
	aware    map[uint64]awareness // by Yjs client id
	queue    []pending
	kick     chan struct{}
	stop     chan struct{}
	drained  chan struct{} // closed by the writer once it stored what was queued and stopped
	closed   bool

	// the next revision
	dirtySince   time.Time
	lastUpdate   time.Time
	lastTypist   *typist
	contributors map[uuid.UUID]*typist
	writing      bool
}

// typist is someone who typed into the room: the revision is written as
// them, through the document service, which checks them again.
type typist struct {
	actor auth.Actor
	ctx   context.Context
}

// awareness is one client's latest presence.
type awareness struct {
	clock uint64
	state []byte // the stamped JSON state
	from  *Session
}

// pending is an accepted update waiting to be stored.
type pending struct {
	body   []byte
	update crdt.Update
	from   *Session // nil for an API write merged in
	author uuid.UUID
}

func newRoom(s *Service, id uuid.UUID) *room {
	return &room{
		svc: s, id: id, sessions: map[*Session]struct{}{}, aware: map[uint64]awareness{},
		kick: make(chan struct{}, 1), stop: make(chan struct{}), drained: make(chan struct{}), contributors: map[uuid.UUID]*typist{},
	}
}

func (r *room) generation() int64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.gen
}

// release drops one holder; the last one closes the room.
func (r *room) release() {
	s := r.svc
	s.mu.Lock()
	r.holders--
	last := r.holders == 0
	s.mu.Unlock()
	if !last {
		return
	}
	r.mu.Lock()
	wasOpen := !r.closed
	r.closed = true
	r.mu.Unlock()
	if wasOpen {
		close(r.stop)
		// Not live here any more: a page changed through the API from now
		// on resets the document when a room opens next (unless another
		// replica's heartbeat marks it live again).
		if err := db.Q.DocumentCrdtStateRelease(context.Background(), s.pool, r.id); err != nil {
			s.log.Warn("collab: releasing a room", "document", r.id, "err", err)
		}
	}
	s.forget(r)
}

// serverClient is a Yjs client id for one write made by the server (a page
// started or reset from a revision, an API write merged in).
func serverClient() uint32 { return rand.Uint32N(1<<31-1) + 1 }

// open loads the room's stored document, starting it from the latest
// revision when there is none, or replacing it (a reset: a new generation)
// when the page changed while no room held it, and marks it live.
func (r *room) open(ctx context.Context) error {
	r.openMu.Lock()
	defer r.openMu.Unlock()
	if r.opened {
		return nil
	}
	s := r.svc
	var st db.DocumentCrdtState
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		head, err := db.Q.DocumentGetCoeditHead(ctx, tx, r.id)
		if errors.Is(err, pgx.ErrNoRows) || (err == nil && head.Trashed) {
			return fault.New(fault.NotFound, "document not found")
		}
		if err != nil {
			return err
		}
		st, err = db.Q.DocumentCrdtStateLock(ctx, tx, r.id)
		fresh := errors.Is(err, pgx.ErrNoRows)
		if err != nil && !fresh {
			return err
		}
		live := !fresh && st.LiveUntil != nil && st.LiveUntil.After(time.Now())
		if fresh || (int(st.Version) < int(head.Version) && !live) {
			if err := r.startFrom(ctx, tx, head.Content, head.Version); err != nil {
				return err
			}
			if st, err = db.Q.DocumentCrdtStateLock(ctx, tx, r.id); err != nil {
				return err
			}
		}
		return db.Q.DocumentCrdtStateRenew(ctx, tx, db.DocumentCrdtStateRenewParams{DocumentIds: []uuid.UUID{r.id}, Seconds: 3 * s.cfg.Heartbeat.Seconds()})
	})
	if err != nil {
		return err
	}
	sv, err := crdt.ReadStateVector(st.Vector)
	if err != nil {
		return fmt.Errorf("collab: stored state vector of %s: %w", r.id, err)
	}
	est := int(st.TextLength)
	log, err := db.Q.DocumentCrdtUpdateList(ctx, s.pool, db.DocumentCrdtUpdateListParams{DocumentID: r.id, Generation: st.Generation, AfterSeq: st.ThroughSeq})
	if err != nil {
		return err
	}
	for _, u := range log {
		if up, err := crdt.ReadUpdate(u.Body); err == nil {
			sv.Merge(up)
			est += up.InsertedBytes
		}
	}
	r.mu.Lock()
	r.gen, r.vector, r.estBytes = st.Generation, sv, est
	r.mu.Unlock()
	r.opened = true
	go r.writer()
	s.askPresence(r.id)
	return nil
}

// startFrom writes the page's document from a revision's text: the first
// time, or as a new generation (its log of older generations goes).
func (r *room) startFrom(ctx context.Context, tx db.DBTX, text string, version int32) error {
	// Written in Go, not by the engine: a 1 MB page takes the engine
	// seconds, past its wall limit (bench/RESULTS.md "Issue 37").
	state := crdt.FromText(text, serverClient())
	up, err := crdt.ReadUpdate(state)
	if err != nil {
		return fmt.Errorf("collab: the engine wrote an update Go refuses: %w", err)
	}
	if err := db.Q.DocumentCrdtStateUpsert(ctx, tx, db.DocumentCrdtStateUpsertParams{
		DocumentID: r.id, State: state, Vector: crdt.StateVector(up.Ends).Encode(),
		TextLength: int32(len(text)), Version: version,
	}); err != nil {
		return err
	}
	st, err := db.Q.DocumentCrdtStateLock(ctx, tx, r.id)
	if err != nil {
		return err
	}
	return db.Q.DocumentCrdtUpdateDeleteThrough(ctx, tx, db.DocumentCrdtUpdateDeleteThroughParams{DocumentID: r.id, ThroughSeq: 0, Generation: st.Generation})
}

// join admits a session: it hears every update from now on, then gets the
// room's generation, the server's sync step 1 and everyone's presence.
func (r *room) join(_ context.Context, sess *Session) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return ErrStopped
	}
	r.sessions[sess] = struct{}{}
	sess.send(crdt.RoomMessage(r.gen))
	sess.send(crdt.SyncMessage(crdt.SyncStep1, r.vector.Encode()))
	if msg := r.awarenessLocked(); msg != nil {
		sess.send(msg)
	}
	return nil
}

// awarenessLocked is everyone's presence as one message, or nil.
func (r *room) awarenessLocked() []byte {
	if len(r.aware) == 0 {
		return nil
	}
	states := make([]crdt.AwarenessState, 0, len(r.aware))
	for c, a := range r.aware {
		states = append(states, crdt.AwarenessState{Client: c, Clock: a.clock, State: a.state})
	}
	return crdt.AwarenessMessage(crdt.EncodeAwareness(states))
}

// broadcastLocked sends msg to every session but one.
func (r *room) broadcastLocked(msg []byte, except *Session) {
	for s := range r.sessions {
		if s != except {
			s.send(msg)
		}
	}
}

// enqueue hands an accepted update to the room's writer.
func (r *room) enqueue(p pending) {
	r.mu.Lock()
	r.queue = append(r.queue, p)
	r.mu.Unlock()
	select {
	case r.kick <- struct{}{}:
	default:
	}
}

// writer stores queued updates in order, as many as are waiting in one
// statement (group commit), then relays them here and to other replicas,
// and tells each sender what is now stored. Nothing is relayed before it is
// committed: "acknowledged" means stored.
func (r *room) writer() {
	defer close(r.drained)
	for {
		stopping := false
		select {
		case <-r.stop:
			// What the last sockets sent before leaving is still stored.
			stopping = true
		case <-r.kick:
		}
		for {
			r.mu.Lock()
			batch := r.queue
			r.queue = nil
			gen := r.gen
			r.mu.Unlock()
			if len(batch) == 0 {
				break
			}
			if err := r.store(gen, batch); err != nil {
				r.svc.log.Error("collab: storing updates", "document", r.id, "err", err)
				r.closeAll(CodeGoingAway, "the page could not be saved: reconnect")
				break
			}
		}
		if stopping {
			return
		}
	}
}

// maxNotifyBody is the largest update carried in its notification (base64
// within Postgres's 8,000-byte payload); a larger one is read by seq.
const maxNotifyBody = 5000

func (r *room) store(gen int64, batch []pending) error {
	s := r.svc
	bodies := make([][]byte, len(batch))
	authors := make([]uuid.UUID, len(batch))
	for i, p := range batch {
		bodies[i], authors[i] = p.body, p.author
	}
	ctx := context.Background()
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		seqs, err := db.Q.DocumentCrdtUpdateAppend(ctx, tx, db.DocumentCrdtUpdateAppendParams{DocumentID: r.id, Generation: gen, Bodies: bodies, AuthorIds: authors})
		if err != nil {
			return err
		}
		payloads := make([]string, len(seqs))
		for i, seq := range seqs {
			payloads[i] = updateNote(r.id, seq, s.replica, bodies[i])
		}
		return db.Q.DocumentCrdtUpdateNotify(ctx, tx, payloads)
	})
	if err != nil {
		return err
	}
	now := time.Now()
	r.mu.Lock()
	defer r.mu.Unlock()
	senders := map[*Session]struct{}{}
	for _, p := range batch {
		r.vector.Merge(p.update)
		r.estBytes += p.update.InsertedBytes
		r.inserted += p.update.InsertedBytes
		r.broadcastLocked(crdt.SyncMessage(crdt.SyncUpdate, p.body), p.from)
		if p.from != nil {
			senders[p.from] = struct{}{}
			t := &typist{actor: p.from.actor, ctx: p.from.ctx}
			r.lastTypist = t
			r.contributors[t.actor.UserID] = t
		}
		if r.dirtySince.IsZero() {
			r.dirtySince = now
		}
		r.lastUpdate = now
	}
	if len(senders) > 0 {
		persisted := crdt.PersistedMessage(r.vector)
		for sess := range senders {
			sess.send(persisted)
		}
	}
	return nil
}

// updateNote is the notification of a stored update: "u <document> <seq>
// <replica> [<base64 body>]".
func updateNote(doc uuid.UUID, seq int64, replica string, body []byte) string {
	n := fmt.Sprintf("u %s %d %s", doc, seq, replica)
	if len(body) <= maxNotifyBody {
		n += " " + base64.StdEncoding.EncodeToString(body)
	}
	return n
}

// closeAll closes every session of the room.
func (r *room) closeAll(code int, reason string) {
	r.mu.Lock()
	sessions := make([]*Session, 0, len(r.sessions))
	for s := range r.sessions {
		sessions = append(sessions, s)
	}
	r.mu.Unlock()
	for _, s := range sessions {
		s.conn.Close(code, reason)
	}
}
