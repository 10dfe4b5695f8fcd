-- Every document a batch notification stands for (docs/design.md#batch-notifications).
-- payload.documents holds the first 100 only; this table holds them all, so a
-- 500-page share is one notification whose pages are paged through with the
-- reader's permission applied when read (Notification.documents).
CREATE TABLE notification_documents (
  notification_id uuid NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
  document_id     uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  PRIMARY KEY (notification_id, document_id)
);
CREATE INDEX notification_documents_document_idx ON notification_documents (document_id);

-- The batch notifications made before: what their payload lists.
INSERT INTO notification_documents (notification_id, document_id)
SELECT DISTINCT n.id, d.id
FROM notifications n
CROSS JOIN LATERAL jsonb_array_elements_text(
  CASE WHEN jsonb_typeof(n.payload -> 'documents') = 'array' THEN n.payload -> 'documents' ELSE '[]'::jsonb END) e(doc)
JOIN documents d ON e.doc ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' AND d.id = e.doc::uuid
WHERE n.batch_id IS NOT NULL;
