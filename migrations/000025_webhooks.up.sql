-- People's webhooks (docs/design.md, "Webhooks"): a subscription is one
-- endpoint of one person with the event types it wants and a space/path
-- filter; a delivery is one event for one subscription, its JSON body built
-- once and sent as the same bytes on every attempt, in the subscription's
-- order (seq, assigned under FOR UPDATE of the subscription from next_seq).
CREATE TABLE webhook_subscriptions (
  id                  uuid PRIMARY KEY,
  owner_id            uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  url                 text NOT NULL,
  event_types         text[] NOT NULL DEFAULT '{}',   -- public event names; empty: all
  space               space,                          -- NULL: every space
  path_prefix         text NOT NULL DEFAULT '',       -- '' : every path; else whole segments
  signing_key         bytea NOT NULL,                 -- the key of the current whsec_ secret
  previous_key        bytea,                          -- the rotated-out key, still signing until previous_until
  previous_until      timestamptz,
  status              text NOT NULL DEFAULT 'active',
  status_reason       text NOT NULL DEFAULT '',
  consecutive_dead    integer NOT NULL DEFAULT 0,     -- deliveries dead in a row (100: paused)
  failing_since       timestamptz,                    -- the first failed attempt since the last success (24 h: paused)
  next_seq            bigint NOT NULL DEFAULT 1,
  turn_at             timestamptz,                    -- when its last attempt was recorded: the sender's round-robin
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT webhook_subscriptions_status_ck CHECK (status IN ('active', 'paused', 'disabled')),
  CONSTRAINT webhook_subscriptions_key_ck CHECK (previous_key IS NULL OR previous_until IS NOT NULL)
);
CREATE INDEX webhook_subscriptions_owner_idx ON webhook_subscriptions (owner_id, created_at);
CREATE INDEX webhook_subscriptions_active_idx ON webhook_subscriptions (id) WHERE status = 'active';

CREATE TABLE webhook_deliveries (
  id               uuid PRIMARY KEY,                  -- the webhook-id of every attempt
  subscription_id  uuid NOT NULL REFERENCES webhook_subscriptions(id) ON DELETE CASCADE,
  seq              bigint NOT NULL,
  event_id         uuid,                              -- no foreign key: events are deleted after their retention
  event_type       text NOT NULL,                     -- the public name
  document_id      uuid,                              -- re-checked readable at send time when set
  body             bytea NOT NULL,
  status           text NOT NULL DEFAULT 'pending',
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL,              -- 72 h after the event (or a redelivery)
  leased_until     timestamptz,
  leased_by        text,
  last_status      integer,                           -- the last HTTP status, if any answered
  last_error       text NOT NULL DEFAULT '',
  event_at         timestamptz NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  delivered_at     timestamptz,
  CONSTRAINT webhook_deliveries_status_ck CHECK (status IN ('pending', 'delivered', 'dead')),
  CONSTRAINT webhook_deliveries_error_ck CHECK (char_length(last_error) <= 255),
  CONSTRAINT webhook_deliveries_seq_key UNIQUE (subscription_id, seq)
);
-- The sender's head of each subscription: its lowest pending seq.
CREATE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (subscription_id, seq) WHERE status = 'pending';
-- One delivery per (event, subscription): a redelivered outbox event enqueues nothing twice.
CREATE UNIQUE INDEX webhook_deliveries_event_key ON webhook_deliveries (subscription_id, event_id) WHERE event_id IS NOT NULL;
-- Retention and the owner's list, newest first.
CREATE INDEX webhook_deliveries_list_idx ON webhook_deliveries (subscription_id, seq DESC);
CREATE INDEX webhook_deliveries_old_idx ON webhook_deliveries (created_at) WHERE status <> 'pending';
