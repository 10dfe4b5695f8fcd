package mail

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"

	"codna/internal/db"
)

var (
	queuedDesc = prometheus.NewDesc("codna_mail_queued", "Mails queued, not yet sent, failed or dropped (all replicas).", nil, nil)
	oldestDesc = prometheus.NewDesc("codna_mail_oldest_queued_age_seconds", "How long ago the oldest queued mail was queued (0 for none).", nil, nil)
)

// metrics are the mail series: the queue's, read from the database at
// scrape time, and the counters of this process's senders.
type metrics struct {
	pool                  *pgxpool.Pool
	sent, failed, dropped prometheus.Counter
}

func newMetrics(pool *pgxpool.Pool) *metrics {
	return &metrics{
		pool:    pool,
		sent:    prometheus.NewCounter(prometheus.CounterOpts{Name: "codna_mail_sent_total", Help: "Mails the SMTP server accepted, sent by this process."}),
		failed:  prometheus.NewCounter(prometheus.CounterOpts{Name: "codna_mail_failed_total", Help: "Mails failed for good (5xx, or retried for 72 h) by this process."}),
		dropped: prometheus.NewCounter(prometheus.CounterOpts{Name: "codna_mail_dropped_total", Help: "Mails not sent because what they named was gone (a deactivated recipient, a used invitation) by this process."}),
	}
}

func (m *metrics) Describe(ch chan<- *prometheus.Desc) {
	ch <- queuedDesc
	ch <- oldestDesc
	m.sent.Describe(ch)
	m.failed.Describe(ch)
	m.dropped.Describe(ch)
}

// Collect reads the queue's size and age (one indexed query, bounded to
// 2 s: a scrape never hangs on the database; a failed read leaves the two
// gauges out of that scrape).
func (m *metrics) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if st, err := db.Q.MailOutboxStats(ctx, m.pool); err == nil {
		ch <- prometheus.MustNewConstMetric(queuedDesc, prometheus.GaugeValue, float64(st.Queued))
		ch <- prometheus.MustNewConstMetric(oldestDesc, prometheus.GaugeValue, st.OldestAgeSeconds)
	}
	m.sent.Collect(ch)
	m.failed.Collect(ch)
	m.dropped.Collect(ch)
}
