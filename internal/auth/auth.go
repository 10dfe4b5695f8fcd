// Package auth resolves requests to actors (a person, an agent, management or
// nobody), signs people in and out, and issues personal and agent tokens.
package auth

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/db"
	"codna/internal/fault"
	"codna/internal/request"
)

// Config is the per-instance authentication configuration.
type Config struct {
	Argon2      Argon2Params
	SessionTTL  time.Duration // sliding: each use extends a session this far
	LoginLimit  int           // failed sign-ins per email (five times as many per IP address) in LoginWindow
	LoginWindow time.Duration
	// SessionSweep is how often the server deletes expired sessions
	// (a periodic.Job the server runs); zero never.
	SessionSweep time.Duration
	// CountFlush is how often the server writes the MCP usage counts and
	// agent reads gathered in memory (FlushCounts); zero only when it stops.
	CountFlush time.Duration
	// ResetLimit is how many password reset requests an address may get in
	// ResetWindow (a client may make five times as many); zero: no limit.
	ResetLimit  int
	ResetWindow time.Duration
	// ResetFloor is the least time RequestPasswordReset takes, so that its
	// answer's timing does not tell whether the address exists.
	ResetFloor time.Duration
	// SSOOnly turns password sign-in off for people (CODNA_OIDC_ONLY):
	// Login, password resets and passwords at invitation acceptance are
	// refused (docs/design.md, "Single sign-on"); SSOName is the identity
	// provider's name the messages and mails give.
	SSOOnly bool
	SSOName string
}

// DefaultConfig is what `codna serve` uses unless configured otherwise.
var DefaultConfig = Config{
	Argon2:       DefaultArgon2,
	SessionTTL:   30 * 24 * time.Hour,
	LoginLimit:   10,
	LoginWindow:  15 * time.Minute,
	SessionSweep: time.Hour,
	CountFlush:   time.Second,
	ResetLimit:   3,
	ResetWindow:  time.Hour,
	ResetFloor:   250 * time.Millisecond,
}

// User is a user as the API shows it.
type User struct {
	ID        uuid.UUID
	Email     string
	Name      string
	Kind      Kind
	Active    bool
	CreatedAt time.Time
}

// UserFromRow maps a users row.
func UserFromRow(u db.User) User {
	return User{ID: u.ID, Email: u.Email, Name: u.Name, Kind: Kind(u.Kind), Active: u.IsActive, CreatedAt: u.CreatedAt}
}

// Service authenticates requests and manages sessions and access tokens.
type Service struct {
	pool      *pgxpool.Pool
	cfg       Config
	byEmail   *Limiter
	byIP      *Limiter
	dummyHash string
	log       *slog.Logger

	webMu   sync.Mutex
	webSeen map[uuid.UUID]time.Time // the hour each person's web use was last recorded

	counts tally // MCP calls and agent reads not yet written (FlushCounts)

	resetByEmail *Limiter // password reset requests per address
	resetByIP    *Limiter // password reset requests per client
	mailMu       sync.Mutex
	mailer       Mailer // nil: the instance sends no mail (UseMailer)
}

// New returns a Service over pool.
func New(pool *pgxpool.Pool, cfg Config, log *slog.Logger) *Service {
	if cfg.SessionTTL <= 0 {
		cfg.SessionTTL = DefaultConfig.SessionTTL
	}
	if cfg.Argon2.KeyLength == 0 {
		cfg.Argon2 = DefaultArgon2
	}
	if log == nil {
		log = slog.Default()
	}
	// Checking a missing account against a real hash keeps its timing equal
	// to a wrong password's, so email addresses cannot be probed by timing.
	dummy, err := HashPassword(cfg.Argon2, "not a password anyone has")
	if err != nil {
		panic(err)
	}
	return &Service{
		pool:      pool,
		cfg:       cfg,
		byEmail:   NewLimiter(cfg.LoginLimit, cfg.LoginWindow),
		byIP:      NewLimiter(cfg.LoginLimit*5, cfg.LoginWindow),
		dummyHash: dummy,
		log:       log,

		resetByEmail: NewLimiter(cfg.ResetLimit, cfg.ResetWindow),
		resetByIP:    NewLimiter(cfg.ResetLimit*5, cfg.ResetWindow),
	}
}

// Argon2 returns the instance's password-hashing parameters.
func (s *Service) Argon2() Argon2Params { return s.cfg.Argon2 }

