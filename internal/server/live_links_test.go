package server_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

// Link resolution runs after a save and changes no version: documentChanged
// still pushes the page when its links are made or resolved, and the target
// when its backlinks change, so an open page never shows "No links." for a
// body with links.
func TestDocumentChangedPushesWhenLinksResolve(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, p.ID)
	const q = `subscription($id: ID!) { documentChanged(id: $id) { id version links { state target { id } } backlinks { source { id } } } }`
	links := func(m map[string]any, field string) []any { return obj(m, "documentChanged", field).([]any) }

	alpha := b.create(t, tok, "", "alpha", "Alpha links to [beta](beta.md).\n")
	s := b.subscribe(t, "graphql-transport-ws", tok, q, map[string]any{"id": alpha})
	require.Empty(t, links(s.next(5*time.Second), "links"), "before resolution the link is not there yet")

	b.drain(t) // the link consumer makes alpha's edge (beta does not exist)
	got := s.next(5 * time.Second)
	require.EqualValues(t, 1, obj(got, "documentChanged", "version"), "no new version")
	require.Len(t, links(got, "links"), 1)
	require.Nil(t, links(got, "links")[0].(map[string]any)["target"])

	beta := b.create(t, tok, "", "beta", "Beta.\n")
	sb := b.subscribe(t, "graphql-transport-ws", tok, q, map[string]any{"id": beta})
	require.Empty(t, links(sb.next(5*time.Second), "backlinks"))
	b.drain(t) // alpha's edge now takes beta
	got = s.next(5 * time.Second)
	require.Equal(t, "RESOLVED", links(got, "links")[0].(map[string]any)["state"])
	require.Equal(t, beta, obj(links(got, "links")[0].(map[string]any), "target", "id"))
	back := links(sb.next(5*time.Second), "backlinks")
	require.Len(t, back, 1, "beta's open page hears of its new backlink")
	require.Equal(t, alpha, obj(back[0].(map[string]any), "source", "id"))
}
