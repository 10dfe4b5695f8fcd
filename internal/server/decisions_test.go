package server_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/access"
	"codna/internal/auth"
	"codna/internal/document"
	"codna/internal/pgtest"
)

// decisionFixture: Olga owns the target wiki:kb/t; Rui can read it (how is
// the case's business) and owns wiki:notes/s, which links to it. Olga
// renames the target, so Rui holds one open link decision.
type decisionFixture struct {
	b              *bundle
	olga, rui      pgtest.Person
	ruiTok         string
	target, source uuid.UUID
	batch          uuid.UUID // the batch of the share that reached Rui, if any
	group          pgtest.Group
	folderShare    uuid.UUID
}

const decisionInbox = `{ inbox(filter: {requiresDecision: true}) { edges { node { id type status payload } } } }`

func newDecisionFixture(t *testing.T, b *bundle, reach string) *decisionFixture {
	t.Helper()
	f := &decisionFixture{b: b, olga: pgtest.CreatePerson(t, b.pool), rui: pgtest.CreatePerson(t, b.pool)}
	f.ruiTok = pgtest.CreatePersonToken(t, b.pool, f.rui.ID)
	f.target = pgtest.CreateDocument(t, b.pool, f.olga.ID, pgtest.Doc{Path: "kb", Slug: "t", Title: "T", Content: "Secret plans."}).ID
	asOlga := pgtest.ActingAs(f.olga)
	switch reach {
	case "direct":
		res, err := f.b.app.Access.Share(asOlga, access.ShareInput{DocumentIDs: []uuid.UUID{f.target}, Recipients: []string{f.rui.Email}})
		require.NoError(t, err)
		f.batch = res.BatchID
	case "group":
		f.group = pgtest.CreateGroup(t, b.pool, f.rui.ID)
		_, err := f.b.app.Access.Share(asOlga, access.ShareInput{DocumentIDs: []uuid.UUID{f.target}, Recipients: []string{"group:" + f.group.Slug}})
		require.NoError(t, err)
	case "folder":
		fs, _, err := f.b.app.Folders.Share(asOlga, document.SpaceWiki, "kb", access.Principal{Type: access.PrincipalUser, ID: f.rui.ID}, access.PermissionRead)
		require.NoError(t, err)
		f.folderShare = fs.ID
	default:
		t.Fatalf("no reach %q", reach)
	}
	f.source = pgtest.CreateDocument(t, b.pool, f.rui.ID, pgtest.Doc{Path: "notes", Slug: "s", Title: "S", Content: "See [t](../kb/t.md)."}).ID
	b.drain(t)
	_, err := f.b.app.Document.Move(asOlga, document.MoveInput{ID: f.target, Slug: pgtest.Ptr("t2")})
	require.NoError(t, err)
	b.drain(t)
	require.EqualValues(t, 1, b.decisions(t, f.ruiTok))
	n := f.decisionNotes(t)
	require.Len(t, n, 1)
	require.Equal(t, "UNREAD", n[0]["status"])
	pl := n[0]["payload"].(map[string]any)
	require.Equal(t, "wiki:kb/t2", pl["to"], "a reader of the target sees where it went")
	require.Equal(t, "wiki:kb/t", pl["from"])
	return f
}

func (f *decisionFixture) decisionNotes(t *testing.T) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, e := range obj(f.b.gql(t, f.ruiTok, decisionInbox, nil), "inbox", "edges").([]any) {
		out = append(out, obj(e, "node").(map[string]any))
	}
	return out
}

