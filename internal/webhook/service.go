package webhook

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/netip"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
)

// Limits of people's webhooks (docs/design.md, "Webhooks").
const (
	// MaxPerPerson is how many subscriptions one person may hold.
	MaxPerPerson = 10
	// MaxManagement is how many instance-wide subscriptions management
	// may hold (its own cap: management's are not counted in anyone's 10).
	MaxManagement = 50
	// MaxPending is how many pending deliveries one subscription may
	// hold; an event beyond is recorded dead ("backlog full").
	MaxPending = 10_000
	// PauseAfter is how many deliveries dead in a row pause a
	// subscription.
	PauseAfter = 100
	// Overlap is how long a rotated-out secret still signs.
	Overlap = 24 * time.Hour
	// MaxDeliveries is the most deliveries Deliveries returns at once.
	MaxDeliveries = 100
)

// Status is whether a subscription sends.
type Status string

// The statuses of a subscription.
const (
	StatusActive   Status = "active"
	StatusPaused   Status = "paused"
	StatusDisabled Status = "disabled"
)

// DeliveryStatus is where a delivery is.
type DeliveryStatus string

// The statuses of a delivery.
const (
	DeliveryPending   DeliveryStatus = "pending"
	DeliveryDelivered DeliveryStatus = "delivered"
	DeliveryDead      DeliveryStatus = "dead"
)

// Webhook is a person's subscription as its owner sees it (never its
// secret).
type Webhook struct {
	ID         uuid.UUID
	URL        string
	Events     []string // public names; empty: every event
	Space      *document.Space
	PathPrefix string
	Status     Status
	// StatusReason says why a subscription is paused or disabled ("" when
	// active or paused by its owner).
	StatusReason    string
	ConsecutiveDead int
	// PreviousSecretUntil is when the secret rotated out stops signing
	// (nil: no rotation in its overlap).
	PreviousSecretUntil *time.Time
	CreatedAt           time.Time
	UpdatedAt           time.Time
}

// Delivery is one event for one subscription, as its owner sees it (never
// its body).
type Delivery struct {
	ID             uuid.UUID // the webhook-id header of each attempt
	SubscriptionID uuid.UUID
	Seq            int64
	EventID        *uuid.UUID // nil for a ping
	EventType      string
	Status         DeliveryStatus
	Attempts       int
	NextAttemptAt  time.Time
	LastStatus     *int
	LastError      string
	EventAt        time.Time
	CreatedAt      time.Time
	DeliveredAt    *time.Time
}

// CreateInput is a new subscription.
type CreateInput struct {
	URL        string
	Events     []string // public names (Catalogue); none: every event
	Space      *document.Space
	PathPrefix string
}

// Service manages people's own webhooks and management's instance-wide
// ones (manage.go). Every method checks the actor in ctx: people's methods
// serve a person, acting on their own subscriptions only (anyone else's,
// management's included, is NOT_FOUND); the Management… methods serve
// management alone.
type Service struct {
	pool  *pgxpool.Pool
	cfg   Config
	guard *Guard
	log   *slog.Logger
	wake  chan struct{} // wakes this process's sender
}

// New returns the Service over pool. log may be nil.
func New(pool *pgxpool.Pool, cfg Config, log *slog.Logger) *Service {
	if log == nil {
		log = slog.Default()
	}
	cfg = cfg.withDefaults()
	return &Service{pool: pool, cfg: cfg, guard: cfg.guard(), log: log, wake: make(chan struct{}, 1)}
}

var errNotFound = fault.New(fault.NotFound, "You have no webhook with that id.")

const personOnly = "Webhooks belong to people: an agent cannot hold one."

func (s *Service) person(ctx context.Context) (*auth.Actor, error) {
	return auth.RequirePerson(ctx, personOnly)
}

