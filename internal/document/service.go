package document

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/fault"
	"codna/internal/link"
	"codna/internal/outbox"
)

// Config is the documents service's configuration.
type Config struct {
	PurgeAfter   time.Duration // how long a tombstone waits before purge
	MaxBodyBytes int
}

// DefaultConfig keeps tombstones 30 days and bodies up to 1 MiB.
var DefaultConfig = Config{PurgeAfter: 30 * 24 * time.Hour, MaxBodyBytes: DefaultMaxBodyBytes}

// Service owns every write to documents, their revisions, their address
// history and their outbox events; each write is one transaction.
type Service struct {
	pool *pgxpool.Pool
	cfg  Config
}

// New returns a Service over pool.
func New(pool *pgxpool.Pool, cfg Config) *Service {
	if cfg.PurgeAfter <= 0 {
		cfg.PurgeAfter = DefaultConfig.PurgeAfter
	}
	if cfg.MaxBodyBytes <= 0 {
		cfg.MaxBodyBytes = DefaultConfig.MaxBodyBytes
	}
	return &Service{pool: pool, cfg: cfg}
}

var (
	errNotFound   = fault.New(fault.NotFound, "No document has that id.")
	errReadOnly   = fault.New(fault.Forbidden, "You can read this document but not change it.")
	errOwnerOnly  = fault.New(fault.Forbidden, "Only the document's owner can do this.")
	errInTrash    = fault.Conflicting("id", "The document is in the trash. Restore it first.")
	errRawBody    = fault.Input("content", "A raw document is an original: its body is never edited. Its title, tags, status and path may change.")
	errNotInTrash = fault.Conflicting("id", "The document is not in the trash.")
)

// CreateInput is a new document. Title, Tags and Status left nil are taken
// from the body's frontmatter, if it has them.
type CreateInput struct {
	Space   Space
	Path    string
	Slug    string
	Title   *string
	Content string
	Tags    []string // nil: not given
	Status  *Status
}

// Create writes a new document at version 1, its first revision and a
// document.created event. Errors: UNAUTHENTICATED, FORBIDDEN (management;
// on space for an agent outside output); BAD_USER_INPUT naming the field;
// CONFLICT on slug when a live document holds the address.
func (s *Service) Create(ctx context.Context, in CreateInput) (*Doc, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if err := agentSpace(actor, in.Space); err != nil {
		return nil, err
	}
	return s.create(ctx, actor.UserID, in)
}

// agentSpace refuses an agent a page of its own outside output: agents
// write only to output, and elsewhere edit only what they were granted
// write on. A space that does not parse is left to ParseSpace.
func agentSpace(actor *auth.Actor, space Space) error {
	if actor.Kind != auth.KindAgent {
		return nil
	}
	sp, err := ParseSpace("space", string(space))
	if err != nil || sp == SpaceOutput {
		return nil
	}
	return &fault.Error{Code: fault.Forbidden, Field: "space",
		Message: "Agents create pages only in output; elsewhere they edit pages shared with them for writing."}
}

func (s *Service) create(ctx context.Context, owner uuid.UUID, in CreateInput) (*Doc, error) {
	p, err := s.prepare(in)
	if err != nil {
		return nil, err
	}
	var out *Doc
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		out, err = s.insert(ctx, tx, owner, p, nil)
		return err
	})
	return out, err
}

// prepared is a validated CreateInput.
type prepared struct {
	space   Space
	path    string
	slug    string
	content string
	f       fields
	extra   []byte
}

