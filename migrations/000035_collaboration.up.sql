-- Comments and watches (docs/design.md, "Comments" and "Watches"). Threads and
-- comments belong to a page and go with it when it is purged; a person's
-- comments stay under their name when they are deactivated (users are never
-- deleted while they authored something). Anchors are W3C TextQuoteSelectors
-- (exact, prefix, suffix) plus the revision and the UTF-16 offsets they were
-- last found at.
CREATE TABLE threads (
  id                 uuid        PRIMARY KEY,
  document_id        uuid        NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  author_id          uuid        NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  kind               text        NOT NULL DEFAULT 'comment',
  status             text        NOT NULL DEFAULT 'open',
  anchor_state       text        NOT NULL DEFAULT 'none',
  anchor_exact       text,
  anchor_prefix      text,
  anchor_suffix      text,
  -- The revision the offsets refer to: the one the anchor was made on, then
  -- each revision the re-anchoring consumer found it in.
  anchor_revision_id uuid        REFERENCES document_revisions(id) ON DELETE SET NULL,
  anchor_start       integer,
  anchor_end         integer,
  resolved_by        uuid        REFERENCES users(id) ON DELETE SET NULL,
  resolved_at        timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT threads_kind_ck CHECK (kind IN ('comment', 'question', 'suggestion', 'issue', 'note')),
  CONSTRAINT threads_status_ck CHECK (status IN ('open', 'resolved')),
  CONSTRAINT threads_anchor_state_ck CHECK (anchor_state IN ('attached', 'detached', 'none')),
  CONSTRAINT threads_anchor_ck CHECK (
    (anchor_state = 'none' AND anchor_exact IS NULL)
    OR (anchor_state <> 'none' AND anchor_exact IS NOT NULL
        AND char_length(anchor_exact) BETWEEN 1 AND 500
        AND char_length(coalesce(anchor_prefix, '')) <= 64
        AND char_length(coalesce(anchor_suffix, '')) <= 64
        AND anchor_start >= 0 AND anchor_end >= anchor_start))
);
CREATE INDEX threads_document_idx ON threads (document_id, created_at);
-- What the re-anchoring consumer reads for each new revision.
CREATE INDEX threads_anchored_idx ON threads (document_id)
  WHERE status = 'open' AND anchor_state = 'attached';

CREATE TABLE comments (
  id          uuid        PRIMARY KEY,
  thread_id   uuid        NOT NULL REFERENCES threads(id) ON DELETE CASCADE,
  -- The thread's page, kept here so counts and purges need no join.
  document_id uuid        NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  author_id   uuid        NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  body        text        NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  edited_at   timestamptz,
  -- A deleted comment with replies stays as "deleted": its body is emptied.
  deleted_at  timestamptz,
  CONSTRAINT comments_body_ck CHECK (char_length(body) <= 10000)
);
CREATE INDEX comments_thread_idx ON comments (thread_id, created_at);
CREATE INDEX comments_document_idx ON comments (document_id);
CREATE INDEX comments_author_idx ON comments (author_id);

-- A watch of a page (document_id) or of a folder (space and a path prefix, ''
-- for the whole space). muted records an unwatch, so an automatic source does
-- not bring the watch back; only a manual watch clears it.
CREATE TABLE watches (
  id          uuid        PRIMARY KEY,
  user_id     uuid        NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  document_id uuid        REFERENCES documents(id) ON DELETE CASCADE,
  space       space,
  path        text,
  source      text        NOT NULL,
  muted       boolean     NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT watches_source_ck CHECK (source IN ('manual', 'author', 'comment', 'mention')),
  CONSTRAINT watches_target_ck CHECK (
    (document_id IS NOT NULL AND space IS NULL AND path IS NULL)
    OR (document_id IS NULL AND space IS NOT NULL AND path IS NOT NULL))
);
CREATE UNIQUE INDEX watches_document_key ON watches (user_id, document_id) WHERE document_id IS NOT NULL;
CREATE UNIQUE INDEX watches_folder_key ON watches (user_id, space, path) WHERE document_id IS NULL;
CREATE INDEX watches_document_idx ON watches (document_id) WHERE document_id IS NOT NULL AND NOT muted;
CREATE INDEX watches_folder_idx ON watches (space, path) WHERE document_id IS NULL AND NOT muted;
