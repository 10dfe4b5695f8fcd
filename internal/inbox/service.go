package inbox

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
)

// MaxLimit is the largest page List and NewSince return.
const MaxLimit = 100

// Counts is the inbox badge (docs/design.md#counts).
type Counts struct {
	Decisions int // link edges awaiting the owner's answer + pending suggestions on documents they can edit
	Unread    int // unread information (never a decision)
	Total     int // Decisions + Unread
}

// Service reads and changes the acting person's own notifications. Every
// method is one statement unless its comment says otherwise.
type Service struct {
	pool *pgxpool.Pool
}

// New returns a Service over pool.
func New(pool *pgxpool.Pool) *Service { return &Service{pool: pool} }

var (
	errNotFound = fault.New(fault.NotFound, "You have no notification with that id.")
	errDecision = fault.Input("id", "This notification is a decision waiting for your answer: it is cleared by answering it, not by dismissing or resolving it.")
)

// requireActor returns the actor: a person, an agent or management (whose
// inbox holds only its own notifications). Nobody is UNAUTHENTICATED; the
// system actor, which has no inbox, is FORBIDDEN.
func requireActor(ctx context.Context) (*auth.Actor, error) {
	a := auth.ActorFrom(ctx)
	switch {
	case a == nil:
		return nil, fault.New(fault.Unauthenticated, "Sign in first.")
	case a.Kind == auth.KindSystem: // the system actor, or one forged with its kind
		return nil, fault.New(fault.Forbidden, "Background work has no inbox.")
	}
	return a, nil
}

// requireOwn returns the actor when userID is theirs: an inbox is read by
// its owner alone. Errors: requireActor's; FORBIDDEN for someone else's.
func requireOwn(ctx context.Context, userID uuid.UUID) (*auth.Actor, error) {
	a, err := requireActor(ctx)
	if err != nil {
		return nil, err
	}
	if a.UserID != userID {
		return nil, fault.New(fault.Forbidden, "This is someone else's inbox.")
	}
	return a, nil
}

// Counts returns userID's inbox badge, in one statement, as docs/design.md#counts
// defines it: decisions are the stale_text or broken edges from live,
// non-raw documents the user owns, not kept, whose target the user can read
// (document_access_level > 0: a broken edge's tombstoned target is readable
// by its owner alone), plus the pending link suggestions on live documents
// the user can edit (level ≥ 2); unread is the user's unread notifications
// that do not require a decision. isPerson says whether group grants reach
// the user (true for people only). Errors: requireOwn's.
func (s *Service) Counts(ctx context.Context, userID uuid.UUID, isPerson bool) (Counts, error) {
	if _, err := requireOwn(ctx, userID); err != nil {
		return Counts{}, err
	}
	return counts(ctx, s.pool, userID, isPerson)
}

func counts(ctx context.Context, q db.DBTX, userID uuid.UUID, isPerson bool) (Counts, error) {
	m, err := countsOf(ctx, q, []uuid.UUID{userID}, []bool{isPerson})
	return m[userID], err
}

// countsOf is the badge of each of users (isPerson[i]: whether group grants
// reach users[i]), in one statement (NotificationCountInbox).
func countsOf(ctx context.Context, q db.DBTX, users []uuid.UUID, isPerson []bool) (map[uuid.UUID]Counts, error) {
	rows, err := db.Q.NotificationCountInbox(ctx, q, db.NotificationCountInboxParams{UserIds: users, IsPerson: isPerson})
	if err != nil {
		return nil, fmt.Errorf("inbox counts: %w", err)
	}
	out := make(map[uuid.UUID]Counts, len(rows))
	for _, r := range rows {
		out[r.UserID] = Counts{Decisions: int(r.Decisions), Unread: int(r.Unread), Total: int(r.Decisions + r.Unread)}
	}
	return out, nil
}

// MyCounts returns the acting user's counts (one statement). Management has
// no documents, so its decisions are 0 and it sees only its own unread
// notifications. Errors: UNAUTHENTICATED.
func (s *Service) MyCounts(ctx context.Context) (Counts, error) {
	a, err := requireActor(ctx)
	if err != nil {
		return Counts{}, err
	}
	return counts(ctx, s.pool, a.UserID, a.Kind == auth.KindPerson)
}

// Filter narrows List. Nil fields do not filter.
type Filter struct {
	Status           *string // one of Statuses
	Type             *string // one of Types
	RequiresDecision *bool
}

