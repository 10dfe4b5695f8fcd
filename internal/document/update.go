package document

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
)

// fields are the content columns a save can change.
type fields struct {
	title  string
	tags   []string
	status db.DocumentStatus
	extra  map[string]any
}

// resolveFields applies, over cur, the frontmatter's known keys and then the
// request's own fields, which win. fmReplacesExtra says whether a body with a
// frontmatter block was submitted (its extra keys then replace the stored ones).
func resolveFields(cur fields, title *string, tags []string, status *Status, fm Frontmatter, fmReplacesExtra bool) (fields, error) {
	out := cur
	if fm.Title != nil {
		out.title = *fm.Title
	}
	if fm.Tags != nil {
		out.tags = fm.Tags
	}
	if fm.Status != nil {
		st, err := ParseStatus(*fm.Status)
		if err != nil {
			return out, fault.Input("content", "The frontmatter's status must be draft, active or archived.")
		}
		out.status = dbStatus(st)
	}
	if fmReplacesExtra {
		out.extra = fm.Extra
		if out.extra == nil {
			out.extra = map[string]any{}
		}
	}
	if title != nil {
		out.title = *title
	}
	if tags != nil {
		out.tags = tags
	}
	if status != nil {
		st, err := ParseStatus(string(*status))
		if err != nil {
			return out, err
		}
		out.status = dbStatus(st)
	}
	var err error
	if out.title, err = CheckTitle(out.title); err != nil {
		return out, err
	}
	if out.tags, err = NormalizeTags(out.tags); err != nil {
		return out, err
	}
	return out, nil
}

// UpdateInput changes a document's content. Nil fields stay as they are.
type UpdateInput struct {
	ID              uuid.UUID
	ExpectedVersion int
	Title           *string
	Content         *string
	Tags            []string // nil: unchanged
	Status          *Status
	// ChangeSummary says why, in one line (CheckChangeSummary); it is kept
	// on the revision the save writes and in its document.updated event.
	ChangeSummary *string
	// Coedit is set for a save written from a co-editing room.
	Coedit *Coedit
}

// Coedit is what a save written from a co-editing room (internal/collab)
// adds: who typed into it, and work that commits with the revision or not
// at all (the room's bookkeeping). Its event carries source "coedit".
type Coedit struct {
	Contributors []uuid.UUID
	Then         Then
}