// prepare validates a new document. Errors: BAD_USER_INPUT naming the field.
func (s *Service) prepare(in CreateInput) (prepared, error) {
	var p prepared
	var err error
	if p.space, err = ParseSpace("space", string(in.Space)); err != nil {
		return p, err
	}
	if p.path, err = NormalizePath(in.Path); err != nil {
		return p, err
	}
	if err := CheckSlug(in.Slug); err != nil {
		return p, err
	}
	p.slug = in.Slug
	if err := CheckBody(in.Content, s.cfg.MaxBodyBytes); err != nil {
		return p, err
	}
	fm, content, err := SplitFrontmatter(in.Content)
	if err != nil {
		return p, err
	}
	p.content = content
	if p.f, err = resolveFields(fields{title: "", tags: []string{}, status: db.DocumentStatusActive, extra: map[string]any{}},
		in.Title, in.Tags, in.Status, fm, true); err != nil {
		return p, err
	}
	if p.extra, err = json.Marshal(p.f.extra); err != nil {
		return p, err
	}
	return p, nil
}

// insert writes a prepared document at version 1 in tx, with its first
// revision and its document.created event. Errors: CONFLICT on slug when a
// live document holds the address (tx is then aborted).
func (s *Service) insert(ctx context.Context, tx db.DBTX, owner uuid.UUID, p prepared, ingestion *uuid.UUID) (*Doc, error) {
	row, err := db.Q.DocumentCreate(ctx, tx, db.DocumentCreateParams{
		ID: uuid.Must(uuid.NewV7()), Space: dbSpace(p.space), Path: p.path, Slug: p.slug, Title: p.f.title, Content: p.content,
		FrontmatterExtra: p.extra, Tags: p.f.tags, Status: p.f.status, ContentHash: ContentHash(p.f.title, p.content, p.f.tags),
		CreatedBy: owner, SourceIngestionID: ingestion,
	})
	if err != nil {
		return nil, fault.FromPG(err)
	}
	rev, err := writeRevision(ctx, tx, row, "create", nil, owner)
	if err != nil {
		return nil, err
	}
	if err := writeEvent(ctx, tx, "document.created", row.ID, owner, &rev.ID, map[string]any{"address": rowAddress(row.Space, row.Path, row.Slug)}); err != nil {
		return nil, err
	}
	return fromRow(row, int32(Owner)), nil
}

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
}

// Update saves new content as the next version. A save that changes nothing
// (same content hash, status and frontmatter) writes no revision and no
// event, and reports changed=false. Errors: NOT_FOUND when the actor cannot
// read the document; FORBIDDEN when they may only read it; CONFLICT on
// expectedVersion when the document moved on (nothing changes), on id when
// it is in the trash; BAD_USER_INPUT naming the field, and on content for
// any edit of a raw body.
func (s *Service) Update(ctx context.Context, in UpdateInput) (*Doc, bool, error) {
	actor, err := auth.RequireUser(ctx)
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
		if int(cur.Version) != in.ExpectedVersion {
			return staleVersion(in.ExpectedVersion, cur.Version)
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
		rev, err := writeRevision(ctx, tx, row, kind, nil, actor.UserID)
		if err != nil {
			return err
		}
		if err := writeEvent(ctx, tx, "document.updated", row.ID, actor.UserID, &rev.ID, map[string]any{"changeKind": kind, "version": row.Version}); err != nil {
			return err
		}
		out, changed = fromRow(row, level), true
		return nil
	})
	return out, changed, err
}

// lockForWrite locks a live document the actor may act on at level need.
func lockForWrite(ctx context.Context, q db.DBTX, actor *auth.Actor, id uuid.UUID, need Access) (db.Document, int32, error) {
	row, level, err := lockAny(ctx, q, actor, id, need)
	if err == nil && row.DeletedAt != nil {
		return db.Document{}, 0, errInTrash
	}
	return row, level, err
}

func staleVersion(expected int, current int32) error {
	return fault.Conflicting("expectedVersion", "The document is at version %d, not %d: someone saved it meanwhile. Reload it and apply your change again.", current, expected)
}

// MoveInput gives a document a new address. Nil fields stay as they are.
type MoveInput struct {
	ID              uuid.UUID
	ExpectedVersion *int
	Space           *Space
	Path            *string
	Slug            *string
}

