package mail

import (
	"context"

	"github.com/google/uuid"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
)

// Digest is how often a person's information notifications are mailed
// together (docs/design.md, "Mail").
type Digest string

// The digest settings. DAILY is the default: information never waits for
// an answer, and one mail a day tells a person what they missed without
// a mail per event (docs/design.md, "Mail").
const (
	DigestOff    Digest = "OFF"
	DigestHourly Digest = "HOURLY"
	DigestDaily  Digest = "DAILY"
)

// dbDigest is d as mail_preferences.digest stores it.
func (d Digest) dbDigest() string {
	switch d {
	case DigestOff:
		return "off"
	case DigestHourly:
		return "hourly"
	}
	return "daily"
}

func digestFromDB(s string) Digest {
	switch s {
	case "off":
		return DigestOff
	case "hourly":
		return DigestHourly
	}
	return DigestDaily
}

// Preferences are a person's mail preferences.
type Preferences struct {
	// Decisions: a mail at once for each decision waiting for them.
	Decisions bool
	// Mentions: a mail at once for each mention of them.
	Mentions bool
	// Digest: how often the information notifications they have not
	// read are mailed together.
	Digest Digest
	// MailEnabled says whether this instance sends mail at all
	// (CODNA_SMTP_URL); when it does not, preferences are kept for when
	// it does.
	MailEnabled bool
}

// PreferencesUpdate changes some of a person's preferences; nil leaves one
// as it is.
type PreferencesUpdate struct {
	Decisions *bool
	Mentions  *bool
	Digest    *Digest
}

const whyPerson = "Mail preferences are a person's: agents receive no mail."

// MailPreferences are the acting person's mail preferences (the defaults
// when they set none: decisions and mentions on, a daily digest).
//
// Errors: UNAUTHENTICATED for nobody; FORBIDDEN for anyone but a person.
func (s *Service) MailPreferences(ctx context.Context) (Preferences, error) {
	a, err := auth.RequirePerson(ctx, whyPerson)
	if err != nil {
		return Preferences{}, err
	}
	return s.preferences(ctx, s.pool, a.UserID)
}

func (s *Service) preferences(ctx context.Context, q db.DBTX, user uuid.UUID) (Preferences, error) {
	r, err := db.Q.MailPreferenceGet(ctx, q, user)
	if err != nil {
		return Preferences{}, err
	}
	return Preferences{Decisions: r.Decisions, Mentions: r.Mentions, Digest: digestFromDB(r.Digest), MailEnabled: s.Enabled()}, nil
}

// UpdateMailPreferences changes the acting person's mail preferences and
// returns them all. Turning a kind off drops their queued mails of that
// kind.
//
// Errors: UNAUTHENTICATED for nobody; FORBIDDEN for anyone but a person;
// BAD_USER_INPUT on digest when it is not OFF, HOURLY or DAILY.
func (s *Service) UpdateMailPreferences(ctx context.Context, in PreferencesUpdate) (Preferences, error) {
	a, err := auth.RequirePerson(ctx, whyPerson)
	if err != nil {
		return Preferences{}, err
	}
	if in.Digest != nil && *in.Digest != DigestOff && *in.Digest != DigestHourly && *in.Digest != DigestDaily {
		return Preferences{}, fault.Input("digest", "The digest is OFF, HOURLY or DAILY.")
	}
	var out Preferences
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		out, err = s.setPreferencesInTx(ctx, tx, a.UserID, func(p *Preferences) {
			if in.Decisions != nil {
				p.Decisions = *in.Decisions
			}
			if in.Mentions != nil {
				p.Mentions = *in.Mentions
			}
			if in.Digest != nil {
				p.Digest = *in.Digest
			}
		})
		return err
	})
	return out, err
}

// setPreferencesInTx applies change to user's preferences, stores them and
// drops their queued mails of the kinds now off.
func (s *Service) setPreferencesInTx(ctx context.Context, tx db.DBTX, user uuid.UUID, change func(*Preferences)) (Preferences, error) {
	p, err := s.preferences(ctx, tx, user)
	if err != nil {
		return p, err
	}
	change(&p)
	if err := db.Q.MailPreferenceUpsert(ctx, tx, db.MailPreferenceUpsertParams{
		UserID: user, Decisions: p.Decisions, Mentions: p.Mentions, Digest: p.Digest.dbDigest(),
	}); err != nil {
		return p, err
	}
	var off []string
	if !p.Decisions {
		off = append(off, KindDecision)
	}
	if !p.Mentions {
		off = append(off, KindMention)
	}
	if p.Digest == DigestOff {
		off = append(off, KindDigest)
	}
	if len(off) > 0 {
		if _, err := db.Q.MailOutboxDropQueuedOfKind(ctx, tx, db.MailOutboxDropQueuedOfKindParams{RecipientID: user, Kinds: off}); err != nil {
			return p, err
		}
	}
	return p, nil
}

// wants says whether p asks for mail of kind (a notice kind).
func (p Preferences) wants(kind string) bool {
	switch kind {
	case KindDecision:
		return p.Decisions
	case KindMention:
		return p.Mentions
	case KindDigest:
		return p.Digest != DigestOff
	}
	return true
}
