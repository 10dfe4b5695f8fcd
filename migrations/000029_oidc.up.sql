-- Single sign-on (OpenID Connect, docs/design.md "Single sign-on").
-- 'oidc_state' signs the short-lived cookie that carries a sign-in's state, nonce, PKCE verifier
-- and return path between /auth/oidc/start and /auth/oidc/callback; made here at random, never shown.
INSERT INTO instance_secrets (name, secret) VALUES ('oidc_state',
  sha256(decode(replace(gen_random_uuid()::text, '-', ''), 'hex') || decode(replace(gen_random_uuid()::text, '-', ''), 'hex')))
ON CONFLICT (name) DO NOTHING;

-- A sign-in that links a provider's subject to a person is audited as the sign-in's own act
-- (via 'sso'), not management's.
ALTER TABLE management_audit DROP CONSTRAINT management_audit_via_ck;
ALTER TABLE management_audit ADD CONSTRAINT management_audit_via_ck CHECK (via IN ('token', 'cli', 'sso'));
