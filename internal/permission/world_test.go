package permission_test

import (
	"archive/zip"
	"bytes"
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"codna/internal/access"
	"codna/internal/app"
	"codna/internal/archive"
	"codna/internal/auth"
	"codna/internal/automation"
	"codna/internal/comment"
	"codna/internal/document"
	"codna/internal/files"
	"codna/internal/graphwalk"
	"codna/internal/inbox"
	"codna/internal/ingest"
	"codna/internal/linkgraph"
	"codna/internal/pgtest"
	"codna/internal/search"
	"codna/internal/transfer"
	"codna/internal/webhook"
)

// world is one person's things, which a stranger — a person nobody shared
// anything with — must not see: two pages in wiki/perm (one linking to the
// other and to its own file), a tombstone, a share with a friend and with
// the owner's agent (which proposed a link), a folder rule, a group, an
// automation, an import, an export and an ingestion. ids are every id of
// them, each tried in turn as every id argument of a read; things are the
// values the services hand out (a page's Doc, the automation) for the
// methods that take them back.
type world struct {
	pool                    *pgxpool.Pool
	owner, stranger, friend pgtest.Person
	agent                   pgtest.Agent
	// The actors of the owner, the stranger (both by session) and the
	// agent (by its token), as the server authenticates them.
	ownerActor, strangerActor, agentActor *auth.Actor
	page, target                          *document.Doc
	attachment                            files.Attachment
	ids                                   []uuid.UUID
	things                                map[reflect.Type]reflect.Value
	secrets                               []string // titles and slugs no stranger may read
}

// find returns the service of type T among svcs.
func find[T any](t testing.TB, svcs []any) T {
	t.Helper()
	for _, s := range svcs {
		if v, ok := s.(T); ok {
			return v
		}
	}
	var zero T
	t.Fatalf("no %T among the services", zero)
	return zero
}

