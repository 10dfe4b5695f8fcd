-- Automations run (docs/design.md, "Automations"). The outbox matcher and the
-- scheduler only queue runs; a run worker claims them under a lease, runs the
-- script in the sandbox, records what it proposed, then applies the proposals
-- one by one, recording each verdict as it goes. A retried event or tick finds
-- its earlier run through the unique keys below instead of running twice.
--
-- 'queued' is a run not yet finished (lease_until says whether a worker holds
-- it); 'skipped' is a run that never started its script (its owner was
-- deactivated, the automation disabled, the event's document no longer
-- readable by the owner). Neither new value is used in this migration: a value
-- added by ALTER TYPE cannot be used in the transaction that adds it.
ALTER TYPE run_status ADD VALUE IF NOT EXISTS 'queued';
ALTER TYPE run_status ADD VALUE IF NOT EXISTS 'skipped';

ALTER TABLE automation_runs
  ADD COLUMN scheduled_for   timestamptz,        -- the tick of a scheduled run (null for event runs)
  ADD COLUMN event           jsonb,              -- the triggering event as queued (type, ids, payload, time)
  ADD COLUMN attempts        integer NOT NULL DEFAULT 0,  -- claims so far
  ADD COLUMN worker_id       text,               -- who holds the lease
  ADD COLUMN lease_until     timestamptz,        -- claimable again after this
  ADD COLUMN script_ended_at timestamptz,        -- the script's result is recorded; a retry only applies
  ADD COLUMN finished_at     timestamptz,        -- verdicts recorded, status final
  ADD CONSTRAINT automation_runs_event_key UNIQUE (automation_id, event_id),
  ADD CONSTRAINT automation_runs_tick_key UNIQUE (automation_id, scheduled_for);

-- The run workers' queue: unfinished runs, oldest first.
CREATE INDEX automation_runs_pending_idx ON automation_runs (created_at) WHERE finished_at IS NULL;

-- Why an automation is disabled (by its owner, management, a transfer, or
-- five failed runs in a row), shown to its owner; null while enabled.
ALTER TABLE automations ADD COLUMN disabled_reason text;
UPDATE automations SET disabled_reason = 'Disabled when it was handed to its new owner: review it, then enable it.'
WHERE NOT enabled;

-- The automation whose proposal caused an event. The matcher never runs an
-- automation for such an event, so automations cannot trigger each other in a
-- loop. No foreign key: events are plumbing, and an automation may be deleted.
ALTER TABLE events ADD COLUMN automation_id uuid;