// LoginRequest is what a sign-in carries.
type LoginRequest struct {
	Email     string
	Password  string
	IP        string
	UserAgent string
}

// Session is a new session: Secret goes into the cookie and nowhere else.
type Session struct {
	User      User
	Secret    string
	ExpiresAt time.Time
}

var errWrongLogin = fault.New(fault.Unauthenticated, "The email or password is wrong.")

// Login checks a person's email and password and opens a session.
// Errors: FORBIDDEN when people sign in only through the identity provider
// (Config.SSOOnly); RATE_LIMITED (with when to retry) after too many failed
// attempts for the email or from the address — a success clears the
// email's count;
// UNAUTHENTICATED for an unknown email, a wrong password, a deactivated
// person or one without a password — never saying which.
func (s *Service) Login(ctx context.Context, r LoginRequest) (*Session, error) {
	email := strings.TrimSpace(r.Email)
	if email == "" {
		return nil, fault.Input("email", "Enter your email address.")
	}
	if s.cfg.SSOOnly {
		return nil, s.errSSOOnly()
	}
	if len(email) > 320 || len(r.Password) > 1024 {
		return nil, errWrongLogin
	}
	ipKey, emailKey := "ip:"+r.IP, "email:"+strings.ToLower(email)
	if wait := max(s.byIP.Wait(ipKey), s.byEmail.Wait(emailKey)); wait > 0 {
		return nil, fault.Later(wait, "Too many failed sign-ins. Try again in %s.", untilText(wait))
	}
	u, err := db.Q.UserGetPersonByEmail(ctx, s.pool, email)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return nil, err
	}
	hash := s.dummyHash
	found := err == nil && u.PasswordHash != nil
	if found {
		hash = *u.PasswordHash
	}
	ok, err := CheckPassword(hash, r.Password)
	if err != nil {
		s.log.ErrorContext(ctx, "stored password hash is malformed", "user_id", u.ID)
		return nil, errWrongLogin
	}
	if !found || !ok || !u.IsActive {
		// Only failures count (docs/design.md#sign-in-throttle): people
		// behind one address who sign in correctly are never refused.
		s.byIP.Fail(ipKey)
		s.byEmail.Fail(emailKey)
		return nil, errWrongLogin
	}
	sess, err := s.openSession(ctx, s.pool, u, r.UserAgent)
	if err != nil {
		return nil, err
	}
	s.byEmail.Clear(emailKey)
	s.noteSignIn(ctx, u.ID)
	return sess, nil
}

// untilText says a wait in words for a message: whole minutes, or seconds
// under a minute.
func untilText(d time.Duration) string {
	if d < time.Minute {
		return fmt.Sprintf("%d seconds", max(1, int(math.Ceil(d.Seconds()))))
	}
	m := int(math.Ceil(d.Minutes()))
	if m == 1 {
		return "1 minute"
	}
	return fmt.Sprintf("%d minutes", m)
}

// openSession stores a new session for u and returns it with its secret:
// what signing in is, for Login and ResetPasswordWithToken alike.
func (s *Service) openSession(ctx context.Context, q db.DBTX, u db.User, userAgent string) (*Session, error) {
	secret := NewSecret("")
	expires := time.Now().Add(s.cfg.SessionTTL)
	if _, err := db.Q.SessionCreate(ctx, q, db.SessionCreateParams{
		ID: uuid.Must(uuid.NewV7()), UserID: u.ID, TokenHash: HashSecret(secret),
		UserAgent: truncate(userAgent, 512), ClientAddress: truncate(request.From(ctx).IP, 64), ExpiresAt: expires,
	}); err != nil {
		return nil, err
	}
	return &Session{User: UserFromRow(u), Secret: secret, ExpiresAt: expires}, nil
}

// noteSignIn counts a sign-in (usage_daily); a failure is logged, never
// the sign-in's.
func (s *Service) noteSignIn(ctx context.Context, userID uuid.UUID) {
	if err := RecordUsage(ctx, s.pool, userID, UsageSignIn, "", ""); err != nil {
		s.log.WarnContext(ctx, "record a sign-in", "error", err)
	}
}

// Logout ends the session whose cookie value is secret. It reports whether
// there was one. Websockets opened with the session are closed on every
// replica (live.CredentialChannel, notified in the same transaction).
func (s *Service) Logout(ctx context.Context, secret string) (bool, error) {
	if secret == "" {
		return false, nil
	}
	var ended bool
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		users, err := db.Q.SessionDeleteByHash(ctx, tx, HashSecret(secret))
		if err != nil {
			return err
		}
		ended = len(users) > 0
		return CredentialsEndedInTx(ctx, tx, users...)
	})
	return ended, err
}

