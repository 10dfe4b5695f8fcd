-- name: AutomationTransfer :many
-- AutomationTransfer hands a user's automations to another, disabled, for the new owner to review.
UPDATE automations SET owner_id = @to_user, enabled = false, updated_at = now()
WHERE owner_id = @from_user
RETURNING id;
