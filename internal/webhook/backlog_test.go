package webhook_test

import (
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"codna/internal/pgtest"
	"codna/internal/webhook"
)

// A webhook already holding MaxPending pending deliveries gets the next
// event's delivery dead, "backlog full"; the metrics count what waits.
func TestBacklogFullAndPendingMetrics(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	w, _, err := e.a.Webhook.Create(e.ctx, webhook.CreateInput{URL: "https://hooks.invalid/full"})
	require.NoError(t, err)
	pgtest.Exec(t, e.d.Pool, `INSERT INTO webhook_deliveries (id, subscription_id, seq, event_type, body, expires_at, event_at)
		SELECT gen_random_uuid(), $1, n, 'webhook.ping', '{}', now() + interval '1 hour', now() - interval '1 minute'
		FROM generate_series(1, $2::int) AS n`, w.ID, webhook.MaxPending)
	pgtest.Exec(t, e.d.Pool, `UPDATE webhook_subscriptions SET next_seq = $2 WHERE id = $1`, w.ID, webhook.MaxPending+1)

	pgtest.CreateDocument(t, e.d.Pool, e.p.ID, pgtest.Doc{})
	e.drain()
	ds := e.deliveries(e.ctx, w)
	require.Equal(t, int64(webhook.MaxPending+1), ds[0].Seq)
	require.Equal(t, "document.created", ds[0].EventType)
	require.Equal(t, webhook.DeliveryDead, ds[0].Status)
	require.Equal(t, "backlog full", ds[0].LastError)

	reg := prometheus.NewPedanticRegistry()
	require.NoError(t, reg.Register(e.a.WebhookSender.Collector()))
	mfs, err := reg.Gather()
	require.NoError(t, err)
	got := map[string]float64{}
	for _, mf := range mfs {
		for _, m := range mf.GetMetric() {
			if g := m.GetGauge(); g != nil {
				got[mf.GetName()] = g.GetValue()
			}
		}
	}
	require.EqualValues(t, webhook.MaxPending, got["codna_webhook_pending"])
	require.GreaterOrEqual(t, got["codna_webhook_oldest_pending_seconds"], 59.0)
}
