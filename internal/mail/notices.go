package mail

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/db"
)

// The kinds of notification mail (docs/design.md, "Mail").
const (
	// KindDecision tells a person at once of a decision waiting for them;
	// its subject is the notification's id.
	KindDecision = "decision"
	// KindMention tells a person at once they were mentioned; its subject
	// is the notification's id.
	KindMention = "mention"
	// KindDigest lists a person's unread information notifications of a
	// window; its subject is the mail_digests row's id.
	KindDigest = "digest"
)

// NoticeLookback is how far back QueueNotices looks for decisions and
// mentions not mailed yet: a notification older than that (mail was off,
// or no replica ran) is not mailed late.
const NoticeLookback = time.Hour

// NoticeCoalesce is the window in which a person's decision (or mention)
// mails coalesce: after one is queued, the next waits until the window has
// passed and then lists every one made meanwhile. Set it at start-up only.
var NoticeCoalesce = 2 * time.Minute

// DigestMaxItems caps the notifications one digest lists; it says how many
// more there are.
const DigestMaxItems = 50

// noticeLockKey is the advisory lock QueueNotices holds while it queues.
const noticeLockKey int64 = 0x636f646e616d6c // "codnaml"

// QueueNotices queues the notification mail that is due (the queuer's
// periodic task, every Config.Poll): a mail for each unread decision and
// mention made in the last NoticeLookback whose recipient wants it and
// that has none yet, and a digest for each person whose digest is due and
// who has unread information since their last one. One replica queues at
// a time (an advisory lock; the others skip their turn). It returns how
// many mails it queued; with mail off it queues nothing. It runs as the
// system: it decides nothing about content, which the sender renders for
// each recipient at send time.
func (s *Service) QueueNotices(ctx context.Context) (int64, error) {
	if !s.Enabled() {
		return 0, nil
	}
	var n int64
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		locked, err := db.Q.MailOutboxTryNoticeLock(ctx, tx, noticeLockKey)
		if err != nil || !locked {
			return err
		}
		n, err = db.Q.MailOutboxQueueNotices(ctx, tx, db.MailOutboxQueueNoticesParams{
			Domain: s.domain, Since: time.Now().Add(-NoticeLookback), WindowSecs: NoticeCoalesce.Seconds(),
		})
		if err != nil {
			return err
		}
		due, err := db.Q.MailDigestListDue(ctx, tx, 500)
		if err != nil {
			return err
		}
		for _, d := range due {
			g, err := db.Q.MailDigestCreate(ctx, tx, db.MailDigestCreateParams{
				ID: uuid.Must(uuid.NewV7()), UserID: d.UserID, PeriodStart: d.PeriodStart,
			})
			if err != nil {
				return err
			}
			if err := s.EnqueueInTx(ctx, tx, d.UserID, KindDigest, &g.ID); err != nil {
				return err
			}
			n++
		}
		// Old windows go hourly, not at every poll (a scan of the table).
		if last := s.digestsCleaned.Load(); time.Since(time.Unix(0, last)) > time.Hour &&
			s.digestsCleaned.CompareAndSwap(last, time.Now().UnixNano()) {
			_, err = db.Q.MailDigestDeleteOld(ctx, tx, time.Now().Add(-Retention))
		}
		return err
	})
	return n, err
}

// item is one notification as a mail shows it.
type item struct {
	What string // the type in words
	Page string // the page's title and address; "" for none
}

// typeWords says a notification type in words; a type not listed shows
// as it is.
var typeWords = map[string]string{
	"access.granted":            "You were given access to a page",
	"access.revoked":            "Your access to a page was removed",
	"access.reshared":           "A page you shared was shared further",
	"link.target_moved":         "A link's target moved: keep or update the link",
	"link.target_deleted":       "A link's target was deleted: decide what to do with the link",
	"link.suggested":            "A link was suggested",
	"file.target_moved":         "A referenced file moved: keep or update the reference",
	"file.target_deleted":       "A referenced file was deleted: decide what to do with the reference",
	"automation.failed":         "One of your automations failed",
	"ingestion.ready":           "An original you brought in is ready",
	"ingestion.failed":          "An original you brought in failed",
	"import.done":               "An import finished",
	"import.failed":             "An import failed",
	"export.ready":              "An export is ready",
	"automation.message":        "A message from an automation",
	"group.added":               "You were added to a group",
	"group.removed":             "You were removed from a group",
	"account.password_reset":    "Your password was reset",
	"documents.transferred":     "Pages were transferred to you",
	"agent.responsible_added":   "You are now responsible for an agent",
	"agent.responsible_removed": "You are no longer responsible for an agent",
	"document.quarantined":      "A page was quarantined",
	"document.released":         "A page was released from quarantine",
	"document.access_revoked":   "Access to a page was revoked",
	"webhook.paused":            "One of your webhooks was paused",
	"account.sso_linked":        "Your account was linked to your identity provider",
	"mention":                   "You were mentioned",
	"mention.unreadable":        "Someone you mentioned cannot read the page and was not told",
	"mention.group_capped":      "A group you mentioned is too large to tell at once: notify them all or leave it",
	"watch.updated":             "A page you watch was updated",
	"comment.created":           "A comment was added",
}

