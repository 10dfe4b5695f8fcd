package access

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
)

// GrantInfo is a standing grant, explained: to whom, by whom, when, why and
// in which batch.
type GrantInfo struct {
	ID         uuid.UUID
	DocumentID uuid.UUID
	Principal  Principal
	// Label names the principal as a share recipient is written: an email,
	// group:<slug> or agent:<slug>.
	Label      string
	Name       string
	Permission Permission
	GrantedBy  *uuid.UUID
	Reason     string
	BatchID    *uuid.UUID
	CreatedAt  time.Time
	// Explanation says in words why a grant of a reason that needs saying
	// exists (space_default: "Everyone can read new pages in the wiki by
	// default; Ada can revoke it."); empty otherwise. WhyCanISee fills it.
	Explanation string
}

var errNoDocument = fault.New(fault.NotFound, "No document has that id.")

// readable returns the actor's access to a document, NOT_FOUND when none.
func readable(ctx context.Context, q db.DBTX, actor *auth.Actor, id uuid.UUID) (document.Access, error) {
	levels, err := document.Levels(ctx, q, actor, []uuid.UUID{id})
	if err != nil {
		return document.None, err
	}
	if !levels[id].CanRead() {
		return document.None, errNoDocument
	}
	return levels[id], nil
}

// WhoCanSee lists every grant on a document the actor owns ("who can see
// this?"). Errors: NOT_FOUND when the actor cannot read it; FORBIDDEN when
// they can read but do not own it.
func (s *Service) WhoCanSee(ctx context.Context, docID uuid.UUID) ([]GrantInfo, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	lvl, err := readable(ctx, s.pool, actor, docID)
	if err != nil {
		return nil, err
	}
	if !lvl.IsOwner() {
		return nil, fault.New(fault.Forbidden, "Only the document's owner can see everyone it is shared with.")
	}
	rows, err := db.Q.DocumentAccessListByDocument(ctx, s.pool, docID)
	if err != nil {
		return nil, err
	}
	out := make([]GrantInfo, len(rows))
	for i, r := range rows {
		g := GrantInfo{
			ID: r.ID, DocumentID: r.DocumentID, Principal: Principal{Type: principalTypeFromDB(r.PrincipalType), ID: r.PrincipalID},
			Name: r.PrincipalName, Permission: permissionFromDB(r.Permission), GrantedBy: r.GrantedBy, Reason: r.GrantReason, BatchID: r.BatchID, CreatedAt: r.CreatedAt,
		}
		g.Label = label(r.PrincipalType, r.GroupSlug, r.AgentSlug, r.UserEmail)
		out[i] = g
	}
	return out, nil
}

// label names a principal as a share recipient is written: group:<slug>,
// agent:<slug> or an email.
func label(t db.PrincipalType, groupSlug, agentSlug, email string) string {
	switch {
	case t == db.PrincipalTypeGroup:
		return "group:" + groupSlug
	case agentSlug != "":
		return "agent:" + agentSlug
	}
	return email
}

// Why is the answer to "why can I see this?".
type Why struct {
	Owner  bool        // the actor owns it
	Grants []GrantInfo // otherwise, the grants that reach them (own, or through a group)
}

// WhyCanISee explains the actor's access to a document they can read.
// Errors: NOT_FOUND when they cannot.
func (s *Service) WhyCanISee(ctx context.Context, docID uuid.UUID) (*Why, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	lvl, err := readable(ctx, s.pool, actor, docID)
	if err != nil {
		return nil, err
	}
	if lvl.IsOwner() {
		return &Why{Owner: true}, nil
	}
	rows, err := db.Q.DocumentAccessListForActor(ctx, s.pool, db.DocumentAccessListForActorParams{DocumentID: docID, ActorID: actor.UserID, ActorIsPerson: actor.Kind == auth.KindPerson})
	if err != nil {
		return nil, err
	}
	w := &Why{}
	for _, r := range rows {
		g := GrantInfo{
			ID: r.ID, DocumentID: r.DocumentID, Principal: Principal{Type: principalTypeFromDB(r.PrincipalType), ID: r.PrincipalID},
			Permission: permissionFromDB(r.Permission), GrantedBy: r.GrantedBy, Reason: r.GrantReason, BatchID: r.BatchID, CreatedAt: r.CreatedAt,
		}
		if r.PrincipalType == db.PrincipalTypeGroup {
			g.Label, g.Name = "group:"+r.GroupSlug, r.GroupName
		} else {
			g.Label, g.Name = actor.Email, actor.Name
		}
		if g.Reason == SpaceDefault {
			if g.Explanation, err = spaceDefaultExplanation(ctx, s.pool, docID); err != nil {
				return nil, err
			}
		}
		w.Grants = append(w.Grants, g)
	}
	return w, nil
}

// spaceDefaultExplanation explains a space_default grant on a document:
// its space's default gave it, and its owner may take it back.
func spaceDefaultExplanation(ctx context.Context, q db.DBTX, docID uuid.UUID) (string, error) {
	m, err := db.Q.DocumentGetMetadata(ctx, q, docID)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("Everyone can read new pages in the %s by default; %s can revoke it.", m.Space, m.OwnerName), nil
}

