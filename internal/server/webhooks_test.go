package server_test

import (
	"context"
	"fmt"
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

const webhookFields = `id url events space pathPrefix status statusReason consecutiveDead previousSecretUntil createdAt updatedAt`

// A person's webhooks over GraphQL: created with a secret shown once, a
// ping delivered and verified by the Standard Webhooks library, its
// delivery listed, paused and resumed, the secret rotated, redelivered,
// deleted; another person's id is NOT_FOUND and an agent is FORBIDDEN.
func TestWebhooksOverGraphQL(t *testing.T) {
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

	owner := pgtest.CreatePerson(t, b.pool)
	tok := pgtest.CreatePersonToken(t, b.pool, owner.ID)
	other := pgtest.CreatePersonToken(t, b.pool, pgtest.CreatePerson(t, b.pool).ID)

	created := b.gql(t, tok, `mutation($i: CreateWebhookInput!) { createWebhook(input: $i) { secret webhook { `+webhookFields+` } } }`, map[string]any{"i": map[string]any{
		"url": rc.URL + "/hook", "events": []string{"document.created"}, "space": "WIKI", "pathPrefix": "eng",
	}})
	w := obj(created, "createWebhook", "webhook").(map[string]any)
	secret := obj(created, "createWebhook", "secret").(string)
	require.True(t, strings.HasPrefix(secret, "whsec_"))
	require.Equal(t, "ACTIVE", w["status"])
	require.Equal(t, "WIKI", w["space"])
	require.Equal(t, []any{"document.created"}, w["events"])
	id := w["id"].(string)
	require.NotContains(t, fmt.Sprint(b.gql(t, tok, `{ webhooks { `+webhookFields+` } }`, nil)), secret[len("whsec_"):], "the secret is shown once")

	ping := b.gql(t, tok, `mutation($id: ID!) { pingWebhook(id: $id) { delivery { id eventType status } } }`, map[string]any{"id": id})
	require.Equal(t, "webhook.ping", obj(ping, "pingWebhook", "delivery", "eventType"))
	var r *http.Request
	select {
	case r = <-got:
	case <-time.After(10 * time.Second):
		t.Fatal("the ping never arrived")
	}
	body := <-bodies
	wh, err := standardwebhooks.NewWebhook(secret)
	require.NoError(t, err)
	require.NoError(t, wh.Verify(body, r.Header))
	require.Eventually(t, func() bool {
		l := b.gql(t, tok, `{ webhooks { id deliveries(first: 5) { id seq status attempts lastStatus lastError } } }`, nil)
		ds := obj(l["webhooks"].([]any)[0], "deliveries").([]any)
		return len(ds) == 1 && obj(ds[0], "status") == "DELIVERED"
	}, 10*time.Second, 20*time.Millisecond)

	for _, m := range []string{"pauseWebhook", "resumeWebhook"} {
		b.gql(t, tok, `mutation($id: ID!) { `+m+`(id: $id) { webhook { status } } }`, map[string]any{"id": id})
	}
	rot := b.gql(t, tok, `mutation($id: ID!) { rotateWebhookSecret(id: $id) { secret webhook { previousSecretUntil } } }`, map[string]any{"id": id})
	require.NotEqual(t, secret, obj(rot, "rotateWebhookSecret", "secret"))
	require.NotNil(t, obj(rot, "rotateWebhookSecret", "webhook", "previousSecretUntil"))
	re := b.gql(t, tok, `mutation($id: ID!) { redeliverWebhookDelivery(id: $id) { delivery { status } } }`, map[string]any{"id": obj(ping, "pingWebhook", "delivery", "id")})
	require.Equal(t, "PENDING", obj(re, "redeliverWebhookDelivery", "delivery", "status"))

	for _, m := range []string{
		`mutation($id: ID!) { pauseWebhook(id: $id) { webhook { id } } }`,
		`mutation($id: ID!) { deleteWebhook(id: $id) { id } }`,
		`mutation($id: ID!) { pingWebhook(id: $id) { delivery { id } } }`,
		`mutation($id: ID!) { rotateWebhookSecret(id: $id) { secret } }`,
	} {
		res := b.do(t, req{query: m, variables: map[string]any{"id": id}, bearer: other})
		require.Equal(t, "NOT_FOUND", res.code(), m)
	}
	agent := pgtest.CreateAgent(t, b.pool, owner.ID)
	res := b.do(t, req{query: `{ webhooks { id } }`, bearer: agent.Token})
	require.Equal(t, "FORBIDDEN", res.code())
	res = b.do(t, req{query: `mutation { createWebhook(input: {url: "http://10.0.0.1/hook"}) { secret } }`, bearer: tok})
	require.Equal(t, "BAD_USER_INPUT", res.code())

	b.gql(t, tok, `mutation($id: ID!) { deleteWebhook(id: $id) { id } }`, map[string]any{"id": id})
	require.Empty(t, b.gql(t, tok, `{ webhooks { id } }`, nil)["webhooks"])
}
