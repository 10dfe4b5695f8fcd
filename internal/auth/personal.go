package auth

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/db"
	"codna/internal/fault"
)

// MaxLiveTokens is how many unrevoked tokens one person may hold.
const MaxLiveTokens = 100

// IssuedToken is a new token: Secret is shown once and never stored.
type IssuedToken struct {
	ID        uuid.UUID
	Name      string
	Prefix    string
	Secret    string
	ExpiresAt *time.Time
	CreatedAt time.Time
}

// AccessToken is a personal or agent token as its holder sees it: never its
// secret or its hash.
type AccessToken struct {
	ID         uuid.UUID
	UserID     uuid.UUID
	Name       string
	Prefix     string // "codp_" or "coda_" and six more characters
	CreatedAt  time.Time
	ExpiresAt  *time.Time
	LastUsedAt *time.Time // to the minute: a token's use is written at most once a minute
	RevokedAt  *time.Time
}

// AccessTokenFromRow maps an access_tokens row.
func AccessTokenFromRow(r db.AccessToken) AccessToken {
	return AccessToken{ID: r.ID, UserID: r.UserID, Name: r.Name, Prefix: r.Prefix, CreatedAt: r.CreatedAt,
		ExpiresAt: r.ExpiresAt, LastUsedAt: r.LastUsedAt, RevokedAt: r.RevokedAt}
}

// errNeedsSession refuses what only a person signed in with their password
// may do: a leaked token must not be able to make more tokens, keep itself
// alive or lock its owner out by changing the password.
var errNeedsSession = fault.New(fault.Forbidden,
	"Sign in with your password to do this: a token cannot make or revoke tokens or change a password.")

// requireSession returns the person acting through a session cookie.
// Errors: UNAUTHENTICATED for nobody; FORBIDDEN for anyone else —
// management, the system, an agent, or a person acting through a token.
func requireSession(ctx context.Context) (*Actor, error) {
	a, err := RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if a.Kind != KindPerson || a.Via != ViaSession {
		return nil, errNeedsSession
	}
	return a, nil
}

// CreateAccessToken issues the person signed in by session cookie a
// personal token (prefix PersonTokenPrefix), named name, expiring at
// expiresAt (nil: never). Its secret is in the result and nowhere else.
// Agents' tokens are issued by management (manage.Service.IssueAgentToken).
// Errors: UNAUTHENTICATED for nobody; FORBIDDEN for anyone not signed in
// by session (a token cannot mint tokens); BAD_USER_INPUT on name for an
// empty or long name, on expiresIn for an expiry not in the future;
// CONFLICT on name when the person already holds MaxLiveTokens live
// tokens.
func (s *Service) CreateAccessToken(ctx context.Context, name string, expiresAt *time.Time) (*IssuedToken, error) {
	a, err := requireSession(ctx)
	if err != nil {
		return nil, err
	}
	name = strings.TrimSpace(name)
	if name == "" || len([]rune(name)) > 100 {
		return nil, fault.Input("name", "Give the token a name of 1 to 100 characters.")
	}
	if expiresAt != nil && !expiresAt.After(time.Now()) {
		return nil, fault.Input("expiresIn", "The expiry must be in the future.")
	}
	var out *IssuedToken
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		// A cap against runaway scripts, not a quota: two creations at the
		// same instant may both pass it.
		rows, err := db.Q.AccessTokenListByUser(ctx, tx, a.UserID)
		if err != nil {
			return err
		}
		if live(rows) >= MaxLiveTokens {
			return fault.Conflicting("name", "You hold %d tokens already: revoke one you no longer use first.", MaxLiveTokens)
		}
		secret := NewSecret(PersonTokenPrefix)
		row, err := db.Q.AccessTokenCreate(ctx, tx, db.AccessTokenCreateParams{
			ID: uuid.Must(uuid.NewV7()), UserID: a.UserID, Kind: string(KindPerson), Name: name,
			TokenHash: HashSecret(secret), Prefix: DisplayPrefix(secret), ExpiresAt: expiresAt,
		})
		if err != nil {
			return err
		}
		out = &IssuedToken{ID: row.ID, Name: row.Name, Prefix: row.Prefix, Secret: secret, ExpiresAt: row.ExpiresAt, CreatedAt: row.CreatedAt}
		return nil
	})
	return out, err
}

// live counts the unrevoked, unexpired tokens among rows.
func live(rows []db.AccessToken) int {
	n := 0
	now := time.Now()
	for _, r := range rows {
		if r.RevokedAt == nil && (r.ExpiresAt == nil || r.ExpiresAt.After(now)) {
			n++
		}
	}
	return n
}

// AccessTokens lists the acting person's or agent's own tokens that are not
// revoked (expired ones included, with their expiry), newest first, in one
// statement: name, prefix, dates — never a secret. Errors: UNAUTHENTICATED
// for nobody; FORBIDDEN for management and the system.
func (s *Service) AccessTokens(ctx context.Context) ([]AccessToken, error) {
	a, err := RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	all, err := TokensOf(ctx, s.pool, a.UserID)
	if err != nil {
		return nil, err
	}
	out := make([]AccessToken, 0, len(all))
	for _, t := range all {
		if t.RevokedAt == nil {
			out = append(out, t)
		}
	}
	return out, nil
}

