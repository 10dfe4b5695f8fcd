package graph

import (
	"context"

	"codna/graph/model"
)

func (r *mutationResolver) setActive(ctx context.Context, rawID string, active bool) (*model.SetPersonActivePayload, error) {
	id, err := parseID("id", rawID)
	if err != nil {
		return nil, err
	}
	u, err := r.svc.Manage.SetPersonActive(ctx, id, active)
	if err != nil {
		return nil, err
	}
	return &model.SetPersonActivePayload{User: managedUserModel(u)}, nil
}
