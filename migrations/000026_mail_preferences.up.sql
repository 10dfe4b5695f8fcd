-- Mail about notifications (docs/design.md, "Mail"): each person's preferences, the digests
-- queued for them, and the instance's secret key that signs unsubscribe links.

-- A person's mail preferences. No row means the defaults: decisions and mentions at once
-- (they wait for the person's answer), a daily digest of information (docs/design.md says why).
CREATE TABLE mail_preferences (
  user_id    uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  decisions  boolean     NOT NULL DEFAULT true,
  mentions   boolean     NOT NULL DEFAULT true,
  digest     text        NOT NULL DEFAULT 'daily',
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT mail_preferences_digest_ck CHECK (digest IN ('off', 'hourly', 'daily'))
);

-- One row per digest queued: the window of information notifications it covers. A digest
-- mail (mail_outbox kind 'digest') names its row; the next window starts where the last ended.
CREATE TABLE mail_digests (
  id           uuid PRIMARY KEY,
  user_id      uuid        NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  period_start timestamptz NOT NULL,
  period_end   timestamptz NOT NULL,
  CONSTRAINT mail_digests_period_ck CHECK (period_start < period_end)
);
CREATE INDEX mail_digests_user_idx ON mail_digests (user_id, period_end DESC);

-- The instance's secret keys, made here at random and never shown: 'unsubscribe' signs the
-- one-click unsubscribe links of mail. Two random UUIDs (244 random bits) hashed together.
CREATE TABLE instance_secrets (
  name       text PRIMARY KEY,
  secret     bytea       NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT instance_secrets_length_ck CHECK (octet_length(secret) >= 32)
);
INSERT INTO instance_secrets (name, secret) VALUES ('unsubscribe',
  sha256(decode(replace(gen_random_uuid()::text, '-', ''), 'hex') || decode(replace(gen_random_uuid()::text, '-', ''), 'hex')));

-- The notice scan: unread decisions and mentions, by age.
CREATE INDEX notifications_mail_idx ON notifications (created_at)
  WHERE status = 'unread' AND (requires_decision OR type = 'mention');
-- Whether a notification was mailed already (mail_outbox.subject_id is its id).
CREATE INDEX mail_outbox_subject_idx ON mail_outbox (subject_id, kind) WHERE subject_id IS NOT NULL;
