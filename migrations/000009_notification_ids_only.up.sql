-- Link decision notifications hold ids only: the address a link was written
-- for ("from"), the target's address ("to") and the href as written ("href")
-- are resolved when the notification is read, through its reader's
-- permission, so a page they can no longer read is never named. Scrub them
-- from the payloads stored before.
UPDATE notifications
SET payload = payload - 'from' - 'to' - 'href'
WHERE type IN ('link.target_moved', 'link.target_deleted')
  AND payload ?| ARRAY['from', 'to', 'href'];

-- The decision keeper finds the suggestions into a document whose access changed.
CREATE INDEX IF NOT EXISTS link_suggestions_target_idx ON link_suggestions (target_id);
