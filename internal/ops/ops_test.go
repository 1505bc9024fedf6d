package ops

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/mail"
	"github.com/shiloh-pbem/pbem/store"
)

// clock is a settable test clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Set(t time.Time) { c.mu.Lock(); defer c.mu.Unlock(); c.t = t }

var t0 = time.Date(2026, 4, 6, 12, 0, 0, 0, time.UTC)

// fixture is a store with 2 open, 4 running (deadlines 5 min ago, in 10 min, in
// 50 min, in 3 h), 1 paused (deadline in 5 min, not due: its clock stands) and
// 1 finished game, and 3 queued mails of which the first was sent: 2 unsent,
// the oldest queued at t0-20m.
func fixture(t *testing.T) (*store.Store, *clock) {
	t.Helper()
	clk := &clock{t: t0.Add(-30 * time.Minute)}
	st, err := store.Open(filepath.Join(t.TempDir(), "pbem.db"), &store.Options{Now: clk.Now, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	games := []struct {
		id       string
		status   store.GameStatus
		deadline time.Duration
	}{
		{"o1", store.StatusOpen, 0}, {"o2", store.StatusOpen, 0},
		{"r1", store.StatusRunning, -5 * time.Minute}, {"r2", store.StatusRunning, 10 * time.Minute},
		{"r3", store.StatusRunning, 50 * time.Minute}, {"r4", store.StatusRunning, 3 * time.Hour},
		{"p1", store.StatusPaused, 5 * time.Minute}, {"f1", store.StatusFinished, 0},
	}
	for _, g := range games {
		sg := &store.Game{ID: g.id, Ruleset: "shiloh1862", Scenario: "shiloh1862", Players: map[string]store.Player{}, Status: g.status}
		if g.deadline != 0 {
			sg.Deadline.Next = t0.Add(g.deadline)
		}
		if err := st.Update(func(tx *store.Tx) error { return tx.CreateGame(sg) }); err != nil {
			t.Fatal(err)
		}
	}
	for i, at := range []time.Duration{-30 * time.Minute, -20 * time.Minute, -1 * time.Minute} {
		clk.Set(t0.Add(at))
		err := st.Update(func(tx *store.Tx) error {
			id, err := tx.EnqueueOutbox(&store.OutMsg{Kind: "receipt", To: []string{"a@example.org"}, Raw: []byte("Subject: x\r\n\r\nx")})
			if err == nil && i == 0 {
				err = tx.MarkSent(id, tx.Now())
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	clk.Set(t0)
	return st, clk
}

func TestReadStore(t *testing.T) {
	st, _ := fixture(t)
	s, err := ReadStore(st, t0)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"open": 2, "running": 4, "paused": 1, "finished": 1}
	if fmt.Sprint(s.Games) != fmt.Sprint(want) || s.GamesTotal != 8 {
		t.Errorf("games %v (%d), want %v", s.Games, s.GamesTotal, want)
	}
	if s.DueNextHour != 3 || len(s.Due) != 3 || s.Due[0].ID != "r1" || s.Due[1].ID != "r2" || s.Due[2].ID != "r3" {
		t.Errorf("due %d %+v, want r1, r2, r3", s.DueNextHour, s.Due)
	}
	if s.OutboxDepth != 2 || !s.OutboxOldest.Equal(t0.Add(-20*time.Minute)) || s.OldestAge() != 20*time.Minute {
		t.Errorf("outbox %d oldest %v", s.OutboxDepth, s.OutboxOldest)
	}
	if s.StoreBytes <= 0 || s.Daemon || s.Mail != nil {
		t.Errorf("size %d daemon %v mail %v", s.StoreBytes, s.Daemon, s.Mail)
	}
}

func TestRate(t *testing.T) {
	clk := &clock{t: t0}
	r := NewRate(clk.Now)
	for i := 0; i < 3; i++ {
		r.Add()
	}
	clk.Set(t0.Add(30 * time.Second))
	r.Add()
	clk.Set(t0.Add(5 * time.Minute))
	r.Add()
	r.Add()
	if one, ten := r.Count(time.Minute), r.Count(10*time.Minute); one != 2 || ten != 6 {
		t.Errorf("at +5m: %d in 1m, %d in 10m; want 2, 6", one, ten)
	}
	clk.Set(t0.Add(10*time.Minute + 40*time.Second)) // the first four are older than 10 minutes
	if one, ten := r.Count(time.Minute), r.Count(10*time.Minute); one != 0 || ten != 2 {
		t.Errorf("at +10m40s: %d in 1m, %d in 10m; want 0, 2", one, ten)
	}
	clk.Set(t0.Add(20 * time.Minute)) // a slot reused a ring later starts again
	r.Add()
	if ten := r.Count(10 * time.Minute); ten != 1 {
		t.Errorf("at +20m: %d in 10m, want 1", ten)
	}
}

func TestErrorLog(t *testing.T) {
	var out strings.Builder
	e := NewErrorLog(3)
	log := slog.New(e.Wrap(slog.NewTextHandler(&out, &slog.HandlerOptions{Level: slog.LevelInfo})))
	log.Debug("not shown")
	log.Info("hello")
	log.Error("first", "n", 1)
	log.With("game", "g7").WithGroup("smtp").Error("second", "code", 451)
	log.Warn("a warning")
	log.Error("third")
	log.Error("fourth", "err", "connection refused")
	got, total := e.Last()
	if total != 4 || len(got) != 3 {
		t.Fatalf("%d kept of %d: %q", len(got), total, got)
	}
	for i, want := range []string{`msg=second game=g7 smtp.code=451`, `msg=third`, `msg=fourth err="connection refused"`} {
		if !strings.Contains(got[i], want) || strings.Contains(got[i], "level=") || !strings.HasPrefix(got[i], "time=") {
			t.Errorf("record %d = %q, want it to hold %q", i, got[i], want)
		}
	}
	// Every record still reaches the daemon's own log, and only those its level lets through.
	for _, want := range []string{"hello", "first", "second", "a warning", "third", "fourth"} {
		if !strings.Contains(out.String(), "msg="+want) && !strings.Contains(out.String(), `msg="`+want) {
			t.Errorf("log lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "not shown") {
		t.Error("a debug record passed an info-level log")
	}
}

func TestCheckLoopback(t *testing.T) {
	for addr, ok := range map[string]bool{
		"127.0.0.1:6060": true, "[::1]:6060": true, "localhost:6060": true, "127.0.0.2:0": true,
		"0.0.0.0:6060": false, ":6060": false, "[::]:6060": false, "192.168.1.5:6060": false,
		"example.org:6060": false, "127.0.0.1": false,
	} {
		if err := CheckLoopback(addr); (err == nil) != ok {
			t.Errorf("CheckLoopback(%q) = %v", addr, err)
		}
	}
}

// scrape fetches /metrics and returns the pbem_ samples by name and labels,
// and the HELP lines.
func scrape(t *testing.T, url string) (map[string]float64, map[string]string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain") {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("%s: %s %s\n%s", url, resp.Status, resp.Header.Get("Content-Type"), b)
	}
	samples, help := map[string]float64{}, map[string]string{}
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, "# HELP pbem_"); ok {
			name, text, _ := strings.Cut(rest, " ")
			help["pbem_"+name] = text
			continue
		}
		if !strings.HasPrefix(line, "pbem_") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			t.Fatalf("sample %q: %v", line, err)
		}
		samples[line[:i]] = v
	}
	return samples, help
}

// The metrics endpoint over HTTP shows the store's figures and the daemon's.
func TestMetricsEndpoint(t *testing.T) {
	st, clk := fixture(t)
	sentClock := &clock{t: t0}
	rate := NewRate(sentClock.Now)
	for i := 0; i < 12; i++ { // 12 sent 5 minutes ago, 3 in the last minute
		sentClock.Set(t0.Add(-5 * time.Minute))
		rate.Add()
	}
	sentClock.Set(t0)
	rate.Add()
	rate.Add()
	rate.Add()
	errs := NewErrorLog(10)
	log := slog.New(errs.Wrap(slog.NewTextHandler(io.Discard, nil)))
	log.Error("mail: outbox MarkFailed", "id", 9)
	mon := &Monitor{Store: st, Errors: errs, Sent: rate, Now: clk.Now, Started: t0.Add(-time.Hour),
		Sender: func() mail.SenderStats { return mail.SenderStats{Sent: 15, Failed: 2, Permanent: 1, ConnectErrors: 4} }}

	hs, err := ListenHTTP("127.0.0.1:0", MetricsHandler(mon), 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ctx) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()

	size, err := ReadStore(st, t0)
	if err != nil {
		t.Fatal(err)
	}
	got, help := scrape(t, "http://"+hs.Addr()+"/metrics")
	want := map[string]float64{
		`pbem_games{status="open"}`:               2,
		`pbem_games{status="running"}`:            4,
		`pbem_games{status="paused"}`:             1,
		`pbem_games{status="finished"}`:           1,
		`pbem_games_due_next_hour`:                3,
		`pbem_outbox_depth`:                       2,
		`pbem_outbox_oldest_age_seconds`:          1200,
		`pbem_store_size_bytes`:                   float64(size.StoreBytes),
		`pbem_mail_sent_per_minute{window="1m"}`:  3,
		`pbem_mail_sent_per_minute{window="10m"}`: 1.5,
		`pbem_mail_sent_total`:                    15,
		`pbem_mail_deferred_total`:                2,
		`pbem_mail_given_up_total`:                1,
		`pbem_smtp_connect_errors_total`:          4,
		`pbem_log_errors_total`:                   1,
		`pbem_start_time_seconds`:                 float64(t0.Add(-time.Hour).Unix()),
	}
	for k, v := range want {
		if g, ok := got[k]; !ok || g != v {
			t.Errorf("%s = %v (present %v), want %v", k, g, ok, v)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("unexpected sample %s", k)
		}
	}
	for k := range want {
		name, _, _ := strings.Cut(k, "{")
		if help[name] == "" {
			t.Errorf("%s has no HELP", name)
		}
	}
	// The store changes, the next scrape shows it: the figures are read on scrape.
	err = st.Update(func(tx *store.Tx) error {
		g, err := tx.Game("o1")
		if err != nil {
			return err
		}
		g.Status = store.StatusRunning
		g.Deadline.Next = t0.Add(time.Minute)
		return tx.PutGame(g)
	})
	if err != nil {
		t.Fatal(err)
	}
	got, _ = scrape(t, "http://"+hs.Addr()+"/metrics")
	if got[`pbem_games{status="running"}`] != 5 || got[`pbem_games{status="open"}`] != 1 || got[`pbem_games_due_next_hour`] != 4 {
		t.Errorf("after a change: running %v open %v due %v", got[`pbem_games{status="running"}`], got[`pbem_games{status="open"}`], got[`pbem_games_due_next_hour`])
	}
	// The Go runtime's metrics come from the same fresh registry.
	resp, err := http.Get("http://" + hs.Addr() + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(b), "go_goroutines ") {
		t.Error("no go_ metrics")
	}
}

func TestPprofHandler(t *testing.T) {
	hs, err := ListenHTTP("127.0.0.1:0", PprofHandler(), 0)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ctx) }()
	defer func() { cancel(); <-done }()
	for path, want := range map[string]string{"/debug/pprof/": "goroutine", "/debug/pprof/goroutine?debug=1": "goroutine profile", "/debug/pprof/cmdline": ""} {
		resp, err := http.Get("http://" + hs.Addr() + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(b), want) {
			t.Errorf("%s: %s %.200s", path, resp.Status, b)
		}
	}
}
