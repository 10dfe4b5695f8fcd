DROP TABLE notification_documents;
