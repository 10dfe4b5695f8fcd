package webhook

import (
	"context"

	"github.com/google/uuid"

	"codna/internal/audit"
	"codna/internal/auth"
	"codna/internal/db"
)

// Management's instance-wide webhooks (docs/design.md, "Webhooks"): the
// same subscriptions, deliveries, signing, order and sender as people's,
// held by the management user (auth.ManagementID). They take every
// matching event whoever can read its page, with metadata-only bodies
// (ids, types, spaces, versions, times; never a title, path, slug, text
// or name), and the sender checks no readability for them. They take no
// path filter: a path is content. Management holds at most MaxManagement,
// counted apart from people's MaxPerPerson.
//
// Every Management… method requires management in ctx (auth.
// RequireManagement): UNAUTHENTICATED without an actor, FORBIDDEN for a
// person, an agent or the system. People's methods refuse management
// (FORBIDDEN) and never find management's subscriptions (NOT_FOUND), and
// the Management… methods never find a person's. Management's changes
// (create, delete, pause, resume, rotate) write a management_audit row in
// their transaction.

// who says whose subscriptions a method acts on.
type who int

const (
	people who = iota
	management
)

// owner returns the owner id of the subscriptions the actor in ctx may act
// on as w, or the actor's error.
func (s *Service) owner(ctx context.Context, w who) (uuid.UUID, error) {
	if w == management {
		if _, err := auth.RequireManagement(ctx); err != nil {
			return uuid.Nil, err
		}
		return auth.ManagementID, nil
	}
	a, err := s.person(ctx)
	if err != nil {
		return uuid.Nil, err
	}
	return a.UserID, nil
}

// auditInTx writes, for management's changes alone, their
// management_audit row in the change's transaction (docs/operations.md,
// "Management from the host"): the webhook's id, never a secret.
func auditInTx(ctx context.Context, tx db.DBTX, w who, action string, id uuid.UUID, details map[string]any) error {
	if w != management {
		return nil
	}
	if details == nil {
		details = map[string]any{}
	}
	details["webhook_id"] = id
	return audit.WriteInTx(ctx, tx, audit.Entry{Action: action, Details: details})
}

// ManagementCreate subscribes an instance-wide endpoint and returns it
// with its secret (whsec_…), shown this once. Errors: as Create's, with
// MaxManagement for the cap, and BAD_USER_INPUT on pathPrefix when one is
// given.
func (s *Service) ManagementCreate(ctx context.Context, in CreateInput) (Webhook, string, error) {
	return s.create(ctx, management, in)
}

// ManagementList returns management's subscriptions, oldest first.
func (s *Service) ManagementList(ctx context.Context) ([]Webhook, error) {
	return s.list(ctx, management)
}

// ManagementGet returns one of management's subscriptions; NOT_FOUND for
// any other id (a person's included).
func (s *Service) ManagementGet(ctx context.Context, id uuid.UUID) (Webhook, error) {
	return s.get(ctx, management, id)
}

// ManagementDelete deletes one of management's subscriptions and its
// deliveries. Errors: as ManagementGet's.
func (s *Service) ManagementDelete(ctx context.Context, id uuid.UUID) error {
	return s.delete(ctx, management, id)
}

// ManagementPause pauses (the CLI's "disable") one of management's
// subscriptions: it takes no new events; pending deliveries wait. Errors:
// as ManagementGet's.
func (s *Service) ManagementPause(ctx context.Context, id uuid.UUID) (Webhook, error) {
	return s.setStatus(ctx, management, id, StatusPaused)
}

// ManagementResume makes one of management's subscriptions active again.
// Errors: as ManagementGet's.
func (s *Service) ManagementResume(ctx context.Context, id uuid.UUID) (Webhook, error) {
	return s.setStatus(ctx, management, id, StatusActive)
}

// ManagementRotateSecret gives one of management's subscriptions a new
// secret, returned this once, the previous one signing beside it for
// Overlap. Errors: as ManagementGet's.
func (s *Service) ManagementRotateSecret(ctx context.Context, id uuid.UUID) (Webhook, string, error) {
	return s.rotateSecret(ctx, management, id)
}

// ManagementDeliveries returns deliveries of one of management's
// subscriptions, as Deliveries does. Errors: as ManagementGet's;
// BAD_USER_INPUT on first.
func (s *Service) ManagementDeliveries(ctx context.Context, subscription uuid.UUID, first int, before int64) ([]Delivery, error) {
	if _, err := s.owner(ctx, management); err != nil {
		return nil, err
	}
	return s.Deliveries(ctx, subscription, first, before)
}

// ManagementRedeliver queues again one delivered or dead delivery of
// management's subscriptions. Errors: FORBIDDEN for anyone but management;
// NOT_FOUND for a delivery not management's or still pending.
func (s *Service) ManagementRedeliver(ctx context.Context, id uuid.UUID) (Delivery, error) {
	return s.redeliver(ctx, management, id)
}

// ManagementPing queues a webhook.ping to one of management's
// subscriptions. Errors: as Ping's.
func (s *Service) ManagementPing(ctx context.Context, id uuid.UUID) (Delivery, error) {
	return s.ping(ctx, management, id)
}
