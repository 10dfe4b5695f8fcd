DELETE FROM watches WHERE source = 'owner';
ALTER TABLE watches DROP CONSTRAINT watches_source_ck;
ALTER TABLE watches ADD CONSTRAINT watches_source_ck CHECK (source IN ('manual', 'author', 'comment', 'mention'));
DROP INDEX comments_created_idx;
DROP INDEX watches_created_idx;
DROP TABLE usage_mentions;
DROP INDEX notifications_watch_idx;
DROP TABLE activity;