// newWorld builds, over a's database and through its services, the
// owner's things that every call is made against.
func newWorld(t *testing.T, a *app.App, svcs []any) *world {
	t.Helper()
	pool := a.Pool()
	w := &world{pool: pool, things: map[reflect.Type]reflect.Value{}}
	w.owner, w.stranger, w.friend = pgtest.CreatePerson(t, pool), pgtest.CreatePerson(t, pool), pgtest.CreatePerson(t, pool)
	w.agent = pgtest.CreateAgent(t, pool, w.owner.ID)
	group := pgtest.CreateGroup(t, pool, w.owner.ID)
	creds := find[*auth.Service](t, svcs)
	w.ownerActor, w.strangerActor = signIn(t, creds, w.owner), signIn(t, creds, w.stranger)
	var err error
	w.agentActor, err = creds.Authenticate(context.Background(), auth.Credentials{Bearer: w.agent.Token})
	require.NoError(t, err)
	owner, agentCtx := auth.WithActor(context.Background(), w.ownerActor), auth.WithActor(context.Background(), w.agentActor)
	docs := find[*document.Service](t, svcs)

	w.target = pgtest.CreateDocument(t, pool, w.owner.ID, pgtest.Doc{Path: "perm", Slug: "perm-target", Title: "Permission target", Content: "the target"})
	w.page = pgtest.CreateDocument(t, pool, w.owner.ID, pgtest.Doc{Path: "perm", Slug: "perm-page", Title: "Permission page", Tags: []string{"perm"}, Content: "[t](perm-target.md)"})
	tomb := pgtest.CreateDocument(t, pool, w.owner.ID, pgtest.Doc{Path: "perm", Slug: "perm-tomb", Title: "Permission tombstone"})
	_, err = docs.Delete(owner, tomb.ID)
	require.NoError(t, err)
	att, _, err := find[*files.Service](t, svcs).Upload(owner, w.page.ID, "note.txt", strings.NewReader("the owner's note"))
	require.NoError(t, err)
	_, _, err = docs.Update(owner, document.UpdateInput{ID: w.page.ID, ExpectedVersion: 1, Content: pgtest.Ptr("[t](perm-target.md) [n](perm-page.files/note.txt)")})
	require.NoError(t, err)

	sharing := find[*access.Service](t, svcs)
	shared, err := sharing.Share(owner, access.ShareInput{DocumentIDs: []uuid.UUID{w.page.ID, w.target.ID}, Recipients: []string{w.friend.Email, "agent:" + w.agent.Slug}, Permission: access.PermissionWrite})
	require.NoError(t, err)
	rule, _, err := find[*access.FolderService](t, svcs).Share(owner, document.SpaceWiki, "perm", pgtest.UserPrincipal(w.friend.ID), access.PermissionRead)
	require.NoError(t, err)
	suggestion, _, err := find[*linkgraph.Service](t, svcs).Propose(agentCtx, w.target.ID, w.page.ID, "agent_proposed", nil, nil)
	require.NoError(t, err)

	auto, err := find[*automation.Service](t, svcs).Create(owner, automation.Input{Name: "Permission automation", Kind: automation.KindEvent, TriggerEvents: []string{"document.created"}, Script: "1"})
	require.NoError(t, err)
	moves := find[*transfer.Service](t, svcs)
	export, err := moves.StartExport(owner, document.SpaceWiki, "perm")
	require.NoError(t, err)
	imp, err := moves.StartImport(owner, bytes.NewReader(zipOf(t, "imported.md", "# Imported")), "perm.zip", archive.FormatMarkdown, document.SpaceWiki, "perm-imported", "")
	require.NoError(t, err)
	ing, err := find[*ingest.Service](t, svcs).Ingest(owner, strings.NewReader("# Ingested"), "perm-ingested.md", "", "")
	require.NoError(t, err)
	hook, _, err := find[*webhook.Service](t, svcs).Create(owner, webhook.CreateInput{URL: "https://perm-hook.invalid/hook"})
	require.NoError(t, err)
	ping, err := find[*webhook.Service](t, svcs).Ping(owner, hook.ID)
	require.NoError(t, err)

	thread, err := find[*comment.Service](t, svcs).CreateThread(owner, comment.CreateThreadInput{DocumentID: w.page.ID, Body: "Permission comment", Kind: comment.KindQuestion})
	require.NoError(t, err)
	reply, err := find[*comment.Service](t, svcs).Reply(owner, thread.ID, "Permission reply")
	require.NoError(t, err)

	// The links and file references of the pages and the search index, as
	// serve's consumers write them (the App's outbox worker runs them all).
	require.NoError(t, a.Outbox.Drain(context.Background()))

	w.ids = []uuid.UUID{
		w.owner.ID, w.friend.ID, w.agent.ID, group.ID, w.page.ID, w.target.ID, tomb.ID, att.ID, shared.BatchID,
		rule.ID, suggestion.ID, auto.ID, export.ID, imp.ID, ing.ID, hook.ID, ping.ID, thread.ID, reply.ID,
	}
	for _, who := range []context.Context{owner, pgtest.ActingAs(w.friend), agentCtx} {
		notes, _, err := find[*inbox.Service](t, svcs).List(who, inbox.Filter{}, nil, 50)
		require.NoError(t, err)
		for _, n := range notes {
			w.ids = append(w.ids, n.ID)
		}
	}
	page, err := docs.Get(owner, w.page.ID)
	require.NoError(t, err)
	w.things[reflect.TypeFor[*document.Doc]()] = reflect.ValueOf(page)
	w.things[reflect.TypeFor[*automation.Automation]()] = reflect.ValueOf(auto)
	w.attachment = *att
	// What a stranger's read asks besides ids: the owner's folder, one or
	// a few of a thing, words on the owner's pages.
	w.things[reflect.TypeFor[int]()] = reflect.ValueOf(1)
	w.things[reflect.TypeFor[string]()] = reflect.ValueOf("perm")
	w.things[reflect.TypeFor[document.Space]()] = reflect.ValueOf(document.SpaceWiki)
	w.things[reflect.TypeFor[graphwalk.Direction]()] = reflect.ValueOf(graphwalk.Both)
	w.things[reflect.TypeFor[search.Request]()] = reflect.ValueOf(search.Request{Query: "Permission", First: 10})
	w.secrets = []string{"Permission page", "Permission target", "Permission tombstone", "perm-page", "perm-target", "perm-tomb", "the owner's note", "Permission automation", "perm-hook", "Permission comment", "Permission reply"}
	return w
}

// zipOf is a zip of one file.
func zipOf(t testing.TB, name, body string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	f, err := zw.Create(name)
	require.NoError(t, err)
	_, err = f.Write([]byte(body))
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

// signIn is the actor of p signed in by session.
func signIn(t testing.TB, creds *auth.Service, p pgtest.Person) *auth.Actor {
	t.Helper()
	s, err := creds.Login(context.Background(), auth.LoginRequest{Email: p.Email, Password: pgtest.Password})
	require.NoError(t, err)
	a, err := creds.Authenticate(context.Background(), auth.Credentials{Session: s.Secret})
	require.NoError(t, err)
	return a
}
