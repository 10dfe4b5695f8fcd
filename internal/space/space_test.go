package space_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/access"
	"codna/internal/auth"
	"codna/internal/document"
	"codna/internal/fault"
	"codna/internal/pgtest"
	"codna/internal/space"
)

type bundle struct {
	pool *pgxpool.Pool
	svc  *space.Service
	docs *document.Service
}

func setup(t *testing.T) *bundle {
	t.Helper()
	d := pgtest.New(t)
	docs := document.New(d.Pool, document.DefaultConfig)
	return &bundle{pool: d.Pool, svc: space.New(d.Pool, docs), docs: docs}
}

func (b *bundle) setDefault(t *testing.T, sp document.Space, a space.Access) {
	t.Helper()
	_, err := b.svc.SetDefault(pgtest.ActingAsManagement(), sp, a)
	require.NoError(t, err)
}

func (b *bundle) create(t *testing.T, ctx context.Context, sp document.Space, path, slug string, choice space.Choice, shareWith ...string) *document.Doc {
	t.Helper()
	d, err := b.svc.Create(ctx, space.NewPage{
		CreateInput: document.CreateInput{Space: sp, Path: path, Slug: slug, Title: pgtest.Ptr(slug), Content: "Body of " + slug + ".\n"},
		Access:      choice, ShareWith: shareWith,
	})
	require.NoError(t, err)
	return d
}

// grants is the document's document_access rows as "type:reason:permission".
func (b *bundle) grants(t *testing.T, id uuid.UUID) []string {
	t.Helper()
	rows, err := b.pool.Query(context.Background(),
		`SELECT principal_type::text || ':' || grant_reason || ':' || permission::text FROM document_access WHERE document_id = $1 ORDER BY principal_type, grant_reason`, id)
	require.NoError(t, err)
	var out []string
	for rows.Next() {
		var s string
		require.NoError(t, rows.Scan(&s))
		out = append(out, s)
	}
	require.NoError(t, rows.Err())
	return out
}

func (b *bundle) canRead(t *testing.T, p pgtest.Person, id uuid.UUID) bool {
	t.Helper()
	lv, err := document.Levels(context.Background(), b.pool, pgtest.ActingAsActor(p), []uuid.UUID{id})
	require.NoError(t, err)
	return lv[id].CanRead()
}

