DROP TABLE IF EXISTS password_resets;