// Cursor is where a List page starts (exclusive): the last notification of
// the previous page.
type Cursor struct {
	CreatedAt time.Time
	ID        uuid.UUID
}

// CursorOf returns the cursor just past n.
func CursorOf(n *Notification) Cursor { return Cursor{CreatedAt: n.CreatedAt, ID: n.ID} }

// List pages through the acting user's own notifications, newest first,
// keyset on (created_at, id), in one statement (two when the page holds
// link decisions, whose addresses present resolves). It returns at most limit
// notifications and whether more follow. Errors: UNAUTHENTICATED;
// BAD_USER_INPUT on "status" or "type" for an unknown value, on "first"
// for a limit outside 1..MaxLimit.
func (s *Service) List(ctx context.Context, f Filter, after *Cursor, limit int) ([]Notification, bool, error) {
	a, err := requireActor(ctx)
	if err != nil {
		return nil, false, err
	}
	if limit < 1 || limit > MaxLimit {
		return nil, false, fault.Input("first", "Ask for between 1 and %d items.", MaxLimit)
	}
	if f.Status != nil && !slices.Contains(Statuses, *f.Status) {
		return nil, false, fault.Input("status", "A notification's status is unread, read, resolved or dismissed.")
	}
	if f.Type != nil && !KnownType(*f.Type) {
		return nil, false, fault.Input("type", "There is no notification type %q.", *f.Type)
	}
	p := db.NotificationListParams{
		RecipientID: a.UserID, Status: f.Status, Type: f.Type, RequiresDecision: f.RequiresDecision,
		RowLimit: int32(limit + 1),
	}
	if after != nil {
		p.AfterID, p.AfterCreated = &after.ID, &after.CreatedAt
	}
	rows, err := db.Q.NotificationList(ctx, s.pool, p)
	if err != nil {
		return nil, false, fmt.Errorf("list notifications: %w", err)
	}
	more := len(rows) > limit
	if more {
		rows = rows[:limit]
	}
	out := make([]Notification, len(rows))
	for i, r := range rows {
		out[i] = fromRow(r)
	}
	if err := present(ctx, s.pool, a.UserID, out); err != nil {
		return nil, false, err
	}
	return out, more, nil
}

// MarkRead marks the acting user's unread information notifications among
// ids read, in one statement that also signals their live counts when any
// changed. Decisions, notifications already read, resolved or dismissed,
// and other people's ids are left alone without error. It returns how many
// it marked. Errors: UNAUTHENTICATED.
func (s *Service) MarkRead(ctx context.Context, ids []uuid.UUID) (int, error) {
	a, err := requireActor(ctx)
	if err != nil {
		return 0, err
	}
	if len(ids) == 0 {
		return 0, nil
	}
	r, err := db.Q.NotificationMarkRead(ctx, s.pool, db.NotificationMarkReadParams{RecipientID: a.UserID, Ids: ids})
	if err != nil {
		return 0, fmt.Errorf("mark notifications read: %w", err)
	}
	return int(r.Marked), nil
}

// MarkAllRead marks all the acting user's unread information read, in one
// statement (its CTE signals their live counts when any changed). Decisions
// stay until they are answered. It returns how many it marked. Errors:
// UNAUTHENTICATED.
func (s *Service) MarkAllRead(ctx context.Context) (int, error) {
	a, err := requireActor(ctx)
	if err != nil {
		return 0, err
	}
	r, err := db.Q.NotificationMarkAllRead(ctx, s.pool, a.UserID)
	if err != nil {
		return 0, fmt.Errorf("mark all notifications read: %w", err)
	}
	return int(r.Marked), nil
}

// Dismiss dismisses one of the acting user's notifications (status
// dismissed) and signals their live counts: one statement, plus one more
// when it fails or names a link decision (present). Every notification can
// be dismissed except an open decision: information at any time, a decision
// once it was answered or cleared itself (it can no longer be answered).
// Dismissing again changes nothing. Errors: UNAUTHENTICATED; NOT_FOUND
// when it is not theirs; BAD_USER_INPUT on "id" for an open decision, which
// is cleared only by answering it.
func (s *Service) Dismiss(ctx context.Context, id uuid.UUID) (*Notification, error) {
	a, err := requireActor(ctx)
	if err != nil {
		return nil, err
	}
	row, err := db.Q.NotificationDismiss(ctx, s.pool, db.NotificationDismissParams{ID: id, RecipientID: a.UserID})
	if err != nil {
		return nil, s.refusal(ctx, s.pool, err, id, a.UserID)
	}
	return s.one(ctx, a.UserID, db.Notification(row))
}

