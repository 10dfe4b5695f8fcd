package document

import (
	"context"
	"strings"

	"codna/internal/db"
	"codna/internal/fault"
)

// MaxTagCounts is the most tags one Tags call lists.
const MaxTagCounts = 1000

// TagCount is a tag and how many live documents the actor can read hold it.
type TagCount struct {
	Tag   string
	Count int
}

// Tags lists the tags of the live documents the actor can read, each with
// the exact number of those documents holding it, most used first then by
// tag (docs/design.md#the-tag-index), in one statement. prefix keeps the
// tags starting with it, compared case-insensitively (tags are lowercase);
// first is 1 to MaxTagCounts. Management and the system actor get an empty
// list: tags are content. Errors: UNAUTHENTICATED; BAD_USER_INPUT on first.
func (s *Service) Tags(ctx context.Context, prefix string, first int) ([]TagCount, error) {
	v, ok, err := reader(ctx)
	if err != nil {
		return nil, err
	}
	if !ok {
		return []TagCount{}, nil
	}
	if first < 1 || first > MaxTagCounts {
		return nil, fault.Input("first", "first is 1 to %d.", MaxTagCounts)
	}
	rows, err := db.Q.DocumentTagCounts(ctx, s.pool, db.DocumentTagCountsParams{
		ActorID: v.ID, ActorIsPerson: v.IsPerson, Prefix: strings.ToLower(strings.TrimSpace(prefix)), RowLimit: int32(first),
	})
	if err != nil {
		return nil, err
	}
	out := make([]TagCount, len(rows))
	for i, r := range rows {
		out[i] = TagCount{Tag: r.Tag, Count: int(r.Count)}
	}
	return out, nil
}
