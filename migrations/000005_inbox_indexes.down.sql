DROP INDEX IF EXISTS notifications_open_decisions_idx;
DROP INDEX IF EXISTS notifications_recipient_id_idx;
DROP INDEX IF EXISTS notifications_recipient_created_idx;