// requireCleared: Rui's decision cleared itself, names no address of the
// page he lost, and can be dismissed.
func (f *decisionFixture) requireCleared(t *testing.T) {
	t.Helper()
	require.Zero(t, f.b.decisions(t, f.ruiTok), "no decision is counted")
	require.Empty(t, obj(f.b.gql(t, f.ruiTok, `{ linkDecisions { edges { node { kind } } } }`, nil), "linkDecisions", "edges"))
	notes := f.decisionNotes(t)
	// The move's decision; a trashing before a purge raised a second one.
	require.NotEmpty(t, notes)
	for _, n := range notes {
		require.Equal(t, "RESOLVED", n["status"], "cleared once it can no longer be answered")
		raw, err := json.Marshal(n["payload"])
		require.NoError(t, err)
		require.NotContains(t, string(raw), "kb/", "no address of the page he can no longer read: %s", raw)
		require.NotContains(t, string(raw), f.target.String(), "nor its id")
		pl := n["payload"].(map[string]any)
		require.Equal(t, true, pl["targetUnreadable"])
		require.Equal(t, "a page you can no longer see", pl["target"])
		require.Equal(t, f.source.String(), pl["sourceId"])
	}
	n := notes[0]

	var stored string
	require.NoError(t, f.b.pool.QueryRow(context.Background(), `SELECT payload::text FROM notifications WHERE id = $1`, n["id"]).Scan(&stored))
	require.NotContains(t, stored, "kb/", "nor is one stored")

	d := f.b.gql(t, f.ruiTok, `mutation($i: NotificationInput!) { dismissNotification(input: $i) { notification { status payload } counts { total } } }`,
		map[string]any{"i": map[string]any{"id": n["id"]}})
	require.Equal(t, "DISMISSED", obj(d, "dismissNotification", "notification", "status"))
	raw, _ := json.Marshal(obj(d, "dismissNotification", "notification", "payload"))
	require.NotContains(t, string(raw), "kb/")
}

// Item: a link decision whose target its reader can no longer read clears
// itself, names no address of it, and can be dismissed — for every way
// access ends.
func TestDecisionsClearWhenTheReaderLosesTheTarget(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cases := []struct {
		name  string
		reach string
		lose  func(t *testing.T, f *decisionFixture)
	}{
		{"revoke", "direct", func(t *testing.T, f *decisionFixture) {
			require.NoError(t, f.b.app.Access.RevokeGrant(pgtest.ActingAs(f.olga), f.target, access.Principal{Type: access.PrincipalUser, ID: f.rui.ID}))
		}},
		{"revoke batch", "direct", func(t *testing.T, f *decisionFixture) {
			n, err := f.b.app.Access.RevokeBatch(pgtest.ActingAs(f.olga), f.batch)
			require.NoError(t, err)
			require.Equal(t, 1, n)
		}},
		{"folder share removed", "folder", func(t *testing.T, f *decisionFixture) {
			_, err := f.b.app.Folders.Unshare(pgtest.ActingAs(f.olga), f.folderShare)
			require.NoError(t, err)
		}},
		{"taken out of the group", "group", func(t *testing.T, f *decisionFixture) {
			_, err := f.b.app.Manage.RemoveMember(auth.ManagementContext(ctx), f.group.ID, f.rui.ID)
			require.NoError(t, err)
		}},
		{"group deleted", "group", func(t *testing.T, f *decisionFixture) {
			_, err := f.b.app.Manage.DeleteGroup(auth.ManagementContext(ctx), f.group.ID)
			require.NoError(t, err)
		}},
		{"target quarantined", "direct", func(t *testing.T, f *decisionFixture) {
			_, err := f.b.app.Manage.Quarantine(auth.ManagementContext(ctx), f.target, "Leaked credentials.")
			require.NoError(t, err)
		}},
		{"target purged", "direct", func(t *testing.T, f *decisionFixture) {
			_, err := f.b.app.Document.Delete(pgtest.ActingAs(f.olga), f.target)
			require.NoError(t, err)
			_, err = f.b.pool.Exec(ctx, `UPDATE documents SET purge_after = now() - interval '1 second' WHERE id = $1`, f.target)
			require.NoError(t, err)
			_, err = f.b.app.Document.PurgeDue(auth.SystemContext(ctx), 100)
			require.NoError(t, err)
		}},
		{"target transferred", "direct", func(t *testing.T, f *decisionFixture) {
			// Olga's documents go to Vera; the grant to Rui stays, so he
			// keeps his decision — then Vera revokes it.
			vera := pgtest.CreatePerson(t, f.b.pool)
			_, err := f.b.app.Manage.Transfer(auth.ManagementContext(ctx), f.olga.ID, vera.ID)
			require.NoError(t, err)
			f.b.drain(t)
			require.EqualValues(t, 1, f.b.decisions(t, f.ruiTok))
			require.NoError(t, f.b.app.Access.RevokeGrant(pgtest.ActingAs(vera), f.target, access.Principal{Type: access.PrincipalUser, ID: f.rui.ID}))
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			b := setup(t)
			f := newDecisionFixture(t, b, c.reach)
			c.lose(t, f)
			b.drain(t)
			f.requireCleared(t)
		})
	}
}