// Move changes a document's address: a "move" revision when the space or
// path changes, "rename" when only the slug does, the vacated address in
// document_path_history (and free for others), and a document.moved or
// document.renamed event. Moving to the current address changes nothing.
// Errors: NOT_FOUND, FORBIDDEN (read only), CONFLICT on expectedVersion, on
// id (in the trash) or on slug (address taken); BAD_USER_INPUT naming the
// field, and on space for moving an original out of raw or into it;
// FORBIDDEN on space for an agent moving its own page out of output.
func (s *Service) Move(ctx context.Context, in MoveInput) (*Doc, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	var out *Doc
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		cur, level, err := lockForWrite(ctx, tx, actor, in.ID, Write)
		if err != nil {
			return err
		}
		if in.ExpectedVersion != nil && int(cur.Version) != *in.ExpectedVersion {
			return staleVersion(*in.ExpectedVersion, cur.Version)
		}
		to, err := targetAddress(cur, in.Space, in.Path, in.Slug)
		if err != nil {
			return err
		}
		if (cur.Space == db.SpaceRaw) != (to.space == db.SpaceRaw) {
			return fault.Input("space", "Originals stay in raw, and only originals live there: a document cannot move into or out of raw.")
		}
		if cur.CreatedBy == actor.UserID && to.space != cur.Space {
			// An agent's own pages stay in output: moving one out would be
			// creating it elsewhere.
			if err := agentSpace(actor, spaceFromDB(to.space)); err != nil {
				return err
			}
		}
		if to.space == cur.Space && to.path == cur.Path && to.slug == cur.Slug {
			out = fromRow(cur, level)
			return nil
		}
		row, err := s.relocate(ctx, tx, cur, to, actor.UserID, false)
		if err != nil {
			return err
		}
		out = fromRow(row, level)
		return nil
	})
	return out, err
}

type address struct {
	space      db.Space
	path, slug string
}

func targetAddress(cur db.Document, space *Space, path, slug *string) (address, error) {
	to := address{cur.Space, cur.Path, cur.Slug}
	var err error
	if space != nil {
		sp, err := ParseSpace("space", string(*space))
		if err != nil {
			return to, err
		}
		to.space = dbSpace(sp)
	}
	if path != nil {
		if to.path, err = NormalizePath(*path); err != nil {
			return to, err
		}
	}
	if slug != nil {
		if err := CheckSlug(*slug); err != nil {
			return to, err
		}
		to.slug = *slug
	}
	return to, nil
}

