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
	"codna/internal/auth"
	"codna/internal/document"
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

// countsStream pushes the actor's counts: first the current value, then
// each change (inbox.LiveCounts, which re-checks the socket's credential
// before each push itself). On a websocket, LiveCounts wakes the
// subscription after each value (pushedBySource): no goroutine waits on the
// channel between pushes.
func (r *Resolver) countsStream(ctx context.Context) (<-chan *inbox.Counts, error) {
	checkedAtSource(ctx)
	var c <-chan *inbox.Counts
	wake := pushedBySource(ctx, func() bool { return len(c) > 0 })
	c, err := r.LiveCounts.Watch(ctx, func(err error) { refusePush(ctx, err) }, wake)
	if err != nil {
		pushedBySource(ctx, nil) // nothing will push: gqlgen's reading sends the error
	}
	return c, err
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

// addedStream pushes each notification created for the actor from now on.
// Ids are UUIDv7, made before their transaction commits, so one committed
// late can carry an id below one already sent: the stream re-reads a
// margin behind its newest id and skips what it has sent.
func (r *Resolver) addedStream(ctx context.Context, a *auth.Actor) (<-chan *inbox.Notification, error) {
	const margin = 30 * time.Second
	sub := r.Hub.Subscribe(ctx, live.InboxChannel, a.UserID.String())
	start := uuidFloor(time.Now().Add(-margin))
	sent := map[uuid.UUID]time.Time{}
	// What exists when the subscription starts is not "added".
	existing, err := r.InboxService.NewSince(ctx, a.UserID, &start, 1000)
	if err != nil {
		sub.Close()
		return nil, err
	}
	for _, n := range existing {
		sent[n.ID] = n.CreatedAt
	}
	out := make(chan *inbox.Notification, 16)
	go func() {
		defer close(out)
		defer sub.Close()
		for {
			select {
			case <-ctx.Done():
				return
			case <-sub.C:
			}
			if !settle(ctx, sub) {
				return
			}
			from := uuidFloor(time.Now().Add(-margin))
			ns, err := r.InboxService.NewSince(ctx, a.UserID, &from, 500)
			if err != nil {
				if ctx.Err() == nil {
					r.Log.ErrorContext(ctx, "new notifications for a subscriber", "error", err)
				}
				continue
			}
			for i := range ns {
				if _, done := sent[ns[i].ID]; done {
					continue
				}
				sent[ns[i].ID] = ns[i].CreatedAt
				if !push(ctx, out, &ns[i]) {
					return
				}
			}
			for id, at := range sent {
				if time.Since(at) > 2*margin {
					delete(sent, id)
				}
			}
		}
	}()
	return out, nil
}

// documentStream pushes a document the actor can read: now, then after
// each change, and ends when the actor can no longer read it.
func (r *Resolver) documentStream(ctx context.Context, id uuid.UUID) (<-chan *document.Doc, error) {
	sub := r.Hub.Subscribe(ctx, live.DocumentChannel, id.String())
	read := func() (*document.Doc, error) { return r.Docs.Get(ctx, id) }
	first, err := read()
	if err != nil {
		sub.Close()
		return nil, err
	}
	return watch(ctx, r, "documentChanged", sub, first, read, func(x, y *document.Doc) bool {
		return x.Version == y.Version && x.Access == y.Access
	}), nil
}

func idPtr(id *uuid.UUID) *string {
	if id == nil {
		return nil
	}
	s := id.String()
	return &s
}

func (r *mutationResolver) changeNotification(ctx context.Context, rawID string, change func(context.Context, uuid.UUID) (*inbox.Notification, error)) (*model.NotificationPayload, error) {
	id, err := parseID("id", rawID)
	if err != nil {
		return nil, err
	}
	n, err := change(ctx, id)
	if err != nil {
		return nil, err
	}
	c, err := r.InboxService.MyCounts(ctx)
	if err != nil {
		return nil, err
	}
	return &model.NotificationPayload{Notification: n, Counts: &c}, nil
}

// actorKeys are the payload keys that name who did what a notification
// tells of, by user id.
var actorKeys = []string{"sharedBy", "revokedBy"}

// notificationActor is the user a notification's payload names as having
// done it, through the user loader (one statement for a page of them).
func notificationActor(ctx context.Context, n *inbox.Notification) (*model.User, error) {
	for _, k := range actorKeys {
		s, _ := n.Payload[k].(string)
		id, err := uuid.Parse(s)
		if err != nil {
			continue
		}
		u, err := loadUser(ctx, &id)
		if err != nil || u == nil {
			return nil, err
		}
		return userOf(u), nil
	}
	return nil, nil
}
