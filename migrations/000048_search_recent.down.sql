DROP FUNCTION IF EXISTS search_recent_refill();
DROP TABLE IF EXISTS search_recent_state;
DROP TABLE IF EXISTS search_recent;
