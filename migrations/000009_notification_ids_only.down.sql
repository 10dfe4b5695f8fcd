-- The scrubbed addresses are gone for good (the inbox resolves them on read
-- either way); only the index is undone.
DROP INDEX IF EXISTS link_suggestions_target_idx;
