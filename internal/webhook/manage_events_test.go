package webhook_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"codna/internal/auth"
	"codna/internal/pgtest"
	"codna/internal/webhook"
)

// The other bodies management gets, each with exactly its metadata keys:
// a link's state change (the link's id, states and target id), a revoked
// grant (permission and principal), a trash, and a purge (the id and
// space, the page being gone) — never a title, address, path or text.
func TestManagementBodiesOfEveryKindHoldMetadataOnly(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	reader := pgtest.CreatePerson(t, e.d.Pool)
	target := pgtest.CreateDocument(t, e.d.Pool, e.p.ID, pgtest.Doc{Path: "eng", Slug: "target", Title: "Target title"})
	source := pgtest.CreateDocument(t, e.d.Pool, e.p.ID, pgtest.Doc{Path: "eng", Slug: "source", Title: "Source title", Content: "See [the target](target.md)."})
	pgtest.Grant(t, e.d.Pool, source.ID, "user", reader.ID, "read")
	e.drain()

	rc := newReceiver(t, nil)
	_, _, err := e.a.Webhook.ManagementCreate(pgtest.ActingAsManagement(), webhook.CreateInput{URL: rc.srv.URL,
		Events: []string{"link.state_changed", "access.revoked", "document.trashed", "document.purged"}})
	require.NoError(t, err)
	_, err = e.a.Document.Delete(e.ctx, target.ID) // the trash, and the source's link breaks
	require.NoError(t, err)
	e.drain()
	require.NoError(t, e.a.Access.RevokeGrant(e.ctx, source.ID, pgtest.UserPrincipal(reader.ID)))
	e.drain()
	pgtest.Exec(t, e.d.Pool, `UPDATE documents SET purge_after = now() - interval '1 second' WHERE id = $1`, target.ID)
	n, err := e.a.Document.PurgeDue(auth.SystemContext(context.Background()), 10)
	require.NoError(t, err)
	require.Equal(t, 1, n)
	e.drain()
	e.sender()

	require.Eventually(t, func() bool { return len(rc.got()) == 4 }, 10*time.Second, 10*time.Millisecond)
	seen := map[string]bool{}
	for _, h := range rc.got() {
		for _, banned := range []string{"title", "address", "eng", "target.md", reader.Name, reader.Email} {
			require.NotContains(t, string(h.body), banned)
		}
		raw := json.RawMessage(h.body)
		require.Equal(t, []string{"data", "id", "timestamp", "type"}, keys(t, raw))
		var top struct{ Type string }
		require.NoError(t, json.Unmarshal(raw, &top))
		seen[top.Type] = true
		data := member(t, raw, "data")
		doc := member(t, data, "document")
		switch top.Type {
		case "document.trashed":
			require.Equal(t, []string{"document"}, keys(t, data))
			require.Equal(t, []string{"id", "space", "version"}, keys(t, doc))
			require.Contains(t, string(doc), target.ID.String())
		case "document.purged":
			require.Equal(t, []string{"document"}, keys(t, data))
			require.Equal(t, []string{"id", "space"}, keys(t, doc))
			require.Contains(t, string(doc), target.ID.String())
		case "link.state_changed":
			require.Equal(t, []string{"document", "link"}, keys(t, data))
			require.Equal(t, []string{"id", "space", "version"}, keys(t, doc))
			require.Contains(t, string(doc), source.ID.String())
			link := member(t, data, "link")
			require.Equal(t, []string{"from", "id", "targetId", "to"}, keys(t, link))
			require.Contains(t, string(link), target.ID.String())
		case "access.revoked":
			require.Equal(t, []string{"access", "document"}, keys(t, data))
			require.Equal(t, []string{"id", "space", "version"}, keys(t, doc))
			acc := member(t, data, "access")
			require.Equal(t, []string{"permission", "principal"}, keys(t, acc))
			require.Contains(t, string(acc), reader.ID.String())
		}
	}
	require.Len(t, seen, 4, "one of each: %v", seen)
}
