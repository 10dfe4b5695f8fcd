-- name: AutomationCreate :one
-- AutomationCreate writes a new automation.
INSERT INTO automations (id, name, description, kind, enabled, trigger_events, scope, schedule, timezone, next_run_at, script, script_hash, owner_id)
VALUES (@id, @name, @description, @kind, true, @trigger_events, @scope, @schedule, @timezone, @next_run_at, @script, @script_hash, @owner_id)
RETURNING *;

-- name: AutomationUpdate :one
-- AutomationUpdate replaces an automation's definition (its kind and owner stay).
UPDATE automations SET name = @name, description = @description, trigger_events = @trigger_events, scope = @scope,
  schedule = @schedule, timezone = @timezone, next_run_at = @next_run_at, script = @script, script_hash = @script_hash,
  updated_at = now()
WHERE id = @id
RETURNING *;

-- name: AutomationSetEnabled :one
-- AutomationSetEnabled enables (reason null) or disables an automation, setting a schedule's next tick when enabling.
UPDATE automations SET enabled = @enabled, disabled_reason = sqlc.narg(disabled_reason), next_run_at = sqlc.narg(next_run_at), updated_at = now()
WHERE id = @id
RETURNING *;

-- name: AutomationDisableFailing :execrows
-- AutomationDisableFailing disables an automation still enabled after its runs kept failing; 0 rows when it was disabled already.
UPDATE automations SET enabled = false, disabled_reason = @disabled_reason, next_run_at = NULL, updated_at = now()
WHERE id = @id AND enabled;

-- name: AutomationDelete :execrows
-- AutomationDelete deletes an automation and its runs.
DELETE FROM automations WHERE id = @id;

-- name: AutomationGet :one
-- AutomationGet reads an automation with its owner's kind, name, email and whether they are active.
SELECT sqlc.embed(a), u.is_active AS owner_active, u.kind AS owner_kind, u.email AS owner_email, u.name AS owner_name
FROM automations a JOIN users u ON u.id = a.owner_id
WHERE a.id = @id;

-- name: AutomationCountOwned :one
-- AutomationCountOwned counts a user's automations.
SELECT count(*) FROM automations WHERE owner_id = @owner_id;

-- name: AutomationGetForUpdate :one
-- AutomationGetForUpdate reads and locks an automation, to change it.
SELECT * FROM automations WHERE id = @id FOR UPDATE;

-- name: AutomationList :many
-- AutomationList pages through automations newest first (ids are UUIDv7), one owner's or (owner null) everyone's.
SELECT sqlc.embed(a), u.is_active AS owner_active
FROM automations a JOIN users u ON u.id = a.owner_id
WHERE (sqlc.narg(owner_id)::uuid IS NULL OR a.owner_id = sqlc.narg(owner_id)::uuid)
  AND (sqlc.narg(before_id)::uuid IS NULL OR a.id < sqlc.narg(before_id)::uuid)
ORDER BY a.id DESC
LIMIT @row_limit;

-- name: AutomationListDue :many
-- AutomationListDue locks up to row_limit enabled schedules whose tick is due, skipping those another scheduler holds.
SELECT a.id, a.schedule, a.timezone, a.next_run_at, u.is_active AS owner_active
FROM automations a JOIN users u ON u.id = a.owner_id
WHERE a.enabled AND a.kind = 'schedule' AND a.next_run_at <= now()
ORDER BY a.next_run_at
LIMIT @row_limit
FOR UPDATE OF a SKIP LOCKED;

-- name: AutomationAdvance :exec
-- AutomationAdvance sets each schedule's next tick, index for index, and last_run_at to now for those whose tick queued a run.
UPDATE automations a SET next_run_at = x.next_run_at, last_run_at = CASE WHEN x.queued THEN now() ELSE a.last_run_at END
FROM (SELECT unnest(@ids::uuid[]) AS id, unnest(@next_run_ats::timestamptz[]) AS next_run_at, unnest(@queued::boolean[]) AS queued) x
WHERE a.id = x.id;

-- name: AutomationTransfer :many
-- AutomationTransfer hands a user's automations to another, disabled, for the new owner to review.
UPDATE automations SET owner_id = @to_user, enabled = false, next_run_at = NULL, updated_at = now(),
  disabled_reason = 'Disabled when it was handed to you: review it, then enable it.'
WHERE owner_id = @from_user
RETURNING id;