// CredentialsEndedInTx tells every replica, when the caller's transaction
// commits, that a session or token of each user ended, so that their open
// websockets re-check their credential and close if it is gone. Every
// change that ends a credential (logout, deactivation, a password reset,
// revoking a token, deleting an agent) calls it in its transaction. It
// checks no actor: the caller ended the credentials.
func CredentialsEndedInTx(ctx context.Context, tx db.DBTX, users ...uuid.UUID) error {
	for _, u := range users {
		if err := db.Q.UserNotifyCredentialEnded(ctx, tx, u); err != nil {
			return err
		}
	}
	return nil
}

// Recheck reports whether the credential a websocket authenticated with
// still holds: the session or token is live and its user can still act.
// Nobody (nil) always holds. One statement (none for nobody, the CLI and
// the system). Errors: UNAUTHENTICATED when it ended; database errors as
// they are.
func (s *Service) Recheck(ctx context.Context, a *Actor) error {
	ended, err := s.RecheckAll(ctx, []*Actor{a})
	if err != nil {
		return err
	}
	if ended[0] {
		return errBadCredentials
	}
	return nil
}

// RecheckAll is Recheck for many actors at once, in one statement per kind
// of credential among them (sessions, personal and agent tokens, manage
// tokens: at most three, whatever the number of actors). ended[i] says that
// actors[i]'s credential ended (never for nil, the CLI or the system). The
// live subscriptions re-check every socket a burst of pushes goes to this
// way. Errors: the database's.
func (s *Service) RecheckAll(ctx context.Context, actors []*Actor) (ended []bool, err error) {
	var sessions, tokens, service []uuid.UUID
	for _, a := range actors {
		if a == nil {
			continue
		}
		switch a.Via {
		case ViaSession:
			sessions = append(sessions, a.SessionID)
		case ViaAccessToken:
			tokens = append(tokens, a.TokenID)
		case ViaServiceToken:
			service = append(service, a.TokenID)
		}
	}
	live := map[uuid.UUID]bool{}
	add := func(ids []uuid.UUID, err error) error {
		for _, id := range ids {
			live[id] = true
		}
		return err
	}
	if len(sessions) > 0 {
		if err := add(db.Q.SessionListLive(ctx, s.pool, sessions)); err != nil {
			return nil, err
		}
	}
	if len(tokens) > 0 {
		if err := add(db.Q.AccessTokenListLive(ctx, s.pool, tokens)); err != nil {
			return nil, err
		}
	}
	if len(service) > 0 {
		if err := add(db.Q.ServiceTokenListLive(ctx, s.pool, service)); err != nil {
			return nil, err
		}
	}
	ended = make([]bool, len(actors))
	for i, a := range actors {
		switch {
		case a == nil:
		case a.Via == ViaSession:
			ended[i] = !live[a.SessionID]
		case a.Via == ViaAccessToken || a.Via == ViaServiceToken:
			ended[i] = !live[a.TokenID]
		case a.Via == ViaCLI || a.Via == ViaSystem:
			// The host's own operator, or background work; never over a socket.
		default:
			ended[i] = true // no credential this check knows
		}
	}
	return ended, nil
}

// NoteWebUse records, at most once per person per UTC hour and replica,
// that a person used the instance (usage_daily, activity web). Only the
// first request of each hour writes.
func (s *Service) NoteWebUse(ctx context.Context, a *Actor) {
	if a == nil || a.Kind != KindPerson {
		return
	}
	hour := time.Now().UTC().Truncate(time.Hour)
	s.webMu.Lock()
	if s.webSeen == nil {
		s.webSeen = map[uuid.UUID]time.Time{}
	}
	if s.webSeen[a.UserID].Equal(hour) {
		s.webMu.Unlock()
		return
	}
	s.webSeen[a.UserID] = hour
	if len(s.webSeen) > 100_000 {
		for id, h := range s.webSeen {
			if h.Before(hour) {
				delete(s.webSeen, id)
			}
		}
	}
	s.webMu.Unlock()
	if err := RecordUsage(ctx, s.pool, a.UserID, UsageWeb, "", ""); err != nil {
		s.log.WarnContext(ctx, "record web use", "error", err)
	}
}

// Credentials are what a request presented.
type Credentials struct {
	Session string // the session cookie's value
	Bearer  string // the Authorization: Bearer token
}