// TokensOf lists a user's personal or agent tokens, revoked ones included,
// newest first, in one statement: name, prefix, dates — never a secret. It
// checks no actor: its callers (the holder, management, an agent's
// responsible people) decided who may see them.
func TokensOf(ctx context.Context, q db.DBTX, userID uuid.UUID) ([]AccessToken, error) {
	rows, err := db.Q.AccessTokenListByUser(ctx, q, userID)
	if err != nil {
		return nil, err
	}
	out := make([]AccessToken, len(rows))
	for i, r := range rows {
		out[i] = AccessTokenFromRow(r)
	}
	return out, nil
}

// RevokeAccessToken revokes one of the personal tokens of the person signed
// in by session cookie, and returns it. Revoking a revoked token keeps its
// first revocation time. Requests with the token are refused from then on,
// and websockets opened with it close on every replica. Errors:
// UNAUTHENTICATED for nobody; FORBIDDEN for anyone not signed in by
// session; NOT_FOUND when the person has no such token.
func (s *Service) RevokeAccessToken(ctx context.Context, tokenID uuid.UUID) (AccessToken, error) {
	a, err := requireSession(ctx)
	if err != nil {
		return AccessToken{}, err
	}
	var out AccessToken
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		out, err = RevokeTokenInTx(ctx, tx, a.UserID, tokenID, fault.New(fault.NotFound, "You have no token with that id."))
		return err
	})
	return out, err
}

// RevokeTokenInTx revokes one of a user's personal or agent tokens in the
// caller's transaction (a revoked one keeps its first revocation time) and
// tells every replica, so its websockets close. It checks no actor: its
// callers (the holder, management, an agent's responsible people) did.
// Errors: notFound when the user has no such token.
func RevokeTokenInTx(ctx context.Context, tx db.DBTX, userID, tokenID uuid.UUID, notFound error) (AccessToken, error) {
	row, err := db.Q.AccessTokenRevoke(ctx, tx, db.AccessTokenRevokeParams{ID: tokenID, UserID: userID})
	if errors.Is(err, pgx.ErrNoRows) {
		return AccessToken{}, notFound
	} else if err != nil {
		return AccessToken{}, err
	}
	return AccessTokenFromRow(row), CredentialsEndedInTx(ctx, tx, userID)
}

// ChangePassword replaces the password of the person signed in by session
// cookie, given their current one, and ends every other session of theirs
// (the one that asked stays signed in; their websockets on other sessions
// close on every replica). Personal tokens keep working. It returns how many
// sessions it ended. Errors: UNAUTHENTICATED for nobody; FORBIDDEN for
// anyone not signed in by session; RATE_LIMITED after too many attempts;
// BAD_USER_INPUT on oldPassword when it is wrong (or the person has none),
// on newPassword when it breaks the rules (CheckNewPassword) or is the
// current one.
func (s *Service) ChangePassword(ctx context.Context, oldPassword, newPassword string) (int, error) {
	a, err := requireSession(ctx)
	if err != nil {
		return 0, err
	}
	if !s.byEmail.Allow("password:" + a.UserID.String()) {
		return 0, fault.New(fault.RateLimited, "Too many attempts to change the password. Wait a few minutes and try again.")
	}
	if err := CheckNewPassword("newPassword", newPassword); err != nil {
		return 0, err
	}
	wrong := fault.Input("oldPassword", "The current password is wrong.")
	if len(oldPassword) > 1024 {
		return 0, wrong
	}
	u, err := db.Q.UserGetByID(ctx, s.pool, a.UserID)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, errBadCredentials
	} else if err != nil {
		return 0, err
	}
	hash := s.dummyHash
	if u.PasswordHash != nil {
		hash = *u.PasswordHash
	}
	ok, err := CheckPassword(hash, oldPassword)
	if err != nil {
		s.log.ErrorContext(ctx, "stored password hash is malformed", "user_id", u.ID)
		return 0, wrong
	}
	if !ok || u.PasswordHash == nil {
		return 0, wrong
	}
	if oldPassword == newPassword {
		return 0, fault.Input("newPassword", "Choose a password different from the current one.")
	}
	newHash, err := HashPassword(s.cfg.Argon2, newPassword)
	if err != nil {
		return 0, err
	}
	var ended int64
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		if _, err := db.Q.UserSetPassword(ctx, tx, db.UserSetPasswordParams{ID: u.ID, PasswordHash: &newHash}); errors.Is(err, pgx.ErrNoRows) {
			return errBadCredentials
		} else if err != nil {
			return err
		}
		if ended, err = db.Q.SessionDeleteByUserExcept(ctx, tx, db.SessionDeleteByUserExceptParams{UserID: u.ID, KeepID: a.SessionID}); err != nil {
			return err
		}
		return CredentialsEndedInTx(ctx, tx, u.ID)
	})
	return int(ended), err
}
