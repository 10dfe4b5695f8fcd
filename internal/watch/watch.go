// Package watch keeps who watches which pages and folders, and tells
// watchers what happened to them (docs/design.md, "Watches"). A watch is a
// person's, of a page or of a folder (a space and a path prefix); its source
// is manual or automatic (the author of a page, a commenter, a person
// mentioned). Unwatching keeps the row as a mute, so an automatic source does
// not bring the watch back.
package watch

import (
	"context"

	"github.com/google/uuid"

	"codna/internal/db"
)

// The automatic sources of a watch, as stored in watches.source.
const (
	SourceAuthor  = "author"
	SourceComment = "comment"
	SourceMention = "mention"
	// SourceOwner is a page's new owner after a transfer (the fan-out
	// adds it on document.transferred).
	SourceOwner = "owner"
)

// AutoInTx makes person watch the page docID for an automatic source
// (SourceAuthor, SourceComment, SourceMention or SourceOwner) inside the caller's
// transaction, and says whether a watch was added. An existing watch, of any
// source, and a mute both win: nothing changes. It trusts its caller to have
// checked that person may read the page and is a person (not an agent or
// management).
func AutoInTx(ctx context.Context, tx db.DBTX, person, docID uuid.UUID, source string) (bool, error) {
	n, err := db.Q.WatchAuto(ctx, tx, db.WatchAutoParams{
		ID: uuid.Must(uuid.NewV7()), UserID: person, DocumentID: &docID, Source: source,
	})
	return n > 0, err
}
