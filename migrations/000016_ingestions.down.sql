DROP INDEX ingestions_queue_idx;
ALTER TABLE ingestions
  DROP CONSTRAINT ingestions_purpose_ck,
  DROP COLUMN purpose, DROP COLUMN path, DROP COLUMN kind, DROP COLUMN sha256,
  DROP COLUMN attempts, DROP COLUMN worker_id, DROP COLUMN lease_until;