func TestSetDefaultIsManagementsAndAudited(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ada := pgtest.CreatePerson(t, b.pool)
	bot := pgtest.CreateAgent(t, b.pool, ada.ID)

	_, err := b.svc.SetDefault(pgtest.ActingAs(ada), document.SpaceWiki, space.EveryoneRead)
	pgtest.RequireCode(t, err, fault.Forbidden, "")
	_, err = b.svc.SetDefault(pgtest.ActingAsAgent(bot), document.SpaceWiki, space.EveryoneRead)
	pgtest.RequireCode(t, err, fault.Forbidden, "")
	_, err = b.svc.SetDefault(context.Background(), document.SpaceWiki, space.EveryoneRead)
	pgtest.RequireCode(t, err, fault.Unauthenticated, "")
	_, err = b.svc.SetDefault(pgtest.ActingAsManagement(), "attic", space.EveryoneRead)
	pgtest.RequireCode(t, err, fault.BadInput, "space")
	_, err = b.svc.SetDefault(pgtest.ActingAsManagement(), document.SpaceWiki, "everyone_write")
	pgtest.RequireCode(t, err, fault.BadInput, "access")
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM space_settings`))

	// Before any is set: private everywhere, for people and management alike.
	for _, ctx := range []context.Context{pgtest.ActingAs(ada), pgtest.ActingAsManagement(), pgtest.ActingAsAgent(bot)} {
		ds, err := b.svc.Defaults(ctx)
		require.NoError(t, err)
		require.Equal(t, []space.Default{{Space: document.SpaceWiki, Access: space.Private}, {Space: document.SpaceRaw, Access: space.Private}, {Space: document.SpaceOutput, Access: space.Private}}, ds)
	}
	_, err = b.svc.Defaults(context.Background())
	pgtest.RequireCode(t, err, fault.Unauthenticated, "")

	d, err := b.svc.SetDefault(pgtest.ActingAsManagement(), document.SpaceWiki, "Everyone-Read")
	require.NoError(t, err)
	require.Equal(t, space.EveryoneRead, d.Access)
	require.NotNil(t, d.UpdatedAt)
	ds, err := b.svc.Defaults(pgtest.ActingAs(ada))
	require.NoError(t, err)
	require.Equal(t, space.EveryoneRead, ds[0].Access)
	require.NotNil(t, ds[0].UpdatedAt)
	require.Equal(t, space.Private, ds[1].Access)
	b.setDefault(t, document.SpaceWiki, space.Private)

	// Each change is audited with what it was before, in order.
	rows, err := b.pool.Query(context.Background(), `SELECT action, via, details FROM management_audit ORDER BY created_at, id`)
	require.NoError(t, err)
	type entry struct {
		Action, Via string
		Details     map[string]any
	}
	var got []entry
	for rows.Next() {
		var e entry
		var raw []byte
		require.NoError(t, rows.Scan(&e.Action, &e.Via, &raw))
		require.NoError(t, json.Unmarshal(raw, &e.Details))
		got = append(got, e)
	}
	require.NoError(t, rows.Err())
	require.Equal(t, []entry{
		{Action: "space.default", Via: "token", Details: map[string]any{"space": "wiki", "access": "everyone_read", "previous": "private"}},
		{Action: "space.default", Via: "token", Details: map[string]any{"space": "wiki", "access": "private", "previous": "everyone_read"}},
	}, got)
}

func TestEveryoneReadGrantsEveryoneInTheCreationsTransaction(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ada, ben := pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool)
	before := b.create(t, pgtest.ActingAs(ada), document.SpaceWiki, "team", "before", "")
	b.setDefault(t, document.SpaceWiki, space.EveryoneRead)

	d := b.create(t, pgtest.ActingAs(ada), document.SpaceWiki, "team", "welcome", "")
	require.Equal(t, []string{"group:space_default:read"}, b.grants(t, d.ID))
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM document_access da JOIN documents d ON d.id = da.document_id
		WHERE da.document_id = $1 AND da.principal_id = $2 AND da.granted_by = $3 AND da.created_at = d.created_at`, d.ID, auth.EveryoneID, ada.ID),
		"to Everyone, by the owner, in the creation's transaction (the same now())")
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM access_events WHERE document_id = $1 AND action = 'granted' AND grant_reason = 'space_default'`, d.ID))
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM events WHERE document_id = $1 AND event_type = 'access.granted'`, d.ID))
	require.True(t, b.canRead(t, ben, d.ID), "a colleague reads the new page")

	// Changing the default never rewrites existing pages.
	require.Empty(t, b.grants(t, before.ID))
	require.False(t, b.canRead(t, ben, before.ID))
	b.setDefault(t, document.SpaceWiki, space.Private)
	require.Equal(t, []string{"group:space_default:read"}, b.grants(t, d.ID))

	// Other spaces keep their own default (private).
	raw := b.create(t, pgtest.ActingAs(ada), document.SpaceRaw, "", "original", "")
	require.Empty(t, b.grants(t, raw.ID))

	// Revocable by the owner like any grant.
	b.setDefault(t, document.SpaceWiki, space.EveryoneRead)
	again := b.create(t, pgtest.ActingAs(ada), document.SpaceWiki, "", "again", "")
	err := access.New(b.pool).RevokeGrant(pgtest.ActingAs(ada), again.ID, pgtest.GroupPrincipal(auth.EveryoneID))
	require.NoError(t, err)
	require.False(t, b.canRead(t, ben, again.ID))
}

func TestPrivateWritesNoGrant(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ada, ben := pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool)
	for _, choice := range []space.Choice{"", space.ChoiceDefault, space.ChoicePrivate} {
		d := b.create(t, pgtest.ActingAs(ada), document.SpaceWiki, "", "page-"+string(choice)+"x", choice)
		require.Empty(t, b.grants(t, d.ID), "no document_access row: ownership is created_by")
		require.False(t, b.canRead(t, ben, d.ID))
	}
	// Set explicitly to private: the same.
	b.setDefault(t, document.SpaceWiki, space.Private)
	d := b.create(t, pgtest.ActingAs(ada), document.SpaceWiki, "", "explicit", "")
	require.Empty(t, b.grants(t, d.ID))
}

