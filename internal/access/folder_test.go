package access_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"codna/internal/access"
	"codna/internal/auth"
	"codna/internal/db"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/outbox"
	"codna/internal/pgtest"
)

type folderBundle struct {
	pool    *pgxpool.Pool
	docs    *document.Service
	folders *access.FolderService
	applier *access.FolderApplier
	worker  *outbox.Worker
	owner   pgtest.Person
	dana    pgtest.Person
	ctx     context.Context // as owner
}

func folderSetup(t *testing.T) *folderBundle {
	t.Helper()
	d := pgtest.New(t)
	w := outbox.New(d.Pool, outbox.Config{}, nil)
	ap := access.NewFolderApplier(d.Pool)
	w.Register(access.FolderConsumerName, ap.Handle, outbox.Lane{Budget: time.Minute})
	owner := pgtest.CreatePerson(t, d.Pool)
	return &folderBundle{
		pool: d.Pool, docs: document.New(d.Pool, document.DefaultConfig), folders: access.NewFolderService(d.Pool),
		applier: ap, worker: w, owner: owner, dana: pgtest.CreatePerson(t, d.Pool), ctx: pgtest.ActingAs(owner),
	}
}

// folderDrain delivers every pending event and fails on any consumer error.
func (b *folderBundle) drain(t *testing.T) {
	t.Helper()
	require.NoError(t, b.worker.Drain(context.Background()))
	var failed int
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT count(*) FROM outbox_deliveries WHERE last_error IS NOT NULL`).Scan(&failed))
	require.Zero(t, failed, "a consumer failed")
}

func (b *folderBundle) doc(t *testing.T, space db.Space, path, slug string) uuid.UUID {
	t.Helper()
	return pgtest.CreateDocument(t, b.pool, b.owner.ID, pgtest.Doc{Space: document.Space(space), Path: path, Slug: slug}).ID
}

func (b *folderBundle) share(t *testing.T, path string, p access.Principal, perm db.Permission) (*access.FolderShare, int) {
	t.Helper()
	fs, n, err := b.folders.Share(b.ctx, document.SpaceWiki, path, p, access.Permission(perm))
	require.NoError(t, err)
	return fs, n
}

type folderGrantRow struct {
	Reason     string
	Permission db.Permission
	Batch      *uuid.UUID
}

// grant is p's grant on doc, nil for none.
func (b *folderBundle) grant(t *testing.T, doc uuid.UUID, p access.Principal) *folderGrantRow {
	t.Helper()
	var g folderGrantRow
	err := b.pool.QueryRow(context.Background(), `SELECT grant_reason, permission, batch_id FROM document_access
		WHERE document_id = $1 AND principal_type = $2 AND principal_id = $3`, doc, p.Type, p.ID).Scan(&g.Reason, &g.Permission, &g.Batch)
	if err == pgx.ErrNoRows {
		return nil
	}
	require.NoError(t, err)
	return &g
}

// events counts the access_events rows of one action on doc.
func (b *folderBundle) events(t *testing.T, doc uuid.UUID, action string) int {
	t.Helper()
	return pgtest.Count(t, b.pool, `SELECT count(*) FROM access_events WHERE document_id = $1 AND action = $2`, doc, action)
}

// grantedNotifications lists the access.granted notifications of a recipient.
func (b *folderBundle) grantedNotifications(t *testing.T, to uuid.UUID) []map[string]any {
	t.Helper()
	return b.notifications(t, to, "access.granted")
}

func (b *folderBundle) notifications(t *testing.T, to uuid.UUID, typ string) []map[string]any {
	t.Helper()
	rows, err := b.pool.Query(context.Background(), `SELECT payload FROM notifications
		WHERE recipient_id = $1 AND type = $2 ORDER BY created_at, id`, to, typ)
	require.NoError(t, err)
	raws, err := pgx.CollectRows(rows, pgx.RowTo[[]byte])
	require.NoError(t, err)
	out := make([]map[string]any, len(raws))
	for i, r := range raws {
		require.NoError(t, json.Unmarshal(r, &out[i]))
	}
	return out
}

func (b *folderBundle) directGrant(t *testing.T, doc uuid.UUID, p access.Principal, perm db.Permission) {
	t.Helper()
	require.NoError(t, db.InTx(context.Background(), b.pool, func(tx db.DBTX) error {
		_, err := access.GrantInTx(context.Background(), tx, access.GrantSpec{
			DocumentID: doc, Principal: p, Permission: access.Permission(perm), GrantedBy: &b.owner.ID, Reason: access.Direct,
		})
		return err
	}))
}

func (b *folderBundle) quarantine(t *testing.T, doc uuid.UUID) {
	t.Helper()
	_, err := b.pool.Exec(context.Background(), `UPDATE documents SET quarantined_at = now() WHERE id = $1`, doc)
	require.NoError(t, err)
}

func (b *folderBundle) move(t *testing.T, doc uuid.UUID, path string) {
	t.Helper()
	_, err := b.docs.Move(b.ctx, document.MoveInput{ID: doc, Path: &path})
	require.NoError(t, err)
}

// A share reaches the owner's live, unquarantined documents in the folder
// and beneath it, in one batch, and tells the recipient once.
func TestFolderShareGrantsWhatIsThere(t *testing.T) {
	t.Parallel()
	b := folderSetup(t)
	other := pgtest.CreatePerson(t, b.pool)
	dana := pgtest.UserPrincipal(b.dana.ID)

	inEng := b.doc(t, db.SpaceWiki, "eng", "a")
	deep := b.doc(t, db.SpaceWiki, "eng/sub/deep", "b")
	draft := pgtest.CreateDocument(t, b.pool, b.owner.ID, pgtest.Doc{Path: "eng", Slug: "draft", Content: "---\nstatus: draft\n---\nbody"}).ID
	engOld := b.doc(t, db.SpaceWiki, "eng-old", "c")
	root := b.doc(t, db.SpaceWiki, "", "r")
	otherSpace := b.doc(t, db.SpaceOutput, "eng", "o")
	theirs := pgtest.CreateDocument(t, b.pool, other.ID, pgtest.Doc{Path: "eng", Slug: "theirs"}).ID
	tomb := b.doc(t, db.SpaceWiki, "eng", "tomb")
	_, err := b.docs.Delete(b.ctx, tomb)
	require.NoError(t, err)
	held := b.doc(t, db.SpaceWiki, "eng", "held")
	b.quarantine(t, held)

	fs, n, err := b.folders.Share(b.ctx, document.SpaceWiki, "/eng/", dana, access.PermissionRead)
	require.NoError(t, err)
	require.Equal(t, 3, n)
	require.Equal(t, b.owner.ID, fs.OwnerID)
	require.Equal(t, document.SpaceWiki, fs.Space)
	require.Equal(t, "eng", fs.Path, "the path is normalised")
	require.Equal(t, dana, fs.Principal)
	require.Equal(t, access.PermissionRead, fs.Permission)

	var batch *uuid.UUID
	for _, id := range []uuid.UUID{inEng, deep, draft} {
		g := b.grant(t, id, dana)
		require.NotNil(t, g)
		require.Equal(t, access.Folder, g.Reason)
		require.Equal(t, db.PermissionRead, g.Permission)
		require.NotNil(t, g.Batch)
		if batch == nil {
			batch = g.Batch
		}
		require.Equal(t, *batch, *g.Batch, "one batch")
		require.Equal(t, 1, b.events(t, id, "granted"))
	}
	for _, id := range []uuid.UUID{engOld, root, otherSpace, theirs, tomb, held} {
		require.Nil(t, b.grant(t, id, dana), id)
	}

	notes := b.grantedNotifications(t, b.dana.ID)
	require.Len(t, notes, 1, "one notification for the batch")
	require.EqualValues(t, 3, notes[0]["count"])
	require.Equal(t, fs.ID.String(), notes[0]["folderShareId"])
	require.Empty(t, b.grantedNotifications(t, b.owner.ID))

	// Sharing again changes nothing and tells nobody again.
	again, n, err := b.folders.Share(b.ctx, document.SpaceWiki, "eng", dana, access.PermissionRead)
	require.NoError(t, err)
	require.Zero(t, n)
	require.Equal(t, fs.ID, again.ID)
	require.Equal(t, 1, b.events(t, inEng, "granted"))
	require.Len(t, b.grantedNotifications(t, b.dana.ID), 1)

	// The whole space: '' reaches what the folder rule did not.
	_, n = b.share(t, "", dana, db.PermissionRead)
	require.Equal(t, 2, n)
	require.Equal(t, access.Folder, b.grant(t, engOld, dana).Reason)
	require.Equal(t, access.Folder, b.grant(t, root, dana).Reason)
	require.Nil(t, b.grant(t, otherSpace, dana))

	list, err := b.folders.List(b.ctx, nil)
	require.NoError(t, err)
	require.Len(t, list, 2)
	require.Equal(t, "", list[0].Path)
	require.Equal(t, "eng", list[1].Path)
	list, err = b.folders.List(b.ctx, pgtest.Ptr(document.SpaceOutput))
	require.NoError(t, err)
	require.Empty(t, list)
	list, err = b.folders.List(pgtest.ActingAs(other), nil)
	require.NoError(t, err)
	require.Empty(t, list, "a person lists their own rules only")
}

// The applier grants what arrives in a folder and revokes the folder grants
// of what leaves it, never another reason's grant, and changes nothing when
// run again.
func TestFolderShareApplier(t *testing.T) {
	t.Parallel()
	b := folderSetup(t)
	dana := pgtest.UserPrincipal(b.dana.ID)
	_, n := b.share(t, "eng", dana, db.PermissionRead)
	require.Zero(t, n)
	b.drain(t)

	created := b.doc(t, db.SpaceWiki, "eng/sub", "created")
	elsewhere := b.doc(t, db.SpaceWiki, "ops", "elsewhere")
	movedIn := b.doc(t, db.SpaceWiki, "ops", "moved-in")
	b.move(t, movedIn, "eng")
	b.drain(t)
	require.Equal(t, &folderGrantRow{Reason: access.Folder, Permission: db.PermissionRead, Batch: b.grant(t, created, dana).Batch}, b.grant(t, created, dana))
	require.Equal(t, access.Folder, b.grant(t, movedIn, dana).Reason)
	require.Nil(t, b.grant(t, elsewhere, dana))
	require.Len(t, b.grantedNotifications(t, b.dana.ID), 2, "one per document arriving")

	// A rename keeps the grant; a move out revokes it, with its history row.
	_, err := b.docs.Move(b.ctx, document.MoveInput{ID: created, Slug: pgtest.Ptr("renamed")})
	require.NoError(t, err)
	b.drain(t)
	require.NotNil(t, b.grant(t, created, dana))
	b.move(t, created, "ops")
	b.drain(t)
	require.Nil(t, b.grant(t, created, dana))
	require.Equal(t, 1, b.events(t, created, "revoked"))
	require.Equal(t, access.Folder, b.lastReason(t, created, "revoked"))
	require.Len(t, b.notifications(t, b.dana.ID, "access.revoked"), 1)

	// A document with a direct grant keeps it through moving in and out.
	direct := b.doc(t, db.SpaceWiki, "ops", "direct")
	b.directGrant(t, direct, dana, db.PermissionRead)
	b.move(t, direct, "eng")
	b.drain(t)
	require.Equal(t, access.Direct, b.grant(t, direct, dana).Reason, "the direct grant is the row, and stays direct")
	b.move(t, direct, "ops")
	b.drain(t)
	g := b.grant(t, direct, dana)
	require.NotNil(t, g)
	require.Equal(t, access.Direct, g.Reason)
	require.Zero(t, b.events(t, direct, "revoked"))

	// Nothing lands on a quarantined document.
	held := b.doc(t, db.SpaceWiki, "eng", "held")
	b.quarantine(t, held)
	b.drain(t)
	require.Nil(t, b.grant(t, held, dana))

	// Deleted, then restored outside the folder: the folder grant goes.
	tomb := b.doc(t, db.SpaceWiki, "eng", "tomb")
	b.drain(t)
	require.NotNil(t, b.grant(t, tomb, dana))
	_, err = b.docs.Delete(b.ctx, tomb)
	require.NoError(t, err)
	b.drain(t)
	require.NotNil(t, b.grant(t, tomb, dana), "a tombstone is left alone")
	_, err = b.docs.Restore(b.ctx, document.RestoreInput{ID: tomb, Path: pgtest.Ptr("ops")})
	require.NoError(t, err)
	b.drain(t)
	require.Nil(t, b.grant(t, tomb, dana))

	// Handed to someone else (a transfer leaves grants untouched), then moved out of
	// the folder: the former owner's folder grant stays.
	handed := b.doc(t, db.SpaceWiki, "eng", "handed")
	b.drain(t)
	heir := pgtest.CreatePerson(t, b.pool)
	_, err = b.pool.Exec(context.Background(), `UPDATE documents SET created_by = $2 WHERE id = $1`, handed, heir.ID)
	require.NoError(t, err)
	_, err = b.docs.Move(pgtest.ActingAs(heir), document.MoveInput{ID: handed, Path: pgtest.Ptr("ops")})
	require.NoError(t, err)
	b.drain(t)
	require.Equal(t, access.Folder, b.grant(t, handed, dana).Reason)

	// Running the applier again, twice, over every document changes nothing.
	before := b.snapshot(t)
	for range 2 {
		for _, id := range []uuid.UUID{created, elsewhere, movedIn, direct, held, tomb, handed} {
			for _, typ := range []string{"document.created", "document.moved", "document.renamed", "document.restored"} {
				require.NoError(t, b.applier.Handle(context.Background(), outbox.Stored{ID: uuid.Must(uuid.NewV7()), Type: typ, SubjectType: "document", SubjectID: &id}))
			}
		}
	}
	require.Equal(t, before, b.snapshot(t))
	// Redelivery of every event already handled changes nothing either.
	_, err = b.pool.Exec(context.Background(), `UPDATE events SET processed_at = NULL, handled_by = '{}', fanned_to = NULL`)
	require.NoError(t, err)
	b.drain(t)
	require.Equal(t, before, b.snapshot(t))
	// Events it does not handle, and missing documents, are ignored.
	require.NoError(t, b.applier.Handle(context.Background(), outbox.Stored{Type: "document.deleted", SubjectType: "document", SubjectID: &movedIn}))
	require.NoError(t, b.applier.Handle(context.Background(), outbox.Stored{Type: "document.created", SubjectType: "document", SubjectID: pgtest.Ptr(uuid.Must(uuid.NewV7()))}))
	require.Equal(t, before, b.snapshot(t))
}

func (b *folderBundle) lastReason(t *testing.T, doc uuid.UUID, action string) string {
	t.Helper()
	var r string
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT grant_reason FROM access_events
		WHERE document_id = $1 AND action = $2 ORDER BY created_at DESC, id DESC LIMIT 1`, doc, action).Scan(&r))
	return r
}

