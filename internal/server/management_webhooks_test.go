package server_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
	"codna/internal/webhook"
)

// Management's webhooks over GraphQL with a manage token: created with a
// secret shown once; a person's page creation arrives signed with exactly
// the metadata keys (no title, address or text); listed with its delivery;
// paused, resumed, pinged, rotated, deleted. A person sees none of it and
// is FORBIDDEN on the management fields; management is FORBIDDEN on
// people's createWebhook and cannot reach a person's webhook.
func TestManagementWebhooksOverGraphQL(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *config) {
		c.Webhooks = webhook.Config{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}, AllowHTTP: true, Poll: 50 * time.Millisecond}
	})
	require.NoError(t, b.app.WebhookSender.Start(context.Background()))
	t.Cleanup(b.app.WebhookSender.Stop)
	got := make(chan *http.Request, 10)
	bodies := make(chan []byte, 10)
	rc := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		got <- r
		bodies <- body
	}))
	t.Cleanup(rc.Close)
	mt := pgtest.CreateManageToken(t, b.pool)
	person := pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, person.ID)

	created := b.gql(t, mt, `mutation($i: CreateManagementWebhookInput!) { createManagementWebhook(input: $i) { secret webhook { `+webhookFields+` } } }`,
		map[string]any{"i": map[string]any{"url": rc.URL + "/m", "events": []string{"document.created"}, "space": "WIKI"}})
	secret := obj(created, "createManagementWebhook", "secret").(string)
	require.True(t, strings.HasPrefix(secret, "whsec_"))
	id := obj(created, "createManagementWebhook", "webhook", "id").(string)
	require.Equal(t, "", obj(created, "createManagementWebhook", "webhook", "pathPrefix"))

	doc := pgtest.CreateDocument(t, b.pool, person.ID, pgtest.Doc{Path: "hr/private", Title: "Salaries 2027", Content: "confidential"})
	require.NoError(t, b.app.Outbox.Drain(context.Background()))
	var r *http.Request
	select {
	case r = <-got:
	case <-time.After(10 * time.Second):
		t.Fatal("the event never arrived")
	}
	body := <-bodies
	wh, err := standardwebhooks.NewWebhook(secret)
	require.NoError(t, err)
	require.NoError(t, wh.Verify(body, r.Header))
	var m map[string]any
	require.NoError(t, json.Unmarshal(body, &m))
	require.ElementsMatch(t, []string{"type", "id", "timestamp", "data"}, keysOf(m))
	require.Equal(t, map[string]any{"document": map[string]any{"id": doc.ID.String(), "space": "wiki", "version": float64(1)}}, m["data"])
	for _, banned := range []string{"Salaries", "confidential", "hr/private", "title", "address"} {
		require.NotContains(t, string(body), banned)
	}

	require.Eventually(t, func() bool {
		l := b.gql(t, mt, `{ managementWebhooks { id deliveries(first: 5) { eventType status } } }`, nil)
		ds := obj(l["managementWebhooks"].([]any)[0], "deliveries").([]any)
		return len(ds) == 1 && obj(ds[0], "status") == "DELIVERED"
	}, 10*time.Second, 20*time.Millisecond)
	require.Equal(t, "PAUSED", obj(b.gql(t, mt, `mutation($id: ID!) { pauseManagementWebhook(id: $id) { webhook { status } } }`, map[string]any{"id": id}), "pauseManagementWebhook", "webhook", "status"))
	require.Equal(t, "ACTIVE", obj(b.gql(t, mt, `mutation($id: ID!) { resumeManagementWebhook(id: $id) { webhook { status } } }`, map[string]any{"id": id}), "resumeManagementWebhook", "webhook", "status"))
	b.gql(t, mt, `mutation($id: ID!) { pingManagementWebhook(id: $id) { delivery { id } } }`, map[string]any{"id": id})
	rot := b.gql(t, mt, `mutation($id: ID!) { rotateManagementWebhookSecret(id: $id) { secret } }`, map[string]any{"id": id})
	require.NotEqual(t, secret, obj(rot, "rotateManagementWebhookSecret", "secret"))

	// A person: nothing of management's, and FORBIDDEN on its fields.
	require.Empty(t, b.gql(t, tok, `{ webhooks { id } }`, nil)["webhooks"])
	for _, q := range []string{
		`{ managementWebhooks { id } }`,
		`mutation { createManagementWebhook(input: {url: "` + rc.URL + `"}) { secret } }`,
		`mutation { pauseManagementWebhook(id: "` + id + `") { webhook { id } } }`,
		`mutation { deleteManagementWebhook(id: "` + id + `") { id } }`,
	} {
		require.Equal(t, "FORBIDDEN", b.do(t, req{query: q, bearer: tok}).code(), q)
	}
	for _, q := range []string{
		`mutation { pauseWebhook(id: "` + id + `") { webhook { id } } }`,
		`mutation { deleteWebhook(id: "` + id + `") { id } }`,
	} {
		require.Equal(t, "NOT_FOUND", b.do(t, req{query: q, bearer: tok}).code(), q)
	}
	// Management: not people's fields, and never a person's webhook.
	require.Equal(t, "FORBIDDEN", b.do(t, req{query: `mutation { createWebhook(input: {url: "` + rc.URL + `"}) { secret } }`, bearer: mt}).code())
	mine := b.gql(t, tok, `mutation { createWebhook(input: {url: "`+rc.URL+`/p"}) { webhook { id } } }`, nil)
	pid := obj(mine, "createWebhook", "webhook", "id").(string)
	require.Equal(t, "NOT_FOUND", b.do(t, req{query: `mutation { deleteManagementWebhook(id: "` + pid + `") { id } }`, bearer: mt}).code())

	b.gql(t, mt, `mutation($id: ID!) { deleteManagementWebhook(id: $id) { id } }`, map[string]any{"id": id})
	require.Empty(t, b.gql(t, mt, `{ managementWebhooks { id } }`, nil)["managementWebhooks"])
}

func keysOf(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