// Update saves new content as the next version. A save that changes nothing
// (same content hash, status and frontmatter) writes no revision and no
// event, and reports changed=false. Errors: NOT_FOUND when the actor cannot
// read the document; FORBIDDEN when they may only read it; CONFLICT on
// expectedVersion when the document moved on (nothing changes) — unless
// every revision since expectedVersion was written from a co-editing room:
// then the save is accepted and merged into the room's text from that
// version (mergeBase) —, on id when
// it is in the trash; BAD_USER_INPUT naming the field, and on content for
// any edit of a raw body, on changeSummary for one over 300 characters or
// holding control characters.
func (s *Service) Update(ctx context.Context, in UpdateInput) (*Doc, bool, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, false, err
	}
	summary, err := CheckChangeSummary(in.ChangeSummary)
	if err != nil {
		return nil, false, err
	}
	var fm Frontmatter
	var content *string
	if in.Content != nil {
		if err := CheckBody(*in.Content, s.cfg.MaxBodyBytes); err != nil {
			return nil, false, err
		}
		var body string
		if fm, body, err = SplitFrontmatter(*in.Content); err != nil {
			return nil, false, err
		}
		content = &body
	}
	hasFM := in.Content != nil && (fm.Title != nil || fm.Tags != nil || fm.Status != nil || fm.Extra != nil)
	var out *Doc
	changed := false
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		cur, level, err := lockForWrite(ctx, tx, actor, in.ID, Write)
		if err != nil {
			return err
		}
		var base *int32
		if int(cur.Version) != in.ExpectedVersion {
			if base, err = mergeBase(ctx, tx, in, cur.Version); err != nil {
				return err
			}
		}
		f, err := resolveFields(fields{title: cur.Title, tags: nonNil(cur.Tags), status: cur.Status, extra: decodeExtra(cur.FrontmatterExtra)},
			in.Title, in.Tags, in.Status, fm, hasFM)
		if err != nil {
			return err
		}
		body := cur.Content
		if content != nil {
			body = *content
		}
		if cur.Space == db.SpaceRaw && body != cur.Content {
			return errRawBody
		}
		hash := ContentHash(f.title, body, f.tags)
		if string(hash) == string(cur.ContentHash) && f.status == cur.Status && reflect.DeepEqual(f.extra, decodeExtra(cur.FrontmatterExtra)) {
			out = fromRow(cur, level)
			return nil
		}
		kind := "status"
		switch {
		case body != cur.Content || f.title != cur.Title:
			kind = "content"
		case !reflect.DeepEqual(f.tags, nonNil(cur.Tags)):
			kind = "tags"
		case f.status == cur.Status: // only frontmatter keys CoDNA does not own changed: part of the source
			kind = "content"
		}
		extra, err := json.Marshal(f.extra)
		if err != nil {
			return err
		}
		row, err := db.Q.DocumentUpdateContent(ctx, tx, db.DocumentUpdateContentParams{
			ID: cur.ID, Title: f.title, Content: body, Tags: f.tags, Status: f.status, FrontmatterExtra: extra,
			ContentHash: hash, UpdatedBy: &actor.UserID,
		})
		if err != nil {
			return err
		}
		var contributors []uuid.UUID
		if in.Coedit != nil {
			contributors = in.Coedit.Contributors
		}
		rev, err := writeRevisionOf(ctx, tx, row, kind, summary, actor.UserID, contributors, base)
		if err != nil {
			return err
		}
		payload := map[string]any{"changeKind": kind, "version": row.Version}
		if summary != nil {
			payload["changeSummary"] = *summary
		}
		if in.Coedit != nil {
			payload["source"] = "coedit"
		}
		if base != nil {
			payload["baseVersion"] = *base
		}
		if err := writeEvent(ctx, tx, "document.updated", row.ID, actor.UserID, &rev.ID, payload); err != nil {
			return err
		}
		out, changed = fromRow(row, level), true
		if in.Coedit != nil && in.Coedit.Then != nil {
			return in.Coedit.Then(ctx, tx, out)
		}
		return nil
	})
	return out, changed, err
}

// mergeBase decides a save whose expectedVersion is not the current one:
// when every revision since it was written from a co-editing room, the save
// is accepted and merged into the room's text from that version
// (docs/design.md "Co-editing: API writes during a session"); it returns
// the version to record as the save's base. A save from the room itself,
// or one with anything else since, is a CONFLICT.
func mergeBase(ctx context.Context, tx db.DBTX, in UpdateInput, current int32) (*int32, error) {
	if in.Coedit != nil || in.ExpectedVersion < 1 || in.ExpectedVersion > int(current) {
		return nil, staleVersion(in.ExpectedVersion, current)
	}
	foreign, err := db.Q.DocumentCrdtRevisionForeignSince(ctx, tx, db.DocumentCrdtRevisionForeignSinceParams{DocumentID: in.ID, Version: int32(in.ExpectedVersion)})
	if err != nil {
		return nil, err
	}
	if foreign > 0 {
		return nil, staleVersion(in.ExpectedVersion, current)
	}
	base := int32(in.ExpectedVersion)
	return &base, nil
}