// poke wakes the sender of this process, if it is idle.
func (s *Service) poke() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Create subscribes the acting person's endpoint and returns it with its
// secret (whsec_…), which is shown this once. Errors: UNAUTHENTICATED;
// FORBIDDEN for anyone but a person; BAD_USER_INPUT on url (Guard.CheckURL,
// or a name resolving now to an address the guard refuses),
// events (a name outside the Catalogue), pathPrefix (not a path), or when
// the person already holds MaxPerPerson subscriptions.
func (s *Service) Create(ctx context.Context, in CreateInput) (Webhook, string, error) {
	return s.create(ctx, people, in)
}

func (s *Service) create(ctx context.Context, w who, in CreateInput) (Webhook, string, error) {
	owner, err := s.owner(ctx, w)
	if err != nil {
		return Webhook{}, "", err
	}
	if w == management && strings.TrimSpace(in.PathPrefix) != "" {
		return Webhook{}, "", fault.Input("pathPrefix", "Management's webhooks take no path: a path is content, and they carry metadata only.")
	}
	u, err := s.guard.CheckURL(strings.TrimSpace(in.URL))
	if err != nil {
		return Webhook{}, "", err
	}
	if err := s.checkResolves(ctx, u.Hostname()); err != nil {
		return Webhook{}, "", err
	}
	events, err := checkEvents(in.Events)
	if err != nil {
		return Webhook{}, "", err
	}
	prefix, err := document.NormalizePath(in.PathPrefix)
	if err != nil {
		return Webhook{}, "", fault.Input("pathPrefix", "%s", fault.As(err).Message)
	}
	var space *db.Space
	if in.Space != nil {
		switch *in.Space {
		case document.SpaceRaw, document.SpaceWiki, document.SpaceOutput:
		default:
			return Webhook{}, "", fault.Input("space", "There is no space %q.", *in.Space)
		}
		sp := db.Space(*in.Space)
		space = &sp
	}
	secret := NewSecret()
	key, _ := ParseSecret(secret) // NewSecret's are valid
	var row db.WebhookSubscription
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		if err := db.Q.WebhookSubscriptionLockOwner(ctx, tx, owner); err != nil {
			return err
		}
		n, err := db.Q.WebhookSubscriptionCountByOwner(ctx, tx, owner)
		if err != nil {
			return err
		}
		if w == management && n >= MaxManagement {
			return fault.Input("url", "Management already has %d webhooks, the most it may hold: delete one first.", MaxManagement)
		}
		if w == people && n >= MaxPerPerson {
			return fault.Input("url", "You already have %d webhooks, the most one person may hold: delete one first.", MaxPerPerson)
		}
		row, err = db.Q.WebhookSubscriptionCreate(ctx, tx, db.WebhookSubscriptionCreateParams{
			ID: uuid.Must(uuid.NewV7()), OwnerID: owner, Url: u.String(), EventTypes: events,
			Space: space, PathPrefix: prefix, SigningKey: key,
		})
		if err != nil {
			return err
		}
		return auditInTx(ctx, tx, w, "webhook.create", row.ID, map[string]any{"url": row.Url, "events": events})
	})
	if err != nil {
		return Webhook{}, "", err
	}
	return webhookOf(row), secret, nil
}