var errBadCredentials = fault.New(fault.Unauthenticated, "Your session or token is not valid. Sign in again.")

// errAgentPaused refuses a paused agent's token: it is the agent's, but
// nobody active answers for the agent until it is resumed.
var errAgentPaused = fault.New(fault.Forbidden, "agent paused: nobody active answers for this agent; management or a responsible person must resume it.")

// Authenticate resolves credentials to an actor. No credentials is nobody
// (nil, nil). A bearer token wins over a cookie. Any presented credential that
// is unknown, expired, revoked, or whose user was deactivated or deleted is
// UNAUTHENTICATED, never more; a paused agent's token is FORBIDDEN
// ("agent paused").
func (s *Service) Authenticate(ctx context.Context, c Credentials) (*Actor, error) {
	switch {
	case c.Bearer != "":
		return s.authenticateToken(ctx, s.pool, c.Bearer)
	case c.Session != "":
		row, err := db.Q.SessionGetLive(ctx, s.pool, HashSecret(c.Session))
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, errBadCredentials
		} else if err != nil {
			return nil, err
		}
		// Slide the expiry at most once a minute, so reads stay reads.
		if time.Since(row.LastSeenAt) > time.Minute {
			if err := db.Q.SessionTouch(ctx, s.pool, db.SessionTouchParams{ID: row.SessionID, ExpiresAt: time.Now().Add(s.cfg.SessionTTL), ClientAddress: truncate(request.From(ctx).IP, 64)}); err != nil {
				return nil, err
			}
		}
		return &Actor{UserID: row.ID, Kind: Kind(row.Kind), Email: row.Email, Name: row.Name, Via: ViaSession, SessionID: row.SessionID}, nil
	}
	return nil, nil
}

func (s *Service) authenticateToken(ctx context.Context, q db.DBTX, token string) (*Actor, error) {
	hash := HashSecret(token)
	switch {
	case strings.HasPrefix(token, ManageTokenPrefix):
		t, err := db.Q.ServiceTokenGetLive(ctx, q, hash)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, errBadCredentials
		} else if err != nil {
			return nil, err
		}
		if stale(t.LastUsedAt) {
			if err := db.Q.ServiceTokenTouch(ctx, q, t.ID); err != nil {
				return nil, err
			}
		}
		return &Actor{UserID: ManagementID, Kind: KindManagement, Name: "Management", Via: ViaServiceToken, TokenID: t.ID}, nil
	case strings.HasPrefix(token, PersonTokenPrefix), strings.HasPrefix(token, AgentTokenPrefix):
		row, err := db.Q.AccessTokenGetLive(ctx, q, hash)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, errBadCredentials
		} else if err != nil {
			return nil, err
		}
		// The prefix must agree with the stored kind, so a token cannot pass
		// for another kind.
		if (row.TokenKind == "agent") != strings.HasPrefix(token, AgentTokenPrefix) {
			return nil, errBadCredentials
		}
		// Nobody active answers for it any more (docs/design.md, "Agents
		// over MCP"): known, but refused until it is resumed.
		if row.AgentPausedAt != nil {
			return nil, errAgentPaused
		}
		if stale(row.TokenLastUsedAt) {
			if err := db.Q.AccessTokenTouch(ctx, q, row.TokenID); err != nil {
				return nil, err
			}
		}
		return &Actor{UserID: row.ID, Kind: Kind(row.Kind), Email: row.Email, Name: row.Name, Via: ViaAccessToken, TokenID: row.TokenID}, nil
	}
	return nil, errBadCredentials
}

// stale says whether a last-used time is worth writing again: at most once a
// minute, so a token's reads stay reads.
func stale(lastUsed *time.Time) bool {
	return lastUsed == nil || time.Since(*lastUsed) > time.Minute
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}

// UsersByID reads a batch of users, keyed by id, in one statement. People
// find each other by name and email (docs/design.md#explaining-access), so any signed-in
// actor may read any user's name, email and kind; ids that do not exist are
// absent. Errors: UNAUTHENTICATED for nobody; FORBIDDEN for the system.
func (s *Service) UsersByID(ctx context.Context, ids []uuid.UUID) (map[uuid.UUID]User, error) {
	if _, err := RequireActor(ctx); err != nil {
		return nil, err
	}
	out := make(map[uuid.UUID]User, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := db.Q.UserGetMany(ctx, s.pool, ids)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ID] = UserFromRow(r)
	}
	return out, nil
}