// Given is one grant the actor received.
type Given struct {
	EventID    uuid.UUID
	DocumentID uuid.UUID
	Permission Permission
	GrantedBy  *uuid.UUID
	Reason     string
	BatchID    *uuid.UUID
	At         time.Time
	// Recipient is whom the grant is to: the actor, or a group of theirs.
	Recipient Principal
	// Label and Name name the recipient as GrantInfo does: the actor's
	// email and name, or group:<slug> and the group's name.
	Label string
	Name  string
}

// RecentlyShared is docs/design.md#trace-recently-shared: what the actor
// was given since a time, newest
// first, at most limit — only grants that still stand, on live documents,
// made to the actor or to a group they belong to (named in Recipient,
// Label and Name; never Everyone, which reaches every page everyone reads,
// nor a grant the actor made to their own group), in one statement.
// A document is listed once, by the latest grant or upgrade to write made
// since then (who made it, when, why, to whom); Permission is that grant as
// it stands now, as WhyCanISee shows it.
func (s *Service) RecentlyShared(ctx context.Context, since time.Time, limit int) ([]Given, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	rows, err := db.Q.AccessEventListRecentlyShared(ctx, s.pool, db.AccessEventListRecentlySharedParams{ActorID: actor.UserID, Since: since, RowLimit: int32(limit)})
	if err != nil {
		return nil, err
	}
	out := make([]Given, len(rows))
	for i, r := range rows {
		g := Given{
			EventID: r.ID, DocumentID: r.DocumentID, Permission: permissionFromDB(r.Permission), GrantedBy: r.ActorID, BatchID: r.BatchID, At: r.CreatedAt,
			Recipient: Principal{Type: principalTypeFromDB(r.PrincipalType), ID: r.PrincipalID}, Label: actor.Email, Name: actor.Name,
		}
		if r.PrincipalType == db.PrincipalTypeGroup {
			g.Label, g.Name = "group:"+r.GroupSlug, r.GroupName
		}
		if r.GrantReason != nil {
			g.Reason = *r.GrantReason
		}
		out[i] = g
	}
	return out, nil
}

// Batch lists the standing grants of one sharing action, each with whom it
// is to (Label, Name), for the person who made it or the owners of its
// documents. Errors: NOT_FOUND when there
// is nothing the actor may review.
func (s *Service) Batch(ctx context.Context, batchID uuid.UUID) ([]GrantInfo, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	rows, err := db.Q.DocumentAccessListByBatch(ctx, s.pool, db.DocumentAccessListByBatchParams{BatchID: &batchID, ActorID: actor.UserID})
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, fault.New(fault.NotFound, "No batch of yours has that id.")
	}
	out := make([]GrantInfo, len(rows))
	for i, r := range rows {
		out[i] = GrantInfo{
			ID: r.ID, DocumentID: r.DocumentID, Principal: Principal{Type: principalTypeFromDB(r.PrincipalType), ID: r.PrincipalID},
			Label: label(r.PrincipalType, r.GroupSlug, r.AgentSlug, r.UserEmail), Name: r.PrincipalName,
			Permission: permissionFromDB(r.Permission), GrantedBy: r.GrantedBy, Reason: r.GrantReason, BatchID: r.BatchID, CreatedAt: r.CreatedAt,
		}
	}
	return out, nil
}

// Person is someone a share can name.
type Person struct {
	ID    uuid.UUID
	Email string
	Name  string
	Kind  auth.Kind
	Slug  string // agents
}

// People finds people by name or email and agents by slug, for choosing
// recipients (it is a team tool: docs/design.md#explaining-access). Never
// management, never a
// deactivated person. Errors: BAD_USER_INPUT on query under two characters.
func (s *Service) People(ctx context.Context, query string, limit int) ([]Person, error) {
	if _, err := auth.RequireUser(ctx); err != nil {
		return nil, err
	}
	query = strings.TrimSpace(query)
	if utf8.RuneCountInString(query) < 2 || len(query) > 200 {
		return nil, fault.Input("query", "Type at least two characters.")
	}
	escaped := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(query)
	rows, err := db.Q.UserSearch(ctx, s.pool, db.UserSearchParams{Query: escaped, RowLimit: int32(limit)})
	if err != nil {
		return nil, err
	}
	out := make([]Person, len(rows))
	for i, r := range rows {
		out[i] = Person{ID: r.ID, Email: r.Email, Name: r.Name, Kind: auth.Kind(r.Kind), Slug: r.AgentSlug}
	}
	return out, nil
}

// Group is a group someone can share with.
type Group struct {
	ID          uuid.UUID
	Slug        string
	Name        string
	Description string
	Everyone    bool
	Members     int
}

// Groups lists every group (Everyone first) for choosing recipients.
func (s *Service) Groups(ctx context.Context) ([]Group, error) {
	if _, err := auth.RequireUser(ctx); err != nil {
		return nil, err
	}
	rows, err := db.Q.GroupList(ctx, s.pool)
	if err != nil {
		return nil, err
	}
	out := make([]Group, len(rows))
	for i, r := range rows {
		g := Group{ID: r.ID, Slug: r.Slug, Name: r.Name, Everyone: r.Kind == "everyone", Members: int(r.Members)}
		if r.Description != nil {
			g.Description = *r.Description
		}
		out[i] = g
	}
	return out, nil
}
