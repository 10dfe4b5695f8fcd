DROP INDEX IF EXISTS automation_runs_owner_claimed_idx;
DROP INDEX IF EXISTS automation_runs_owner_pending_idx;
DROP TRIGGER IF EXISTS automation_runs_owner ON automation_runs;
DROP FUNCTION IF EXISTS automation_runs_set_owner();
ALTER TABLE automation_runs DROP COLUMN IF EXISTS claimed_at, DROP COLUMN IF EXISTS owner_id;
