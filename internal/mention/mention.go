// Package mention keeps the mentions of pages and comments and tells people
// they were mentioned (docs/design.md, "Mentions").
//
// A mention is a markdown link with the mention: scheme (link.Mentions). The
// consumer (Consumer, an outbox lane) keeps a mentions row per person,
// agent or group that a page's latest revision or a comment mentions now;
// what is not there yet is new, and only new mentions notify. A person who
// can read the page gets a mention notification; a person who cannot is
// told nothing, and the mention's author gets a mention.unreadable
// decision instead (share the page with them / leave it) when the author
// may share the page — for an agent, only when the author answers for it —
// and information ("ask its owner") otherwise. A group mention notifies the
// group's readers of the page, at most MaxGroupReaders; over that it
// notifies nobody and gives its author a mention.group_capped decision.
//
// Payloads hold ids only (the page, the revision or comment, the byte
// offset, who mentioned); the sentence around a mention is rendered when
// the notification is read, through its reader's permission (Excerpt), and
// a mention shows the current name of what it names, never its link text.
package mention

import (
	"github.com/jackc/pgx/v5/pgxpool"
)

// MaxGroupReaders is the most members of a group one group mention
// notifies; a group with more readers of the page notifies nobody and the
// author decides (mention.group_capped).
const MaxGroupReaders = 200

// maxGroupAnswer bounds the readers notified when an author answers a
// mention.group_capped decision with "notify them all".
const maxGroupAnswer = 10000

// The sources of a mention, as mention.created events and notification
// payloads name them.
const (
	SourceRevision = "revision"
	SourceComment  = "comment"
)

// EventCreated is the outbox event written once per person (or agent)
// newly mentioned and told: payload {"user_id", "source", "comment_id"}.
const EventCreated = "mention.created"

// Service answers mention decisions, offers what may be mentioned and
// renders mention excerpts. Every method acts for the actor in its context.
type Service struct{ pool *pgxpool.Pool }

// New returns a Service over pool.
func New(pool *pgxpool.Pool) *Service { return &Service{pool: pool} }
