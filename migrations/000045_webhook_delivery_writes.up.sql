-- What each webhook delivery row costs to write (docs/design.md, "Webhooks";
-- bench/RESULTS.md, issue 32): the enqueuer writes one row per (event,
-- subscription), twenty per save of a page twenty subscribers read.
--
-- webhook_deliveries_list_idx (subscription_id, seq DESC) duplicated the
-- unique (subscription_id, seq) index: a b-tree scans both ways, and the
-- owner's list (WebhookDeliveryList) reads the unique one backwards at the
-- same cost. Each row paid one index entry more for nothing.
DROP INDEX IF EXISTS webhook_deliveries_list_idx;

-- The foreign key to webhook_subscriptions checked every inserted row
-- (a trigger per row looking the subscription up FOR KEY SHARE), though
-- both writers of deliveries (the enqueuer's WebhookDeliveryCreateMany and
-- ping's WebhookDeliveryCreate) hold the subscription FOR UPDATE in the
-- same transaction (WebhookSubscriptionLockSeq) and insert nothing for one
-- that is gone. What the key did besides, the cascade, is kept by a trigger
-- per deleting statement: a subscription deleted (by its owner, or with
-- its owner's row) takes its deliveries with it.
ALTER TABLE webhook_deliveries DROP CONSTRAINT IF EXISTS webhook_deliveries_subscription_id_fkey;

CREATE FUNCTION codna_webhook_deliveries_drop() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM webhook_deliveries d USING gone g WHERE d.subscription_id = g.id;
  RETURN NULL;
END $$;

CREATE TRIGGER webhook_subscriptions_drop_deliveries AFTER DELETE ON webhook_subscriptions
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION codna_webhook_deliveries_drop();