// RestoreRevision makes an earlier version's title, body, tags, status and
// frontmatter the document's content again, as a new "restore" revision (its
// address is left alone). Restoring what is already there changes nothing.
// Errors: as Update, and NOT_FOUND on version when there is no such revision.
func (s *Service) RestoreRevision(ctx context.Context, id uuid.UUID, version int, expectedVersion *int) (*Doc, bool, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, false, err
	}
	var out *Doc
	changed := false
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		cur, level, err := lockForWrite(ctx, tx, actor, id, Write)
		if err != nil {
			return err
		}
		if expectedVersion != nil && int(cur.Version) != *expectedVersion {
			return staleVersion(*expectedVersion, cur.Version)
		}
		rev, err := db.Q.DocumentRevisionGet(ctx, tx, db.DocumentRevisionGetParams{DocumentID: id, Version: int32(version)})
		if errors.Is(err, pgx.ErrNoRows) {
			return &fault.Error{Code: fault.NotFound, Field: "version", Message: fmt.Sprintf("The document has no version %d.", version)}
		} else if err != nil {
			return err
		}
		if cur.Space == db.SpaceRaw && rev.Content != cur.Content {
			return errRawBody
		}
		hash := ContentHash(rev.Title, rev.Content, nonNil(rev.Tags))
		if string(hash) == string(cur.ContentHash) && rev.Status == cur.Status &&
			reflect.DeepEqual(decodeExtra(rev.FrontmatterExtra), decodeExtra(cur.FrontmatterExtra)) {
			out = fromRow(cur, level)
			return nil
		}
		row, err := db.Q.DocumentUpdateContent(ctx, tx, db.DocumentUpdateContentParams{
			ID: id, Title: rev.Title, Content: rev.Content, Tags: nonNil(rev.Tags), Status: rev.Status,
			FrontmatterExtra: rev.FrontmatterExtra, ContentHash: hash, UpdatedBy: &actor.UserID,
		})
		if err != nil {
			return err
		}
		summary := fmt.Sprintf("Restored version %d", version)
		nrev, err := writeRevision(ctx, tx, row, "restore", &summary, actor.UserID)
		if err != nil {
			return err
		}
		if err := writeEvent(ctx, tx, "document.updated", row.ID, actor.UserID, &nrev.ID,
			map[string]any{"changeKind": "restore", "restoredVersion": version, "version": row.Version, "changeSummary": summary}); err != nil {
			return err
		}
		out, changed = fromRow(row, level), true
		return nil
	})
	return out, changed, err
}

// BodyEdit computes a new body from a live document's space, path and body.
type BodyEdit func(space Space, path, content string) (string, error)

// EditBody rewrites the body of a live document the actor can write, as a
// "content" revision by the actor, inside the caller's transaction tx (so a
// decision and the edit it makes commit together). An edit that changes
// nothing writes nothing and reports changed=false. Errors: NOT_FOUND,
// FORBIDDEN, CONFLICT on id (in the trash), BAD_USER_INPUT on content for
// a raw document or a body over the size limit, and whatever edit returns.
func (s *Service) EditBody(ctx context.Context, tx db.DBTX, id uuid.UUID, edit BodyEdit, summary string) (*Doc, bool, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, false, err
	}
	cur, level, err := lockForWrite(ctx, tx, actor, id, Write)
	if err != nil {
		return nil, false, err
	}
	if cur.Space == db.SpaceRaw {
		return nil, false, errRawBody
	}
	body, err := edit(spaceFromDB(cur.Space), cur.Path, cur.Content)
	if err != nil {
		return nil, false, err
	}
	if body == cur.Content {
		return fromRow(cur, level), false, nil
	}
	if err := CheckBody(body, s.cfg.MaxBodyBytes); err != nil {
		return nil, false, err
	}
	tags := nonNil(cur.Tags)
	row, err := db.Q.DocumentUpdateContent(ctx, tx, db.DocumentUpdateContentParams{
		ID: cur.ID, Title: cur.Title, Content: body, Tags: tags, Status: cur.Status, FrontmatterExtra: cur.FrontmatterExtra,
		ContentHash: ContentHash(cur.Title, body, tags), UpdatedBy: &actor.UserID,
	})
	if err != nil {
		return nil, false, err
	}
	var sum *string
	if summary != "" {
		sum = &summary
	}
	rev, err := writeRevision(ctx, tx, row, "content", sum, actor.UserID)
	if err != nil {
		return nil, false, err
	}
	payload := map[string]any{"changeKind": "content", "version": row.Version}
	if sum != nil {
		payload["changeSummary"] = *sum
	}
	if err := writeEvent(ctx, tx, "document.updated", row.ID, actor.UserID, &rev.ID, payload); err != nil {
		return nil, false, err
	}
	return fromRow(row, level), true, nil
}
