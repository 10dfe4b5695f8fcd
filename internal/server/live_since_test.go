package server_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

// documentChanged(since:) closes the race between a page's read and its
// subscription's start: when nothing changed since the read, nothing is
// pushed first; a change in between (a save, or link resolution that
// changes no version) is pushed first.
func TestDocumentChangedSinceDigest(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, p.ID)
	const q = `subscription($id: ID!, $since: String) { documentChanged(id: $id, since: $since) { id version } }`
	digest := func(id string) string {
		return obj(b.gql(t, tok, `query($id: ID!) { document(id: $id) { liveDigest } }`, map[string]any{"id": id}), "document", "liveDigest").(string)
	}

	beta := b.create(t, tok, "", "beta", "Beta.\n")
	b.drain(t)
	read := digest(beta)
	require.Equal(t, read, digest(beta), "the digest is stable while nothing changes")

	// Nothing changed since the read: no first push, so the first push is
	// the next change (a timed-out read would end the websocket, so the
	// absence is shown by what comes first).
	quiet := b.subscribe(t, "graphql-transport-ws", tok, q, map[string]any{"id": beta, "since": read})
	time.Sleep(500 * time.Millisecond) // the subscription has started and read the page
	b.gql(t, tok, `mutation($i: UpdateDocumentInput!) { updateDocument(input: $i) { changed } }`, map[string]any{"i": map[string]any{"id": beta, "expectedVersion": 1, "content": "Beta, edited.\n"}})
	require.EqualValues(t, 2, obj(quiet.next(5*time.Second), "documentChanged", "version"), "the page as read is not pushed again")

	// A backlink made between the read and the subscription changes no version
	// but the digest: the first push says so.
	read = digest(beta)
	b.create(t, tok, "", "alpha", "Alpha links to [beta](beta.md).\n")
	b.drain(t)
	require.NotEqual(t, read, digest(beta), "a new backlink changes the digest")
	late := b.subscribe(t, "graphql-transport-ws", tok, q, map[string]any{"id": beta, "since": read})
	require.EqualValues(t, 2, obj(late.next(5*time.Second), "documentChanged", "version"), "the change before the subscription is pushed first")

	// Without since, the current state comes first as before.
	plain := b.subscribe(t, "graphql-transport-ws", tok, q, map[string]any{"id": beta})
	require.Equal(t, beta, obj(plain.next(5*time.Second), "documentChanged", "id"))
}
