package access

// Carrying out a validated share plan (Share, ShareByTag) inside their
// transaction, step by step: lock and re-check the documents, record the
// suggestions declined, grant, then tell the recipients and the owners.

import (
	"context"
	"slices"

	"github.com/google/uuid"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/inbox"
)

// shareable is a document of a plan as applyPlan locked it.
type shareable = db.DocumentLockForShareRow

// applyPlan carries out a validated plan in tx: lock and re-check the
// documents, record declined suggestions, grant, notify.
func applyPlan(ctx context.Context, tx db.DBTX, actor *auth.Actor, p sharePlan) (*ShareResult, error) {
	batch := uuid.Must(uuid.NewV7())
	out := &ShareResult{BatchID: batch, Grants: []GrantResult{}}
	if len(p.items)*len(p.recipients) > MaxShareGrants {
		field := p.items[0].field
		return nil, fault.Input(field, "One share writes at most %d grants (documents × recipients); share with a group, or in parts.", MaxShareGrants)
	}
	if len(p.items) == 0 {
		return out, nil
	}
	docs, items, err := lockShareable(ctx, tx, actor, p)
	if err != nil {
		return nil, err
	}
	if err := recordDeclined(ctx, tx, actor, p); err != nil {
		return nil, err
	}
	changed, reshared, err := grantPlan(ctx, tx, actor, p, items, docs, batch, out)
	if err != nil {
		return nil, err
	}
	if err := notifyShared(ctx, tx, actor, p, docs, changed, batch); err != nil {
		return nil, err
	}
	if err := notifyReshared(ctx, tx, actor, p, docs, reshared, batch); err != nil {
		return nil, err
	}
	return out, nil
}

// lockShareable locks the plan's documents (in id order) and re-checks
// that the actor may share each: a document that cannot be shared fails
// the plan with its field's error — or, for a bulk plan, is left out. It
// returns the locked documents by id and the items still to grant.
func lockShareable(ctx context.Context, tx db.DBTX, actor *auth.Actor, p sharePlan) (map[uuid.UUID]shareable, []shareItem, error) {
	ids := make([]uuid.UUID, len(p.items))
	for i, it := range p.items {
		ids[i] = it.id
	}
	slices.SortFunc(ids, compareID)
	locked, err := db.Q.DocumentLockForShare(ctx, tx, db.DocumentLockForShareParams{ActorID: actor.UserID, ActorIsPerson: actor.Kind == auth.KindPerson, Ids: ids})
	if err != nil {
		return nil, nil, err
	}
	docs := make(map[uuid.UUID]shareable, len(locked))
	for _, d := range locked {
		docs[d.ID] = d
	}
	items := p.items[:0:0]
	for _, it := range p.items {
		d, ok := docs[it.id]
		var ferr *fault.Error
		switch {
		case !ok || d.Level <= int32(document.None):
			ferr = &fault.Error{Code: fault.NotFound, Field: it.field, Message: "No document you can read has that id."}
		case d.Deleted:
			ferr = &fault.Error{Code: fault.NotFound, Field: it.field, Message: "\"" + d.Title + "\" is in the trash: restore it before sharing it."}
		case d.Quarantined:
			ferr = fault.Conflicting(it.field, "%q is held by management and cannot be shared.", d.Title)
		case d.Level < int32(document.Write):
			ferr = &fault.Error{Code: fault.Forbidden, Field: it.field, Message: "You can read \"" + d.Title + "\" but not share it: only its owner and those who can edit it can."}
		}
		if ferr != nil {
			if p.bulk {
				continue
			}
			return nil, nil, ferr
		}
		items = append(items, it)
	}
	return docs, items, nil
}

// recordDeclined records, for every recipient, the suggestions the actor
// declined in this share (so they are not suggested again). Errors:
// NOT_FOUND (field declined) for a document the actor cannot share.
func recordDeclined(ctx context.Context, tx db.DBTX, actor *auth.Actor, p sharePlan) error {
	if len(p.declined) == 0 || len(p.recipients) == 0 {
		return nil
	}
	n := len(p.declined) * len(p.recipients)
	params := db.ShareSuggestionDecisionRejectParams{
		ActorID: actor.UserID, ActorIsPerson: actor.Kind == auth.KindPerson, Ids: make([]uuid.UUID, 0, n), DocumentIds: make([]uuid.UUID, 0, n),
		PrincipalTypes: make([]string, 0, n), PrincipalIds: make([]uuid.UUID, 0, n),
	}
	for _, id := range p.declined {
		for _, r := range p.recipients {
			params.Ids = append(params.Ids, uuid.Must(uuid.NewV7()))
			params.DocumentIds = append(params.DocumentIds, id)
			params.PrincipalTypes = append(params.PrincipalTypes, string(r.Type))
			params.PrincipalIds = append(params.PrincipalIds, r.ID)
		}
	}
	written, err := db.Q.ShareSuggestionDecisionReject(ctx, tx, params)
	if err != nil {
		return err
	}
	for _, id := range p.declined {
		if !slices.Contains(written, id) {
			return &fault.Error{Code: fault.NotFound, Field: "declined", Message: "No document you can share has that id."}
		}
	}
	return nil
}

