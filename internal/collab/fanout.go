package collab

import (
	"context"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/google/uuid"

	"codna/internal/crdt"
	"codna/internal/db"
	"codna/internal/live"
)

// Start listens for other replicas' updates and presence, for pages that
// changed (permission, API writes) and credentials that ended, and keeps
// the rooms' heartbeat, revisions and rechecks. The hub must be started by
// its owner. Errors: ErrStopped after Stop.
func (s *Service) Start(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopped {
		return ErrStopped
	}
	if s.cancel != nil {
		return nil
	}
	ctx, s.cancel = context.WithCancel(context.WithoutCancel(ctx))
	s.done = make(chan struct{})
	s.hub.Handle(live.CollabChannel, noteHandler{s, "n"})
	s.hub.Handle(live.DocumentChannel, noteHandler{s, "d"})
	s.hub.Handle(live.CredentialChannel, noteHandler{s, "c"})
	s.hub.Handle(live.AccessChannel, noteHandler{s, "x"})
	go s.run(ctx)
	return nil
}

// Stop closes every socket (CodeGoingAway), writes the revisions the rooms
// owe and stops. Idempotent.
func (s *Service) Stop() {
	s.mu.Lock()
	if s.stopped {
		s.mu.Unlock()
		return
	}
	s.stopped = true
	cancel, done := s.cancel, s.done
	s.mu.Unlock()
	for _, r := range s.openRooms() {
		r.closeAll(CodeGoingAway, "the server is stopping")
	}
	if cancel != nil {
		cancel()
		<-done
	}
	s.wg.Wait()
}

// noteHandler hands the hub's notifications to the service's goroutine:
// the hub's own must not wait.
type noteHandler struct {
	s    *Service
	kind string
}

func (h noteHandler) Notified(key string) {
	// Relays go to one goroutine and checks (a merge's engine call, a
	// re-read of every socket's permission) to another, so that a page's
	// revision or a revoke never holds other replicas' keystrokes up.
	to := h.s.notes
	if h.kind != "n" {
		to = h.s.checks
	}
	select {
	case to <- h.kind + " " + key:
	default:
		h.s.log.Warn("collab: notifications backed up; rooms resynchronise")
		h.s.resyncSoon.Store(true)
	}
}

// Resync: notifications were lost while the hub reconnected.
func (h noteHandler) Resync() { h.s.resyncSoon.Store(true) }

func (s *Service) run(ctx context.Context) {
	defer close(s.done)
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	beat := time.NewTicker(s.cfg.Heartbeat)
	defer beat.Stop()
	checksDone := make(chan struct{})
	go func() {
		defer close(checksDone)
		for {
			select {
			case <-ctx.Done():
				return
			case n := <-s.checks:
				s.handle(ctx, n)
			}
		}
	}()
	defer func() { <-checksDone }()
	for {
		select {
		case <-ctx.Done():
			for _, r := range s.openRooms() {
				s.writeRevision(context.Background(), r)
			}
			return
		case n := <-s.notes:
			s.handle(ctx, n)
		case now := <-tick.C:
			if s.resyncSoon.Swap(false) {
				s.resync(ctx)
			}
			s.aside(&s.ticking, func() { s.tick(ctx, now) })
		case <-beat.C:
			s.heartbeat(ctx)
			s.aside(&s.compacting, func() { s.compactLogs(ctx) })
		}
	}
}

// aside runs engine work (revisions, compactions: up to seconds each) on
// a goroutine of its own, one at a time per kind (busy: skipped this
// round), so the notifications — other replicas' keystrokes — are never
// held up behind it.
func (s *Service) aside(busy *atomic.Bool, fn func()) {
	if !busy.CompareAndSwap(false, true) {
		return
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer busy.Store(false)
		fn()
	}()
}

// handle acts on one notification: "n u …" another replica's update, "n a
// …" its presence, "n q …" its question for presence, "d <id>" a page that
// changed, "c <user>" a credential that ended, "x <id>" a person or a page
// whose access shrank.
func (s *Service) handle(ctx context.Context, note string) {
	kind, key, _ := strings.Cut(note, " ")
	switch kind {
	case "n":
		s.remote(ctx, key)
	case "d":
		id, err := uuid.Parse(key)
		if err != nil {
			return
		}
		if r := s.lookup(id); r != nil {
			if err := s.merge(ctx, r); err != nil {
				s.log.Error("collab: merging an API write into the room", "document", id, "err", err)
			}
			s.recheckRoom(r, func(*Session) bool { return true })
		}
	case "x":
		// A person or a page whose access shrank (the ids never collide).
		id, err := uuid.Parse(key)
		if err != nil {
			return
		}
		if r := s.lookup(id); r != nil {
			s.recheckRoom(r, func(*Session) bool { return true })
			return
		}
		for _, r := range s.openRooms() {
			s.recheckRoom(r, func(sess *Session) bool { return sess.actor.UserID == id })
		}
	case "c":
		user, err := uuid.Parse(key)
		if err != nil {
			return
		}
		for _, r := range s.openRooms() {
			s.recheckRoom(r, func(sess *Session) bool { return sess.actor.UserID == user })
		}
	}
}

// lookup returns the page's open room on this replica, or nil.
func (s *Service) lookup(id uuid.UUID) *room {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.rooms[id]
}