// checkResolves refuses a name that resolves now to an address the guard
// would refuse, so that a private endpoint is a field error when
// subscribing. A name that does not resolve (yet) is accepted: every send
// resolves and checks it again.
func (s *Service) checkResolves(ctx context.Context, host string) error {
	if _, err := netip.ParseAddr(host); err == nil {
		return nil // a literal address: CheckURL checked it
	}
	r := s.guard.Resolver
	if r == nil {
		r = net.DefaultResolver
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	addrs, err := r.LookupNetIP(ctx, "ip", host)
	if err != nil {
		return nil
	}
	for _, a := range addrs {
		if !s.guard.Allowed(a) {
			return fault.Input("url", "The endpoint's name %s resolves to %s, a private or special address; webhooks go to public addresses only.", host, a)
		}
	}
	return nil
}

func checkEvents(in []string) ([]string, error) {
	out := []string{}
	for _, e := range in {
		e = strings.TrimSpace(e)
		if !slices.Contains(Catalogue, e) {
			return nil, fault.Input("events", "%q is not a webhook event; the events are %s.", e, strings.Join(Catalogue, ", "))
		}
		if !slices.Contains(out, e) {
			out = append(out, e)
		}
	}
	slices.Sort(out)
	return out, nil
}

// List returns the acting person's subscriptions, oldest first. Errors:
// UNAUTHENTICATED; FORBIDDEN for anyone but a person.
func (s *Service) List(ctx context.Context) ([]Webhook, error) {
	return s.list(ctx, people)
}

func (s *Service) list(ctx context.Context, w who) ([]Webhook, error) {
	owner, err := s.owner(ctx, w)
	if err != nil {
		return nil, err
	}
	rows, err := db.Q.WebhookSubscriptionListByOwner(ctx, s.pool, owner)
	if err != nil {
		return nil, err
	}
	out := make([]Webhook, len(rows))
	for i, r := range rows {
		out[i] = webhookOf(r)
	}
	return out, nil
}

// Get returns one of the acting person's subscriptions. Errors:
// UNAUTHENTICATED; FORBIDDEN for anyone but a person; NOT_FOUND for an id
// that is not one of theirs.
func (s *Service) Get(ctx context.Context, id uuid.UUID) (Webhook, error) {
	return s.get(ctx, people, id)
}

func (s *Service) get(ctx context.Context, w who, id uuid.UUID) (Webhook, error) {
	owner, err := s.owner(ctx, w)
	if err != nil {
		return Webhook{}, err
	}
	row, err := db.Q.WebhookSubscriptionGet(ctx, s.pool, db.WebhookSubscriptionGetParams{ID: id, OwnerID: owner})
	if errors.Is(err, pgx.ErrNoRows) {
		return Webhook{}, errNotFound
	} else if err != nil {
		return Webhook{}, err
	}
	return webhookOf(row), nil
}

// Delete deletes one of the acting person's subscriptions and its
// deliveries (a request in flight still ends). Errors: as Get's.
func (s *Service) Delete(ctx context.Context, id uuid.UUID) error {
	return s.delete(ctx, people, id)
}

func (s *Service) delete(ctx context.Context, w who, id uuid.UUID) error {
	owner, err := s.owner(ctx, w)
	if err != nil {
		return err
	}
	return db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		n, err := db.Q.WebhookSubscriptionDelete(ctx, tx, db.WebhookSubscriptionDeleteParams{ID: id, OwnerID: owner})
		if err != nil {
			return err
		}
		if n == 0 {
			return errNotFound
		}
		return auditInTx(ctx, tx, w, "webhook.delete", id, nil)
	})
}

// Pause stops sending to one of the acting person's subscriptions: it
// takes no new events, and its pending deliveries wait (their 72 hours
// still run). Errors: as Get's.
func (s *Service) Pause(ctx context.Context, id uuid.UUID) (Webhook, error) {
	return s.setStatus(ctx, people, id, StatusPaused)
}

// Resume makes one of the acting person's subscriptions active again,
// whether paused by them, paused after deliveries died in a row, or
// disabled by a 410; its count of dead in a row starts over. Errors: as
// Get's.
func (s *Service) Resume(ctx context.Context, id uuid.UUID) (Webhook, error) {
	return s.setStatus(ctx, people, id, StatusActive)
}

// setStatus pauses or resumes (and then wakes the sender).
func (s *Service) setStatus(ctx context.Context, w who, id uuid.UUID, status Status) (Webhook, error) {
	owner, err := s.owner(ctx, w)
	if err != nil {
		return Webhook{}, err
	}
	if status == StatusActive {
		defer s.poke()
	}
	var row db.WebhookSubscription
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		row, err = db.Q.WebhookSubscriptionSetStatus(ctx, tx, db.WebhookSubscriptionSetStatusParams{ID: id, OwnerID: owner, Status: string(status), Reason: ""})
		if errors.Is(err, pgx.ErrNoRows) {
			return errNotFound
		} else if err != nil {
			return err
		}
		action := "webhook.pause"
		if status == StatusActive {
			action = "webhook.resume"
		}
		return auditInTx(ctx, tx, w, action, id, nil)
	})
	if err != nil {
		return Webhook{}, err
	}
	return webhookOf(row), nil
}

