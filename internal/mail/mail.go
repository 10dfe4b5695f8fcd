// Package mail sends CoDNA's e-mail (docs/design.md, "Mail"): what causes
// a mail queues a mail_outbox row in its own transaction (EnqueueInTx),
// and a leased Sender renders each row from current rows when it sends it
// and hands it to the SMTP server of CODNA_SMTP_URL, retrying what fails
// for now. A row names its recipient, kind and subject, never a body, so a
// mail never carries what its recipient may no longer see.
package mail

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	netmail "net/mail"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
)

// The kinds of mail. A row of a kind the sender does not know is dropped.
const (
	// KindInvitation invites a person created by manage.Service.Invite;
	// its subject is the invitation's id.
	KindInvitation = "invitation"
	// KindPasswordReset carries a password reset link; it has no subject.
	KindPasswordReset = "password_reset"
	// KindPasswordResetSSO answers a password reset request when people
	// sign in only through the identity provider: no link, it says to sign
	// in with the provider. It has no subject.
	KindPasswordResetSSO = auth.MailKindPasswordResetSSO
	// KindSSOLinked tells a person that a single sign-on linked their
	// account to the identity provider (internal/sso); it has no subject.
	KindSSOLinked = "sso_linked"
)

// ResetLinkValidity is how long a password reset link works, as the mail
// says (the minter makes tokens that last this long).
const ResetLinkValidity = time.Hour

// PasswordResetMinter mints a password reset token for userID in tx (the
// sender's rendering transaction: the token exists only if the mail is
// sent) and returns its plaintext, which goes only into the mail. It
// invalidates the person's earlier unused tokens.
type PasswordResetMinter func(ctx context.Context, tx db.DBTX, userID uuid.UUID) (token string, err error)

// Service queues mail and sends it (through its Senders).
type Service struct {
	pool    *pgxpool.Pool
	cfg     Config
	log     *slog.Logger
	server  Server
	from    *netmail.Address
	public  *url.URL
	domain  string // of the Message-IDs: the sender address's
	enabled bool
	minter  PasswordResetMinter
	metrics *metrics

	digestsCleaned atomic.Int64 // when QueueNotices last deleted old digest windows (Unix ns)
}

// New returns the mail Service for cfg. A cfg that fails Config.Check
// (`codna serve` checks it before) leaves mail off, with the reason
// logged. minter mints the tokens of password reset mails; nil drops
// them, with the reason logged. log may be nil.
func New(pool *pgxpool.Pool, cfg Config, minter PasswordResetMinter, log *slog.Logger) *Service {
	if log == nil {
		log = slog.Default()
	}
	s := &Service{pool: pool, cfg: cfg, log: log, minter: minter, metrics: newMetrics(pool)}
	if cfg.Rate == 0 {
		s.cfg.Rate = DefaultRate
	}
	if cfg.Poll <= 0 {
		s.cfg.Poll = DefaultPoll
	}
	if cfg.Lease <= 0 {
		s.cfg.Lease = DefaultLease
	}
	if cfg.Timeout <= 0 {
		s.cfg.Timeout = DefaultTimeout
	}
	if cfg.SMTPURL == "" {
		return s
	}
	if err := cfg.Check(); err != nil {
		log.Error("mail is off: invalid configuration", "error", err)
		return s
	}
	s.server, _ = ParseSMTPURL(cfg.SMTPURL)
	s.from, _ = ParseFrom(cfg.From)
	s.public, _ = ParsePublicURL(cfg.PublicURL)
	s.domain = s.from.Address[strings.LastIndexByte(s.from.Address, '@')+1:]
	s.enabled = true
	return s
}

// Enabled says whether mail is on (CODNA_SMTP_URL is set). When it is
// not, EnqueueInTx queues nothing and the flows that would mail say what
// to do instead.
func (s *Service) Enabled() bool { return s != nil && s.enabled }

// Server is the SMTP server mail goes to (its String hides the password);
// the zero Server when mail is off.
func (s *Service) Server() Server { return s.server }

// Collector is the mail queue's Prometheus series (docs/operations.md,
// "Metrics"): codna_mail_queued and codna_mail_oldest_queued_age_seconds,
// read from the database at scrape time, and the counters
// codna_mail_sent_total, codna_mail_failed_total and
// codna_mail_dropped_total of this process's senders.
func (s *Service) Collector() prometheus.Collector { return s.metrics }

// EnqueueInTx queues one mail of kind to recipient about subject (nil for
// none) in the caller's transaction: it is sent once that commits. It
// trusts its caller (no actor check): the caller decided the person gets
// this mail. With mail off it does nothing and returns nil. The recipient
// must exist; kind is one of the Kind constants.
func (s *Service) EnqueueInTx(ctx context.Context, tx db.DBTX, recipient uuid.UUID, kind string, subject *uuid.UUID) error {
	if !s.Enabled() {
		return nil
	}
	if kind == "" {
		return errors.New("mail: EnqueueInTx without a kind")
	}
	id := uuid.Must(uuid.NewV7())
	return db.Q.MailOutboxCreate(ctx, tx, db.MailOutboxCreateParams{
		ID: id, RecipientID: recipient, Kind: kind, SubjectID: subject,
		MessageID: id.String() + "@" + s.domain,
	})
}

// SendTest sends a test mail to `to` through the configured server now,
// without the queue, and returns what happened in words. Management only.
//
// Errors: UNAUTHENTICATED/FORBIDDEN for anyone but management;
// BAD_USER_INPUT on to when it is not an address, or when mail is off;
// otherwise the server's or the connection's error, which names the
// server's answer.
func (s *Service) SendTest(ctx context.Context, to string) (string, error) {
	if _, err := auth.RequireManagement(ctx); err != nil {
		return "", err
	}
	if !s.Enabled() {
		return "", fault.Input("to", "Mail is off: set CODNA_SMTP_URL, CODNA_MAIL_FROM and CODNA_PUBLIC_URL (docs/operations.md, \"Mail\").")
	}
	addr, err := netmail.ParseAddress(to)
	if err != nil {
		return "", fault.Input("to", "%q is not an e-mail address.", headerValue(to, maxNameLen))
	}
	id := uuid.Must(uuid.NewV7())
	msg, err := s.compose(rendered{
		to: addr, messageID: id.String() + "@" + s.domain, kind: "test",
		content: content{Subject: "CoDNA test mail", Site: s.public.String(), Link: s.public.String()},
	})
	if err != nil {
		return "", err
	}
	if err := s.send(ctx, msg); err != nil {
		return "", fmt.Errorf("%s: %w", s.server, err)
	}
	return fmt.Sprintf("%s accepted the mail for %s (Message-ID <%s>)", s.server, addr.Address, msg.messageID), nil
}
