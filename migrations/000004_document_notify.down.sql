DROP TRIGGER IF EXISTS events_notify_document ON events;
DROP FUNCTION IF EXISTS codna_notify_document();