// A decision cleared because its reader lost the target comes back when
// they can read it again; losing the source (trashed) clears it too, and a
// restore brings it back. One open notification at a time.
func TestDecisionsFollowAccessBackAndForth(t *testing.T) {
	t.Parallel()
	b := setup(t)
	f := newDecisionFixture(t, b, "direct")
	open := func() int {
		var n int
		require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT count(*) FROM notifications
			WHERE recipient_id = $1 AND requires_decision AND status IN ('unread', 'read')`, f.rui.ID).Scan(&n))
		return n
	}
	require.NoError(t, f.b.app.Access.RevokeGrant(pgtest.ActingAs(f.olga), f.target, access.Principal{Type: access.PrincipalUser, ID: f.rui.ID}))
	b.drain(t)
	require.Zero(t, open())

	_, err := f.b.app.Access.Share(pgtest.ActingAs(f.olga), access.ShareInput{DocumentIDs: []uuid.UUID{f.target}, Recipients: []string{f.rui.Email}})
	require.NoError(t, err)
	b.drain(t)
	require.Equal(t, 1, open(), "readable again: the decision is raised again")
	require.EqualValues(t, 1, b.decisions(t, f.ruiTok))
	b.drain(t)
	require.Equal(t, 1, open(), "redelivery raises nothing twice")

	_, err = f.b.app.Document.Delete(pgtest.ActingAs(f.rui), f.source)
	require.NoError(t, err)
	b.drain(t)
	require.Zero(t, open(), "a trashed source needs no decision")
	_, err = f.b.app.Document.Restore(pgtest.ActingAs(f.rui), document.RestoreInput{ID: f.source})
	require.NoError(t, err)
	b.drain(t)
	require.Equal(t, 1, open())

	// The raised decision answers as any other.
	var link string
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT id FROM document_links WHERE source_id = $1`, f.source).Scan(&link))
	b.gql(t, f.ruiTok, `mutation($i: DecideLinkInput!) { decideLink(input: $i) { document { id } } }`,
		map[string]any{"i": map[string]any{"linkId": link, "answer": "UPDATE"}})
	require.Zero(t, open())
}

// Transferring the linking document's owner moves the decision with it:
// the old owner's clears itself, the new owner is asked.
func TestDecisionsFollowTheSourcesOwner(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	f := newDecisionFixture(t, b, "direct")
	vera := pgtest.CreatePerson(t, b.pool)
	veraTok := pgtest.CreatePersonToken(t, b.pool, vera.ID)
	_, err := f.b.app.Access.Share(pgtest.ActingAs(f.olga), access.ShareInput{DocumentIDs: []uuid.UUID{f.target}, Recipients: []string{vera.Email}})
	require.NoError(t, err)
	_, err = f.b.app.Manage.Transfer(auth.ManagementContext(ctx), f.rui.ID, vera.ID)
	require.NoError(t, err)
	b.drain(t)
	notes := f.decisionNotes(t)
	require.Len(t, notes, 1)
	require.Equal(t, "RESOLVED", notes[0]["status"])
	require.Zero(t, b.decisions(t, f.ruiTok))
	require.EqualValues(t, 1, b.decisions(t, veraTok))
	got := obj(b.gql(t, veraTok, decisionInbox, nil), "inbox", "edges").([]any)
	require.Len(t, got, 1)
	require.Equal(t, "UNREAD", obj(got[0], "node", "status"))
	require.Equal(t, "wiki:kb/t2", obj(got[0], "node", "payload", "to"))
}

