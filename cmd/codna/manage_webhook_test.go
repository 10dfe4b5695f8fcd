package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
)

// Management's webhooks from the CLI: create prints the secret once, list
// shows the hook (never its secret), disable pauses it, deliveries shows
// each delivery's status, attempts, last answer and error and its times;
// bad flags are usage errors, an unknown id is NOT_FOUND, and a person's
// webhook is not management's.
func TestManageWebhooksFromTheCLI(t *testing.T) {
	d := pgtest.New(t)
	t.Setenv("CODNA_DATABASE_URL", d.URL)
	t.Setenv("CODNA_WEBHOOK_ALLOW_CIDRS", "127.0.0.1/32")
	t.Setenv("CODNA_WEBHOOK_ALLOW_HTTP", "true")
	rc := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) }))
	t.Cleanup(rc.Close)
	ctx := context.Background()

	_, _, err := runCLI(t, "", "manage", "webhook", "create")
	var ue usageError
	require.ErrorAs(t, err, &ue)
	require.ErrorContains(t, err, "--url")
	_, _, err = runCLI(t, "", "manage", "webhook", "create", "--url", rc.URL, "--events", "document.exploded")
	require.ErrorContains(t, err, "BAD_USER_INPUT")
	_, _, err = runCLI(t, "", "manage", "webhook", "create", "--url", "http://10.1.2.3/hook")
	require.ErrorContains(t, err, "BAD_USER_INPUT")

	out, _, err := runCLI(t, "", "manage", "webhook", "create", "--url", rc.URL+"/hook", "--events", "document.created, document.trashed", "--space", "wiki")
	require.NoError(t, err)
	secret := regexp.MustCompile(`whsec_[A-Za-z0-9+/=]+`).FindString(out)
	require.NotEmpty(t, secret, out)
	id := uuid.MustParse(regexp.MustCompile(`webhook ([0-9a-f-]{36}) created`).FindStringSubmatch(out)[1])

	out, _, err = runCLI(t, "", "manage", "webhook", "list")
	require.NoError(t, err)
	require.Contains(t, out, id.String())
	require.Contains(t, out, rc.URL+"/hook")
	require.Contains(t, out, "document.created,document.trashed")
	require.Contains(t, out, "wiki")
	require.Contains(t, out, "active")
	require.NotContains(t, out, secret)

	// A delivery as the sender leaves one that kept failing.
	did := uuid.Must(uuid.NewV7())
	_, err = d.Pool.Exec(ctx, `INSERT INTO webhook_deliveries (id, subscription_id, seq, event_type, body, status, attempts, last_status, last_error, expires_at, event_at)
		VALUES ($1, $2, 1, 'document.created', '{}', 'dead', 4, 500, '500 Internal Server Error', now(), now())`, did, id)
	require.NoError(t, err)
	out, _, err = runCLI(t, "", "manage", "webhook", "deliveries", "--id", id.String())
	require.NoError(t, err)
	require.Contains(t, out, "LAST STATUS")
	line := ""
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, did.String()) {
			line = l
		}
	}
	require.NotEmpty(t, line, out)
	for _, want := range []string{"document.created", "dead", " 4 ", "500", "500 Internal Server Error"} {
		require.Contains(t, line, want)
	}
	_, _, err = runCLI(t, "", "manage", "webhook", "deliveries", "--id", id.String(), "--first", "0")
	require.ErrorAs(t, err, &ue)

	out, _, err = runCLI(t, "", "manage", "webhook", "disable", "--id", id.String())
	require.NoError(t, err)
	require.Contains(t, out, "paused")
	out, _, err = runCLI(t, "", "manage", "webhook", "list")
	require.NoError(t, err)
	require.Contains(t, out, "paused")
	out, _, err = runCLI(t, "", "manage", "webhook", "enable", "--id", id.String())
	require.NoError(t, err)
	require.Contains(t, out, "active")

	var actions []string
	rows, err := d.Pool.Query(ctx, `SELECT action FROM management_audit WHERE via = 'cli' AND details->>'webhook_id' = $1 ORDER BY created_at, id`, id.String())
	require.NoError(t, err)
	for rows.Next() {
		var a string
		require.NoError(t, rows.Scan(&a))
		actions = append(actions, a)
	}
	require.NoError(t, rows.Err())
	require.Equal(t, []string{"webhook.create", "webhook.pause", "webhook.resume"}, actions, "each change audited, by the CLI")

	_, _, err = runCLI(t, "", "manage", "webhook", "disable")
	require.ErrorAs(t, err, &ue)
	_, _, err = runCLI(t, "", "manage", "webhook", "enable")
	require.ErrorAs(t, err, &ue)
	out, _, err = runCLI(t, "", "manage", "webhook", "delete", "--id", id.String())
	require.NoError(t, err)
	require.Contains(t, out, "deleted")
	out, _, err = runCLI(t, "", "manage", "webhook", "list")
	require.NoError(t, err)
	require.NotContains(t, out, id.String())
	var left int
	require.NoError(t, d.Pool.QueryRow(ctx, `SELECT count(*) FROM webhook_deliveries WHERE subscription_id = $1`, id).Scan(&left))
	require.Zero(t, left, "its deliveries went with it")
	_, _, err = runCLI(t, "", "manage", "webhook", "disable", "--id", uuid.NewString())
	require.ErrorContains(t, err, "NOT_FOUND")

	// A person's webhook is not management's.
	p := pgtest.CreatePerson(t, d.Pool)
	pid := uuid.Must(uuid.NewV7())
	_, err = d.Pool.Exec(ctx, `INSERT INTO webhook_subscriptions (id, owner_id, url, signing_key) VALUES ($1, $2, 'https://example.com/x', '\x00')`, pid, p.ID)
	require.NoError(t, err)
	_, _, err = runCLI(t, "", "manage", "webhook", "deliveries", "--id", pid.String())
	require.ErrorContains(t, err, "NOT_FOUND")
	out, _, err = runCLI(t, "", "manage", "webhook", "list")
	require.NoError(t, err)
	require.NotContains(t, out, pid.String())
}
