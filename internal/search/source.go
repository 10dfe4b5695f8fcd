package search

import (
	"context"
	"slices"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/db"
	"codna/internal/link"
)

// sourceRow is what SearchEntrySourceList and SearchEntrySourceListLive
// read of a document (the two queries' rows have these columns).
type sourceRow = db.SearchEntrySourceListRow

// entryOf builds the index entry of a live document's row: its body as
// plain text (link.PlainText, at most MaxBodyBytes), its acl_read strings
// (the owner's and each grant's).
func entryOf(r *sourceRow) Entry {
	acl := make([]string, 0, len(r.Acl)+1)
	acl = append(acl, UserACL(r.CreatedBy))
	acl = append(acl, r.Acl...)
	slices.Sort(acl)
	acl = slices.Compact(acl)
	return Entry{
		ID: r.ID, Space: string(r.Space), Path: r.Path, Slug: r.Slug, Title: r.Title, Tags: r.Tags,
		Status: string(r.Status), OwnerID: r.CreatedBy, UpdatedAt: r.UpdatedAt,
		Body: cut(link.PlainText(r.Content), MaxBodyBytes), ACLRead: acl,
		Version: int64(r.Version), AccessSeq: r.AccessSeq,
	}
}

// cut shortens s to at most n bytes at a rune boundary.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// readState reads the current state of documents by id: the entries of the
// live ones, and the ids of those to take out of the index (trashed,
// quarantined, purged: every id that is not live).
func readState(ctx context.Context, q db.DBTX, ids []uuid.UUID) (upserts []Entry, removes []uuid.UUID, err error) {
	rows, err := db.Q.SearchEntrySourceList(ctx, q, ids)
	if err != nil {
		return nil, nil, err
	}
	live := make(map[uuid.UUID]bool, len(rows))
	for i := range rows {
		if rows[i].Live {
			live[rows[i].ID] = true
			upserts = append(upserts, entryOf(&rows[i]))
		}
	}
	for _, id := range ids {
		if !live[id] {
			removes = append(removes, id)
		}
	}
	return upserts, removes, nil
}

// SourceBatch is how many documents a rebuild reads at once.
const SourceBatch = 500

// pgSource is the Source of a rebuild: every live document, read from the
// pool in id order, SourceBatch at a time.
type pgSource struct{ pool *pgxpool.Pool }

// Count implements Source.
func (s pgSource) Count(ctx context.Context) (int, error) {
	n, err := db.Q.SearchEntrySourceCount(ctx, s.pool)
	return int(n), err
}

// Each implements Source.
func (s pgSource) Each(ctx context.Context, fn func([]Entry) error) error {
	after := uuid.Nil
	for {
		rows, err := db.Q.SearchEntrySourceListLive(ctx, s.pool, db.SearchEntrySourceListLiveParams{AfterID: after, RowLimit: SourceBatch})
		if err != nil {
			return err
		}
		if len(rows) == 0 {
			return nil
		}
		batch := make([]Entry, len(rows))
		for i := range rows {
			r := sourceRow(rows[i])
			batch[i] = entryOf(&r)
		}
		if err := fn(batch); err != nil {
			return err
		}
		after = rows[len(rows)-1].ID
		if len(rows) < SourceBatch {
			return nil
		}
	}
}
