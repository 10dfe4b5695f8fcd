-- Drops everything 000001_init.up.sql created, dependents first, leaving an empty schema.

DROP TABLE IF EXISTS usage_daily;
DROP TABLE IF EXISTS import_pages;
DROP TABLE IF EXISTS imports;
ALTER TABLE IF EXISTS documents DROP CONSTRAINT IF EXISTS documents_source_ingestion_id_fkey;
DROP TABLE IF EXISTS ingestions;
DROP TABLE IF EXISTS notifications;
DROP TABLE IF EXISTS events;
DROP TABLE IF EXISTS automation_runs;
DROP TABLE IF EXISTS automations;
DROP TABLE IF EXISTS share_suggestion_decisions;
DROP TABLE IF EXISTS folder_shares;
DROP TABLE IF EXISTS document_quarantines;
DROP TABLE IF EXISTS access_events;
DROP TABLE IF EXISTS document_access;
DROP TABLE IF EXISTS link_suggestions;
DROP TABLE IF EXISTS document_links;
DROP TABLE IF EXISTS attachments;
DROP TABLE IF EXISTS document_owner_changes;
DROP TABLE IF EXISTS document_path_history;
DROP TABLE IF EXISTS document_revisions;
DROP TABLE IF EXISTS agent_views;
DROP TABLE IF EXISTS agent_reads;
DROP TABLE IF EXISTS documents;
DROP TABLE IF EXISTS management_audit;
DROP TABLE IF EXISTS access_tokens;
DROP TABLE IF EXISTS service_tokens;
DROP TABLE IF EXISTS group_members;
DROP TABLE IF EXISTS groups;             -- drops the groups_keep_everyone trigger with it
DROP FUNCTION IF EXISTS groups_keep_everyone();
DROP TABLE IF EXISTS agent_responsible;
DROP TABLE IF EXISTS agents;
DROP TABLE IF EXISTS identities;
DROP TABLE IF EXISTS sessions;
DROP TABLE IF EXISTS users;

DROP TYPE IF EXISTS run_status;
DROP TYPE IF EXISTS automation_kind;
DROP TYPE IF EXISTS decision_status;
DROP TYPE IF EXISTS link_state;
DROP TYPE IF EXISTS document_status;
DROP TYPE IF EXISTS principal_type;
DROP TYPE IF EXISTS permission;
DROP TYPE IF EXISTS space;
