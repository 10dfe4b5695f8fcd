package graph

import (
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"strings"
	"time"

	"github.com/google/uuid"

	"codna/graph/model"
	"codna/internal/fault"
	"codna/internal/inbox"
	"codna/internal/live"
)

// Live subscription tuning.
var (
	// debounce gathers a burst of changes for one subscriber into one push.
	debounce = 20 * time.Millisecond
	// slowClient is how long a push may wait for a client to take the
	// previous one before the subscription is ended rather than buffered.
	slowClient = 10 * time.Second
)

func statusOf(s *model.NotificationStatus) *string {
	if s == nil {
		return nil
	}
	v := strings.ToLower(string(*s))
	return &v
}

type notificationCursor struct {
	At time.Time `json:"a"`
	ID uuid.UUID `json:"i"`
}

func encodeNotificationCursor(n *inbox.Notification) string {
	raw, _ := json.Marshal(notificationCursor{At: n.CreatedAt, ID: n.ID})
	return base64.RawURLEncoding.EncodeToString(raw)
}

func decodeNotificationCursor(s *string) (*inbox.Cursor, error) {
	if s == nil || *s == "" {
		return nil, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(*s)
	var c notificationCursor
	if err != nil || json.Unmarshal(raw, &c) != nil || c.ID == uuid.Nil {
		return nil, fault.Input("after", "The cursor is not valid here; start again without one.")
	}
	return &inbox.Cursor{CreatedAt: c.At, ID: c.ID}, nil
}

func parseIDs(field string, raw []string) ([]uuid.UUID, error) {
	out := make([]uuid.UUID, 0, len(raw))
	for _, s := range raw {
		id, err := parseID(field, s)
		if err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, nil
}

// push sends v to out unless ctx ends or the client has not taken the
// previous value within slowClient; false means the subscription is over.
func push[T any](ctx context.Context, out chan<- T, v T) bool {
	t := time.NewTimer(slowClient)
	defer t.Stop()
	select {
	case out <- v:
		return true
	case <-ctx.Done():
		return false
	case <-t.C:
		return false
	}
}

// settle waits out the debounce window after a signal and swallows the
// signals that arrived meanwhile. False when ctx ended.
func settle(ctx context.Context, sub *live.Sub) bool {
	t := time.NewTimer(debounce)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
	}
	select {
	case <-sub.C:
	default:
	}
	return true
}

// watch is a subscription's loop: it pushes first, then after each
// (debounced) signal re-reads and pushes what changed, until ctx ends, the
// client is too slow, or read says the value is gone (NOT_FOUND). The caller
// subscribed before reading first, so no change in between is lost.
func watch[T any](ctx context.Context, r *Resolver, name string, sub *live.Sub, first T, read func() (T, error), same func(a, b T) bool) <-chan T {
	out := make(chan T, 1)
	go func() {
		defer close(out)
		defer sub.Close()
		last := first
		if !push(ctx, out, first) {
			return
		}
		for {
			select {
			case <-ctx.Done():
				return
			case <-sub.C:
			}
			if !settle(ctx, sub) {
				return
			}
			v, err := read()
			if fault.CodeOf(err) == fault.NotFound {
				return
			} else if err != nil {
				if ctx.Err() == nil {
					r.Log.ErrorContext(ctx, "re-read for a subscriber", "subscription", name, "error", err)
				}
				continue
			}
			if same(v, last) {
				continue
			}
			if !push(ctx, out, v) {
				r.Log.InfoContext(ctx, "ending a slow subscription", "subscription", name)
				return
			}
			last = v
		}
	}()
	return out
}

// uuidFloor is the smallest UUIDv7 of time t: every id made at or after t
// sorts at or above it.
func uuidFloor(t time.Time) uuid.UUID {
	var u uuid.UUID
	var ms [8]byte
	binary.BigEndian.PutUint64(ms[:], uint64(t.UnixMilli()))
	copy(u[:6], ms[2:])
	return u
}

func idPtr(id *uuid.UUID) *string {
	if id == nil {
		return nil
	}
	s := id.String()
	return &s
}

// actorKeys are the payload keys that name who did what a notification
// tells of, by user id.
var actorKeys = []string{"sharedBy", "revokedBy"}