// recheckRoom reads the permission of the room's matching sessions again,
// closing those who may no longer follow the page.
func (s *Service) recheckRoom(r *room, match func(*Session) bool) {
	r.mu.Lock()
	var sessions []*Session
	for sess := range r.sessions {
		if match(sess) {
			sessions = append(sessions, sess)
		}
	}
	r.mu.Unlock()
	for _, sess := range sessions {
		if err := sess.Recheck(); err != nil {
			var ce *CloseError
			if errors.As(err, &ce) {
				sess.conn.Close(ce.Code, ce.Reason)
			}
		}
	}
}

// remote relays another replica's update or presence to this replica's
// sockets in the room.
func (s *Service) remote(ctx context.Context, payload string) {
	f := strings.Fields(payload)
	if len(f) < 2 {
		return
	}
	id, err := uuid.Parse(f[1])
	if err != nil {
		return
	}
	r := s.lookup(id)
	if r == nil {
		return
	}
	switch {
	case f[0] == "u" && len(f) >= 4:
		if f[3] == s.replica {
			return // relayed when stored
		}
		var body []byte
		if len(f) == 5 {
			body, err = base64.StdEncoding.DecodeString(f[4])
		} else {
			seq, perr := strconv.ParseInt(f[2], 10, 64)
			if perr != nil {
				return
			}
			var row db.DocumentCrdtUpdateGetRow
			row, err = db.Q.DocumentCrdtUpdateGet(ctx, s.pool, seq)
			body = row.Body
		}
		if err != nil {
			s.log.Error("collab: reading another replica's update", "document", id, "err", err)
			return
		}
		u, err := crdt.ReadUpdate(body)
		if err != nil {
			return
		}
		r.mu.Lock()
		r.vector.Merge(u)
		r.estBytes += u.InsertedBytes
		r.inserted += u.InsertedBytes
		r.broadcastLocked(crdt.SyncMessage(crdt.SyncUpdate, body), nil)
		r.mu.Unlock()
	case f[0] == "q" && len(f) == 3 && f[2] != s.replica:
		// A room opened on another replica: tell it who is here (its
		// sockets would otherwise see this replica's people only when
		// their clients next renew their presence, up to 15 s later).
		r.mu.Lock()
		var states []crdt.AwarenessState
		for c, a := range r.aware {
			if a.from != nil {
				states = append(states, crdt.AwarenessState{Client: c, Clock: a.clock, State: a.state})
			}
		}
		r.mu.Unlock()
		if len(states) > 0 {
			s.notifyAwareness(r.id, crdt.EncodeAwareness(states))
		}
	case f[0] == "a" && len(f) == 4 && f[2] != s.replica:
		body, err := base64.StdEncoding.DecodeString(f[3])
		if err != nil {
			return
		}
		states, err := crdt.ReadAwareness(body)
		if err != nil {
			return
		}
		r.mu.Lock()
		for _, st := range states {
			if string(st.State) == "null" {
				delete(r.aware, st.Client)
			} else {
				r.aware[st.Client] = awareness{clock: st.Clock, state: st.State}
			}
		}
		r.broadcastLocked(crdt.AwarenessMessage(body), nil)
		r.mu.Unlock()
	}
}

// notifyAwareness tells the other replicas about a presence change.
func (s *Service) notifyAwareness(doc uuid.UUID, body []byte) {
	note := "a " + doc.String() + " " + s.replica + " " + base64.StdEncoding.EncodeToString(body)
	if len(note) > 7900 {
		return // a presence over Postgres's payload stays on this replica
	}
	if err := db.Q.DocumentCrdtUpdateNotify(context.Background(), s.pool, []string{note}); err != nil {
		s.log.Warn("collab: telling other replicas about presence", "document", doc, "err", err)
	}
}

// askPresence asks the other replicas holding the room for their people's
// presence ("q <document> <replica>"), answered as presence notes.
func (s *Service) askPresence(doc uuid.UUID) {
	if err := db.Q.DocumentCrdtUpdateNotify(context.Background(), s.pool, []string{"q " + doc.String() + " " + s.replica}); err != nil {
		s.log.Warn("collab: asking other replicas for presence", "document", doc, "err", err)
	}
}

// heartbeat marks this replica's rooms live for three more beats.
func (s *Service) heartbeat(ctx context.Context) {
	rooms := s.openRooms()
	if len(rooms) == 0 {
		return
	}
	ids := make([]uuid.UUID, len(rooms))
	for i, r := range rooms {
		ids[i] = r.id
	}
	if err := db.Q.DocumentCrdtStateRenew(ctx, s.pool, db.DocumentCrdtStateRenewParams{DocumentIds: ids, Seconds: 3 * s.cfg.Heartbeat.Seconds()}); err != nil {
		s.log.Warn("collab: renewing the rooms' heartbeat", "err", err)
	}
}

// resync recovers from lost notifications: every socket reconnects and
// syncs, every room merges what the API wrote.
func (s *Service) resync(ctx context.Context) {
	for _, r := range s.openRooms() {
		if err := s.merge(ctx, r); err != nil {
			s.log.Error("collab: merging after a resync", "document", r.id, "err", err)
		}
		r.closeAll(CodeGoingAway, "reconnect to catch up")
	}
}
