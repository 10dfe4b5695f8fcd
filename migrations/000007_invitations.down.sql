DROP TABLE IF EXISTS invitations;