// RotateSecret gives one of the acting person's subscriptions a new
// secret, returned this once; the previous one keeps signing beside it
// (two signatures per request) for Overlap. A second rotation within the
// overlap ends the first secret at once. Errors: as Get's.
func (s *Service) RotateSecret(ctx context.Context, id uuid.UUID) (Webhook, string, error) {
	return s.rotateSecret(ctx, people, id)
}

func (s *Service) rotateSecret(ctx context.Context, w who, id uuid.UUID) (Webhook, string, error) {
	owner, err := s.owner(ctx, w)
	if err != nil {
		return Webhook{}, "", err
	}
	secret := NewSecret()
	key, _ := ParseSecret(secret)
	until := time.Now().Add(Overlap)
	var row db.WebhookSubscription
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		row, err = db.Q.WebhookSubscriptionRotate(ctx, tx, db.WebhookSubscriptionRotateParams{ID: id, OwnerID: owner, Key: key, PreviousUntil: &until})
		if errors.Is(err, pgx.ErrNoRows) {
			return errNotFound
		} else if err != nil {
			return err
		}
		return auditInTx(ctx, tx, w, "webhook.rotate_secret", id, nil)
	})
	if err != nil {
		return Webhook{}, "", err
	}
	return webhookOf(row), secret, nil
}

// Deliveries returns up to first (1 to MaxDeliveries) deliveries of one of
// the acting person's subscriptions — or, when management acts, of one of
// management's — newest first, those below seq before when before > 0.
// Errors: as Get's (NOT_FOUND for anyone else's, management's included, and
// for management, any person's); BAD_USER_INPUT on first.
func (s *Service) Deliveries(ctx context.Context, subscription uuid.UUID, first int, before int64) ([]Delivery, error) {
	w := people
	if auth.ActorFrom(ctx).IsManagement() {
		w = management
	}
	if _, err := s.get(ctx, w, subscription); err != nil {
		return nil, err
	}
	if first < 1 || first > MaxDeliveries {
		return nil, fault.Input("first", "Ask for 1 to %d deliveries.", MaxDeliveries)
	}
	rows, err := db.Q.WebhookDeliveryList(ctx, s.pool, db.WebhookDeliveryListParams{SubscriptionID: subscription, Before: max(before, 0), N: int32(first)})
	if err != nil {
		return nil, err
	}
	out := make([]Delivery, len(rows))
	for i, r := range rows {
		out[i] = deliveryOf(db.WebhookDeliveryRedeliverRow(r))
	}
	return out, nil
}

// Redeliver queues again one delivered or dead delivery of the acting
// person's subscriptions: the same id and bytes, due now, dead 72 hours
// from now. It goes before the subscription's later pending deliveries
// (its seq is theirs to follow). Errors: UNAUTHENTICATED; FORBIDDEN for
// anyone but a person; NOT_FOUND for a delivery not theirs or still
// pending.
func (s *Service) Redeliver(ctx context.Context, id uuid.UUID) (Delivery, error) {
	return s.redeliver(ctx, people, id)
}

func (s *Service) redeliver(ctx context.Context, w who, id uuid.UUID) (Delivery, error) {
	owner, err := s.owner(ctx, w)
	if err != nil {
		return Delivery{}, err
	}
	row, err := db.Q.WebhookDeliveryRedeliver(ctx, s.pool, db.WebhookDeliveryRedeliverParams{ID: id, OwnerID: owner, ExpiresAt: time.Now().Add(s.cfg.MaxAge)})
	if errors.Is(err, pgx.ErrNoRows) {
		return Delivery{}, fault.New(fault.NotFound, "You have no delivered or dead webhook delivery with that id.")
	} else if err != nil {
		return Delivery{}, err
	}
	s.poke()
	return deliveryOf(row), nil
}

// Ping queues a test message (type webhook.ping) to one of the acting
// person's subscriptions, after its pending deliveries, and returns its
// delivery. A paused or disabled subscription queues it too (it is sent
// once resumed). Errors: as Get's; BAD_USER_INPUT when the subscription
// already holds MaxPending pending deliveries.
func (s *Service) Ping(ctx context.Context, id uuid.UUID) (Delivery, error) {
	return s.ping(ctx, people, id)
}

