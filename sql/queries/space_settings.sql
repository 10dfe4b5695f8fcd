-- Space settings: who may read the pages people create in a space. No row
-- is the default, private.

-- name: SpaceSettingList :many
-- SpaceSettingList lists the spaces whose default was set, by space.
SELECT * FROM space_settings ORDER BY space;

-- name: SpaceSettingGetAccess :one
-- SpaceSettingGetAccess is a space's default access, 'private' when it was never set.
SELECT coalesce((SELECT default_access FROM space_settings WHERE space = @space), 'private')::text AS default_access;

-- name: SpaceSettingUpsert :one
-- SpaceSettingUpsert sets a space's default access.
INSERT INTO space_settings (space, default_access, updated_by)
VALUES (@space, @default_access, @updated_by)
ON CONFLICT (space) DO UPDATE SET default_access = EXCLUDED.default_access,
  updated_by = EXCLUDED.updated_by, updated_at = now()
RETURNING *;
