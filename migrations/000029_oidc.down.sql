DELETE FROM management_audit WHERE via = 'sso';
ALTER TABLE management_audit DROP CONSTRAINT management_audit_via_ck;
ALTER TABLE management_audit ADD CONSTRAINT management_audit_via_ck CHECK (via IN ('token', 'cli'));
DELETE FROM instance_secrets WHERE name = 'oidc_state';