// snapshot is every grant, the size of the access history and the
// notifications, to compare before and after.
func (b *folderBundle) snapshot(t *testing.T) [3]string {
	t.Helper()
	var s [3]string
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT coalesce(string_agg(
		document_id::text || principal_id::text || permission::text || grant_reason || coalesce(batch_id::text, ''), ',' ORDER BY id), '')
		FROM document_access`).Scan(&s[0]))
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT count(*)::text FROM access_events`).Scan(&s[1]))
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT coalesce(string_agg(id::text || payload::text, ',' ORDER BY id), '') FROM notifications`).Scan(&s[2]))
	return s
}

// Deleting one of two overlapping rules keeps what the other justifies.
func TestFolderShareOverlappingRules(t *testing.T) {
	t.Parallel()
	b := folderSetup(t)
	dana := pgtest.UserPrincipal(b.dana.ID)
	a := b.doc(t, db.SpaceWiki, "eng", "a")
	sub := b.doc(t, db.SpaceWiki, "eng/sub", "b")

	parent, n := b.share(t, "eng", dana, db.PermissionRead)
	require.Equal(t, 2, n)
	child, n := b.share(t, "eng/sub", dana, db.PermissionWrite)
	require.Equal(t, 1, n, "the child rule raises what is beneath it")
	require.Equal(t, db.PermissionWrite, b.grant(t, sub, dana).Permission)

	// Without the parent rule, a loses its grant; b keeps write.
	revoked, err := b.folders.Unshare(b.ctx, parent.ID)
	require.NoError(t, err)
	require.Equal(t, 1, revoked)
	require.Nil(t, b.grant(t, a, dana))
	require.Equal(t, 1, b.events(t, a, "revoked"))
	require.Equal(t, &folderGrantRow{Reason: access.Folder, Permission: db.PermissionWrite, Batch: b.grant(t, sub, dana).Batch}, b.grant(t, sub, dana))

	// Without the child rule, b is still justified at read by the parent.
	parent, n = b.share(t, "eng", dana, db.PermissionRead)
	require.Equal(t, 1, n)
	revoked, err = b.folders.Unshare(b.ctx, child.ID)
	require.NoError(t, err)
	require.Zero(t, revoked)
	require.Equal(t, db.PermissionRead, b.grant(t, sub, dana).Permission, "lowered to what the parent justifies")
	require.Equal(t, access.Folder, b.grant(t, sub, dana).Reason)
	require.Equal(t, "read", b.lastPermission(t, sub, "permission_changed"))

	// A group's rule does not justify a user's grant; a tombstone's folder
	// grant goes with the rule; a direct grant stays.
	g := pgtest.CreateGroup(t, b.pool, b.dana.ID)
	_, n = b.share(t, "eng", pgtest.GroupPrincipal(g.ID), db.PermissionRead)
	require.Equal(t, 2, n)
	_, err = b.docs.Delete(b.ctx, sub)
	require.NoError(t, err)
	direct := b.doc(t, db.SpaceWiki, "eng", "direct")
	b.directGrant(t, direct, dana, db.PermissionRead)
	revoked, err = b.folders.Unshare(b.ctx, parent.ID)
	require.NoError(t, err)
	require.Equal(t, 2, revoked, "a and the tombstone")
	gone := b.notifications(t, b.dana.ID, "access.revoked")
	require.Len(t, gone, 2, "one for each Unshare that revoked something")
	require.EqualValues(t, 2, gone[1]["count"])
	require.Empty(t, b.notifications(t, b.owner.ID, "access.revoked"))
	require.Nil(t, b.grant(t, a, dana))
	require.Nil(t, b.grant(t, sub, dana))
	require.NotNil(t, b.grant(t, a, pgtest.GroupPrincipal(g.ID)))
	require.Equal(t, access.Direct, b.grant(t, direct, dana).Reason)

	// Only the owner's rule can be deleted, and only once.
	_, err = b.folders.Unshare(pgtest.ActingAs(b.dana), child.ID)
	require.Equal(t, fault.NotFound, fault.CodeOf(err))
	_, err = b.folders.Unshare(b.ctx, parent.ID)
	require.Equal(t, fault.NotFound, fault.CodeOf(err))
	groupRules, err := b.folders.List(b.ctx, pgtest.Ptr(document.SpaceWiki))
	require.NoError(t, err)
	require.Len(t, groupRules, 1)
	_, err = b.folders.Unshare(pgtest.ActingAs(b.dana), groupRules[0].ID)
	require.Equal(t, fault.NotFound, fault.CodeOf(err), "not Dana's rule")
	require.NotNil(t, b.grant(t, a, pgtest.GroupPrincipal(g.ID)))
}

func (b *folderBundle) lastPermission(t *testing.T, doc uuid.UUID, action string) string {
	t.Helper()
	var p string
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT permission::text FROM access_events
		WHERE document_id = $1 AND action = $2 ORDER BY created_at DESC, id DESC LIMIT 1`, doc, action).Scan(&p))
	return p
}

