DROP INDEX IF EXISTS mail_outbox_subject_idx;
DROP INDEX IF EXISTS notifications_mail_idx;
DROP TABLE IF EXISTS instance_secrets;
DROP TABLE IF EXISTS mail_digests;
DROP TABLE IF EXISTS mail_preferences;
