-- name: WatchAuto :execrows
-- WatchAuto makes a person watch a page for an automatic source (author, comment, mention); an existing watch or a mute wins.
INSERT INTO watches (id, user_id, document_id, source)
VALUES (@id, @user_id, @document_id, @source)
ON CONFLICT (user_id, document_id) WHERE document_id IS NOT NULL DO NOTHING;
