package server_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

// purgeDocument and emptyTrash over GraphQL: the owner's trashed page goes
// for good; a live one is BAD_USER_INPUT; someone else's is NOT_FOUND;
// emptyTrash says how many it purged.
func TestPurgeAndEmptyTrashOverGraphQL(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	other := pgtest.CreatePerson(t, b.pool)
	tok, otherTok := pgtest.CreatePersonToken(t, b.pool, p.ID), pgtest.CreatePersonToken(t, b.pool, other.ID)
	const purge = `mutation($i: DocumentRefInput!) { purgeDocument(input: $i) { documentId } }`
	const trash = `mutation($i: DeleteDocumentInput!) { deleteDocument(input: $i) { document { id } } }`
	a, c, live := b.create(t, tok, "", "a", "A"), b.create(t, tok, "", "c", "C"), b.create(t, tok, "", "live", "L")

	r := b.do(t, req{query: purge, variables: map[string]any{"i": map[string]any{"documentId": live}}, bearer: tok})
	require.Equal(t, "BAD_USER_INPUT", r.code())
	require.Equal(t, "documentId", r.Errors[0].Extensions["field"])
	for _, id := range []string{a, c} {
		b.gql(t, tok, trash, map[string]any{"i": map[string]any{"id": id}})
	}
	r = b.do(t, req{query: purge, variables: map[string]any{"i": map[string]any{"documentId": a}}, bearer: otherTok})
	require.Equal(t, "NOT_FOUND", r.code())
	r = b.do(t, req{query: purge, variables: map[string]any{"i": map[string]any{"documentId": "nope"}}, bearer: tok})
	require.Equal(t, "BAD_USER_INPUT", r.code())

	d := b.gql(t, tok, purge, map[string]any{"i": map[string]any{"documentId": a}})
	require.Equal(t, a, obj(d, "purgeDocument", "documentId"))
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM documents WHERE id = $1`, a))

	require.EqualValues(t, 0, obj(b.gql(t, otherTok, `mutation { emptyTrash { purged } }`, nil), "emptyTrash", "purged"))
	require.EqualValues(t, 1, obj(b.gql(t, tok, `mutation { emptyTrash { purged } }`, nil), "emptyTrash", "purged"))
	require.Zero(t, pgtest.Count(t, b.pool, `SELECT count(*) FROM documents WHERE id = $1`, c))
	require.Equal(t, 1, pgtest.Count(t, b.pool, `SELECT count(*) FROM documents WHERE id = $1`, live))
}
