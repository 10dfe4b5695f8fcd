package graph

import (
	"context"

	"github.com/google/uuid"

	"codna/graph/model"
	"codna/internal/webhook"
)

// webhookPayload runs one webhook mutation taking the webhook's id.
func webhookPayload(ctx context.Context, id string, do func(context.Context, uuid.UUID) (webhook.Webhook, error)) (*model.WebhookPayload, error) {
	uid, err := parseID("id", id)
	if err != nil {
		return nil, err
	}
	w, err := do(ctx, uid)
	if err != nil {
		return nil, err
	}
	return &model.WebhookPayload{Webhook: &w}, nil
}

// deliveryPayload runs one mutation answering with a delivery.
func deliveryPayload(ctx context.Context, id string, do func(context.Context, uuid.UUID) (webhook.Delivery, error)) (*model.WebhookDeliveryPayload, error) {
	uid, err := parseID("id", id)
	if err != nil {
		return nil, err
	}
	d, err := do(ctx, uid)
	if err != nil {
		return nil, err
	}
	return &model.WebhookDeliveryPayload{Delivery: &d}, nil
}
