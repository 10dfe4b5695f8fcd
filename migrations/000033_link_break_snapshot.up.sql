-- A link whose target is trashed by someone else (docs/design.md#decisions): at the
-- moment the edge turns broken, the resolver records whether the linking page's owner
-- could read the target then (break_reader: that owner, or NULL) and the target's title
-- then (title_at_break). The owner's decision about the broken link is kept and counted
-- while break_reader is still the source's owner, though the trashed target is now
-- readable by its own owner alone, and it shows only that title, never the address.
-- Both are cleared when the edge leaves the broken state.
ALTER TABLE document_links
  ADD COLUMN break_reader uuid REFERENCES users(id) ON DELETE SET NULL,
  ADD COLUMN title_at_break text NOT NULL DEFAULT '';
