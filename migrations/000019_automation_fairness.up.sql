-- Fair automation runs (docs/design.md, "Runner"): the run workers take
-- turns between owners, so each run records its owner (as queued) and when
-- it was last claimed.
ALTER TABLE automation_runs
  ADD COLUMN owner_id   uuid,          -- the automation's owner when the run was queued
  ADD COLUMN claimed_at timestamptz;   -- the last claim

UPDATE automation_runs r SET owner_id = a.owner_id FROM automations a WHERE a.id = r.automation_id;

-- A run queued without its owner gets its automation's.
CREATE FUNCTION automation_runs_set_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT a.owner_id INTO NEW.owner_id FROM automations a WHERE a.id = NEW.automation_id;
  RETURN NEW;
END $$;
CREATE TRIGGER automation_runs_owner BEFORE INSERT ON automation_runs
  FOR EACH ROW WHEN (NEW.owner_id IS NULL) EXECUTE FUNCTION automation_runs_set_owner();

ALTER TABLE automation_runs ALTER COLUMN owner_id SET NOT NULL;

-- The owners with unfinished runs, and each one's oldest (the claim's turns).
CREATE INDEX automation_runs_owner_pending_idx ON automation_runs (owner_id, created_at) WHERE finished_at IS NULL;
-- Each owner's last claim.
CREATE INDEX automation_runs_owner_claimed_idx ON automation_runs (owner_id, claimed_at) WHERE claimed_at IS NOT NULL;
