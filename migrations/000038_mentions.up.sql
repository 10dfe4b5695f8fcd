-- Mentions (docs/design.md, "Mentions"). A mentions row is one thing a page's
-- latest revision or one comment mentions now: a person or an agent (a users
-- row) or a group. The mentions consumer keeps them in step with the latest
-- text, so "only new mentions notify" is a difference against these rows, and
-- a decision about a mention clears when its row goes. Ids and positions
-- only: never the link text (a mention shows the current name from the id).
CREATE TABLE mentions (
  id          uuid        PRIMARY KEY,
  document_id uuid        NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  -- The comment mentioning; NULL for the page's body.
  comment_id  uuid        REFERENCES comments(id) ON DELETE CASCADE,
  -- The revision the mention was last found in (page mentions only).
  revision_id uuid        REFERENCES document_revisions(id) ON DELETE SET NULL,
  target_kind text        NOT NULL,
  -- users.id (a person or an agent) or groups.id; group deletion leaves the
  -- row naming nobody.
  target_id   uuid        NOT NULL,
  -- Who wrote the mention first: the revision's or the comment's author.
  author_id   uuid        REFERENCES users(id) ON DELETE SET NULL,
  -- Byte offset of the mention's markup in the revision's or comment's body.
  position    integer     NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT mentions_target_kind_ck CHECK (target_kind IN ('user', 'group', 'agent')),
  CONSTRAINT mentions_position_ck CHECK (position >= 0)
);
CREATE UNIQUE INDEX mentions_page_key ON mentions (document_id, target_kind, target_id) WHERE comment_id IS NULL;
CREATE UNIQUE INDEX mentions_comment_key ON mentions (comment_id, target_kind, target_id) WHERE comment_id IS NOT NULL;
CREATE INDEX mentions_target_idx ON mentions (target_id);

-- A grant made by answering a mention decision with "share".
ALTER TABLE document_access DROP CONSTRAINT document_access_reason_ck;
ALTER TABLE document_access ADD CONSTRAINT document_access_reason_ck CHECK (grant_reason IN
  ('direct', 'bulk_tag', 'link_suggestion', 'script', 'import', 'folder', 'space_default',
   'agent_responsible', 'mention'));

-- mention_decision_holds is the rule of a mention decision (docs/design.md,
-- "Mentions"), the same for counting and clearing: the mention still stands
-- in the latest text of a live page, its recipient (the mention's author) is
-- active and may still act, and for mention.unreadable the person or agent
-- mentioned is active and still cannot read the page, and the recipient may
-- share the page (and answers for the agent mentioned); for mention.group_capped
-- the group still exists and the recipient can read the page.
CREATE FUNCTION mention_decision_holds(mention_id uuid, recipient uuid, notification_type text)
RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT EXISTS (
    SELECT 1
    FROM mentions m
    JOIN documents d ON d.id = m.document_id
    JOIN users r ON r.id = recipient
    LEFT JOIN users t ON m.target_kind <> 'group' AND t.id = m.target_id
    WHERE m.id = mention_id AND d.deleted_at IS NULL AND r.is_active
      AND CASE notification_type
        WHEN 'mention.unreadable' THEN
          t.is_active AND t.kind IN ('person', 'agent')
          AND (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, recipient, r.kind = 'person') AS a(level)) >= 2
          AND (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, t.id, t.kind = 'person') AS a(level)) = 0
          AND (t.kind <> 'agent' OR EXISTS (
                SELECT 1 FROM agent_responsible ar WHERE ar.agent_id = t.id AND ar.user_id = recipient))
        ELSE
          EXISTS (SELECT 1 FROM groups g WHERE g.id = m.target_id)
          AND (SELECT a.level FROM document_level(d.id, d.created_by, d.deleted_at, d.quarantined_at, recipient, r.kind = 'person') AS a(level)) > 0
      END)
$$;
