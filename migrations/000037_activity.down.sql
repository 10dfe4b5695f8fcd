DROP INDEX watches_created_idx;
DROP INDEX notifications_watch_idx;
DROP TABLE activity;
