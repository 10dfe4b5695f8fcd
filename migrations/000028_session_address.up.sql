-- The client address each session was last used from (docs/design.md#sessions):
-- the "Sessions and tokens" screen shows each session's device (user_agent),
-- address and last use. The address is the one the server sees, or with
-- CODNA_TRUST_PROXY the first X-Forwarded-For entry; it is updated with
-- last_seen_at (at most once a minute). Existing sessions start unknown ('').
ALTER TABLE sessions ADD COLUMN client_address text NOT NULL DEFAULT '';