func (s *Service) ping(ctx context.Context, w who, id uuid.UUID) (Delivery, error) {
	if _, err := s.get(ctx, w, id); err != nil {
		return Delivery{}, err
	}
	now := time.Now().UTC().Truncate(time.Millisecond)
	did := uuid.Must(uuid.NewV7())
	body := message{Type: PingType, ID: did, Timestamp: now, Data: data{Webhook: &id}}.encode()
	var d Delivery
	err := db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		seqs, err := db.Q.WebhookSubscriptionLockSeq(ctx, tx, []uuid.UUID{id})
		if err != nil {
			return err
		}
		if len(seqs) == 0 {
			return errNotFound
		}
		q, err := db.Q.WebhookDeliveryQueued(ctx, tx, db.WebhookDeliveryQueuedParams{EventID: uuid.Nil, Cap: MaxPending, Ids: []uuid.UUID{id}})
		if err != nil {
			return err
		}
		if len(q) == 1 && q[0].Pending >= MaxPending {
			return fault.Input("id", "This webhook already has %d deliveries waiting.", MaxPending)
		}
		seq := seqs[0].NextSeq
		if _, err := db.Q.WebhookDeliveryCreate(ctx, tx, db.WebhookDeliveryCreateParams{
			ID: did, SubscriptionID: id, Seq: seq, EventType: PingType, Body: body, Status: string(DeliveryPending),
			ExpiresAt: now.Add(s.cfg.MaxAge), EventAt: now,
		}); err != nil {
			return err
		}
		d = Delivery{ID: did, SubscriptionID: id, Seq: seq, EventType: PingType, Status: DeliveryPending, NextAttemptAt: now, EventAt: now, CreatedAt: now}
		return db.Q.WebhookSubscriptionSetSeq(ctx, tx, db.WebhookSubscriptionSetSeqParams{ID: id, NextSeq: seq + 1})
	})
	if err != nil {
		return Delivery{}, err
	}
	s.poke()
	return d, nil
}

func webhookOf(r db.WebhookSubscription) Webhook {
	w := Webhook{
		ID: r.ID, URL: r.Url, Events: r.EventTypes, PathPrefix: r.PathPrefix, Status: Status(r.Status), StatusReason: r.StatusReason,
		ConsecutiveDead: int(r.ConsecutiveDead), CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt,
	}
	if w.Events == nil {
		w.Events = []string{}
	}
	if r.Space != nil {
		sp := document.Space(*r.Space)
		w.Space = &sp
	}
	if r.PreviousKey != nil && r.PreviousUntil != nil && r.PreviousUntil.After(time.Now()) {
		w.PreviousSecretUntil = r.PreviousUntil
	}
	return w
}

func deliveryOf(r db.WebhookDeliveryRedeliverRow) Delivery {
	d := Delivery{
		ID: r.ID, SubscriptionID: r.SubscriptionID, Seq: r.Seq, EventID: r.EventID, EventType: r.EventType, Status: DeliveryStatus(r.Status),
		Attempts: int(r.Attempts), NextAttemptAt: r.NextAttemptAt, LastError: r.LastError, EventAt: r.EventAt,
		CreatedAt: r.CreatedAt, DeliveredAt: r.DeliveredAt,
	}
	if r.LastStatus != nil {
		n := int(*r.LastStatus)
		d.LastStatus = &n
	}
	return d
}

// PauseOwnerInTx pauses every active webhook of a person being deactivated,
// in the caller's transaction, and says how many. It checks no actor: the
// caller (management's deactivation) did. Reactivation resumes none: the
// person resumes each when back.
func PauseOwnerInTx(ctx context.Context, q db.DBTX, owner uuid.UUID) (int64, error) {
	return db.Q.WebhookSubscriptionPauseOwner(ctx, q, db.WebhookSubscriptionPauseOwnerParams{OwnerID: owner, Reason: "paused: its owner was deactivated"})
}