func TestTheAuthorsChoiceOverridesTheDefault(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ada, ben, cy := pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool)
	b.setDefault(t, document.SpaceWiki, space.EveryoneRead)

	// Private in an everyone-read space.
	mine := b.create(t, pgtest.ActingAs(ada), document.SpaceWiki, "", "mine", space.ChoicePrivate)
	require.Empty(t, b.grants(t, mine.ID))
	require.False(t, b.canRead(t, ben, mine.ID))

	// Everyone in a private space: the author shared it (direct, in a batch).
	open := b.create(t, pgtest.ActingAs(ada), document.SpaceOutput, "", "open", space.ChoiceEveryoneRead)
	require.Equal(t, []string{"group:direct:read"}, b.grants(t, open.ID))
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM document_access WHERE document_id = $1 AND batch_id IS NOT NULL`, open.ID))
	require.True(t, b.canRead(t, ben, open.ID))

	// Everyone where that is the default: the default's grant.
	same := b.create(t, pgtest.ActingAs(ada), document.SpaceWiki, "", "same", space.ChoiceEveryoneRead)
	require.Equal(t, []string{"group:space_default:read"}, b.grants(t, same.ID))

	// Private, shared with Ben at creation: Ben is told, Cy does not see it.
	withBen := b.create(t, pgtest.ActingAs(ada), document.SpaceWiki, "", "with-ben", space.ChoicePrivate, ben.Email)
	require.Equal(t, []string{"user:direct:read"}, b.grants(t, withBen.ID))
	require.True(t, b.canRead(t, ben, withBen.ID))
	require.False(t, b.canRead(t, cy, withBen.ID))
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM notifications WHERE recipient_id = $1 AND type = 'access.granted'`, ben.ID))

	// A recipient a share refuses fails the creation: nothing is written.
	_, err := b.svc.Create(pgtest.ActingAs(ada), space.NewPage{
		CreateInput: document.CreateInput{Space: document.SpaceWiki, Slug: "never", Title: pgtest.Ptr("Never")},
		ShareWith:   []string{"nobody@example.com"},
	})
	pgtest.RequireCode(t, err, fault.BadInput, "shareWith")
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM documents WHERE slug = 'never'`))
	_, err = b.svc.Create(pgtest.ActingAs(ada), space.NewPage{
		CreateInput: document.CreateInput{Space: document.SpaceWiki, Slug: "never", Title: pgtest.Ptr("Never")}, Access: "public",
	})
	pgtest.RequireCode(t, err, fault.BadInput, "access")
	_, err = b.svc.Create(pgtest.ActingAsManagement(), space.NewPage{
		CreateInput: document.CreateInput{Space: document.SpaceWiki, Slug: "never", Title: pgtest.Ptr("Never")},
	})
	pgtest.RequireCode(t, err, fault.Forbidden, "")
}

func TestAgentsPagesFollowTheAgentRules(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ada := pgtest.CreatePerson(t, b.pool)
	bot := pgtest.CreateAgent(t, b.pool, ada.ID)
	b.setDefault(t, document.SpaceOutput, space.EveryoneRead)
	d, err := b.svc.Create(pgtest.ActingAsAgent(bot), space.NewPage{
		CreateInput: document.CreateInput{Space: document.SpaceOutput, Slug: "report", Title: pgtest.Ptr("Report")},
	})
	require.NoError(t, err)
	require.Equal(t, []string{"user:agent_responsible:read"}, b.grants(t, d.ID),
		"an agent's page is read by its people alone until shared, whatever the default")
	a, err := b.svc.Audience(pgtest.ActingAsAgent(bot), document.SpaceOutput, "")
	require.NoError(t, err)
	require.Equal(t, space.Private, a.Default)
	// A person's page there follows the default.
	mine := b.create(t, pgtest.ActingAs(ada), document.SpaceOutput, "", "mine", "")
	require.Equal(t, []string{"group:space_default:read"}, b.grants(t, mine.ID))
}

func TestAudienceShowsTheDefaultAndTheAskersFolderShares(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ada, ben, cy := pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool)
	platform := pgtest.CreateGroup(t, b.pool, ben.ID)
	folders := access.NewFolderService(b.pool)
	_, _, err := folders.Share(pgtest.ActingAs(ada), document.SpaceWiki, "engineering", pgtest.GroupPrincipal(platform.ID), access.PermissionRead)
	require.NoError(t, err)
	_, _, err = folders.Share(pgtest.ActingAs(ada), document.SpaceWiki, "engineering/secrets", pgtest.UserPrincipal(ben.ID), access.PermissionWrite)
	require.NoError(t, err)
	_, _, err = folders.Share(pgtest.ActingAs(ada), document.SpaceWiki, "sales", pgtest.UserPrincipal(ben.ID), access.PermissionRead)
	require.NoError(t, err)
	// Cy's own rule on the same folder is Cy's business, not Ada's.
	_, _, err = folders.Share(pgtest.ActingAs(cy), document.SpaceWiki, "engineering", pgtest.UserPrincipal(ben.ID), access.PermissionRead)
	require.NoError(t, err)
	b.setDefault(t, document.SpaceWiki, space.EveryoneRead)

	a, err := b.svc.Audience(pgtest.ActingAs(ada), document.SpaceWiki, "/engineering/secrets/keys/")
	require.NoError(t, err)
	require.Equal(t, space.EveryoneRead, a.Default)
	require.Equal(t, "engineering/secrets/keys", a.Path)
	require.Equal(t, []space.FolderAudience{
		{Path: "engineering", Principal: pgtest.GroupPrincipal(platform.ID), Label: "group:" + platform.Slug, Name: groupName(t, b, platform.ID), Permission: access.PermissionRead},
		{Path: "engineering/secrets", Principal: pgtest.UserPrincipal(ben.ID), Label: ben.Email, Name: ben.Name, Permission: access.PermissionWrite},
	}, a.Folders)

	// "engineering-old" is not inside "engineering"; the raw space has no rule.
	a, err = b.svc.Audience(pgtest.ActingAs(ada), document.SpaceWiki, "engineering-old")
	require.NoError(t, err)
	require.Empty(t, a.Folders)
	a, err = b.svc.Audience(pgtest.ActingAs(ada), document.SpaceRaw, "engineering")
	require.NoError(t, err)
	require.Empty(t, a.Folders)
	require.Equal(t, space.Private, a.Default)

	// Another person sees the default, and none of Ada's rules.
	a, err = b.svc.Audience(pgtest.ActingAs(ben), document.SpaceWiki, "engineering")
	require.NoError(t, err)
	require.Equal(t, space.EveryoneRead, a.Default)
	require.Empty(t, a.Folders)

	_, err = b.svc.Audience(pgtest.ActingAs(ada), document.SpaceWiki, "../up")
	pgtest.RequireCode(t, err, fault.BadInput, "path")
	_, err = b.svc.Audience(pgtest.ActingAsManagement(), document.SpaceWiki, "")
	pgtest.RequireCode(t, err, fault.Forbidden, "")
}

func groupName(t *testing.T, b *bundle, id uuid.UUID) string {
	t.Helper()
	var name string
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT name FROM groups WHERE id = $1`, id).Scan(&name))
	return name
}

