DROP TABLE watches;
DROP TABLE comments;
DROP TABLE threads;
