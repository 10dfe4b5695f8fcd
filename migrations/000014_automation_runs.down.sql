ALTER TABLE events DROP COLUMN automation_id;
ALTER TABLE automations DROP COLUMN disabled_reason;

DROP INDEX automation_runs_pending_idx;
ALTER TABLE automation_runs
  DROP CONSTRAINT automation_runs_event_key,
  DROP CONSTRAINT automation_runs_tick_key,
  DROP COLUMN scheduled_for,
  DROP COLUMN event,
  DROP COLUMN attempts,
  DROP COLUMN worker_id,
  DROP COLUMN lease_until,
  DROP COLUMN script_ended_at,
  DROP COLUMN finished_at;

-- Postgres cannot drop an enum value: rebuild the type without the two.
ALTER TABLE automation_runs ALTER COLUMN status TYPE text;
DELETE FROM automation_runs WHERE status IN ('queued', 'skipped');
DROP TYPE run_status;
CREATE TYPE run_status AS ENUM ('ok', 'failed', 'timeout', 'rejected');
ALTER TABLE automation_runs ALTER COLUMN status TYPE run_status USING status::run_status;