// relocate writes a document's new address, its revision, the vacated
// address and the event. restoring says the document comes back from the
// trash at the same time.
func (s *Service) relocate(ctx context.Context, q db.DBTX, cur db.Document, to address, actor uuid.UUID, restoring bool) (db.Document, error) {
	since, err := db.Q.DocumentPathHistoryGetSince(ctx, q, cur.ID)
	if err != nil {
		return db.Document{}, err
	}
	// The document's own relative links are rebased so they still reach the
	// same addresses from its new folder; its edges keep their targets.
	content, hash := cur.Content, cur.ContentHash
	var renamed map[string]string
	if cur.Space != db.SpaceRaw && (to.space != cur.Space || to.path != cur.Path) {
		content, renamed = rebase(cur.Content, cur.Space, cur.Path, to.space, to.path)
	}
	// Its files' folder is named after its address: references to its own
	// files follow it, and relative references to other pages' files are
	// rebased like links.
	if cur.Space != db.SpaceRaw {
		content = link.RebaseFiles(content,
			link.Address{Space: string(cur.Space), Path: cur.Path, Slug: cur.Slug},
			link.Address{Space: string(to.space), Path: to.path, Slug: to.slug})
	}
	if content != cur.Content {
		hash = ContentHash(cur.Title, content, nonNil(cur.Tags))
	}
	var row db.Document
	if restoring {
		row, err = db.Q.DocumentUntombstone(ctx, q, db.DocumentUntombstoneParams{
			ID: cur.ID, Space: to.space, Path: to.path, Slug: to.slug, Content: content, ContentHash: hash, UpdatedBy: &actor,
		})
	} else {
		row, err = db.Q.DocumentUpdateAddress(ctx, q, db.DocumentUpdateAddressParams{
			ID: cur.ID, Space: to.space, Path: to.path, Slug: to.slug, Content: content, ContentHash: hash, UpdatedBy: &actor,
		})
	}
	if err != nil {
		return db.Document{}, err
	}
	for old, new := range renamed {
		if _, err := db.Q.DocumentLinkRenameHref(ctx, q, db.DocumentLinkRenameHrefParams{SourceID: cur.ID, OldHref: old, NewHref: new}); err != nil {
			return db.Document{}, err
		}
	}
	moved := to.space != cur.Space || to.path != cur.Path || to.slug != cur.Slug
	kind, event := "move", "document.moved"
	switch {
	case restoring:
		kind, event = "restore", "document.restored"
	case to.space == cur.Space && to.path == cur.Path:
		kind, event = "rename", "document.renamed"
	}
	rev, err := writeRevision(ctx, q, row, kind, nil, actor)
	if err != nil {
		return db.Document{}, err
	}
	payload := map[string]any{
		"from": rowAddress(cur.Space, cur.Path, cur.Slug),
		"to":   rowAddress(row.Space, row.Path, row.Slug),
	}
	if moved {
		if err := db.Q.DocumentPathHistoryCreate(ctx, q, db.DocumentPathHistoryCreateParams{
			ID: uuid.Must(uuid.NewV7()), DocumentID: cur.ID, Space: cur.Space, Path: cur.Path, Slug: cur.Slug,
			ValidFrom: since, RevisionID: &rev.ID,
		}); err != nil {
			return db.Document{}, err
		}
	}
	if err := writeEvent(ctx, q, event, row.ID, actor, &rev.ID, payload); err != nil {
		return db.Document{}, err
	}
	return row, nil
}

// Delete moves a document to the trash: it keeps its address in its row,
// stops being visible to anyone but its owner, and is purged after the
// configured time. Deleting a tombstone again changes nothing. Errors:
// NOT_FOUND; FORBIDDEN for anyone but the owner.
func (s *Service) Delete(ctx context.Context, id uuid.UUID) (*Doc, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	var out *Doc
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		cur, level, err := lockAny(ctx, tx, actor, id, Owner)
		if err != nil {
			return err
		}
		if cur.DeletedAt != nil {
			out = fromRow(cur, level)
			return nil
		}
		purge := time.Now().Add(s.cfg.PurgeAfter)
		row, err := db.Q.DocumentTombstone(ctx, tx, db.DocumentTombstoneParams{ID: id, PurgeAfter: &purge, UpdatedBy: &actor.UserID})
		if err != nil {
			return err
		}
		rev, err := writeRevision(ctx, tx, row, "delete", nil, actor.UserID)
		if err != nil {
			return err
		}
		if err := writeEvent(ctx, tx, "document.deleted", row.ID, actor.UserID, &rev.ID, map[string]any{"address": rowAddress(row.Space, row.Path, row.Slug)}); err != nil {
			return err
		}
		out = fromRow(row, level)
		return nil
	})
	return out, err
}

// lockAny locks a document, live or tombstoned, the actor may act on at need.
func lockAny(ctx context.Context, q db.DBTX, actor *auth.Actor, id uuid.UUID, need Access) (db.Document, int32, error) {
	v, _ := ViewerOf(actor)
	row, err := db.Q.DocumentGetForUpdate(ctx, q, db.DocumentGetForUpdateParams{ID: id, ActorID: v.ID, ActorIsPerson: v.IsPerson})
	if errors.Is(err, pgx.ErrNoRows) {
		return db.Document{}, 0, errNotFound
	} else if err != nil {
		return db.Document{}, 0, err
	}
	acc := Access(row.Level)
	switch {
	case !acc.CanRead():
		return db.Document{}, 0, errNotFound
	case acc < need && need == Owner:
		return db.Document{}, 0, errOwnerOnly
	case acc < need:
		return db.Document{}, 0, errReadOnly
	}
	return row.Document, row.Level, nil
}

