DROP TRIGGER attachments_forget ON attachments;
DROP FUNCTION attachments_forget();
DROP TABLE file_deletions;
DROP TABLE file_chunks;
