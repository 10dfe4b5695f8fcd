package graph

import (
	"context"
	"strings"

	"github.com/google/uuid"

	"codna/graph/model"
	"codna/internal/access"
	"codna/internal/agent"
	"codna/internal/document"
)

func permissionOf(p model.Permission) access.Permission {
	return access.Permission(strings.ToLower(string(p)))
}

func permissionModel(p access.Permission) model.Permission {
	return model.Permission(strings.ToUpper(string(p)))
}

func reasonModel(r string) model.GrantReason { return model.GrantReason(strings.ToUpper(r)) }

func principalTypeModel(t access.PrincipalType) model.PrincipalType {
	return model.PrincipalType(strings.ToUpper(string(t)))
}

func principalOf(t model.PrincipalType, rawID string) (access.Principal, error) {
	id, err := parseID("principalId", rawID)
	if err != nil {
		return access.Principal{}, err
	}
	return access.Principal{Type: access.PrincipalType(strings.ToLower(string(t))), ID: id}, nil
}

// docsAndUsers batch-loads the documents and users a list of grants names.
func docsAndUsers(ctx context.Context, docIDs, userIDs []uuid.UUID) (map[uuid.UUID]*document.Doc, map[uuid.UUID]*model.User, error) {
	docs, err := loadDocs(ctx, docIDs)
	if err != nil {
		return nil, nil, err
	}
	dm := make(map[uuid.UUID]*document.Doc, len(docs))
	for _, d := range docs {
		dm[d.ID] = d
	}
	um := map[uuid.UUID]*model.User{}
	if len(userIDs) > 0 {
		us, err := loaders(ctx).User.LoadAll(ctx, dedupe(userIDs))
		if err != nil && !allNotFound(err) {
			return nil, nil, err
		}
		for _, u := range us {
			if u.ID != uuid.Nil {
				um[u.ID] = userModel(u)
			}
		}
	}
	return dm, um, nil
}

func (r *Resolver) grants(ctx context.Context, gs []access.GrantInfo) ([]model.Grant, error) {
	var docIDs, userIDs []uuid.UUID
	for _, g := range gs {
		docIDs = append(docIDs, g.DocumentID)
		if g.GrantedBy != nil {
			userIDs = append(userIDs, *g.GrantedBy)
		}
	}
	docs, users, err := docsAndUsers(ctx, dedupe(docIDs), userIDs)
	if err != nil {
		return nil, err
	}
	out := make([]model.Grant, len(gs))
	for i, g := range gs {
		m := model.Grant{
			ID: g.ID.String(), Document: docs[g.DocumentID], PrincipalType: principalTypeModel(g.Principal.Type),
			PrincipalID: g.Principal.ID.String(), Recipient: g.Label, RecipientName: g.Name, Permission: permissionModel(g.Permission),
			Reason: reasonModel(g.Reason), BatchID: idPtr(g.BatchID), CreatedAt: g.CreatedAt,
		}
		if g.Explanation != "" {
			m.Explanation = &g.Explanation
		}
		if g.GrantedBy != nil {
			m.GrantedBy = users[*g.GrantedBy]
		}
		out[i] = m
	}
	return out, nil
}

func (r *Resolver) sharePayload(ctx context.Context, res *access.ShareResult) (*model.SharePayload, error) {
	var ids []uuid.UUID
	for _, g := range res.Grants {
		ids = append(ids, g.DocumentID)
	}
	docs, _, err := docsAndUsers(ctx, dedupe(ids), nil)
	if err != nil {
		return nil, err
	}
	out := &model.SharePayload{BatchID: res.BatchID.String(), Grants: make([]model.ShareGrantResult, len(res.Grants))}
	for i, g := range res.Grants {
		outcome := model.ShareOutcomeUnchanged
		switch g.Outcome {
		case access.Created:
			outcome = model.ShareOutcomeCreated
		case access.Upgraded:
			outcome = model.ShareOutcomeUpgraded
		}
		out.Grants[i] = model.ShareGrantResult{Document: docs[g.DocumentID], Recipient: g.Label, Outcome: outcome}
	}
	return out, nil
}

func parseIDList(field string, raw []string) ([]uuid.UUID, error) {
	if raw == nil {
		return nil, nil
	}
	return parseIDs(field, raw)
}

func folderShareModel(f access.FolderShare) model.FolderShare {
	return model.FolderShare{
		ID: f.ID.String(), Space: spaceModel(f.Space), Path: f.Path, PrincipalType: principalTypeModel(f.Principal.Type),
		PrincipalID: f.Principal.ID.String(), Permission: permissionModel(f.Permission), CreatedAt: f.CreatedAt, UpdatedAt: f.UpdatedAt,
	}
}

func shareTargetModels(ts []agent.ShareTarget) []model.AgentShareTarget {
	out := make([]model.AgentShareTarget, len(ts))
	for i, t := range ts {
		out[i] = model.AgentShareTarget{
			PrincipalType: principalTypeModel(t.Principal.Type), PrincipalID: t.Principal.ID.String(),
			Recipient: t.Label, RecipientName: t.Name, AddedAt: t.AddedAt,
		}
	}
	return out
}
