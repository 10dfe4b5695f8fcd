package webhook_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/access"
	"codna/internal/pgtest"
	"codna/internal/webhook"
)

// accessBody is an access event's body as a receiver reads it.
type accessBody struct {
	Type string `json:"type"`
	Data struct {
		Document struct {
			ID    string `json:"id"`
			Title string `json:"title"`
		} `json:"document"`
		Access *struct {
			Permission string `json:"permission"`
			Principal  *struct {
				Type string `json:"type"`
				ID   string `json:"id"`
			} `json:"principal"`
		} `json:"access"`
	} `json:"data"`
}

// A grant is told to the page's readers, naming the principal to the
// owner (who made it) only; its revocation reaches the one who lost
// access, with ids only, and the grant's own delivery to them, unsent
// when they lost access, never goes out.
func TestAccessEventsNameThePrincipalToTheOwnerOnly(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	reader := pgtest.CreatePerson(t, e.d.Pool)
	onlooker := pgtest.CreatePerson(t, e.d.Pool)
	doc := pgtest.CreateDocument(t, e.d.Pool, e.p.ID, pgtest.Doc{Title: "Shared plans"})
	pgtest.Grant(t, e.d.Pool, doc.ID, "user", onlooker.ID, "read")
	e.drain() // the creation: not subscribed yet

	rcs := map[string]*receiver{}
	for name, p := range map[string]pgtest.Person{"owner": e.p, "reader": reader, "onlooker": onlooker} {
		rcs[name] = newReceiver(t, nil)
		_, _, err := e.a.Webhook.Create(pgtest.ActingAs(p), webhook.CreateInput{URL: rcs[name].srv.URL, Events: []string{"access.granted", "access.revoked"}})
		require.NoError(t, err)
	}
	_, err := e.a.Access.Share(e.ctx, access.ShareInput{DocumentIDs: []uuid.UUID{doc.ID}, Recipients: []string{reader.Email}})
	require.NoError(t, err)
	e.drain()
	require.NoError(t, e.a.Access.RevokeGrant(e.ctx, doc.ID, pgtest.UserPrincipal(reader.ID)))
	e.drain()
	e.sender()

	read := func(name string, n int) []accessBody {
		rc := rcs[name]
		require.Eventually(t, func() bool { return len(rc.got()) == n }, 10*time.Second, 10*time.Millisecond, name)
		var out []accessBody
		for _, h := range rc.got() {
			var b accessBody
			require.NoError(t, json.Unmarshal(h.body, &b))
			out = append(out, b)
		}
		return out
	}
	owner := read("owner", 2)
	require.Equal(t, "access.granted", owner[0].Type)
	require.Equal(t, reader.ID.String(), owner[0].Data.Access.Principal.ID)
	require.Equal(t, "access.revoked", owner[1].Type)
	require.Equal(t, reader.ID.String(), owner[1].Data.Access.Principal.ID)
	require.Empty(t, owner[1].Data.Document.Title, "ids only")

	on := read("onlooker", 2)
	require.Equal(t, "Shared plans", on[0].Data.Document.Title)
	require.Nil(t, on[0].Data.Access.Principal, "a reader is not told whom the page was shared with")
	require.Nil(t, on[1].Data.Access.Principal)

	// The grant's delivery to the reader was queued while they could read
	// the page, and found unreadable when sent: dead, never sent.
	rd := read("reader", 1)
	require.Equal(t, "access.revoked", rd[0].Type, "the one who lost access hears of it")
	require.Empty(t, rd[0].Data.Document.Title)
	require.Equal(t, doc.ID.String(), rd[0].Data.Document.ID)
}
