-- The mail queue (docs/design.md, "Mail"): one row per mail to send, written in the
-- transaction of what causes it. A row names its recipient, its kind and what it refers
-- to, never a rendered body: the sender renders it from current rows when it sends it.
-- Later kinds (digests, notifications) and per-person preferences add rows of new kinds
-- and tables of their own; this table needs no new column for them.
CREATE TABLE mail_outbox (
  id              uuid PRIMARY KEY,
  recipient_id    uuid        NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind            text        NOT NULL,              -- invitation | password_reset | …
  subject_id      uuid,                              -- what the mail refers to (an invitation); null for none
  status          text        NOT NULL DEFAULT 'queued',
  attempts        integer     NOT NULL DEFAULT 0,    -- sends tried that failed
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claimed_at      timestamptz,                       -- the sender's lease: taken or last renewed at
  claimed_by      text,                              -- the sender holding the lease
  last_error      text,
  message_id      text        NOT NULL,              -- the Message-ID, the same on every attempt
  created_at      timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz,                       -- when it was sent, failed or dropped
  CONSTRAINT mail_outbox_status_ck CHECK (status IN ('queued', 'sent', 'failed', 'dropped')),
  CONSTRAINT mail_outbox_kind_ck CHECK (kind <> '' AND char_length(kind) <= 64),
  CONSTRAINT mail_outbox_last_error_ck CHECK (char_length(last_error) <= 255),
  CONSTRAINT mail_outbox_message_id_key UNIQUE (message_id)
);
-- The claim: queued rows by when they are due.
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'queued';
-- The metrics: the queued count and the oldest queued row.
CREATE INDEX mail_outbox_queued_age_idx ON mail_outbox (created_at) WHERE status = 'queued';
-- The retention: finished rows by age.
CREATE INDEX mail_outbox_finished_idx ON mail_outbox (created_at) WHERE status <> 'queued';
-- A person's rows (the foreign key's cascade).
CREATE INDEX mail_outbox_recipient_idx ON mail_outbox (recipient_id);
