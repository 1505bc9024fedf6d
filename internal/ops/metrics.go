package ops

import (
	"io"
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/shiloh-pbem/pbem/store"
)

// knownStatuses are always exported, at 0 when no game has them, so a graph
// of each starts at once.
var knownStatuses = []store.GameStatus{store.StatusOpen, store.StatusRunning, store.StatusPaused, store.StatusFinished}

// collector exports a Monitor's Status, read on each scrape.
type collector struct {
	m *Monitor

	games, due, outbox, oldest, size          *prometheus.Desc
	perMinute                                 *prometheus.Desc
	sent, deferred, givenUp, connErrs, errors *prometheus.Desc
	started                                   *prometheus.Desc
}

// NewCollector returns a prometheus.Collector of the pbem_ metrics: the same
// figures as `pbem status`, read from the store and the daemon on each scrape.
func NewCollector(m *Monitor) prometheus.Collector {
	d := func(name, help string, labels ...string) *prometheus.Desc {
		return prometheus.NewDesc("pbem_"+name, help, labels, nil)
	}
	return &collector{
		m:         m,
		games:     d("games", "Games in the store by status (open, running, paused, finished).", "status"),
		due:       d("games_due_next_hour", "Running games whose current deadline is at most an hour away (deadlines already passed included)."),
		outbox:    d("outbox_depth", "Unsent mails waiting in the outbox (mails given up on not counted)."),
		oldest:    d("outbox_oldest_age_seconds", "How long the oldest unsent mail in the outbox has waited since it was queued (0 when the outbox is empty)."),
		size:      d("store_size_bytes", "Size of the store's bbolt file (pbem compact shrinks it)."),
		perMinute: d("mail_sent_per_minute", "Mails sent per minute, averaged over the window (1m or 10m).", "window"),
		sent:      d("mail_sent_total", "Mails the SMTP server accepted since the daemon started."),
		deferred:  d("mail_deferred_total", "Delivery attempts that failed and were scheduled again, since the daemon started."),
		givenUp:   d("mail_given_up_total", "Mails given up on after a permanent refusal, since the daemon started."),
		connErrs:  d("smtp_connect_errors_total", "Failed connections to the SMTP server since the daemon started."),
		errors:    d("log_errors_total", "Error-level log records since the daemon started (pbem status shows the last ones)."),
		started:   d("start_time_seconds", "When the daemon started, in seconds since the Unix epoch."),
	}
}

func (c *collector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{c.games, c.due, c.outbox, c.oldest, c.size, c.perMinute,
		c.sent, c.deferred, c.givenUp, c.connErrs, c.errors, c.started} {
		ch <- d
	}
}

func (c *collector) Collect(ch chan<- prometheus.Metric) {
	s, err := c.m.Status()
	if err != nil {
		ch <- prometheus.NewInvalidMetric(c.games, err)
		return
	}
	gauge := func(d *prometheus.Desc, v float64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, labels...)
	}
	counter := func(d *prometheus.Desc, v int64) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.CounterValue, float64(v))
	}
	seen := map[string]bool{}
	for _, st := range knownStatuses {
		seen[string(st)] = true
		gauge(c.games, float64(s.Games[string(st)]), string(st))
	}
	for st, n := range s.Games {
		if !seen[st] {
			gauge(c.games, float64(n), st)
		}
	}
	gauge(c.due, float64(s.DueNextHour))
	gauge(c.outbox, float64(s.OutboxDepth))
	gauge(c.oldest, s.OldestAge().Seconds())
	gauge(c.size, float64(s.StoreBytes))
	if s.Mail != nil {
		one, ten := s.Mail.PerMinute()
		gauge(c.perMinute, one, "1m")
		gauge(c.perMinute, ten, "10m")
		counter(c.sent, s.Mail.Sent)
		counter(c.deferred, s.Mail.Deferred)
		counter(c.givenUp, s.Mail.GivenUp)
		counter(c.connErrs, s.Mail.ConnectErrors)
	}
	counter(c.errors, s.ErrorsTotal)
	if !s.Started.IsZero() {
		gauge(c.started, float64(s.Started.UnixNano())/1e9)
	}
}

// MetricsHandler serves /metrics from a fresh registry (never the global one)
// holding the pbem_ collector and the Go runtime and process collectors.
func MetricsHandler(m *Monitor) http.Handler {
	reg := prometheus.NewRegistry()
	reg.MustRegister(NewCollector(m),
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	mux := http.NewServeMux()
	mux.Handle("/metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{ErrorHandling: promhttp.ContinueOnError}))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = io.WriteString(w, "pbem metrics: GET /metrics (Prometheus text format)\n")
	})
	return mux
}
