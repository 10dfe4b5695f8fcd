ALTER TABLE document_links DROP COLUMN break_reader, DROP COLUMN title_at_break;
