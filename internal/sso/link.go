package sso

import (
	"context"
	"encoding/json"
	"errors"
	"net/mail"
	"slices"
	"strings"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"codna/internal/audit"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/inbox"
	cmail "codna/internal/mail"
)

// claims are what a verified ID token says about its person.
type claims struct {
	Issuer        string
	Subject       string
	Email         string
	EmailVerified bool // the claim was JSON true, nothing else
	Name          string
	HD            string // Google's hosted domain
}

func readClaims(idt *oidc.IDToken) (claims, error) {
	return decodeClaims(idt.Issuer, idt.Subject, idt.Claims)
}

// decodeClaims reads the claims CoDNA uses through decode (the verified
// token's payload into a struct).
func decodeClaims(issuer, subject string, decode func(any) error) (claims, error) {
	var c struct {
		Email         string          `json:"email"`
		EmailVerified json.RawMessage `json:"email_verified"`
		Name          string          `json:"name"`
		HD            string          `json:"hd"`
	}
	if err := decode(&c); err != nil {
		return claims{}, err
	}
	if subject == "" || len(subject) > 255 {
		return claims{}, errors.New("the subject is empty or longer than 255 bytes")
	}
	return claims{
		Issuer: issuer, Subject: subject, Email: strings.TrimSpace(c.Email),
		// Only the JSON literal true: not "true", not 1.
		EmailVerified: string(c.EmailVerified) == "true",
		Name:          strings.TrimSpace(c.Name), HD: strings.ToLower(c.HD),
	}, nil
}

// googleIssuer is Google's; its tokens carry hd, the Workspace domain.
// Google documents that its ID tokens' iss is this or, for the same issuer,
// googleIssuerNoScheme (go-oidc's verifier accepts both for it too).
const (
	googleIssuer         = "https://accounts.google.com"
	googleIssuerNoScheme = "accounts.google.com"
)

// How a subject came to be linked (the audit's details.how).
const (
	linkedByEmail      = "email"
	linkedByCreation   = "created"
	linkedByInvitation = "invitation"
)

// signIn finds, links or creates the person c names and opens their
// session, in one transaction (docs/design.md, "Single sign-on", says the
// rules and why). With invite set it accepts that invitation instead.
func (s *Service) signIn(ctx context.Context, c claims, invite, userAgent string) (*auth.Session, error) {
	var sess *auth.Session
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		var userID uuid.UUID
		var err error
		if invite != "" {
			userID, err = s.acceptInTx(ctx, tx, c, invite)
		} else {
			userID, err = s.resolveInTx(ctx, tx, c)
		}
		if err != nil {
			return err
		}
		sess, err = s.auth.OpenSessionInTx(ctx, tx, userID, userAgent)
		return err
	})
	if err != nil {
		return nil, err
	}
	s.auth.NoteSignIn(ctx, sess.User.ID)
	return sess, nil
}

// providerKey is the identities.provider of this instance's provider.
func (s *Service) providerKey() string { return "oidc:" + s.cfg.Issuer }

// resolveInTx is the person c signs in as: the one its subject is linked
// to (later sign-ins go by subject, whatever the e-mail says now), else
// the person with its verified e-mail, linked now, else a new person when
// the e-mail's domain is allowed.
func (s *Service) resolveInTx(ctx context.Context, tx db.DBTX, c claims) (uuid.UUID, error) {
	u, err := db.Q.IdentityGetUser(ctx, tx, db.IdentityGetUserParams{Provider: s.providerKey(), Subject: c.Subject})
	if err == nil {
		if u.Kind != string(auth.KindPerson) {
			return uuid.Nil, fail(CodeFailed, "the subject is linked to a "+u.Kind, nil)
		}
		if !u.IsActive {
			return uuid.Nil, fail(CodeDeactivated, "the person is deactivated", nil)
		}
		return u.ID, nil
	} else if !errors.Is(err, pgx.ErrNoRows) {
		return uuid.Nil, err
	}
	if err := s.checkFirst(c); err != nil {
		return uuid.Nil, err
	}
	p, err := db.Q.UserLockPersonByEmail(ctx, tx, c.Email)
	switch {
	case err == nil:
		if !p.IsActive {
			return uuid.Nil, fail(CodeDeactivated, "the person with that e-mail is deactivated", nil)
		}
		return p.ID, s.linkInTx(ctx, tx, p.ID, c, linkedByEmail)
	case !errors.Is(err, pgx.ErrNoRows):
		return uuid.Nil, err
	}
	if len(s.cfg.AllowedDomains) == 0 {
		return uuid.Nil, fail(CodeNoAccount, "no person has that e-mail and no domain may join", nil)
	}
	if !s.allowed(domainOf(c.Email)) {
		return uuid.Nil, fail(CodeDomain, "the e-mail's domain is not allowed to join", nil)
	}
	name := c.Name
	if name == "" || len(name) > 200 {
		name, _, _ = strings.Cut(c.Email, "@")
	}
	created, err := db.Q.UserCreate(ctx, tx, db.UserCreateParams{
		ID: uuid.Must(uuid.NewV7()), Email: c.Email, Name: name, Kind: string(auth.KindPerson),
	})
	if isUnique(err) {
		return uuid.Nil, fail(CodeFailed, "the e-mail was taken meanwhile", err)
	} else if err != nil {
		return uuid.Nil, err
	}
	return created.ID, s.linkInTx(ctx, tx, created.ID, c, linkedByCreation)
}

