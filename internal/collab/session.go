package collab

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"sync/atomic"
	"time"

	"github.com/google/uuid"

	"codna/internal/auth"
	"codna/internal/crdt"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
)

// level is what a socket may do in its room.
type level int32

const (
	levelNone  level = iota // nothing: the socket is closed
	levelRead               // follow along, with presence
	levelWrite              // also send document updates
)

// level reads what the actor in ctx may do in a page's room: follow it when
// they can read it and it is not in the trash; type into it when they can
// write it, it is not raw, not quarantined, and — for an agent — in output.
func (s *Service) level(ctx context.Context, id uuid.UUID) (level, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return levelNone, err
	}
	d, err := s.docs.Get(ctx, id)
	if fault.CodeOf(err) == fault.NotFound {
		return levelNone, nil
	}
	if err != nil {
		return levelNone, err
	}
	switch {
	case !d.Access.CanRead() || d.DeletedAt != nil:
		return levelNone, nil
	case d.Access >= document.Write && d.Space != document.SpaceRaw && d.QuarantinedAt == nil &&
		(actor.Kind != auth.KindAgent || d.Space == document.SpaceOutput):
		return levelWrite, nil
	default:
		return levelRead, nil
	}
}

// Session is one socket in a room.
type Session struct {
	room    *room
	conn    Conn
	actor   auth.Actor
	ctx     context.Context // the actor's, outliving the upgrade request
	level   atomic.Int32
	checked time.Time // when level was last read; only the reading goroutine touches it
	client  uint64    // the Yjs client id its presence is bound to (0: none yet); under room.mu
	left    atomic.Bool
}

// send queues a message; a socket that cannot keep up is closed.
func (s *Session) send(msg []byte) {
	if !s.conn.Send(msg) {
		go s.conn.Close(CodeSlow, "too slow to follow the page")
	}
}

// CanWrite reports whether the socket may change the page now.
func (s *Session) CanWrite() bool { return level(s.level.Load()) == levelWrite }

// Receive handles one binary message from the socket. A *CloseError says
// the socket must be closed with its code; other errors are the server's.
func (s *Session) Receive(msg []byte) error {
	if len(msg) > s.room.svc.cfg.MaxUpdate+16 {
		return closeErr(CodeTooLarge, "message over its limit")
	}
	m, err := crdt.ReadMessage(msg)
	if err != nil {
		return closeErr(CodeProtocol, "not a message of the protocol")
	}
	if time.Since(s.checked) > s.room.svc.cfg.Recheck {
		if err := s.Recheck(); err != nil {
			return err
		}
	}
	switch m.Type {
	case crdt.MsgSync:
		if m.Sync == crdt.SyncStep1 {
			return s.answerStep1(m.Payload)
		}
		return s.update(m.Payload)
	case crdt.MsgAwareness:
		return s.awareness(m.Payload)
	case crdt.MsgQueryAwareness:
		s.room.mu.Lock()
		msg := s.room.awarenessLocked()
		s.room.mu.Unlock()
		if msg != nil {
			s.send(msg)
		}
	}
	return nil
}

// Recheck reads the socket's permission again. It returns a *CloseError
// when the socket may no longer follow the page (4404), or may no longer
// type into it though it still reads it (4403: the client joins again to
// follow).
func (s *Session) Recheck() error {
	s.checked = time.Now()
	if err := s.room.svc.auth.Recheck(s.ctx, &s.actor); err != nil {
		if fault.As(err) != nil {
			return closeErr(CodeUnauthorized, "your session or token ended")
		}
		return err
	}
	lvl, err := s.room.svc.level(s.ctx, s.room.id)
	if fault.CodeOf(err) == fault.Unauthenticated {
		return closeErr(CodeUnauthorized, "signed out")
	}
	if err != nil {
		return err
	}
	was := level(s.level.Swap(int32(lvl)))
	if lvl == levelNone {
		return closeErr(CodeNotFound, "you can no longer read this page")
	}
	if was == levelWrite && lvl == levelRead {
		// Told now, before anything typed is refused: the editor joins
		// again as a follower (docs/design.md, "Co-editing").
		return closeErr(CodeForbidden, "you may only read this page now")
	}
	return nil
}

// update takes a document update (sync step 2 or update): checked, bounded,
// stored, then relayed.
func (s *Session) update(body []byte) error {
	u, err := crdt.ReadUpdate(body)
	switch {
	case errors.Is(err, crdt.ErrForeign):
		return closeErr(CodeProtocol, "the update writes outside the page's text")
	case err != nil:
		return closeErr(CodeProtocol, "not a Yjs update")
	case u.Empty():
		return nil // nothing new (a reader's sync step 2)
	case !s.CanWrite():
		return closeErr(CodeForbidden, "you may only read this page")
	}
	r := s.room
	r.mu.Lock()
	over := r.estBytes+u.InsertedBytes > r.svc.cfg.MaxBodyBytes
	r.mu.Unlock()
	if over {
		// The estimate only grows between compactions: measure the text.
		if _, _, err := r.compact(context.Background()); err != nil {
			return err
		}
		r.mu.Lock()
		over = r.estBytes+u.InsertedBytes > r.svc.cfg.MaxBodyBytes
		r.mu.Unlock()
		if over {
			return closeErr(CodeTooLarge, fmt.Sprintf("the page would pass its limit of %d bytes", r.svc.cfg.MaxBodyBytes))
		}
	}
	r.enqueue(pending{body: body, update: u, from: s, author: s.actor.UserID})
	return nil
}

