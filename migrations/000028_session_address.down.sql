ALTER TABLE sessions DROP COLUMN client_address;
