-- name: UsageMentionRecord :exec
-- UsageMentionRecord counts one mention.created event for the usage report (once per event).
INSERT INTO usage_mentions (event_id, actor_id, at) VALUES (@event_id, @actor_id, @at)
ON CONFLICT (event_id) DO NOTHING;

-- name: UsageMentionPrune :execrows
-- UsageMentionPrune deletes up to row_limit counted mentions older than before (the activity retention).
DELETE FROM usage_mentions WHERE event_id IN (SELECT m.event_id FROM usage_mentions m WHERE m.at < @before::timestamptz ORDER BY m.at LIMIT @row_limit);