// acceptInTx accepts the invitation whose secret is invite for the person
// c names: only when the provider vouches for the invited e-mail.
func (s *Service) acceptInTx(ctx context.Context, tx db.DBTX, c claims, invite string) (uuid.UUID, error) {
	inv, err := db.Q.InvitationGetByHash(ctx, tx, auth.HashSecret(invite))
	if errors.Is(err, pgx.ErrNoRows) {
		return uuid.Nil, fail(CodeInvitationInvalid, "unknown invitation", nil)
	} else if err != nil {
		return uuid.Nil, err
	}
	if inv.UsedAt != nil || !inv.ExpiresAt.After(time.Now()) {
		return uuid.Nil, fail(CodeInvitationInvalid, "the invitation was used or has expired", nil)
	}
	if err := s.checkFirst(c); err != nil {
		return uuid.Nil, err
	}
	u, err := db.Q.UserGetByID(ctx, tx, inv.UserID)
	if err != nil {
		return uuid.Nil, err
	}
	if !u.IsActive {
		return uuid.Nil, fail(CodeDeactivated, "the invited person is deactivated", nil)
	}
	if !strings.EqualFold(u.Email, c.Email) {
		return uuid.Nil, fail(CodeInvitationMismatch, "the provider's e-mail is not the invited one", nil)
	}
	linked, err := db.Q.IdentityGetUser(ctx, tx, db.IdentityGetUserParams{Provider: s.providerKey(), Subject: c.Subject})
	switch {
	case err == nil && linked.ID != u.ID:
		return uuid.Nil, fail(CodeAlreadyLinked, "the subject is linked to "+linked.ID.String(), nil)
	case err != nil && !errors.Is(err, pgx.ErrNoRows):
		return uuid.Nil, err
	}
	alreadyLinked := err == nil
	// Re-checked as it is used: two acceptances race to one winner.
	if _, err := db.Q.InvitationUse(ctx, tx, inv.ID); errors.Is(err, pgx.ErrNoRows) {
		return uuid.Nil, fail(CodeInvitationInvalid, "the invitation was used meanwhile", nil)
	} else if err != nil {
		return uuid.Nil, err
	}
	if alreadyLinked {
		return u.ID, nil // linked already (they signed in before accepting): nothing more to link
	}
	return u.ID, s.linkInTx(ctx, tx, u.ID, c, linkedByInvitation)
}

// checkFirst is what a first sign-in's token must say before its e-mail
// is trusted: a verified address, from exactly the configured issuer, and
// for Google with allowed domains, a Workspace domain among them.
func (s *Service) checkFirst(c claims) error {
	if c.Issuer != s.cfg.Issuer && !(s.cfg.Issuer == googleIssuer && c.Issuer == googleIssuerNoScheme) {
		return fail(CodeFailed, "the token's issuer "+c.Issuer+" is not the configured one", nil)
	}
	if !c.EmailVerified {
		return fail(CodeUnverifiedEmail, "email_verified is not true", nil)
	}
	a, err := mail.ParseAddress(c.Email)
	if err != nil || a.Address != c.Email || len(c.Email) > 320 {
		return fail(CodeUnverifiedEmail, "the e-mail claim is not an address", err)
	}
	if s.cfg.Issuer == googleIssuer && len(s.cfg.AllowedDomains) > 0 && !s.allowed(c.HD) {
		return fail(CodeDomain, "Google's hd claim "+c.HD+" is not an allowed domain", nil)
	}
	return nil
}

// linkInTx links c's subject to the person userID, audits it and tells
// the person (inbox, and mail when mail is on). A person has at most one
// subject from this provider: never a second.
func (s *Service) linkInTx(ctx context.Context, tx db.DBTX, userID uuid.UUID, c claims, how string) error {
	has, err := db.Q.IdentityExistsForUser(ctx, tx, db.IdentityExistsForUserParams{UserID: userID, Provider: s.providerKey()})
	if err != nil {
		return err
	}
	if has {
		return fail(CodeAlreadyLinked, "the person is linked to another subject of this provider", nil)
	}
	err = db.Q.IdentityCreate(ctx, tx, db.IdentityCreateParams{ID: uuid.Must(uuid.NewV7()), UserID: userID, Provider: s.providerKey(), Subject: c.Subject})
	if isUnique(err) {
		return fail(CodeAlreadyLinked, "the subject was linked meanwhile", err)
	} else if err != nil {
		return err
	}
	if err := audit.WriteSSOInTx(ctx, tx, audit.Entry{Action: "user.sso_link", TargetUser: &userID, Details: map[string]any{
		"issuer": s.cfg.Issuer, "subject": c.Subject, "how": how,
	}}); err != nil {
		return err
	}
	if _, err := inbox.NotifyInTx(ctx, tx, inbox.Notice{
		RecipientID: userID, Type: inbox.TypeAccountSSOLinked, SubjectType: "user", SubjectID: &userID,
		Payload: map[string]any{"provider": s.cfg.ButtonName()},
	}); err != nil {
		return err
	}
	if s.mail != nil {
		return s.mail.EnqueueInTx(ctx, tx, userID, cmail.KindSSOLinked, nil)
	}
	return nil
}

func (s *Service) allowed(domain string) bool {
	return domain != "" && slices.Contains(s.cfg.AllowedDomains, strings.ToLower(domain))
}

func domainOf(email string) string {
	_, d, _ := strings.Cut(email, "@")
	return strings.ToLower(d)
}

func isUnique(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}
