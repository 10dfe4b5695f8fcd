-- The activity log (docs/design.md, "Activity"): what happened to pages,
-- written by an outbox consumer from the events. Append-only but for two
-- things: edits by one actor on one page within 5 minutes fold into one
-- entry (count, at and last_event_id move), and entries older than the
-- retention are pruned. A page's entries go with it when it is purged.
CREATE TABLE activity (
  id             uuid        PRIMARY KEY,
  document_id    uuid        NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  actor_id       uuid        REFERENCES users(id) ON DELETE SET NULL,
  action         text        NOT NULL,
  -- The editor's change summary of the latest edit folded in, when there was one.
  change_summary text,
  -- For a share: whom it was shared with (principal type, id, permission),
  -- shown only to the sharer and the page's owner.
  detail         jsonb,
  automation_id  uuid,
  count          integer     NOT NULL DEFAULT 1,
  -- The first and the latest event folded in (UUIDv7, so in order): a
  -- redelivered event between them is already counted.
  first_event_id uuid        NOT NULL,
  last_event_id  uuid        NOT NULL,
  first_at       timestamptz NOT NULL,
  at             timestamptz NOT NULL,
  CONSTRAINT activity_action_ck CHECK (action IN
    ('created', 'edited', 'moved', 'renamed', 'trashed', 'restored', 'commented', 'thread_resolved', 'shared')),
  CONSTRAINT activity_count_ck CHECK (count >= 1)
);
CREATE UNIQUE INDEX activity_event_key ON activity (first_event_id);
-- The team's activity, newest first (the walk, which reads the page and the
-- actor of the entries it passes over from the index alone), and a page's
-- (the probe).
CREATE INDEX activity_at_idx ON activity (at DESC, id DESC) INCLUDE (document_id, actor_id);
CREATE INDEX activity_document_idx ON activity (document_id, at DESC, id DESC) INCLUDE (actor_id);
CREATE INDEX activity_actor_idx ON activity (actor_id, at DESC, id DESC);

-- The fan-out's coalescing test: a watch notification to this person about
-- this page within the window.
CREATE INDEX notifications_watch_idx ON notifications (subject_id, recipient_id, created_at)
  WHERE type = 'watch.updated';

-- Mentions as management's usage report counts them (mention.created
-- events, which the outbox deletes after days): who mentioned, when; no
-- page, no person mentioned, no text. Pruned with the activity log.
CREATE TABLE usage_mentions (
  event_id uuid        PRIMARY KEY,
  actor_id uuid        NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  at       timestamptz NOT NULL
);
CREATE INDEX usage_mentions_at_idx ON usage_mentions (at);

-- The usage report's daily counts of watches made and comments written.
CREATE INDEX watches_created_idx ON watches (created_at);
CREATE INDEX comments_created_idx ON comments (created_at);

-- A page handed over (a transfer) is watched by its new owner: source owner.
ALTER TABLE watches DROP CONSTRAINT watches_source_ck;
ALTER TABLE watches ADD CONSTRAINT watches_source_ck CHECK (source IN ('manual', 'author', 'comment', 'mention', 'owner'));
