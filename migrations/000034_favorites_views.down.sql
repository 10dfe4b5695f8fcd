DROP TABLE document_views;
DROP TABLE favorites;