func words(t string) string {
	if w, ok := typeWords[t]; ok {
		return w
	}
	return t
}

// renderNotice fills r for a decision, mention or digest mail, from
// current rows: nothing the recipient cannot read now, nothing they
// already read in the app. A non-empty drop is why it is not sent.
func (s *Service) renderNotice(ctx context.Context, tx db.DBTX, row db.MailOutbox, r *rendered) (drop string, err error) {
	prefs, err := s.preferences(ctx, tx, row.RecipientID)
	if err != nil {
		return "", err
	}
	if !prefs.wants(row.Kind) {
		return "the recipient turned this mail off", nil
	}
	if row.SubjectID == nil {
		return "a notification mail without its subject", nil
	}
	var ids []uuid.UUID
	more := 0
	if row.Kind == KindDigest {
		g, err := db.Q.MailDigestGet(ctx, tx, db.MailDigestGetParams{ID: *row.SubjectID, UserID: row.RecipientID})
		if errors.Is(err, pgx.ErrNoRows) {
			return "the digest is gone", nil
		} else if err != nil {
			return "", err
		}
		ids, err = db.Q.NotificationListDigestIDs(ctx, tx, db.NotificationListDigestIDsParams{
			RecipientID: row.RecipientID, PeriodStart: g.PeriodStart, PeriodEnd: g.PeriodEnd, RowLimit: 1000,
		})
		if err != nil {
			return "", err
		}
	} else {
		// A decision or mention mail lists every unread one of its kind
		// made since the recipient's previous mail of that kind (at most
		// NoticeLookback back): the mails of a burst coalesce into one.
		start := row.CreatedAt.Add(-NoticeLookback)
		prev, err := db.Q.MailOutboxPreviousNotice(ctx, tx, db.MailOutboxPreviousNoticeParams{
			RecipientID: row.RecipientID, Kind: row.Kind, BeforeCreated: row.CreatedAt, BeforeID: row.ID,
		})
		if err == nil && prev.After(start) {
			start = prev
		} else if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return "", err
		}
		ids, err = db.Q.NotificationListNoticeIDs(ctx, tx, db.NotificationListNoticeIDsParams{
			RecipientID: row.RecipientID, Decisions: row.Kind == KindDecision, PeriodStart: start, PeriodEnd: row.CreatedAt, RowLimit: 1000,
		})
		if err != nil {
			return "", err
		}
		if !slices.Contains(ids, *row.SubjectID) {
			ids = append(ids, *row.SubjectID)
		}
	}
	views, err := db.Q.NotificationListMailViews(ctx, tx, db.NotificationListMailViewsParams{RecipientID: row.RecipientID, Ids: ids})
	if err != nil {
		return "", err
	}
	var items []item
	for _, v := range views {
		if v.Status != "unread" {
			continue // read, resolved or dismissed in the app before the mail went out
		}
		it := item{What: words(v.Type)}
		if v.PageID != uuid.Nil {
			if !v.PageReadable {
				continue // never name, or tell about, a page they cannot read
			}
			it.Page = headerValue(v.PageTitle, 200) + " (" + pageAddress(v.PageSpace, v.PagePath) + ")"
		}
		if len(items) == DigestMaxItems {
			more++
			continue
		}
		items = append(items, it)
	}
	if len(items) == 0 {
		if row.Kind == KindDigest {
			return "nothing left to tell: read in the app, or no longer readable", nil
		}
		return "the notification was read in the app, is gone, or names a page the recipient can no longer read", nil
	}
	r.content.Items, r.content.More = items, more
	r.content.Link = s.public.JoinPath("inbox").String()
	token, err := s.unsubscribeToken(ctx, tx, row.RecipientID, row.Kind)
	if err != nil {
		return "", err
	}
	r.unsubscribe = s.public.JoinPath("mail", "unsubscribe").String() + "?t=" + token
	r.content.Unsubscribe = r.unsubscribe
	return "", nil
}

// pageAddress is a page's space/path as the app shows it.
func pageAddress(space, path string) string {
	if path == "" {
		return space
	}
	return space + "/" + path
}
