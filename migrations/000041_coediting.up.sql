-- Co-editing (docs/design.md "Co-editing"). A page being typed on together is
-- a Yjs document: its compacted state, the log of updates accepted since, and
-- the snapshot of every revision written from it. Revisions stay the truth:
-- these rows only carry what people typed between two revisions.

-- document_crdt_state is a page's Yjs document as of its last compaction.
CREATE TABLE document_crdt_state (
  document_id uuid        PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
  -- Goes up when the document is replaced from a revision (a reset): a
  -- client holding an older one drops its copy instead of merging it.
  generation  bigint      NOT NULL DEFAULT 1,
  -- The whole document as one update, and its state vector.
  state       bytea       NOT NULL,
  vector      bytea       NOT NULL,
  -- The last update of the log folded into state.
  through_seq bigint      NOT NULL DEFAULT 0,
  -- The text's length in UTF-16 code units when compacted.
  text_length integer     NOT NULL DEFAULT 0,
  -- The latest revision the document holds: written from it, merged into it
  -- (an API write during a session) or reset from.
  version     integer     NOT NULL,
  -- Renewed every 10 s by the replica holding a room for the page.
  live_until  timestamptz,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT document_crdt_state_generation_ck CHECK (generation > 0),
  CONSTRAINT document_crdt_state_length_ck CHECK (text_length >= 0)
);

-- document_crdt_updates is the log: every update accepted from a socket (or
-- made from an API write), stored before it is relayed. seq orders the log;
-- compaction deletes what it folded.
CREATE TABLE document_crdt_updates (
  seq         bigserial   PRIMARY KEY,
  document_id uuid        NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  generation  bigint      NOT NULL,
  body        bytea       NOT NULL,
  author_id   uuid        REFERENCES users(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX document_crdt_updates_doc_idx ON document_crdt_updates (document_id, seq);

-- document_crdt_revisions keeps the snapshot (state vector and delete set)
-- of every revision written from a room: an API write based on one of them
-- is merged at the positions it saw.
CREATE TABLE document_crdt_revisions (
  document_id uuid    NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  version     integer NOT NULL,
  snapshot    bytea   NOT NULL,
  PRIMARY KEY (document_id, version)
);

-- Everyone who typed into a revision written from a room (its author is the
-- last of them).
ALTER TABLE document_revisions ADD COLUMN contributors uuid[] NOT NULL DEFAULT '{}';
-- The version an API write was based on when it was accepted over revisions
-- written from a room since (NULL: the one before it). The room merges the
-- change from that version's text, so nothing typed since is undone.
ALTER TABLE document_revisions ADD COLUMN base_version integer;
