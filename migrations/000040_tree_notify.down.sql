DROP TRIGGER IF EXISTS events_notify_tree ON events;
DROP FUNCTION IF EXISTS codna_notify_tree();
