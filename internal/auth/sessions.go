package auth

import (
	"context"
	"strings"
	"time"

	"github.com/google/uuid"

	"codna/internal/db"
	"codna/internal/fault"
)

// ActiveSession is one of a person's live sessions as they see it on their
// "Sessions and tokens" screen: never its secret.
type ActiveSession struct {
	ID uuid.UUID
	// Device names the browser and system from the user agent, like
	// "Firefox on Linux"; UserAgent is the header itself.
	Device    string
	UserAgent string
	// Address is the client address it was last used from ("" when not
	// known: sessions from before addresses were kept).
	Address    string
	CreatedAt  time.Time
	LastUsedAt time.Time
	ExpiresAt  time.Time
	// Current says this is the session the request came with.
	Current bool
}

// Sessions lists the live sessions of the person acting, most recently
// used first, marking the request's own. Errors: UNAUTHENTICATED for
// nobody; FORBIDDEN for agents and management (they have no sessions).
func (s *Service) Sessions(ctx context.Context) ([]ActiveSession, error) {
	a, err := RequirePerson(ctx, "Only people have sessions.")
	if err != nil {
		return nil, err
	}
	rows, err := db.Q.SessionListByUser(ctx, s.pool, a.UserID)
	if err != nil {
		return nil, err
	}
	out := make([]ActiveSession, len(rows))
	for i, r := range rows {
		out[i] = ActiveSession{
			ID: r.ID, Device: DeviceName(r.UserAgent), UserAgent: r.UserAgent, Address: r.ClientAddress,
			CreatedAt: r.CreatedAt, LastUsedAt: r.LastSeenAt, ExpiresAt: r.ExpiresAt,
			Current: a.Via == ViaSession && a.SessionID == r.ID,
		}
	}
	return out, nil
}

// EndSession signs out one session of the person signed in by session
// cookie (their own current one included, which is signing out); its
// websockets close on every replica. Errors: UNAUTHENTICATED for nobody;
// FORBIDDEN for anyone not signed in by session (a token cannot end
// sessions); NOT_FOUND for an id that is not one of their live sessions.
func (s *Service) EndSession(ctx context.Context, id uuid.UUID) error {
	a, err := requireSession(ctx)
	if err != nil {
		return err
	}
	return db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		users, err := db.Q.SessionDeleteOfUser(ctx, tx, db.SessionDeleteOfUserParams{ID: id, UserID: a.UserID})
		if err != nil {
			return err
		}
		if len(users) == 0 {
			return fault.New(fault.NotFound, "No such session of yours: it may have ended already.")
		}
		return CredentialsEndedInTx(ctx, tx, users...)
	})
}

// EndOtherSessions signs out every session of the person signed in by
// session cookie but the one asking, and reports how many it ended; their
// websockets close on every replica. Personal tokens keep working (revoke
// them one by one). Errors: UNAUTHENTICATED for nobody; FORBIDDEN for
// anyone not signed in by session.
func (s *Service) EndOtherSessions(ctx context.Context) (int, error) {
	a, err := requireSession(ctx)
	if err != nil {
		return 0, err
	}
	var ended int64
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		if ended, err = db.Q.SessionDeleteByUserExcept(ctx, tx, db.SessionDeleteByUserExceptParams{UserID: a.UserID, KeepID: a.SessionID}); err != nil {
			return err
		}
		if ended == 0 {
			return nil
		}
		return CredentialsEndedInTx(ctx, tx, a.UserID)
	})
	return int(ended), err
}

// DeviceName names the browser and system a user agent header describes,
// like "Chrome on macOS", for people to recognise their sessions; an
// unknown one is "Unknown device", a program's (curl, Go) its name.
func DeviceName(userAgent string) string {
	ua := userAgent
	var browser string
	switch {
	case strings.Contains(ua, "Edg/"):
		browser = "Edge"
	case strings.Contains(ua, "OPR/"):
		browser = "Opera"
	case strings.Contains(ua, "Firefox/"):
		browser = "Firefox"
	case strings.Contains(ua, "Chromium/"):
		browser = "Chromium"
	case strings.Contains(ua, "HeadlessChrome/"):
		browser = "Headless Chrome"
	case strings.Contains(ua, "Chrome/"):
		browser = "Chrome"
	case strings.Contains(ua, "Safari/"):
		browser = "Safari"
	case strings.HasPrefix(ua, "curl/"):
		return "curl"
	case strings.HasPrefix(ua, "Go-http-client/"):
		return "A Go program"
	case strings.HasPrefix(ua, "node") || strings.HasPrefix(ua, "undici"):
		return "A Node.js program"
	}
	var system string
	switch {
	case strings.Contains(ua, "Android"):
		system = "Android"
	case strings.Contains(ua, "iPhone") || strings.Contains(ua, "iPad"):
		system = "iOS"
	case strings.Contains(ua, "Windows"):
		system = "Windows"
	case strings.Contains(ua, "Mac OS X") || strings.Contains(ua, "Macintosh"):
		system = "macOS"
	case strings.Contains(ua, "CrOS"):
		system = "ChromeOS"
	case strings.Contains(ua, "Linux"):
		system = "Linux"
	}
	switch {
	case browser != "" && system != "":
		return browser + " on " + system
	case browser != "":
		return browser
	case system != "":
		return "A browser on " + system
	}
	return "Unknown device"
}
