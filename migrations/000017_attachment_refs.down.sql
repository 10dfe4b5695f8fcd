DROP TABLE attachment_ref_backfill;
DROP TABLE attachment_refs;