// RestoreInput brings a document back from the trash, at its old address
// or, when given, another one.
type RestoreInput struct {
	ID    uuid.UUID
	Space *Space
	Path  *string
	Slug  *string
}

// Restore brings a tombstoned document back: a "restore" revision and a
// document.restored event (and a path history row when it comes back
// elsewhere). Errors: NOT_FOUND (tombstones exist for their owner alone);
// CONFLICT on id when it is not in the trash, on slug when a live document
// took the address meanwhile (restore it to another address instead);
// BAD_USER_INPUT naming the field.
func (s *Service) Restore(ctx context.Context, in RestoreInput) (*Doc, error) {
	actor, err := auth.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	var out *Doc
	err = db.InTx(ctx, s.pool, func(tx db.DBTX) error {
		cur, level, err := lockAny(ctx, tx, actor, in.ID, Owner)
		if err != nil {
			return err
		}
		if cur.DeletedAt == nil {
			return errNotInTrash
		}
		to, err := targetAddress(cur, in.Space, in.Path, in.Slug)
		if err != nil {
			return err
		}
		if (cur.Space == db.SpaceRaw) != (to.space == db.SpaceRaw) {
			return fault.Input("space", "Originals stay in raw, and only originals live there.")
		}
		taken, err := db.Q.DocumentIsAddressTaken(ctx, tx, db.DocumentIsAddressTakenParams{Space: to.space, Path: to.path, Slug: to.slug, ID: cur.ID})
		if err != nil {
			return err
		}
		if taken {
			return fault.Conflicting("slug", "Another document now lives at %s. Restore this one to another address.", rowAddress(to.space, to.path, to.slug))
		}
		row, err := s.relocate(ctx, tx, cur, to, actor.UserID, true)
		if err != nil {
			return err
		}
		out = fromRow(row, level)
		return nil
	})
	return out, err
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
			map[string]any{"changeKind": "restore", "restoredVersion": version, "version": row.Version}); err != nil {
			return err
		}
		out, changed = fromRow(row, level), true
		return nil
	})
	return out, changed, err
}

func writeRevision(ctx context.Context, q db.DBTX, row db.Document, kind string, summary *string, author uuid.UUID) (db.DocumentRevision, error) {
	return db.Q.DocumentRevisionCreate(ctx, q, db.DocumentRevisionCreateParams{
		ID: uuid.Must(uuid.NewV7()), DocumentID: row.ID, Version: row.Version, Title: row.Title, Space: row.Space,
		Path: row.Path, Slug: row.Slug, Content: row.Content, Tags: nonNil(row.Tags), Status: row.Status,
		FrontmatterExtra: row.FrontmatterExtra, ChangeKind: kind, ChangeSummary: summary, AuthorID: &author,
	})
}

func writeEvent(ctx context.Context, q db.DBTX, typ string, docID, actor uuid.UUID, revID *uuid.UUID, payload map[string]any) error {
	_, err := outbox.Write(ctx, q, outbox.Event{
		Type: typ, SubjectType: "document", SubjectID: &docID, DocumentID: &docID, ActorID: &actor, RevisionID: revID, Payload: payload,
	})
	return err
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
	if err := writeEvent(ctx, tx, "document.updated", row.ID, actor.UserID, &rev.ID, map[string]any{"changeKind": "content", "version": row.Version}); err != nil {
		return nil, false, err
	}
	return fromRow(row, level), true, nil
}