// A group's rule tells its members once per batch; Everyone's tells nobody.
func TestFolderShareGroupAndEveryone(t *testing.T) {
	t.Parallel()
	b := folderSetup(t)
	m2 := pgtest.CreatePerson(t, b.pool)
	g := pgtest.CreateGroup(t, b.pool, b.dana.ID, m2.ID, b.owner.ID)
	a := b.doc(t, db.SpaceWiki, "eng", "a")
	c := b.doc(t, db.SpaceWiki, "eng/x", "c")

	_, n := b.share(t, "eng", pgtest.GroupPrincipal(g.ID), db.PermissionWrite)
	require.Equal(t, 2, n)
	require.Equal(t, &folderGrantRow{Reason: access.Folder, Permission: db.PermissionWrite, Batch: b.grant(t, a, pgtest.GroupPrincipal(g.ID)).Batch}, b.grant(t, a, pgtest.GroupPrincipal(g.ID)))
	require.NotNil(t, b.grant(t, c, pgtest.GroupPrincipal(g.ID)))
	for _, m := range []uuid.UUID{b.dana.ID, m2.ID} {
		notes := b.grantedNotifications(t, m)
		require.Len(t, notes, 1)
		require.EqualValues(t, 2, notes[0]["count"])
	}
	require.Empty(t, b.grantedNotifications(t, b.owner.ID), "the owner is not told of their own share")

	everyone := pgtest.GroupPrincipal(auth.EveryoneID)
	before := pgtest.Count(t, b.pool, `SELECT count(*) FROM notifications`)
	ops := b.doc(t, db.SpaceWiki, "ops", "o")
	_, n = b.share(t, "ops", everyone, db.PermissionRead)
	require.Equal(t, 1, n)
	require.Equal(t, access.Folder, b.grant(t, ops, everyone).Reason)
	later := b.doc(t, db.SpaceWiki, "ops/later", "l")
	b.drain(t)
	require.Equal(t, access.Folder, b.grant(t, later, everyone).Reason)
	require.Equal(t, before, pgtest.Count(t, b.pool, `SELECT count(*) FROM notifications`), "sharing with Everyone tells nobody")

	// A document arriving under the group's rule tells each member.
	b.doc(t, db.SpaceWiki, "eng", "arrives")
	b.drain(t)
	require.Len(t, b.grantedNotifications(t, b.dana.ID), 2)
	require.Len(t, b.grantedNotifications(t, m2.ID), 2)
}

