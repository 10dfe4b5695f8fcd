DROP TRIGGER IF EXISTS webhook_subscriptions_drop_deliveries ON webhook_subscriptions;
DROP FUNCTION IF EXISTS codna_webhook_deliveries_drop();
DELETE FROM webhook_deliveries d WHERE NOT EXISTS (SELECT 1 FROM webhook_subscriptions s WHERE s.id = d.subscription_id);
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_subscription_id_fkey
  FOREIGN KEY (subscription_id) REFERENCES webhook_subscriptions(id) ON DELETE CASCADE;
CREATE INDEX IF NOT EXISTS webhook_deliveries_list_idx ON webhook_deliveries (subscription_id, seq DESC);
