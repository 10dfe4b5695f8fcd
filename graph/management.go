package graph

import (
	"context"

	"codna/graph/model"
	"codna/internal/manage"
	"codna/internal/request"
)

func (r *mutationResolver) setActive(ctx context.Context, rawID string, active bool) (*model.SetPersonActivePayload, error) {
	c, err := manage.CallerFrom(ctx, request.ID(ctx))
	if err != nil {
		return nil, err
	}
	id, err := parseID("id", rawID)
	if err != nil {
		return nil, err
	}
	u, err := r.Manage.SetPersonActive(ctx, c, id, active)
	if err != nil {
		return nil, err
	}
	return &model.SetPersonActivePayload{User: managedUserModel(u)}, nil
}
