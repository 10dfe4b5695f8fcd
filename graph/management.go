package graph

import (
	"context"
	"time"

	"github.com/google/uuid"

	"codna/graph/model"
	"codna/internal/auth"
	"codna/internal/fault"
	"codna/internal/manage"
)

func groupModel(g manage.Group) *model.ManagedGroup {
	return &model.ManagedGroup{ID: g.ID.String(), Slug: g.Slug, Name: g.Name, Description: g.Description, Everyone: g.IsEveryone(), Members: g.Members}
}

func agentModel(a manage.Agent) *model.ManagedAgent {
	m := &model.ManagedAgent{ID: a.ID.String(), Slug: a.Slug, Name: a.Name, Description: a.Description, CreatedAt: a.CreatedAt, DeletedAt: a.DeletedAt, PausedAt: a.PausedAt,
		Responsible: make([]model.ManagedUser, len(a.Responsible))}
	for i, u := range a.Responsible {
		m.Responsible[i] = *managedUserModel(u)
	}
	return m
}

func serviceTokenModel(t manage.ServiceToken) *model.ServiceToken {
	return &model.ServiceToken{ID: t.ID.String(), Name: t.Name, Prefix: t.Prefix, CreatedAt: t.CreatedAt, ExpiresAt: t.ExpiresAt, LastUsedAt: t.LastUsedAt, RevokedAt: t.RevokedAt}
}

func parkedEventModel(p manage.ParkedEvent) *model.ParkedEvent {
	return &model.ParkedEvent{EventID: p.EventID.String(), Consumer: p.Consumer, EventType: p.EventType, SubjectType: p.SubjectType,
		Attempts: p.Attempts, ErrorClass: p.ErrorClass, ParkedAt: p.ParkedAt}
}

func metadataGrantModel(g manage.MetadataGrant) model.ManagedGrant {
	return model.ManagedGrant{
		PrincipalType: principalTypeModel(g.PrincipalType), PrincipalID: g.PrincipalID.String(), Recipient: g.Label, Name: g.Name,
		Permission: permissionModel(g.Permission), Reason: g.Reason, GrantedBy: idPtr(g.GrantedBy), BatchID: idPtr(g.BatchID), CreatedAt: g.CreatedAt,
	}
}

func savedGrantModel(g manage.SavedGrant) model.ManagedGrant {
	return model.ManagedGrant{
		PrincipalType: principalTypeModel(g.PrincipalType), PrincipalID: g.PrincipalID.String(), Recipient: g.PrincipalID.String(),
		Permission: permissionModel(g.Permission), Reason: g.GrantReason, GrantedBy: idPtr(g.GrantedBy), BatchID: idPtr(g.BatchID), CreatedAt: g.CreatedAt,
	}
}

func metadataModel(m *manage.DocumentMetadata) *model.DocumentMetadata {
	out := &model.DocumentMetadata{
		ID: m.ID.String(), Space: spaceModel(m.Space), Status: statusModel(m.Status), Versions: int(m.Revisions),
		CreatedAt: m.CreatedAt, UpdatedAt: m.UpdatedAt, DeletedAt: m.DeletedAt, QuarantinedAt: m.QuarantinedAt,
		Owner:  &model.ManagedUser{ID: m.Owner.ID.String(), Name: m.Owner.Name, Email: m.Owner.Email, Kind: userKind(auth.Kind(m.Owner.Kind)), Active: m.Owner.Active},
		Grants: make([]model.ManagedGrant, len(m.Grants)),
	}
	for i, g := range m.Grants {
		out.Grants[i] = metadataGrantModel(g)
	}
	return out
}

func parseValidFor(field string, s *string, def time.Duration) (time.Duration, error) {
	if s == nil || *s == "" {
		return def, nil
	}
	d, err := time.ParseDuration(*s)
	if err != nil || d <= 0 {
		return 0, fault.Input(field, "Give a duration like 72h.")
	}
	return d, nil
}

// expiryIn is the time a lifetime like "720h" from now ends; nil when none
// is given (never expires). Errors: BAD_USER_INPUT on field.
func expiryIn(field string, s *string) (*time.Time, error) {
	d, err := parseValidFor(field, s, 0)
	if err != nil || d == 0 {
		return nil, err
	}
	t := time.Now().Add(d)
	return &t, nil
}

func parseDay(field, s string) (time.Time, error) {
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		return time.Time{}, fault.Input(field, "Give a date like 2026-11-30.")
	}
	return t, nil
}

func (r *mutationResolver) metadataPayload(ctx context.Context, doc uuid.UUID, notRestored []model.ManagedGrant) (*model.QuarantinePayload, error) {
	m, err := r.svc.Manage.DocumentMetadata(ctx, doc)
	if err != nil {
		return nil, err
	}
	if notRestored == nil {
		notRestored = []model.ManagedGrant{}
	}
	return &model.QuarantinePayload{Document: metadataModel(m), NotRestored: notRestored}, nil
}
