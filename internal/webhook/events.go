package webhook

import (
	"encoding/json"
	"slices"
	"time"

	"github.com/google/uuid"
)

// The public event catalogue (docs/api.md, "Webhooks"): the names a
// subscription lists and a body's "type" carries. Internal outbox events
// map onto them by publicNames; the names no internal event maps onto yet
// (automation failures) are accepted so that a subscription lists them
// before they are emitted.
var Catalogue = []string{
	"document.created", "document.updated", "document.moved", "document.trashed",
	"document.restored", "document.purged", "comment.created", "thread.resolved",
	"access.granted", "access.revoked", "link.state_changed", "automation.failed",
}

// PingType is the type of the test message Ping sends; it is no event
// and every subscription gets it whatever types it lists.
const PingType = "webhook.ping"

// publicNames maps the internal outbox event types the consumer acts on to
// their public names: the trash is document.deleted inside, a rename moves
// the page to another address. Internal events absent here (tags,
// transfers, quarantines, permission upgrades, …) are not published.
var publicNames = map[string]string{
	"document.created":   "document.created",
	"document.updated":   "document.updated",
	"document.moved":     "document.moved",
	"document.renamed":   "document.moved",
	"document.deleted":   "document.trashed",
	"document.restored":  "document.restored",
	"document.purged":    "document.purged",
	"access.granted":     "access.granted",
	"access.revoked":     "access.revoked",
	"link.state_changed": "link.state_changed",
	"comment.created":    "comment.created",
	"thread.resolved":    "thread.resolved",
}

// idsOnly are the public events sent with ids only, to those who could
// read the page just before (after it, they may not).
var idsOnly = []string{"document.trashed", "document.purged", "access.revoked"}

// ConsumerEvents are the internal event types the webhook consumer acts
// on (its lane gets no other: outbox.Lane.Events).
func ConsumerEvents() []string {
	out := make([]string, 0, len(publicNames))
	for k := range publicNames {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// PublicName is the public name of an internal event type, and whether it
// is published.
func PublicName(internal string) (string, bool) {
	n, ok := publicNames[internal]
	return n, ok
}

// message is a delivery's body: Standard Webhooks' recommended shape (type,
// timestamp, data) with the event's id.
type message struct {
	Type      string    `json:"type"`
	ID        uuid.UUID `json:"id"`
	Timestamp time.Time `json:"timestamp"`
	Data      data      `json:"data"`
}

type data struct {
	Document *docData    `json:"document,omitempty"`
	Access   *accessData `json:"access,omitempty"`
	Link     *linkData   `json:"link,omitempty"`
	Thread   *threadData `json:"thread,omitempty"`
	Webhook  *uuid.UUID  `json:"webhookId,omitempty"`
}

// docData is the document an event is about: its id always; its version,
// title and address for a subscriber who can read it; its space (and
// version, never a title or address) for management's subscriptions.
type docData struct {
	ID      uuid.UUID `json:"id"`
	Space   string    `json:"space,omitempty"`
	Version int32     `json:"version,omitempty"`
	Title   string    `json:"title,omitempty"`
	Address string    `json:"address,omitempty"`
	// ChangeSummary is a document.updated save's note on why, for a
	// subscriber who can read the page (never management's: it is text).
	ChangeSummary string `json:"changeSummary,omitempty"`
}

// threadData names the thread (and, for comment.created, the comment) a
// comment event is about: ids only, never a body or a quote.
type threadData struct {
	ID        uuid.UUID  `json:"id"`
	CommentID *uuid.UUID `json:"commentId,omitempty"`
}

// threadOf reads a comment event's payload (thread_id, comment_id).
func threadOf(payload []byte) *threadData {
	var p struct {
		ThreadID  uuid.UUID  `json:"thread_id"`
		CommentID *uuid.UUID `json:"comment_id"`
	}
	if json.Unmarshal(payload, &p) != nil || p.ThreadID == uuid.Nil {
		return nil
	}
	return &threadData{ID: p.ThreadID, CommentID: p.CommentID}
}

// accessData says what an access event changed; the principal is named to
// the page's owner and to whoever made the change only.
type accessData struct {
	Permission string     `json:"permission,omitempty"`
	Principal  *principal `json:"principal,omitempty"`
}

type principal struct {
	Type string    `json:"type"`
	ID   uuid.UUID `json:"id"`
}

// linkData is a link whose state changed: its id and states, and its
// target's id when the subscriber can read the target.
type linkData struct {
	ID       *uuid.UUID `json:"id,omitempty"`
	From     string     `json:"from"`
	To       string     `json:"to"`
	TargetID *uuid.UUID `json:"targetId,omitempty"`
}

func (m message) encode() []byte {
	b, _ := json.Marshal(m) // plain structs: cannot fail
	return b
}
