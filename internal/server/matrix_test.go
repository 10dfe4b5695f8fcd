package server_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/pgtest"
)

// TestPermissionMatrix asks every document query and mutation built so far
// as each kind of actor, and checks the answer docs/design.md#permissions
// gives: allowed,
// or NOT_FOUND / FORBIDDEN / UNAUTHENTICATED — and that nothing leaks
// through lists, folders, backlinks, traversal, revisions, diffs or counts.
func TestPermissionMatrix(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	owner := pgtest.CreatePerson(t, b.pool)
	writer := pgtest.CreatePerson(t, b.pool)
	reader := pgtest.CreatePerson(t, b.pool)
	member := pgtest.CreatePerson(t, b.pool)
	everyone := pgtest.CreatePerson(t, b.pool)
	gone := pgtest.CreatePerson(t, b.pool)
	group := pgtest.CreateGroup(t, b.pool, member.ID)
	agentWith := pgtest.CreateAgent(t, b.pool, owner.ID)
	agentWithout := pgtest.CreateAgent(t, b.pool, owner.ID)
	ownerTok := pgtest.CreatePersonToken(t, b.pool, owner.ID)

	// D: the document under test, in a folder of its own, linking to T and linked from L.
	d := b.create(t, ownerTok, "matrix", "plan", "Plan v1. See [target](target.md).")
	b.gql(t, ownerTok, `mutation($i: UpdateDocumentInput!) { updateDocument(input: $i) { changed } }`,
		map[string]any{"i": map[string]any{"id": d, "expectedVersion": 1, "content": "Plan v2. See [target](target.md)."}})
	b.create(t, ownerTok, "matrix", "target", "Target.")
	b.create(t, ownerTok, "matrix", "linker", "Links to [plan](plan.md).")
	// E: readable by every person through Everyone.
	e := b.create(t, ownerTok, "open", "notice", "For everyone.")
	b.drain(t)
	grant := func(doc, ptype, pid, perm string) {
		_, err := b.pool.Exec(ctx, `INSERT INTO document_access (id, document_id, principal_type, principal_id, permission)
			VALUES (gen_random_uuid(), $1, $2, $3, $4)`, doc, ptype, pid, perm)
		require.NoError(t, err)
	}
	grant(d, "user", writer.ID.String(), "write")
	grant(d, "user", reader.ID.String(), "read")
	grant(d, "user", gone.ID.String(), "read")
	grant(d, "group", group.ID.String(), "read")
	grant(d, "user", agentWith.ID.String(), "read")
	grant(e, "group", auth.EveryoneID.String(), "read")
	goneTok := pgtest.CreatePersonToken(t, b.pool, gone.ID)
	_, err := b.app.Manage.SetPersonActive(auth.ManagementContext(ctx), gone.ID, false)
	require.NoError(t, err)

	type actor struct {
		name   string
		token  string
		access string // owner | write | read | none | management | nobody
		readsE bool
	}
	actors := []actor{
		{"owner", ownerTok, "owner", true},
		{"write grantee", pgtest.CreatePersonToken(t, b.pool, writer.ID), "write", true},
		{"read grantee", pgtest.CreatePersonToken(t, b.pool, reader.ID), "read", true},
		{"group member", pgtest.CreatePersonToken(t, b.pool, member.ID), "read", true},
		{"person through Everyone only", pgtest.CreatePersonToken(t, b.pool, everyone.ID), "none", true},
		{"agent with a grant", agentWith.Token, "read", false},
		{"agent without a grant", agentWithout.Token, "none", false},
		{"management", pgtest.CreateManageToken(t, b.pool), "management", false},
		{"deactivated person", goneTok, "nobody", false},
	}
	vars := map[string]any{"id": d}
	reads := map[string]string{
		"document":         `query($id: ID!) { document(id: $id) { id title } }`,
		"revisions":        `query($id: ID!) { document(id: $id) { revisions { totalCount edges { node { content } } } } }`,
		"revision":         `query($id: ID!) { document(id: $id) { revision(version: 1) { content } } }`,
		"diff":             `query($id: ID!) { document(id: $id) { diff(from: 1, to: 2) } }`,
		"pathHistory":      `query($id: ID!) { document(id: $id) { pathHistory { path } } }`,
		"links":            `query($id: ID!) { document(id: $id) { links { state } backlinks { state } } }`,
		"related":          `query($id: ID!) { document(id: $id) { related(depth: 2) { depth } } }`,
		"linkGraph":        `query($id: ID!) { linkGraph(rootId: $id) { nodes { depth } } }`,
		"documentChangedQ": `query($id: ID!) { document(id: $id) { markdown myPermission } }`,
	}
	for _, a := range actors {
		t.Run(a.name, func(t *testing.T) {
			do := func(q string, v map[string]any) gqlResponse {
				return b.do(t, req{query: q, variables: v, bearer: a.token})
			}
			canRead := a.access == "owner" || a.access == "write" || a.access == "read"
			for name, q := range reads {
				r := do(q, vars)
				switch {
				case a.access == "nobody":
					require.Equal(t, "UNAUTHENTICATED", r.code(), name)
				case canRead:
					require.Empty(t, r.Errors, name)
				default:
					require.Equal(t, "NOT_FOUND", r.code(), name)
				}
			}
			if a.access == "nobody" {
				return
			}
			r := do(`{ documentByAddress(space: WIKI, path: "matrix", slug: "plan") { id } }`, nil)
			if canRead {
				require.Empty(t, r.Errors)
			} else {
				require.Equal(t, "NOT_FOUND", r.code())
			}

			// Lists, folders and counts leak nothing.
			r = do(`{ documents(first: 100) { edges { node { id } } } folders(space: WIKI) { path documents } folderTree(space: WIKI, path: "matrix") { documents { id } } }`, nil)
			if a.access == "management" {
				require.Empty(t, obj(r.Data, "documents", "edges"))
			}
			listed := map[string]bool{}
			for _, e := range obj(r.Data, "documents", "edges").([]any) {
				listed[obj(e, "node", "id").(string)] = true
			}
			require.Equal(t, canRead, listed[d], "documents list")
			require.Equal(t, a.readsE, listed[e], "Everyone reaches people only")
			inTree := false
			for _, x := range obj(r.Data, "folderTree", "documents").([]any) {
				inTree = inTree || obj(x, "id") == d
			}
			require.Equal(t, canRead, inTree, "folder tree")
			for _, f := range r.Data["folders"].([]any) {
				if obj(f, "path") == "matrix" {
					require.True(t, canRead)
					if a.access != "owner" {
						require.EqualValues(t, 1, obj(f, "documents"), "only the readable document counts")
					}
				}
			}

			// Backlinks of the target never name D for someone who cannot read D.
			r = do(`{ documentByAddress(space: WIKI, path: "matrix", slug: "target") { backlinks { source { id } } } }`, nil)
			if a.access == "owner" {
				require.Len(t, obj(r.Data, "documentByAddress", "backlinks").([]any), 1)
			} else {
				require.Equal(t, "NOT_FOUND", r.code(), "only the owner can read the target")
			}

			// Writes.
			update := do(`mutation($i: UpdateDocumentInput!) { updateDocument(input: $i) { changed } }`,
				map[string]any{"i": map[string]any{"id": d, "expectedVersion": 99, "title": "x"}})
			move := do(`mutation($i: MoveDocumentInput!) { moveDocument(input: $i) { document { id } } }`,
				map[string]any{"i": map[string]any{"id": d, "expectedVersion": 99, "slug": "moved"}})
			del := do(`mutation($i: DeleteDocumentInput!) { deleteDocument(input: $i) { document { id } } }`,
				map[string]any{"i": map[string]any{"id": "00000000-0000-7000-8000-000000000000"}})
			switch a.access {
			case "owner", "write":
				// Allowed: the stale version is the only objection.
				require.Equal(t, "CONFLICT", update.code())
				require.Equal(t, "CONFLICT", move.code())
			case "read":
				require.Equal(t, "FORBIDDEN", update.code())
				require.Equal(t, "FORBIDDEN", move.code())
			case "management":
				require.Equal(t, "FORBIDDEN", update.code())
				require.Equal(t, "FORBIDDEN", move.code())
			default:
				require.Equal(t, "NOT_FOUND", update.code())
				require.Equal(t, "NOT_FOUND", move.code())
			}
			if a.access == "management" {
				require.Equal(t, "FORBIDDEN", del.code())
			} else {
				require.Equal(t, "NOT_FOUND", del.code())
			}
			delD := do(`mutation($i: DeleteDocumentInput!) { deleteDocument(input: $i) { document { id } } }`,
				map[string]any{"i": map[string]any{"id": e}})
			switch a.access {
			case "owner":
				require.Empty(t, delD.Errors)
				restore := do(`mutation($i: RestoreDocumentInput!) { restoreDocument(input: $i) { document { id } } }`, map[string]any{"i": map[string]any{"id": e}})
				require.Empty(t, restore.Errors)
			case "management":
				require.Equal(t, "FORBIDDEN", delD.code())
			default:
				if a.readsE {
					require.Equal(t, "FORBIDDEN", delD.code(), "readers cannot delete")
				} else {
					require.Equal(t, "NOT_FOUND", delD.code())
				}
			}
			// Sharing: owners share, writers re-share, readers cannot;
			// explanations are for readers, the access list for the owner.
			shareD := do(`mutation($i: ShareInput!) { share(input: $i) { batchId } }`, map[string]any{"i": map[string]any{
				"documentIds": []string{d}, "recipients": []string{"group:everyone"}, "permission": "READ"}})
			why := do(`query($id: ID!) { document(id: $id) { whyCanISee { owner } } }`, vars)
			acl := do(`query($id: ID!) { document(id: $id) { access { recipient } } }`, vars)
			switch a.access {
			case "owner":
				require.Empty(t, shareD.Errors)
				require.Empty(t, why.Errors)
				require.Empty(t, acl.Errors)
				_, err := b.pool.Exec(ctx, `DELETE FROM document_access WHERE document_id = $1 AND principal_id = $2`, d, auth.EveryoneID)
				require.NoError(t, err)
			case "write":
				require.Empty(t, shareD.Errors, "writers re-share")
				require.Empty(t, why.Errors)
				require.Equal(t, "FORBIDDEN", acl.code())
				_, err := b.pool.Exec(ctx, `DELETE FROM document_access WHERE document_id = $1 AND principal_id = $2`, d, auth.EveryoneID)
				require.NoError(t, err)
			case "read":
				require.Equal(t, "FORBIDDEN", shareD.code())
				require.Empty(t, why.Errors)
				require.Equal(t, "FORBIDDEN", acl.code())
			case "management":
				require.Equal(t, "FORBIDDEN", shareD.code())
				require.Equal(t, "NOT_FOUND", why.code())
			default:
				require.Equal(t, "NOT_FOUND", shareD.code())
				require.Equal(t, "NOT_FOUND", why.code())
				require.Equal(t, "NOT_FOUND", acl.code())
			}

			counts := do(`{ inboxCounts { decisions total } }`, nil)
			require.Empty(t, counts.Errors)
			if a.access != "owner" {
				require.EqualValues(t, 0, obj(counts.Data, "inboxCounts", "decisions"), fmt.Sprint(a.name))
			}
		})
	}
}