// Raising a rule raises every grant it reaches; lowering it lowers only the
// folder grants no other rule justifies at write.
func TestFolderSharePermissionChange(t *testing.T) {
	t.Parallel()
	b := folderSetup(t)
	dana := pgtest.UserPrincipal(b.dana.ID)
	a := b.doc(t, db.SpaceWiki, "eng", "a")
	directRead := b.doc(t, db.SpaceWiki, "eng", "direct-read")
	directWrite := b.doc(t, db.SpaceWiki, "eng", "direct-write")
	b.directGrant(t, directRead, dana, db.PermissionRead)
	b.directGrant(t, directWrite, dana, db.PermissionWrite)

	rule, n := b.share(t, "eng", dana, db.PermissionRead)
	require.Equal(t, 1, n)
	require.Equal(t, db.PermissionRead, b.grant(t, a, dana).Permission)

	raised, n := b.share(t, "eng", dana, db.PermissionWrite)
	require.Equal(t, rule.ID, raised.ID)
	require.Equal(t, access.PermissionWrite, raised.Permission)
	require.Equal(t, 2, n, "a and the direct read grant are raised")
	require.Equal(t, &folderGrantRow{Reason: access.Folder, Permission: db.PermissionWrite, Batch: b.grant(t, a, dana).Batch}, b.grant(t, a, dana))
	require.Equal(t, db.PermissionWrite, b.grant(t, directRead, dana).Permission)
	require.Equal(t, access.Direct, b.grant(t, directRead, dana).Reason, "the row keeps its reason")
	require.Equal(t, 1, b.events(t, a, "permission_changed"))
	require.Zero(t, b.events(t, directWrite, "permission_changed"))

	tomb := b.doc(t, db.SpaceWiki, "eng", "tomb")
	b.drain(t)
	require.Equal(t, db.PermissionWrite, b.grant(t, tomb, dana).Permission)
	_, err := b.docs.Delete(b.ctx, tomb)
	require.NoError(t, err)

	lowered, n := b.share(t, "eng", dana, db.PermissionRead)
	require.Equal(t, access.PermissionRead, lowered.Permission)
	require.Zero(t, n)
	require.Equal(t, db.PermissionRead, b.grant(t, a, dana).Permission)
	require.Equal(t, "read", b.lastPermission(t, a, "permission_changed"))
	require.Equal(t, db.PermissionWrite, b.grant(t, directRead, dana).Permission, "a direct grant is never lowered")
	require.Equal(t, db.PermissionWrite, b.grant(t, directWrite, dana).Permission)
	require.Equal(t, db.PermissionRead, b.grant(t, tomb, dana).Permission, "a tombstone's folder grant is lowered too")

	// A document moving to a folder shared at read has its folder write grant lowered.
	_, n = b.share(t, "eng/hot", dana, db.PermissionWrite)
	require.Zero(t, n)
	hot := b.doc(t, db.SpaceWiki, "eng/hot", "h")
	b.drain(t)
	require.Equal(t, db.PermissionWrite, b.grant(t, hot, dana).Permission)
	b.move(t, hot, "eng")
	b.drain(t)
	require.Equal(t, &folderGrantRow{Reason: access.Folder, Permission: db.PermissionRead, Batch: b.grant(t, hot, dana).Batch}, b.grant(t, hot, dana))
}

