// Package activity is the activity log: what happened to pages, written
// by an outbox consumer from the events (so it never slows a save) and
// read through the permission rule (docs/design.md, "Activity"). Edits by
// one actor on one page within FoldWindow fold into one entry with a
// count. Entries are kept for the retention (CODNA_ACTIVITY_RETENTION),
// and a page's go with it when it is purged.
package activity

import (
	"context"
	"encoding/json"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
)

// MaxLimit is the largest page of entries one call returns.
const MaxLimit = 100

// DefaultRetention is how long entries are kept when nothing else is
// configured.
const DefaultRetention = 365 * 24 * time.Hour

// The actions of entries.
const (
	ActionCreated        = "created"
	ActionEdited         = "edited"
	ActionMoved          = "moved"
	ActionRenamed        = "renamed"
	ActionTrashed        = "trashed"
	ActionRestored       = "restored"
	ActionCommented      = "commented"
	ActionThreadResolved = "thread_resolved"
	ActionShared         = "shared"
)

// Entry is one entry of the log.
type Entry struct {
	ID         uuid.UUID
	DocumentID uuid.UUID
	// ActorID is who did it (nil when they are gone or it was the system).
	ActorID *uuid.UUID
	Action  string
	// ChangeSummary is the summary of the latest edit folded in, if any.
	ChangeSummary *string
	// Detail, for a share: principalType, principalId and permission; only
	// for the sharer and the page's owner (nil for anyone else).
	Detail map[string]any
	// AutomationID is the automation that caused it, if one did.
	AutomationID *uuid.UUID
	// Count is how many events it stands for (edits folded in).
	Count int
	At    time.Time
}

// Filter narrows List; zero fields do not.
type Filter struct {
	DocumentID *uuid.UUID
	Space      *document.Space
	// PathPrefix keeps pages at that path or below it ("" is the space).
	PathPrefix *string
	ActorID    *uuid.UUID
}

// Cursor is where a page starts (exclusive): the last entry of the
// previous page.
type Cursor struct {
	At time.Time
	ID uuid.UUID
}

// CursorOf returns the cursor just past e.
func CursorOf(e *Entry) Cursor { return Cursor{At: e.At, ID: e.ID} }

// Service reads and prunes the log; its Recorder writes it.
type Service struct {
	pool      *pgxpool.Pool
	retention time.Duration
	now       func() time.Time
}

// New returns a Service over pool keeping entries for retention (0:
// DefaultRetention).
func New(pool *pgxpool.Pool, retention time.Duration) *Service {
	if retention <= 0 {
		retention = DefaultRetention
	}
	return &Service{pool: pool, retention: retention, now: time.Now}
}

// List pages through the activity on pages the acting user can read now,
// newest first, keyset on (at, id), in one statement filtered by the read
// rule of `documents` (a page filter: one level check, then one
// statement). It returns at most limit entries and whether more follow.
// Management reads no page: its list is empty. Errors: UNAUTHENTICATED;
// BAD_USER_INPUT on "first" outside 1..MaxLimit, on "space" or
// "pathPrefix"; NOT_FOUND for a documentId the actor cannot read.
func (s *Service) List(ctx context.Context, f Filter, after *Cursor, limit int) ([]Entry, bool, error) {
	a, err := auth.RequireActor(ctx)
	if err != nil {
		return nil, false, err
	}
	v, ok := document.ViewerOf(a)
	if !ok {
		if f.DocumentID != nil {
			return nil, false, fault.New(fault.NotFound, "No document has that id.")
		}
		return []Entry{}, false, nil
	}
	if limit < 1 || limit > MaxLimit {
		return nil, false, fault.Input("first", "Ask for between 1 and %d items.", MaxLimit)
	}
	var sp *db.Space
	if f.Space != nil {
		p, err := document.ParseSpace("space", string(*f.Space))
		if err != nil {
			return nil, false, err
		}
		v := db.Space(p)
		sp = &v
	}
	if f.PathPrefix != nil {
		p, err := document.NormalizePath(*f.PathPrefix)
		if err != nil {
			return nil, false, fault.Input("pathPrefix", "A path prefix is folders joined by /, each of lowercase letters, digits and hyphens: %q is not.", *f.PathPrefix)
		}
		f.PathPrefix = &p
	}
	var afterAt *time.Time
	var afterID *uuid.UUID
	if after != nil {
		afterAt, afterID = &after.At, &after.ID
	}
	var out []Entry
	if f.DocumentID != nil {
		levels, err := document.Levels(ctx, s.pool, a, []uuid.UUID{*f.DocumentID})
		if err != nil {
			return nil, false, err
		}
		if !levels[*f.DocumentID].CanRead() {
			return nil, false, fault.New(fault.NotFound, "No document has that id.")
		}
		rows, err := db.Q.ActivityListDocument(ctx, s.pool, db.ActivityListDocumentParams{
			ViewerID: v.ID, DocumentID: *f.DocumentID, ByActor: f.ActorID, AfterAt: afterAt, AfterID: afterID, RowLimit: int32(limit + 1),
		})
		if err != nil {
			return nil, false, err
		}
		for _, r := range rows {
			out = append(out, entryOf(db.ActivityListRow(r)))
		}
	} else {
		rows, err := db.Q.ActivityList(ctx, s.pool, db.ActivityListParams{
			ViewerID: v.ID, ViewerIsPerson: v.IsPerson, ByActor: f.ActorID, AfterAt: afterAt, AfterID: afterID,
			RowLimit: int32(limit + 1), Space: sp, PathPrefix: f.PathPrefix,
		})
		if err != nil {
			return nil, false, err
		}
		for _, r := range rows {
			out = append(out, entryOf(r))
		}
	}
	more := len(out) > limit
	if more {
		out = out[:limit]
	}
	if out == nil {
		out = []Entry{}
	}
	return out, more, nil
}

