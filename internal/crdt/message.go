package crdt

import (
	"bytes"
	"encoding/json"
	"errors"
)

// Message types of the y-websocket protocol, and CoDNA's own. A client that
// does not know a type ignores it (y-websocket's provider logs it).
const (
	MsgSync           = 0
	MsgAwareness      = 1
	MsgAuth           = 2
	MsgQueryAwareness = 3
	// MsgPersisted carries the state vector of what the server has committed
	// to the page's update log: the client may forget its copies of updates
	// below it (docs/design.md "Co-editing: acknowledged means committed").
	MsgPersisted = 100
	// MsgReset carries the room's generation when the client's is older: the
	// client drops its local copy and loads the page again.
	MsgReset = 101
	// MsgRoom opens every socket: the room's generation, which the client
	// keeps with its local copy and sends back (?generation=) when it
	// reconnects.
	MsgRoom = 102
)

// Sync message kinds.
const (
	SyncStep1  = 0
	SyncStep2  = 1
	SyncUpdate = 2
)

// Message is one socket message: its type, for MsgSync its kind, and its
// payload (a state vector, an update, an awareness update; empty for
// MsgQueryAwareness).
type Message struct {
	Type    uint64
	Sync    uint64
	Payload []byte
}

// ReadMessage reads one message. It returns ErrMalformed for bytes that are
// not a message of a known type with exactly its payload.
func ReadMessage(b []byte) (Message, error) {
	r := &reader{b: b}
	m := Message{Type: r.uint()}
	switch m.Type {
	case MsgSync:
		m.Sync = r.uint()
		if m.Sync > SyncUpdate {
			r.fail()
		}
		m.Payload = r.bytes()
	case MsgAwareness:
		m.Payload = r.bytes()
	case MsgQueryAwareness:
	default:
		r.fail()
	}
	if r.err == nil && !r.done() {
		r.fail()
	}
	if r.err != nil {
		return Message{}, r.err
	}
	return m, nil
}

// SyncMessage encodes a sync message of a kind.
func SyncMessage(kind uint64, payload []byte) []byte {
	w := &writer{b: make([]byte, 0, len(payload)+8)}
	w.uint(MsgSync)
	w.uint(kind)
	w.bytes(payload)
	return w.b
}

// AwarenessMessage encodes an awareness message around an awareness update.
func AwarenessMessage(update []byte) []byte {
	w := &writer{b: make([]byte, 0, len(update)+4)}
	w.uint(MsgAwareness)
	w.bytes(update)
	return w.b
}

// PersistedMessage encodes MsgPersisted.
func PersistedMessage(sv StateVector) []byte {
	w := &writer{}
	w.uint(MsgPersisted)
	w.bytes(sv.Encode())
	return w.b
}

// ResetMessage encodes MsgReset with the room's generation.
func ResetMessage(generation int64) []byte {
	w := &writer{}
	w.uint(MsgReset)
	w.uint(uint64(generation))
	return w.b
}

// RoomMessage encodes MsgRoom with the room's generation.
func RoomMessage(generation int64) []byte {
	w := &writer{}
	w.uint(MsgRoom)
	w.uint(uint64(generation))
	return w.b
}

// QueryAwarenessMessage encodes MsgQueryAwareness.
func QueryAwarenessMessage() []byte { return []byte{MsgQueryAwareness} }

// AwarenessState is one client's entry of an awareness update. State is the
// JSON the client set, or null when it left.
type AwarenessState struct {
	Client uint64
	Clock  uint64
	State  json.RawMessage
}

// ErrAwareness is returned for an awareness state that is not a JSON object
// (or null) within MaxAwarenessState bytes.
var ErrAwareness = errors.New("crdt: awareness state is not a JSON object within 4 KiB")

// MaxAwarenessState bounds one client's awareness state.
const MaxAwarenessState = 4 << 10

// ReadAwareness reads an awareness update.
func ReadAwareness(b []byte) ([]AwarenessState, error) {
	r := &reader{b: b}
	n := r.uint()
	if n > maxCount(r) {
		r.fail()
	}
	var out []AwarenessState
	for i := uint64(0); i < n && r.err == nil; i++ {
		s := AwarenessState{Client: r.uint(), Clock: r.uint()}
		state := r.bytes()
		if r.err != nil {
			break
		}
		if len(state) > MaxAwarenessState {
			return nil, ErrAwareness
		}
		s.State = json.RawMessage(state)
		out = append(out, s)
	}
	if r.err == nil && !r.done() {
		r.fail()
	}
	if r.err != nil {
		return nil, r.err
	}
	return out, nil
}

// EncodeAwareness writes an awareness update.
func EncodeAwareness(states []AwarenessState) []byte {
	w := &writer{}
	w.uint(uint64(len(states)))
	for _, s := range states {
		w.uint(s.Client)
		w.uint(s.Clock)
		w.bytes(s.State)
	}
	return w.b
}

// StampUser returns state with its "user" replaced by user: the server, not
// the client, names who is here. null (a client leaving) stays null. It
// returns ErrAwareness when state is neither an object nor null.
func StampUser(state json.RawMessage, user any) (json.RawMessage, error) {
	if bytes.Equal(bytes.TrimSpace(state), []byte("null")) {
		return json.RawMessage("null"), nil
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(state, &obj); err != nil || obj == nil {
		return nil, ErrAwareness
	}
	u, err := json.Marshal(user)
	if err != nil {
		return nil, err
	}
	obj["user"] = u
	out, err := json.Marshal(obj)
	if err != nil {
		return nil, ErrAwareness
	}
	if len(out) > MaxAwarenessState+512 {
		return nil, ErrAwareness
	}
	return out, nil
}