// Resolve marks one of the acting user's information notifications done
// (status resolved, resolved_at set the first time) and signals their live
// counts: one statement, plus one more when it fails or names a link
// decision. Errors:
// UNAUTHENTICATED; NOT_FOUND when it is not theirs; BAD_USER_INPUT on "id"
// for a decision, which is cleared only by answering it.
func (s *Service) Resolve(ctx context.Context, id uuid.UUID) (*Notification, error) {
	a, err := requireActor(ctx)
	if err != nil {
		return nil, err
	}
	row, err := db.Q.NotificationResolve(ctx, s.pool, db.NotificationResolveParams{ID: id, RecipientID: a.UserID})
	if err != nil {
		return nil, s.refusal(ctx, s.pool, err, id, a.UserID)
	}
	return s.one(ctx, a.UserID, db.Notification(row))
}

// one is a changed notification as its reader sees it (present).
func (s *Service) one(ctx context.Context, reader uuid.UUID, row db.Notification) (*Notification, error) {
	out := []Notification{fromRow(row)}
	if err := present(ctx, s.pool, reader, out); err != nil {
		return nil, err
	}
	return &out[0], nil
}

// refusal explains why Dismiss or Resolve changed no row.
func (s *Service) refusal(ctx context.Context, q db.DBTX, err error, id, recipient uuid.UUID) error {
	if !errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("change notification: %w", err)
	}
	decision, err := db.Q.NotificationRequiresDecision(ctx, q, db.NotificationRequiresDecisionParams{ID: id, RecipientID: recipient})
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return errNotFound
	case err != nil:
		return fmt.Errorf("change notification: %w", err)
	case decision:
		return errDecision
	}
	return errNotFound // gone in between
}

// ResolveDecisionsInTx resolves the open (unread or read) decision
// notifications about the given subjects (subject_type and subject_id), in
// q's transaction and one statement that also signals each affected
// recipient's live counts. The link resolver and the decision answers call
// it; it returns how many it resolved. It checks no actor: its callers
// decided that the decisions are settled.
func ResolveDecisionsInTx(ctx context.Context, q db.DBTX, subjectType string, subjectIDs []uuid.UUID) (int, error) {
	if len(subjectIDs) == 0 {
		return 0, nil
	}
	r, err := db.Q.NotificationResolveDecisions(ctx, q, db.NotificationResolveDecisionsParams{
		SubjectType: subjectType, SubjectIds: subjectIDs,
	})
	if err != nil {
		return 0, fmt.Errorf("resolve decisions: %w", err)
	}
	return int(r.Resolved), nil
}

// NewSince returns userID's notifications with ids above afterID (all of
// them when afterID is nil), oldest first, at most limit (capped at 10×MaxLimit),
// in one statement (two when they hold link decisions, as List). Ids are UUIDv7, so this is "made after": the live
// notificationAdded subscription uses it. A notification that coalesced
// into an older one keeps the older id and is not returned again. Errors:
// requireOwn's.
func (s *Service) NewSince(ctx context.Context, userID uuid.UUID, afterID *uuid.UUID, limit int) ([]Notification, error) {
	if _, err := requireOwn(ctx, userID); err != nil {
		return nil, err
	}
	if limit < 1 {
		return nil, nil
	}
	limit = min(limit, MaxLimit*10)
	rows, err := db.Q.NotificationListNewSince(ctx, s.pool, db.NotificationListNewSinceParams{
		RecipientID: userID, AfterID: afterID, RowLimit: int32(limit),
	})
	if err != nil {
		return nil, fmt.Errorf("new notifications: %w", err)
	}
	out := make([]Notification, len(rows))
	for i, r := range rows {
		out[i] = fromRow(r)
	}
	if err := present(ctx, s.pool, userID, out); err != nil {
		return nil, err
	}
	return out, nil
}

// Latest returns the id of userID's newest notification, or nil when they
// have none (one statement). Errors: requireOwn's.
func (s *Service) Latest(ctx context.Context, userID uuid.UUID) (*uuid.UUID, error) {
	if _, err := requireOwn(ctx, userID); err != nil {
		return nil, err
	}
	id, err := db.Q.NotificationGetLatestID(ctx, s.pool, userID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("latest notification: %w", err)
	}
	return &id, nil
}