func TestFolderShareErrors(t *testing.T) {
	t.Parallel()
	b := folderSetup(t)
	dana := pgtest.UserPrincipal(b.dana.ID)
	share := func(ctx context.Context, space db.Space, path string, p access.Principal, perm db.Permission) error {
		_, _, err := b.folders.Share(ctx, document.Space(space), path, p, access.Permission(perm))
		return err
	}
	field := func(err error) string {
		fe := fault.As(err)
		require.NotNil(t, fe, "%v", err)
		return string(fe.Code) + " " + fe.Field
	}
	require.Equal(t, "BAD_USER_INPUT space", field(share(b.ctx, "nope", "eng", dana, db.PermissionRead)))
	require.Equal(t, "BAD_USER_INPUT path", field(share(b.ctx, db.SpaceWiki, "../eng", dana, db.PermissionRead)))
	require.Equal(t, "BAD_USER_INPUT path", field(share(b.ctx, db.SpaceWiki, "Eng//x", dana, db.PermissionRead)))
	require.Equal(t, "BAD_USER_INPUT permission", field(share(b.ctx, db.SpaceWiki, "eng", dana, "admin")))
	require.Equal(t, "BAD_USER_INPUT principal", field(share(b.ctx, db.SpaceWiki, "eng", pgtest.UserPrincipal(b.owner.ID), db.PermissionRead)))
	require.Equal(t, "BAD_USER_INPUT principal", field(share(b.ctx, db.SpaceWiki, "eng", pgtest.UserPrincipal(auth.ManagementID), db.PermissionRead)))
	require.Equal(t, "BAD_USER_INPUT principal", field(share(b.ctx, db.SpaceWiki, "eng", access.Principal{Type: "robot", ID: b.dana.ID}, db.PermissionRead)))
	require.Equal(t, "NOT_FOUND principal", field(share(b.ctx, db.SpaceWiki, "eng", pgtest.UserPrincipal(uuid.Must(uuid.NewV7())), db.PermissionRead)))
	require.Equal(t, "NOT_FOUND principal", field(share(b.ctx, db.SpaceWiki, "eng", pgtest.GroupPrincipal(uuid.Must(uuid.NewV7())), db.PermissionRead)))

	theirAgent := pgtest.CreateAgent(t, b.pool, b.dana.ID)
	require.Equal(t, fault.Forbidden, fault.CodeOf(share(b.ctx, db.SpaceWiki, "eng", pgtest.UserPrincipal(theirAgent.ID), db.PermissionRead)))
	myAgent := pgtest.CreateAgent(t, b.pool, b.owner.ID)
	require.NoError(t, share(b.ctx, db.SpaceWiki, "eng", pgtest.UserPrincipal(myAgent.ID), db.PermissionRead))

	mgmt := pgtest.ActingAsManagement()
	require.Equal(t, fault.Forbidden, fault.CodeOf(share(mgmt, db.SpaceWiki, "eng", dana, db.PermissionRead)))
	require.Equal(t, fault.Unauthenticated, fault.CodeOf(share(context.Background(), db.SpaceWiki, "eng", dana, db.PermissionRead)))
	_, err := b.folders.Unshare(mgmt, uuid.Must(uuid.NewV7()))
	require.Equal(t, fault.Forbidden, fault.CodeOf(err))
	_, err = b.folders.List(mgmt, nil)
	require.Equal(t, fault.Forbidden, fault.CodeOf(err))
	_, err = b.folders.List(b.ctx, pgtest.Ptr(document.Space("nope")))
	require.Equal(t, "BAD_USER_INPUT space", field(err))
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM folder_shares WHERE principal_id <> $1`, myAgent.ID))
}

// Documents created while a share is being made all end up granted: the
// share reaches those committed before it looks, the applier the others.
func TestFolderShareConcurrentArrivals(t *testing.T) {
	t.Parallel()
	b := folderSetup(t)
	dana := pgtest.UserPrincipal(b.dana.ID)
	const n = 20
	ids := make(chan uuid.UUID, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			ids <- pgtest.CreateDocument(t, b.pool, b.owner.ID, pgtest.Doc{Path: "eng/c", Slug: fmt.Sprintf("d-%d", i)}).ID
		})
	}
	wg.Go(func() {
		_, _, err := b.folders.Share(b.ctx, document.SpaceWiki, "eng", dana, access.PermissionRead)
		assert.NoError(t, err)
	})
	wg.Go(func() { assert.NoError(t, b.worker.Drain(context.Background())) })
	wg.Wait()
	close(ids)
	b.drain(t)
	for id := range ids {
		require.NotNil(t, b.grant(t, id, dana), id)
	}
}
