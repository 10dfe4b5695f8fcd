package webhook

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"codna/internal/db"
)

// metrics is the sender's prometheus.Collector (Sender.Collector).
type metrics struct {
	s         *Service
	pending   *prometheus.Desc
	oldest    *prometheus.Desc
	delivered prometheus.Counter
	dead      prometheus.Counter
}

func newMetrics(s *Service) *metrics {
	return &metrics{
		s: s,
		pending: prometheus.NewDesc("codna_webhook_pending",
			"Webhook deliveries waiting to be delivered (all senders).", nil, nil),
		oldest: prometheus.NewDesc("codna_webhook_oldest_pending_seconds",
			"Age of the event of the oldest pending webhook delivery, in seconds (0 when there is none).", nil, nil),
		delivered: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "codna_webhook_delivered_total", Help: "Webhook deliveries this sender delivered (a 2xx answer).",
		}),
		dead: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "codna_webhook_dead_total", Help: "Webhook deliveries this sender recorded dead.",
		}),
	}
}

// Collector returns the sender's metrics: codna_webhook_pending,
// codna_webhook_oldest_pending_seconds (one query per scrape),
// codna_webhook_delivered_total and codna_webhook_dead_total.
func (x *Sender) Collector() prometheus.Collector { return x.metrics }

// Describe implements prometheus.Collector.
func (m *metrics) Describe(ch chan<- *prometheus.Desc) {
	ch <- m.pending
	ch <- m.oldest
	m.delivered.Describe(ch)
	m.dead.Describe(ch)
}

// Collect implements prometheus.Collector.
func (m *metrics) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if st, err := db.Q.WebhookDeliveryStats(ctx, m.s.pool); err != nil {
		m.s.log.Warn("webhook: metrics unavailable", "err", err)
	} else {
		ch <- prometheus.MustNewConstMetric(m.pending, prometheus.GaugeValue, float64(st.Pending))
		ch <- prometheus.MustNewConstMetric(m.oldest, prometheus.GaugeValue, st.OldestSeconds)
	}
	m.delivered.Collect(ch)
	m.dead.Collect(ch)
}