// A link suggestion into a page its recipient can no longer read clears
// itself too.
func TestSuggestionDecisionsClearWhenTheTargetIsLost(t *testing.T) {
	t.Parallel()
	b := setup(t)
	f := newDecisionFixture(t, b, "direct")
	other := pgtest.CreateDocument(t, b.pool, f.olga.ID, pgtest.Doc{Path: "kb", Slug: "other", Title: "Other"}).ID
	_, err := f.b.app.Access.Share(pgtest.ActingAs(f.olga), access.ShareInput{DocumentIDs: []uuid.UUID{other}, Recipients: []string{f.rui.Email}})
	require.NoError(t, err)
	_, _, err = f.b.app.Linkgraph.Propose(pgtest.ActingAs(f.rui), f.source, other, "", nil, nil)
	require.NoError(t, err)
	require.EqualValues(t, 2, b.decisions(t, f.ruiTok))
	require.NoError(t, f.b.app.Access.RevokeGrant(pgtest.ActingAs(f.olga), other, access.Principal{Type: access.PrincipalUser, ID: f.rui.ID}))
	b.drain(t)
	require.EqualValues(t, 1, b.decisions(t, f.ruiTok))
	var status string
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT status FROM notifications
		WHERE recipient_id = $1 AND type = 'link.suggested'`, f.rui.ID).Scan(&status))
	require.Equal(t, "resolved", status)
}

// Every notification can be dismissed except a decision still waiting for
// its answer.
func TestOnlyOpenDecisionsRefuseDismissal(t *testing.T) {
	t.Parallel()
	b := setup(t)
	f := newDecisionFixture(t, b, "direct")
	id := f.decisionNotes(t)[0]["id"]
	dismiss := func() gqlResponse {
		return b.do(t, req{query: `mutation($i: NotificationInput!) { dismissNotification(input: $i) { notification { status } } }`,
			bearer: f.ruiTok, variables: map[string]any{"i": map[string]any{"id": id}}})
	}
	r := dismiss()
	require.Equal(t, "BAD_USER_INPUT", r.code())
	require.True(t, strings.Contains(r.Errors[0].Message, "answer"), r.Errors[0].Message)

	var link string
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT id FROM document_links WHERE source_id = $1`, f.source).Scan(&link))
	b.gql(t, f.ruiTok, `mutation($i: DecideLinkInput!) { decideLink(input: $i) { document { id } } }`,
		map[string]any{"i": map[string]any{"linkId": link, "answer": "KEEP"}})
	r = dismiss()
	require.Empty(t, r.Errors, "an answered decision can be dismissed")
	require.Equal(t, "DISMISSED", obj(r.Data, "dismissNotification", "notification", "status"))

	// Information, whatever its status.
	for _, e := range obj(b.gql(t, f.ruiTok, `{ inbox(filter: {requiresDecision: false}) { edges { node { id } } } }`, nil), "inbox", "edges").([]any) {
		r := b.do(t, req{query: `mutation($i: NotificationInput!) { dismissNotification(input: $i) { notification { status } } }`,
			bearer: f.ruiTok, variables: map[string]any{"i": map[string]any{"id": obj(e, "node", "id")}}})
		require.Empty(t, r.Errors)
	}
}

