package server_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

const folderSub = `subscription($space: Space!, $path: String) { folderChanged(space: $space, path: $path) { space path folders { path documents } documents { id title path slug } } }`

// folderTitles are the titles of a folderChanged push's pages.
func folderTitles(t *testing.T, m map[string]any) []string {
	t.Helper()
	var out []string
	for _, d := range obj(m, "folderChanged", "documents").([]any) {
		out = append(out, d.(map[string]any)["title"].(string))
	}
	return out
}

// folderChanged follows other people's pages: a page someone else creates,
// moves out, or trashes in a folder the subscriber sees is pushed; a page
// the subscriber cannot read sends nothing at all.
func TestFolderChangedFollowsOthersPages(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ada := pgtest.CreatePerson(t, b.pool)
	bob := pgtest.CreatePerson(t, b.pool)
	adaTok := pgtest.CreatePersonToken(t, b.pool, ada.ID)
	bobTok := pgtest.CreatePersonToken(t, b.pool, bob.ID)
	create := func(slug, title, access string) string {
		d := b.gql(t, bobTok, `mutation($i: CreateDocumentInput!) { createDocument(input: $i) { document { id } } }`, map[string]any{"i": map[string]any{
			"space": "WIKI", "path": "team", "slug": slug, "title": title, "content": "x\n", "access": access,
		}})
		return obj(d, "createDocument", "document", "id").(string)
	}

	s := b.subscribe(t, "graphql-transport-ws", adaTok, folderSub, map[string]any{"space": "WIKI", "path": "team"})
	first := s.next(5 * time.Second)
	require.Equal(t, "team", obj(first, "folderChanged", "path"))
	require.Empty(t, folderTitles(t, first), "the folder is empty at first")
	root := b.subscribe(t, "graphql-transport-ws", adaTok, folderSub, map[string]any{"space": "WIKI"})
	require.Empty(t, obj(root.next(5*time.Second), "folderChanged", "folders"))

	// Bob's private page: Ada cannot read it, so nothing is pushed, neither
	// for the folder nor for the space's top (where the folder would appear).
	secret := create("secret", "Secret plans", "PRIVATE")
	// Then a page Ada can read: the next push is that one, with no secret in it.
	time.Sleep(300 * time.Millisecond) // past the debounce: the private page had its chance to push
	create("open", "Open notes", "EVERYONE_READ")
	got := s.next(5 * time.Second)
	require.Equal(t, []string{"Open notes"}, folderTitles(t, got), "only the readable page, and it is the first push since")
	top := root.next(5 * time.Second)
	require.Equal(t, []any{map[string]any{"path": "team", "documents": float64(1)}}, obj(top, "folderChanged", "folders"), "the folder appears at the top, counting what Ada reads")

	// Bob moves a second readable page in, then out; then trashes the first.
	moved := create("moving", "Moving page", "EVERYONE_READ")
	require.ElementsMatch(t, []string{"Open notes", "Moving page"}, folderTitles(t, s.next(5*time.Second)))
	b.gql(t, bobTok, `mutation($i: MoveDocumentInput!) { moveDocument(input: $i) { document { id } } }`, map[string]any{"i": map[string]any{"id": moved, "path": "elsewhere"}})
	require.Equal(t, []string{"Open notes"}, folderTitles(t, s.next(5*time.Second)), "a page moved out leaves the folder")
	open := obj(got, "folderChanged", "documents").([]any)[0].(map[string]any)["id"].(string)
	// A new title (a save that changes it) shows; a save of the body alone changes nothing shown.
	b.gql(t, bobTok, `mutation($i: UpdateDocumentInput!) { updateDocument(input: $i) { changed } }`, map[string]any{"i": map[string]any{"id": open, "expectedVersion": 1, "content": "y\n"}})
	b.gql(t, bobTok, `mutation($i: UpdateDocumentInput!) { updateDocument(input: $i) { changed } }`, map[string]any{"i": map[string]any{"id": open, "expectedVersion": 2, "title": "Open notes, retitled"}})
	require.Equal(t, []string{"Open notes, retitled"}, folderTitles(t, s.next(5*time.Second)), "a retitled page shows its new title")
	b.gql(t, bobTok, `mutation($i: DeleteDocumentInput!) { deleteDocument(input: $i) { document { id } } }`, map[string]any{"i": map[string]any{"id": open}})
	require.Empty(t, folderTitles(t, s.next(5*time.Second)), "a trashed page leaves the folder")

	// Shared with Ada, the private page comes into her folder.
	b.gql(t, bobTok, `mutation($i: ShareInput!) { share(input: $i) { batchId } }`, map[string]any{"i": map[string]any{
		"documentIds": []string{secret}, "recipients": []string{ada.Email}, "permission": "READ",
	}})
	require.Equal(t, []string{"Secret plans"}, folderTitles(t, s.next(5*time.Second)), "a page shared with the subscriber appears")
}

// folderChanged needs a signed-in reader.
func TestFolderChangedNeedsSignIn(t *testing.T) {
	t.Parallel()
	b := setup(t)
	c, _, err := b.dial(t, "graphql-transport-ws", nil)
	require.NoError(t, err)
	write(t, c, map[string]any{"type": "connection_init", "payload": map[string]any{}})
	ack := read(t, c)
	if ack.Type != "connection_ack" {
		return // an anonymous websocket is refused outright
	}
	write(t, c, map[string]any{"id": "1", "type": "subscribe", "payload": map[string]any{"query": folderSub, "variables": map[string]any{"space": "WIKI"}}})
	m := read(t, c)
	require.Contains(t, string(m.Payload), "UNAUTHENTICATED", "nobody is sent no folder")
	require.NotContains(t, string(m.Payload), `"documents"`)
}
