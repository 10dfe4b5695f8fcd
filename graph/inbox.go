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
)

// markedPayload answers a mark-read mutation: how many were marked, and
// the actor's counts after it.
func (r *Resolver) markedPayload(ctx context.Context, marked int, err error) (*model.MarkNotificationsReadPayload, error) {
	if err != nil {
		return nil, err
	}
	c, err := r.svc.Inbox.MyCounts(ctx)
	if err != nil {
		return nil, err
	}
	return &model.MarkNotificationsReadPayload{Marked: marked, Counts: &c}, nil
}

// notificationPayload answers a change to one notification: the
// notification, and the actor's counts after it.
func (r *Resolver) notificationPayload(ctx context.Context, n *inbox.Notification, err error) (*model.NotificationPayload, error) {
	if err != nil {
		return nil, err
	}
	c, err := r.svc.Inbox.MyCounts(ctx)
	if err != nil {
		return nil, err
	}
	return &model.NotificationPayload{Notification: n, Counts: &c}, nil
}

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

// uuidFloor is the smallest UUIDv7 of time t: every id made at or after t
// sorts at or above it.
func uuidFloor(t time.Time) uuid.UUID {
	var u uuid.UUID
	var ms [8]byte
	binary.BigEndian.PutUint64(ms[:], uint64(t.UnixMilli()))
	copy(u[:6], ms[2:])
	return u
}

// actorKeys are the payload keys that name who did what a notification
// tells of, by user id.
var actorKeys = []string{"sharedBy", "revokedBy", "actorId", "mentionedBy"}

// encodeIDCursor is a cursor over a list in id order: the last id seen.
func encodeIDCursor(id uuid.UUID) string {
	return base64.RawURLEncoding.EncodeToString(id[:])
}

func decodeIDCursor(s string) (uuid.UUID, error) {
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || len(raw) != 16 {
		return uuid.Nil, fault.Input("after", "The cursor is not valid here; start again without one.")
	}
	return uuid.UUID(raw), nil
}

// idStrings is ids as GraphQL IDs.
func idStrings(ids []uuid.UUID) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = id.String()
	}
	return out
}