func entryOf(r db.ActivityListRow) Entry {
	e := Entry{
		ID: r.ID, DocumentID: r.DocumentID, ActorID: r.ActorID, Action: r.Action, ChangeSummary: r.ChangeSummary,
		AutomationID: r.AutomationID, Count: int(r.Count), At: r.At,
	}
	if len(r.Detail) > 0 {
		_ = json.Unmarshal(r.Detail, &e.Detail)
	}
	return e
}

// pruneBatch bounds one delete of Prune.
const pruneBatch = 10000

// Prune deletes the entries older than the retention, and the mentions
// counted for the usage report as old, in batches, and returns how many
// went. It runs as the system (the periodic job).
// Errors: FORBIDDEN for anyone but the system; the database's.
func (s *Service) Prune(ctx context.Context) (int64, error) {
	if _, err := auth.RequireSystem(ctx); err != nil {
		return 0, err
	}
	before := s.now().Add(-s.retention)
	var total int64
	for {
		n, err := db.Q.ActivityPrune(ctx, s.pool, db.ActivityPruneParams{Before: before, RowLimit: pruneBatch})
		total += n
		if err != nil || ctx.Err() != nil {
			return total, err
		}
		m, err := db.Q.UsageMentionPrune(ctx, s.pool, db.UsageMentionPruneParams{Before: before, RowLimit: pruneBatch})
		total += m
		if err != nil || n < pruneBatch && m < pruneBatch {
			return total, err
		}
	}
}

// Window is the span a watch notification stands for: its page, from when
// it was made.
type Window struct {
	DocumentID uuid.UUID
	Since      time.Time
}

// CountWindows answers, in one statement, for each window how many events
// by others than the acting person the log holds on its page from Since for
// span (edits folded into an entry count each): a watch notification's
// "N times", computed when it is read. A page the person cannot read now
// counts 0, as does everything for an agent or management (they watch
// nothing). Errors: UNAUTHENTICATED.
func (s *Service) CountWindows(ctx context.Context, ws []Window, span time.Duration) ([]int, error) {
	a, err := auth.RequireActor(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]int, len(ws))
	if len(ws) == 0 || a.Kind != auth.KindPerson {
		return out, nil
	}
	ids := make([]uuid.UUID, len(ws))
	since := make([]time.Time, len(ws))
	for i, w := range ws {
		ids[i], since[i] = w.DocumentID, w.Since
	}
	rows, err := db.Q.ActivityCountWindows(ctx, s.pool, db.ActivityCountWindowsParams{
		ViewerID: a.UserID, WindowSecs: span.Seconds(), DocumentIds: ids, Since: since,
	})
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		if i := int(r.I) - 1; i >= 0 && i < len(out) {
			out[i] = int(r.Events)
		}
	}
	return out, nil
}