// grantPlan grants every item to every recipient (never to a document's
// own owner) in batch, appending each outcome to out.Grants. It returns,
// per recipient (by index), the documents whose grant changed, and the
// documents someone other than their owner shared anew.
func grantPlan(ctx context.Context, tx db.DBTX, actor *auth.Actor, p sharePlan, items []shareItem, docs map[uuid.UUID]shareable, batch uuid.UUID, out *ShareResult) ([][]uuid.UUID, []uuid.UUID, error) {
	changed := make([][]uuid.UUID, len(p.recipients))
	var reshared []uuid.UUID
	for _, it := range items {
		d := docs[it.id]
		touched := false
		for i, r := range p.recipients {
			g := GrantResult{DocumentID: it.id, Principal: r.Principal, Label: r.Label, Permission: p.permission, Reason: it.reason}
			if r.Type == PrincipalUser && r.ID == d.CreatedBy {
				out.Grants = append(out.Grants, g) // the owner: nothing to grant
				continue
			}
			var err error
			g.Outcome, err = GrantInTx(ctx, tx, GrantSpec{
				DocumentID: it.id, Principal: r.Principal, Permission: p.permission, GrantedBy: &actor.UserID, Reason: it.reason, BatchID: &batch,
			})
			if err != nil {
				return nil, nil, err
			}
			out.Grants = append(out.Grants, g)
			if g.Outcome != Unchanged {
				changed[i] = append(changed[i], it.id)
				touched = true
			}
		}
		if touched && d.CreatedBy != actor.UserID {
			reshared = append(reshared, it.id)
		}
	}
	return changed, reshared, nil
}

// notifyShared tells whom a share reached (access.granted, one
// notification per person and document, merged by batch): person and
// agent recipients directly, group members through their groups (each
// once, never a document's owner), never Everyone's, never the actor.
func notifyShared(ctx context.Context, tx db.DBTX, actor *auth.Actor, p sharePlan, docs map[uuid.UUID]shareable, changed [][]uuid.UUID, batch uuid.UUID) error {
	tell := map[uuid.UUID][]uuid.UUID{} // user → documents, in item order
	var groups []uuid.UUID
	for i, r := range p.recipients {
		if len(changed[i]) == 0 {
			continue
		}
		switch r.Kind {
		case RecipientPerson, RecipientAgent:
			tell[r.ID] = append(tell[r.ID], changed[i]...)
		case RecipientGroup:
			groups = append(groups, r.ID)
		}
	}
	if len(groups) > 0 {
		members, err := db.Q.UserListAudience(ctx, tx, db.UserListAudienceParams{UserIds: []uuid.UUID{}, GroupIds: groups})
		if err != nil {
			return err
		}
		byGroup := map[uuid.UUID][]uuid.UUID{}
		for i, r := range p.recipients {
			if r.Kind == RecipientGroup {
				byGroup[r.ID] = changed[i]
			}
		}
		for _, m := range members {
			if m.GroupID == nil {
				continue
			}
			for _, doc := range byGroup[*m.GroupID] {
				if docs[doc].CreatedBy != m.UserID {
					tell[m.UserID] = append(tell[m.UserID], doc)
				}
			}
		}
	}
	for _, user := range sortedKeys(tell) {
		if user == actor.UserID {
			continue
		}
		// tell[user] may hold a document twice (directly and through a
		// group); the batch merge counts it once, but skip the statement.
		sent := map[uuid.UUID]bool{}
		for _, doc := range tell[user] {
			if sent[doc] {
				continue
			}
			sent[doc] = true
			if _, err := inbox.NotifyInTx(ctx, tx, inbox.Notice{
				RecipientID: user, ActorID: &actor.UserID, Type: inbox.TypeAccessGranted, SubjectType: "access", SubjectID: &batch,
				BatchID: &batch, Payload: map[string]any{"documentId": doc, "permission": p.permission, "sharedBy": actor.UserID},
			}); err != nil {
				return err
			}
		}
	}
	return nil
}

// notifyReshared tells the owners of the documents someone else shared
// anew (access.reshared), with the recipients' labels.
func notifyReshared(ctx context.Context, tx db.DBTX, actor *auth.Actor, p sharePlan, docs map[uuid.UUID]shareable, reshared []uuid.UUID, batch uuid.UUID) error {
	labels := make([]string, len(p.recipients))
	for i, r := range p.recipients {
		labels[i] = r.Label
	}
	owners := map[uuid.UUID][]uuid.UUID{}
	for _, doc := range reshared {
		owners[docs[doc].CreatedBy] = append(owners[docs[doc].CreatedBy], doc)
	}
	for _, owner := range sortedKeys(owners) {
		for _, doc := range owners[owner] {
			if _, err := inbox.NotifyInTx(ctx, tx, inbox.Notice{
				RecipientID: owner, ActorID: &actor.UserID, Type: inbox.TypeAccessReshared, SubjectType: "access", SubjectID: &batch,
				BatchID: &batch, Payload: map[string]any{"documentId": doc, "permission": p.permission, "sharedBy": actor.UserID, "recipients": labels},
			}); err != nil {
				return err
			}
		}
	}
	return nil
}

// sortedKeys is set's keys in id order, so notifications are written in
// an order that does not depend on map iteration.
func sortedKeys(set map[uuid.UUID][]uuid.UUID) []uuid.UUID {
	keys := make([]uuid.UUID, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, compareID)
	return keys
}