// answerStep1 sends what the client lacks. A small page whose engine is
// free gets the exact difference; otherwise the stored state and the log
// are sent as they are (Yjs applies what it already has as nothing).
func (s *Session) answerStep1(vector []byte) error {
	if _, err := crdt.ReadStateVector(vector); err != nil {
		return closeErr(CodeProtocol, "not a state vector")
	}
	r := s.room
	ctx := context.Background()
	st, err := db.Q.DocumentCrdtStateGet(ctx, r.svc.pool, r.id)
	if err != nil {
		return err
	}
	log, err := db.Q.DocumentCrdtUpdateList(ctx, r.svc.pool, db.DocumentCrdtUpdateListParams{DocumentID: r.id, Generation: st.Generation, AfterSeq: st.ThroughSeq})
	if err != nil {
		return err
	}
	updates := make([][]byte, 0, len(log)+1)
	updates = append(updates, st.State)
	for _, u := range log {
		updates = append(updates, u.Body)
	}
	if len(st.State) <= r.svc.cfg.SyncEngineBytes {
		diff, err := r.svc.engine.Diff(ctx, r.svc.cfg.EngineWait, updates, vector)
		if err == nil {
			s.send(crdt.SyncMessage(crdt.SyncStep2, diff))
			return nil
		}
		if !errors.Is(err, crdt.ErrBusy) && !errors.Is(err, crdt.ErrEngine) {
			return err
		}
	}
	s.send(crdt.SyncMessage(crdt.SyncStep2, st.State))
	for _, u := range log {
		s.send(crdt.SyncMessage(crdt.SyncUpdate, u.Body))
	}
	return nil
}

// presence is what the server says about who a socket is, whatever the
// client claims: its name and a colour of its own.
type presence struct {
	Name       string `json:"name"`
	Color      string `json:"color"`
	ColorLight string `json:"colorLight"`
	ID         string `json:"id"`
}

// colours are the cursor colours, each readable on both themes.
var colours = []string{"#b4236a", "#1f6feb", "#137333", "#a15c00", "#7c3aed", "#0e7490", "#b91c1c", "#4d7c0f"}

func presenceOf(a auth.Actor) presence {
	h := fnv.New32a()
	h.Write(a.UserID[:])
	c := colours[h.Sum32()%uint32(len(colours))]
	return presence{Name: a.Name, Color: c, ColorLight: c + "33", ID: a.UserID.String()}
}

// awareness takes a presence update: only for the client id the socket
// bound first, stamped with the server's name and colour, then relayed.
func (s *Session) awareness(payload []byte) error {
	states, err := crdt.ReadAwareness(payload)
	if errors.Is(err, crdt.ErrAwareness) {
		return closeErr(CodeTooLarge, "presence over 4 KiB")
	}
	if err != nil {
		return closeErr(CodeProtocol, "not an awareness update")
	}
	r := s.room
	r.mu.Lock()
	defer r.mu.Unlock()
	for i, st := range states {
		if s.client == 0 {
			if a, taken := r.aware[st.Client]; taken && a.from != s {
				return closeErr(CodeProtocol, "presence of another client")
			}
			s.client = st.Client
		}
		if st.Client != s.client {
			return closeErr(CodeProtocol, "presence of another client")
		}
		stamped, err := crdt.StampUser(st.State, presenceOf(s.actor))
		if err != nil {
			return closeErr(CodeProtocol, "presence that is not a JSON object")
		}
		states[i].State = stamped
		if string(stamped) == "null" {
			delete(r.aware, st.Client)
		} else {
			r.aware[st.Client] = awareness{clock: st.Clock, state: stamped, from: s}
		}
	}
	if len(states) == 0 {
		return nil
	}
	body := crdt.EncodeAwareness(states)
	r.broadcastLocked(crdt.AwarenessMessage(body), s)
	r.svc.notifyAwareness(r.id, body)
	return nil
}

// Leave takes the socket out of its room: its presence goes (everyone is
// told), and the last one out has the room write its revision and close.
// Idempotent.
func (s *Session) Leave() {
	if s.left.Swap(true) {
		return
	}
	r := s.room
	r.mu.Lock()
	delete(r.sessions, s)
	var gone []byte
	if a, ok := r.aware[s.client]; ok && a.from == s {
		delete(r.aware, s.client)
		gone = crdt.EncodeAwareness([]crdt.AwarenessState{{Client: s.client, Clock: a.clock + 1, State: []byte("null")}})
		r.broadcastLocked(crdt.AwarenessMessage(gone), nil)
	}
	empty := len(r.sessions) == 0
	r.mu.Unlock()
	if gone != nil {
		r.svc.notifyAwareness(r.id, gone)
	}
	if empty {
		r.svc.flush(r)
	}
	r.release()
}
