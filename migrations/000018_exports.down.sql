ALTER TABLE import_pages DROP COLUMN IF EXISTS outcome;
DROP INDEX IF EXISTS imports_folder_idx;
DROP TABLE IF EXISTS exports;
