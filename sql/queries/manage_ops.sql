-- Management operations that never read content: quarantine and release,
-- taking away a share, transfers, break-glass metadata, the audit, usage
-- counts and agent reads. No query here selects a document's title, path,
-- slug, content, tags, revisions or attachments.

-- name: QuarantineLockDocument :one
-- QuarantineLockDocument locks a document row (first, so a share or the folder-share applier waits) and reads its owner and quarantine state.
SELECT id, created_by, deleted_at, quarantined_at FROM documents WHERE id = @id FOR UPDATE;

-- name: QuarantineSetDocument :one
-- QuarantineSetDocument sets or clears documents.quarantined_at without touching version or updated_at.
UPDATE documents
SET quarantined_at = CASE WHEN @quarantined::boolean THEN now() ELSE NULL END
WHERE id = @id
RETURNING quarantined_at;

-- name: QuarantineGrantsForUpdate :many
-- QuarantineGrantsForUpdate reads and locks every grant on a document, oldest first.
SELECT * FROM document_access WHERE document_id = @document_id ORDER BY created_at, id FOR UPDATE;

-- name: QuarantineCreate :one
-- QuarantineCreate opens a quarantine; document_quarantines_active allows one open quarantine per document.
INSERT INTO document_quarantines (id, document_id, reason, saved_grants)
VALUES (@id, @document_id, @reason, @saved_grants)
RETURNING *;

-- name: QuarantineOpenForUpdate :one
-- QuarantineOpenForUpdate reads and locks a document's open quarantine.
SELECT * FROM document_quarantines WHERE document_id = @document_id AND released_at IS NULL FOR UPDATE;

-- name: QuarantineClose :one
-- QuarantineClose records a release.
UPDATE document_quarantines SET released_at = now(), restored_sharing = @restored_sharing
WHERE id = @id
RETURNING *;

-- name: QuarantinePrincipalGone :one
-- QuarantinePrincipalGone says why a saved grant may not be given back ('' when it may): person_deactivated, agent_deleted, group_deleted or user_deleted.
SELECT (CASE
  WHEN @principal_type::principal_type = 'group' THEN
    CASE WHEN EXISTS (SELECT 1 FROM groups g WHERE g.id = @principal_id::uuid) THEN '' ELSE 'group_deleted' END
  ELSE coalesce((
    SELECT CASE
      WHEN u.kind = 'person' AND NOT u.is_active THEN 'person_deactivated'
      WHEN u.kind = 'agent' AND (a.user_id IS NULL OR a.deleted_at IS NOT NULL OR NOT u.is_active) THEN 'agent_deleted'
      WHEN u.kind NOT IN ('person', 'agent') THEN 'user_deleted'
      ELSE '' END
    FROM users u LEFT JOIN agents a ON a.user_id = u.id
    WHERE u.id = @principal_id::uuid), 'user_deleted')
END)::text AS why;

-- name: QuarantineRestoreGrant :one
-- QuarantineRestoreGrant gives a saved grant back as it was (id, granted_by, grant_reason, batch_id and created_at included); a granter since removed becomes NULL, as ON DELETE SET NULL would have made it. Nothing is written when the principal already has a grant.
INSERT INTO document_access (id, document_id, principal_type, principal_id, permission, granted_by, grant_reason, batch_id, created_at)
VALUES (@id, @document_id, @principal_type, @principal_id, @permission,
        (SELECT u.id FROM users u WHERE u.id = sqlc.narg('granted_by')::uuid),
        @grant_reason, sqlc.narg('batch_id')::uuid, @created_at)
ON CONFLICT DO NOTHING
RETURNING *;

-- name: TransferLockUser :one
-- TransferLockUser reads a user and holds it (FOR SHARE) so it is not deactivated while a transfer gives it documents.
SELECT id, kind, is_active, name, email FROM users WHERE id = @id FOR SHARE;

-- name: TransferDocuments :many
-- TransferDocuments hands every document a user owns, live and trashed, to another; version and updated_at stay.
UPDATE documents SET created_by = @to_user
WHERE id IN (SELECT d.id FROM documents d WHERE d.created_by = @from_user ORDER BY d.id FOR UPDATE)
RETURNING id, deleted_at;

-- name: TransferOwnerChanges :exec
-- TransferOwnerChanges records one owner change per document of a transfer.
INSERT INTO document_owner_changes (id, document_id, from_user, to_user, transfer_id)
SELECT unnest(@ids::uuid[]), unnest(@document_ids::uuid[]), @from_user, @to_user, @transfer_id;

