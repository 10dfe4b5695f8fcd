-- name: UsageDailyRecord :exec
-- UsageDailyRecord counts one use on the current UTC day: sign_in and mcp add 1; web adds 1 only when the row was last seen in an earlier hour, so it counts the hours of the day seen.
INSERT INTO usage_daily (day, user_id, activity, tool, outcome, count, last_at)
VALUES ((now() AT TIME ZONE 'UTC')::date, @user_id, @activity, @tool, @outcome, 1, now())
ON CONFLICT (day, user_id, activity, tool, outcome) DO UPDATE
SET count = usage_daily.count + CASE
      WHEN usage_daily.activity <> 'web' THEN 1
      WHEN date_trunc('hour', usage_daily.last_at, 'UTC') < date_trunc('hour', excluded.last_at, 'UTC') THEN 1
      ELSE 0 END,
    last_at = greatest(usage_daily.last_at, excluded.last_at);

-- name: UsageDailyReport :many
-- UsageDailyReport is usage per person per UTC day per activity, tool and outcome, between two days inclusive.
SELECT ud.day, ud.user_id, u.name, u.email, u.kind, ud.activity, ud.tool, ud.outcome, ud.count, ud.last_at
FROM usage_daily ud
JOIN users u ON u.id = ud.user_id
WHERE ud.day >= @from_day::date
  AND ud.day <= @to_day::date
  AND (sqlc.narg('user_id')::uuid IS NULL OR ud.user_id = sqlc.narg('user_id')::uuid)
ORDER BY ud.day, lower(u.name), ud.user_id, ud.activity, ud.tool, ud.outcome;

-- name: UsageDailyAddMany :exec
-- UsageDailyAddMany adds counts tallied in memory, one row per (day, user, tool, outcome) of the arrays, into what is stored.
INSERT INTO usage_daily (day, user_id, activity, tool, outcome, count, last_at)
SELECT unnest(@days::date[]), unnest(@user_ids::uuid[]), @activity::text, unnest(@tools::text[]), unnest(@outcomes::text[]),
       unnest(@counts::bigint[]), unnest(@last_ats::timestamptz[])
ON CONFLICT (day, user_id, activity, tool, outcome) DO UPDATE
SET count = usage_daily.count + excluded.count, last_at = greatest(usage_daily.last_at, excluded.last_at);

-- name: UsageDailyCollaboration :many
-- UsageDailyCollaboration counts per person per UTC day, from from_at up to to_at, the comments they wrote, the mentions they made and the watches they started (mutes are not watches): counts only, never a page or a text.
SELECT c.day::date AS day, c.user_id, u.name, u.email, u.kind, c.activity::text AS activity, count(*)::bigint AS count, max(c.at)::timestamptz AS last_at
FROM (
  SELECT (cm.created_at AT TIME ZONE 'UTC')::date AS day, cm.author_id AS user_id, 'comment' AS activity, cm.created_at AS at
  FROM comments cm
  WHERE cm.created_at >= @from_at::timestamptz AND cm.created_at < @to_at::timestamptz
  UNION ALL
  SELECT (m.at AT TIME ZONE 'UTC')::date, m.actor_id, 'mention', m.at
  FROM usage_mentions m
  WHERE m.at >= @from_at::timestamptz AND m.at < @to_at::timestamptz
  UNION ALL
  SELECT (w.created_at AT TIME ZONE 'UTC')::date, w.user_id, 'watch', w.created_at
  FROM watches w
  WHERE NOT w.muted AND w.created_at >= @from_at::timestamptz AND w.created_at < @to_at::timestamptz
) c
JOIN users u ON u.id = c.user_id
WHERE sqlc.narg('user_id')::uuid IS NULL OR c.user_id = sqlc.narg('user_id')::uuid
GROUP BY c.day, c.user_id, u.name, u.email, u.kind, c.activity
ORDER BY c.day, lower(u.name), c.user_id, c.activity;
