DROP INDEX comments_created_idx;
DROP INDEX watches_created_idx;
DROP TABLE usage_mentions;
DROP INDEX notifications_watch_idx;
DROP TABLE activity;
