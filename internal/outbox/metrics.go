package outbox

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"codna/internal/db"
)

// depthCap bounds the count behind codna_outbox_queue_depth, so that a
// scrape during a huge backlog stays cheap (the count reads the partial
// index of unprocessed events, one entry per event).
const depthCap = 100_000

// metrics is the worker's prometheus.Collector (see Worker.Collector).
type metrics struct {
	w          *Worker
	depth      *prometheus.Desc
	oldest     *prometheus.Desc
	parkedNow  *prometheus.Desc
	laneDepth  *prometheus.Desc
	laneOldest *prometheus.Desc
	processed  prometheus.Counter
	delivered  *prometheus.CounterVec
	lag        *prometheus.HistogramVec
	failures   *prometheus.CounterVec
	timeouts   *prometheus.CounterVec
	parked     *prometheus.CounterVec
	// batchFallbacks counts batch consumer calls that failed and were
	// split into one call per event.
	batchFallbacks *prometheus.CounterVec
}

func newMetrics(w *Worker) *metrics {
	return &metrics{
		w: w,
		depth: prometheus.NewDesc("codna_outbox_queue_depth",
			"Outbox events not yet processed (all workers), counted up to 100000 (that value means at least as many).", nil, nil),
		oldest: prometheus.NewDesc("codna_outbox_oldest_unprocessed_seconds",
			"Age of the oldest outbox event not yet processed, in seconds (0 when there is none).", nil, nil),
		parkedNow: prometheus.NewDesc("codna_outbox_parked",
			"Parked (event, consumer) pairs waiting for management (all workers).", nil, nil),
		laneDepth: prometheus.NewDesc("codna_outbox_lane_depth",
			"Deliveries waiting in a consumer's lane (all workers), counted up to 100000.", []string{"consumer"}, nil),
		laneOldest: prometheus.NewDesc("codna_outbox_lane_oldest_seconds",
			"Age of the oldest event waiting in a consumer's lane, in seconds (0 when there is none): the lane's lag.", []string{"consumer"}, nil),
		delivered: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "codna_outbox_delivered_total",
			Help: "Deliveries this worker's lanes handled successfully.",
		}, []string{"consumer"}),
		lag: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "codna_outbox_lag_seconds",
			Help:    "From an event's creation to a consumer's success on it recorded, per consumer (this worker's lanes).",
			Buckets: []float64{0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2.5, 5, 10, 30, 60, 300, 1800},
		}, []string{"consumer"}),
		timeouts: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "codna_outbox_timeouts_total",
			Help: "Consumer calls of this worker that outran their time budget.",
		}, []string{"consumer"}),
		parked: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "codna_outbox_parked_total",
			Help: "(event, consumer) pairs this worker parked.",
		}, []string{"consumer"}),
		processed: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "codna_outbox_processed_total",
			Help: "Outbox events this worker marked processed.",
		}),
		batchFallbacks: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "codna_outbox_batch_fallbacks_total",
			Help: "Batch consumer calls of this worker that failed and were retried one event at a time.",
		}, []string{"consumer"}),
		failures: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "codna_outbox_failures_total",
			Help: "Failed (or panicking) consumer calls of this worker.",
		}, []string{"consumer"}),
	}
}

// Describe implements prometheus.Collector.
func (m *metrics) Describe(ch chan<- *prometheus.Desc) {
	ch <- m.depth
	ch <- m.oldest
	ch <- m.parkedNow
	ch <- m.laneDepth
	ch <- m.laneOldest
	m.processed.Describe(ch)
	m.delivered.Describe(ch)
	m.lag.Describe(ch)
	m.failures.Describe(ch)
	m.timeouts.Describe(ch)
	m.parked.Describe(ch)
	m.batchFallbacks.Describe(ch)
}

// Collect implements prometheus.Collector: one query for the queue gauges,
// one for the lanes'.
func (m *metrics) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if st, err := db.Q.EventGetStats(ctx, m.w.pool, depthCap); err != nil {
		m.w.log.Warn("outbox: queue metrics unavailable", "err", err)
	} else {
		ch <- prometheus.MustNewConstMetric(m.depth, prometheus.GaugeValue, float64(st.Depth))
		ch <- prometheus.MustNewConstMetric(m.oldest, prometheus.GaugeValue, st.OldestSeconds)
		ch <- prometheus.MustNewConstMetric(m.parkedNow, prometheus.GaugeValue, float64(st.Parked))
	}
	_, names := m.w.registered()
	if lanes, err := db.Q.OutboxDeliveryGetStats(ctx, lanePlans(ctx, m.w.pool).Last(), db.OutboxDeliveryGetStatsParams{DepthCap: depthCap, Consumers: names}); err != nil {
		m.w.log.Warn("outbox: lane metrics unavailable", "err", err)
	} else {
		for _, l := range lanes {
			ch <- prometheus.MustNewConstMetric(m.laneDepth, prometheus.GaugeValue, float64(l.Depth), l.Consumer)
			ch <- prometheus.MustNewConstMetric(m.laneOldest, prometheus.GaugeValue, l.OldestSeconds, l.Consumer)
		}
	}
	m.processed.Collect(ch)
	m.delivered.Collect(ch)
	m.lag.Collect(ch)
	m.failures.Collect(ch)
	m.timeouts.Collect(ch)
	m.parked.Collect(ch)
	m.batchFallbacks.Collect(ch)
}