func TestWhyCanISeeExplainsASpaceDefault(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ada, ben := pgtest.CreatePerson(t, b.pool), pgtest.CreatePerson(t, b.pool)
	b.setDefault(t, document.SpaceWiki, space.EveryoneRead)
	d := b.create(t, pgtest.ActingAs(ada), document.SpaceWiki, "", "welcome", "")
	w, err := access.New(b.pool).WhyCanISee(pgtest.ActingAs(ben), d.ID)
	require.NoError(t, err)
	require.False(t, w.Owner)
	require.Len(t, w.Grants, 1)
	g := w.Grants[0]
	require.Equal(t, access.SpaceDefault, g.Reason)
	require.Equal(t, "group:everyone", g.Label)
	require.Equal(t, &ada.ID, g.GrantedBy)
	require.WithinDuration(t, time.Now(), g.CreatedAt, time.Minute)
	require.Equal(t, "Everyone can read new pages in the wiki by default; "+ada.Name+" can revoke it.", g.Explanation)

	// A grant of another reason needs no words.
	shared := b.create(t, pgtest.ActingAs(ada), document.SpaceWiki, "", "shared", space.ChoicePrivate, ben.Email)
	w, err = access.New(b.pool).WhyCanISee(pgtest.ActingAs(ben), shared.ID)
	require.NoError(t, err)
	require.Len(t, w.Grants, 1)
	require.Empty(t, w.Grants[0].Explanation)
}
