-- The inbox pages by (created_at, id) per recipient; the live stream reads by id per recipient;
-- resolving decisions finds open ones by subject.
CREATE INDEX notifications_recipient_created_idx ON notifications (recipient_id, created_at DESC, id DESC);
CREATE INDEX notifications_recipient_id_idx ON notifications (recipient_id, id);
CREATE INDEX notifications_open_decisions_idx ON notifications (subject_type, subject_id)
  WHERE requires_decision AND status IN ('unread', 'read');