// TestATrashedTargetAsksItsLinkersWhoCouldReadIt (docs/design.md, "Trace:
// delete a linked document"): Olga trashes a
// page Rui could read and links to. Rui gets a broken-link decision that
// names the page by the title it had — never its address or id — though
// the tombstone is Olga's alone now; the decision keeper, run by the
// trashing, keeps it; Rui answers it (drop). Cy, whose page links to it too
// but who could never read it, is told nothing. A restore mends it.
func TestATrashedTargetAsksItsLinkersWhoCouldReadIt(t *testing.T) {
	t.Parallel()
	b := setup(t)
	f := newDecisionFixture(t, b, "direct")
	cy := pgtest.CreatePerson(t, b.pool)
	cyTok := pgtest.CreatePersonToken(t, b.pool, cy.ID)
	pgtest.CreateDocument(t, b.pool, cy.ID, pgtest.Doc{Path: "cy", Slug: "c", Title: "C", Content: "See [t2](../kb/t2.md)."})
	b.drain(t)
	require.Zero(t, b.decisions(t, cyTok))

	_, err := b.app.Document.Delete(pgtest.ActingAs(f.olga), f.target)
	require.NoError(t, err)
	b.drain(t)
	require.EqualValues(t, 1, b.decisions(t, f.ruiTok), "the deletion is Rui's decision (the move's was replaced)")
	require.Zero(t, b.decisions(t, cyTok), "who could not read the page is told nothing")
	var open map[string]any
	for _, n := range f.decisionNotes(t) {
		if n["status"] != "RESOLVED" {
			open = n
		}
	}
	require.NotNil(t, open)
	require.Equal(t, "link.target_deleted", open["type"])
	pl := open["payload"].(map[string]any)
	require.Equal(t, "T", pl["targetTitle"], "the title it had when Rui could read it")
	raw, err := json.Marshal(pl)
	require.NoError(t, err)
	require.NotContains(t, string(raw), "kb/", "no address: %s", raw)
	require.NotContains(t, string(raw), f.target.String(), "no id")
	require.Empty(t, obj(b.gql(t, f.ruiTok, `{ linkDecisions { edges { node { kind } } } }`, nil), "linkDecisions", "edges"),
		"linkDecisions lists decisions whose target Rui can read now: the tombstone is not one")

	// Rui drops the link: his page loses the markup, the decision resolves.
	var link string
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT id FROM document_links WHERE source_id = $1`, f.source).Scan(&link))
	r := b.do(t, req{query: `mutation($i: DecideLinkInput!) { decideLink(input: $i) { document { content } } }`, bearer: f.ruiTok,
		variables: map[string]any{"i": map[string]any{"linkId": link, "answer": "DROP"}}})
	require.Empty(t, r.Errors)
	require.NotContains(t, obj(r.Data, "decideLink", "document", "content"), "](")
	b.drain(t)
	require.Zero(t, b.decisions(t, f.ruiTok))
}

// TestARestoreClearsTheTrashedTargetsDecision: the decision a trashing raised
// for a linker resolves itself when the owner restores the page.
func TestARestoreClearsTheTrashedTargetsDecision(t *testing.T) {
	t.Parallel()
	b := setup(t)
	f := newDecisionFixture(t, b, "group")
	_, err := b.app.Document.Delete(pgtest.ActingAs(f.olga), f.target)
	require.NoError(t, err)
	b.drain(t)
	require.EqualValues(t, 1, b.decisions(t, f.ruiTok), "a reader through a group is asked too")
	_, err = b.app.Document.Restore(pgtest.ActingAs(f.olga), document.RestoreInput{ID: f.target})
	require.NoError(t, err)
	b.drain(t)
	require.EqualValues(t, 1, b.decisions(t, f.ruiTok), "back to the move's decision: the link is stale again, not broken")
	for _, n := range f.decisionNotes(t) {
		if n["type"] == "link.target_deleted" {
			require.Equal(t, "RESOLVED", n["status"])
		}
	}
}
