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
