DROP INDEX IF EXISTS imports_folder_idx;
DROP TABLE IF EXISTS exports;
