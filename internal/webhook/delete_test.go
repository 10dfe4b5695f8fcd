package webhook_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
	"codna/internal/webhook"
)

// A deleted webhook takes its deliveries with it, and so does its owner's
// row when deleted (the trigger of migration 000045, which replaced the
// foreign key's cascade); another webhook's deliveries stay.
func TestDeletedWebhookTakesItsDeliveries(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	rc := newReceiver(t, nil)
	count := func(w webhook.Webhook) int {
		return pgtest.Count(t, e.d.Pool, `SELECT count(*) FROM webhook_deliveries WHERE subscription_id = $1`, w.ID)
	}
	create := func(p pgtest.Person) webhook.Webhook {
		w, _, err := e.a.Webhook.Create(pgtest.ActingAs(p), webhook.CreateInput{URL: rc.srv.URL + "/hook"})
		require.NoError(t, err)
		for range 2 {
			_, err := e.a.Webhook.Ping(pgtest.ActingAs(p), w.ID)
			require.NoError(t, err)
		}
		require.Equal(t, 2, count(w))
		return w
	}

	gone, kept := create(e.p), create(e.p)
	require.NoError(t, e.a.Webhook.Delete(e.ctx, gone.ID))
	require.Zero(t, count(gone))
	require.Equal(t, 2, count(kept))

	other := pgtest.CreatePerson(t, e.d.Pool)
	theirs := create(other)
	_, err := e.d.Pool.Exec(e.ctx, `DELETE FROM users WHERE id = $1`, other.ID)
	require.NoError(t, err)
	require.Zero(t, pgtest.Count(t, e.d.Pool, `SELECT count(*) FROM webhook_subscriptions WHERE id = $1`, theirs.ID))
	require.Zero(t, count(theirs))
	require.Equal(t, 2, count(kept))
}
