-- Favourites and recently viewed pages (docs/design.md, "Favourites and recently viewed").
-- Both belong to a person and a page; a page's rows go with it when it is purged (the
-- purge hard-deletes the documents row), a person's with them. A row is kept while its
-- page is unreadable to its person: lists filter by the read rule at read time, so a
-- page comes back when access does.
CREATE TABLE favorites (
  user_id     uuid        NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  document_id uuid        NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  -- position orders a person's favourites ascending; moveFavorite renumbers them.
  position    integer     NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, document_id)
);
CREATE INDEX favorites_document_idx ON favorites (document_id);

CREATE TABLE document_views (
  user_id        uuid        NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  document_id    uuid        NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  last_viewed_at timestamptz NOT NULL,
  count          bigint      NOT NULL,
  PRIMARY KEY (user_id, document_id)
);
CREATE INDEX document_views_recent_idx ON document_views (user_id, last_viewed_at DESC);
CREATE INDEX document_views_document_idx ON document_views (document_id);