-- name: TransferAutomations :many
-- TransferAutomations hands a user's automations to another, disabled, for the new owner to review.
UPDATE automations SET owner_id = @to_user, enabled = false, updated_at = now()
WHERE owner_id = @from_user
RETURNING id;

-- name: BreakglassDocument :one
-- BreakglassDocument is a document's metadata for management: never its title, path, slug, body or tags.
SELECT d.id, d.space, d.status, d.version, d.created_by, u.name AS owner_name, u.email AS owner_email, u.kind AS owner_kind,
       u.is_active AS owner_active, d.created_at, d.updated_at, d.deleted_at, d.purge_after, d.quarantined_at,
       (SELECT count(*) FROM document_revisions r WHERE r.document_id = d.id) AS revisions
FROM documents d
JOIN users u ON u.id = d.created_by
WHERE d.id = @id;

-- name: BreakglassGrants :many
-- BreakglassGrants lists a document's grants with who they are to and who made them.
SELECT da.id, da.principal_type, da.principal_id, da.permission, da.granted_by, da.grant_reason, da.batch_id, da.created_at,
       coalesce(u.email, '') AS user_email, coalesce(u.name, g.name, '') AS principal_name,
       coalesce(g.slug, '') AS group_slug, coalesce(a.slug, '') AS agent_slug,
       coalesce(gb.name, '') AS granted_by_name
FROM document_access da
LEFT JOIN users u ON da.principal_type = 'user' AND u.id = da.principal_id
LEFT JOIN agents a ON a.user_id = u.id
LEFT JOIN groups g ON da.principal_type = 'group' AND g.id = da.principal_id
LEFT JOIN users gb ON gb.id = da.granted_by
WHERE da.document_id = @document_id
ORDER BY da.created_at, da.id;

-- name: AuditList :many
-- AuditList pages through the management audit, newest first, filtered.
SELECT * FROM management_audit
WHERE (sqlc.narg('after')::uuid IS NULL OR id < sqlc.narg('after')::uuid)
  AND (sqlc.narg('action')::text IS NULL OR action = sqlc.narg('action')::text)
  AND (sqlc.narg('target_user')::uuid IS NULL OR target_user_id = sqlc.narg('target_user')::uuid)
  AND (sqlc.narg('target_document')::uuid IS NULL OR target_document_id = sqlc.narg('target_document')::uuid)
  AND (sqlc.narg('since')::timestamptz IS NULL OR created_at >= sqlc.narg('since')::timestamptz)
  AND (sqlc.narg('until')::timestamptz IS NULL OR created_at < sqlc.narg('until')::timestamptz)
ORDER BY id DESC
LIMIT @row_limit;

-- name: UsageRecord :exec
-- UsageRecord counts one use on the current UTC day: sign_in and mcp add 1; web adds 1 only when the row was last seen in an earlier hour, so it counts the hours of the day seen.
INSERT INTO usage_daily (day, user_id, activity, tool, outcome, count, last_at)
VALUES ((now() AT TIME ZONE 'UTC')::date, @user_id, @activity, @tool, @outcome, 1, now())
ON CONFLICT (day, user_id, activity, tool, outcome) DO UPDATE
SET count = usage_daily.count + CASE
      WHEN usage_daily.activity <> 'web' THEN 1
      WHEN date_trunc('hour', usage_daily.last_at, 'UTC') < date_trunc('hour', excluded.last_at, 'UTC') THEN 1
      ELSE 0 END,
    last_at = greatest(usage_daily.last_at, excluded.last_at);

-- name: UsageReport :many
-- UsageReport is usage per person per UTC day per activity, tool and outcome, between two days inclusive.
SELECT ud.day, ud.user_id, u.name, u.email, u.kind, ud.activity, ud.tool, ud.outcome, ud.count, ud.last_at
FROM usage_daily ud
JOIN users u ON u.id = ud.user_id
WHERE ud.day >= @from_day::date
  AND ud.day <= @to_day::date
  AND (sqlc.narg('user_id')::uuid IS NULL OR ud.user_id = sqlc.narg('user_id')::uuid)
ORDER BY ud.day, lower(u.name), ud.user_id, ud.activity, ud.tool, ud.outcome;

-- name: AgentReadRecord :exec
-- AgentReadRecord counts one read of a document by an agent on the current UTC day.
INSERT INTO agent_reads (agent_id, document_id, day, count, last_at)
VALUES (@agent_id, @document_id, (now() AT TIME ZONE 'UTC')::date, 1, now())
ON CONFLICT (agent_id, document_id, day) DO UPDATE
SET count = agent_reads.count + 1, last_at = greatest(agent_reads.last_at, excluded.last_at);
