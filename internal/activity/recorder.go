package activity

// The Recorder: the outbox consumer writing the log from the events.

import (
	"context"
	"encoding/json"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/db"
	"codna/internal/outbox"
)

// RecorderName is the recorder's name in events.handled_by.
const RecorderName = "activity-recorder"

// FoldWindow is how close an actor's edits of one page must follow each
// other to fold into one entry.
const FoldWindow = 5 * time.Minute

// actions maps the events the log records to their action.
var actions = map[string]string{
	"document.created":          ActionCreated,
	"document.updated":          ActionEdited,
	"document.moved":            ActionMoved,
	"document.renamed":          ActionRenamed,
	"document.deleted":          ActionTrashed,
	"document.restored":         ActionRestored,
	"comment.created":           ActionCommented,
	"thread.resolved":           ActionThreadResolved,
	"access.granted":            ActionShared,
	"access.permission_changed": ActionShared,
}

// standingReasons are the grant reasons of rules rather than of someone
// sharing: they are not in the log.
var standingReasons = []string{"space_default", "agent_responsible"}

// EventMention is the event of a person newly mentioned; the recorder
// counts it (who mentioned, when) for management's usage report.
const EventMention = "mention.created"

// RecorderEvents are the event types the recorder acts on (its lane gets
// no other: outbox.Lane.Events). document.purged is not among them: a
// purged page's entries go with it (docs/design.md, "Activity").
func RecorderEvents() []string {
	out := make([]string, 0, len(actions)+1)
	for t := range actions {
		out = append(out, t)
	}
	out = append(out, EventMention)
	slices.Sort(out)
	return out
}

// Recorder is the outbox consumer writing the activity log.
type Recorder struct{ pool *pgxpool.Pool }

// Recorder returns the consumer over the service's pool.
func (s *Service) Recorder() *Recorder { return &Recorder{pool: s.pool} }

// HandleBatch (an outbox.BatchConsumer) writes the events of a batch into
// the log in order, one statement each (ActivityRecord: an event may fold
// into the entry the one before it wrote), sent together in one db.Batch —
// one round trip and one transaction. An edit folds into the same actor's
// edit entry of the page whose latest edit is within FoldWindow before it
// (count, time and change summary move); every other event is an entry of
// its own. A share
// records whom (detail), shown only to the sharer and the owner; grants of
// standing rules (space default, an agent's responsible people) are not
// recorded. A redelivered event changes nothing (its id is an entry's
// first or lies between an entry's first and last); an event on a page
// purged meanwhile writes nothing. A mention.created is counted for the
// usage report (who mentioned, when: usage_mentions), once per event.
func (r *Recorder) HandleBatch(ctx context.Context, events []outbox.Stored) error {
	var todo []db.ActivityRecordParams
	var mentions []db.UsageMentionRecordParams
	for _, e := range events {
		if e.Type == EventMention && e.ActorID != nil {
			mentions = append(mentions, db.UsageMentionRecordParams{EventID: e.ID, ActorID: *e.ActorID, At: e.CreatedAt})
			continue
		}
		action, ok := actions[e.Type]
		if !ok || e.DocumentID == nil {
			continue
		}
		p := db.ActivityRecordParams{
			ID: uuid.Must(uuid.NewV7()), DocumentID: *e.DocumentID, ActorID: e.ActorID, Action: action,
			EventID: e.ID, At: e.CreatedAt, Fold: action == ActionEdited, Since: e.CreatedAt.Add(-FoldWindow),
		}
		var payload struct {
			ChangeSummary *string `json:"changeSummary"`
			PrincipalType string  `json:"principalType"`
			PrincipalID   string  `json:"principalId"`
			Permission    string  `json:"permission"`
			Reason        string  `json:"reason"`
		}
		_ = json.Unmarshal(e.Payload, &payload)
		switch action {
		case ActionEdited:
			p.ChangeSummary = payload.ChangeSummary
		case ActionShared:
			if slices.Contains(standingReasons, payload.Reason) {
				continue
			}
			p.Detail, _ = json.Marshal(map[string]any{
				"principalType": payload.PrincipalType, "principalId": payload.PrincipalID, "permission": payload.Permission,
			})
		}
		todo = append(todo, p)
	}
	if len(todo) == 0 && len(mentions) == 0 {
		return nil
	}
	b := db.NewBatch(r.pool)
	for _, m := range mentions {
		_ = db.Q.UsageMentionRecord(ctx, b, m) // queued: its error is Send's
	}
	for _, p := range todo {
		_ = db.Q.ActivityRecord(ctx, b, p)
	}
	return b.Send(ctx)
}
