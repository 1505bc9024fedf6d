package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/control"
	"github.com/shiloh-pbem/pbem/internal/ops"
	"github.com/shiloh-pbem/pbem/mail"
	"github.com/shiloh-pbem/pbem/mail/mailtest"
	"github.com/shiloh-pbem/pbem/store"
)

// statusStore writes a store with games in several states and queued mail:
// 1 open, 3 running (due in 10 and 40 minutes and in 5 hours), 1 paused, 2
// finished; 3 mails queued, one of them sent.
func statusStore(t *testing.T, path string) {
	t.Helper()
	st, err := store.Open(path, &store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	now := time.Now()
	for _, g := range []struct {
		id     string
		status store.GameStatus
		due    time.Duration
	}{
		{"open1", store.StatusOpen, 0}, {"run1", store.StatusRunning, 10 * time.Minute}, {"run2", store.StatusRunning, 40 * time.Minute},
		{"run3", store.StatusRunning, 5 * time.Hour}, {"pause1", store.StatusPaused, 0}, {"fin1", store.StatusFinished, 0},
		{"fin2", store.StatusFinished, 0},
	} {
		sg := &store.Game{ID: g.id, Ruleset: "shiloh1862", Scenario: "shiloh1862", Players: map[string]store.Player{}, Status: g.status}
		if g.due != 0 {
			sg.Deadline.Next = now.Add(g.due)
		}
		if err := st.Update(func(tx *store.Tx) error { return tx.CreateGame(sg) }); err != nil {
			t.Fatal(err)
		}
	}
	err = st.Update(func(tx *store.Tx) error {
		for i := 0; i < 3; i++ {
			id, err := tx.EnqueueOutbox(&store.OutMsg{Kind: "receipt", To: []string{"a@club.test"}, Raw: []byte("Subject: x\r\n\r\nx")})
			if err != nil {
				return err
			}
			if i == 0 {
				if err := tx.MarkSent(id, tx.Now()); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// checkStoreFigures checks the lines every status shows, daemon or not.
func checkStoreFigures(t *testing.T, out string) {
	t.Helper()
	for _, re := range []string{
		`(?m)^games +7: 3 running, 1 paused, 1 open, 2 finished$`,
		`(?m)^due within 1h +2 \(run1 in (9m5\d|10m0)s, run2 in (39m5\d|40m0)s\)$`,
		`(?m)^outbox +2 unsent, oldest queued \d+s ago$`,
		`(?m)^store +\S+pbem\.db, \d+(\.\d)? kB$`,
	} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("status lacks %s:\n%s", re, out)
		}
	}
}

// pbem status with no daemon reads the store read-only, and says what it
// cannot know.
func TestStatusWithoutDaemon(t *testing.T) {
	db := filepath.Join(t.TempDir(), "pbem.db")
	statusStore(t, db)
	code, out, errs := run(t, "", "status", "--store", db)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	checkStoreFigures(t, out)
	for _, want := range []string{"daemon         not running", "mail sent      unknown (no daemon)", "last errors    unknown (no daemon)"} {
		if !strings.Contains(out, want) {
			t.Errorf("status lacks %q:\n%s", want, out)
		}
	}
	if code, _, errs := run(t, "", "status", "--store", filepath.Join(t.TempDir(), "none.db")); code != exitFailure {
		t.Errorf("missing store: exit %d %s", code, errs)
	}
	if code, _, _ := run(t, "", "status"); code != exitUsage {
		t.Errorf("no store named: exit %d", code)
	}
}

// pbem status while a daemon holds the store goes through its control socket
// and shows the daemon's own figures too.
func TestStatusThroughControlSocket(t *testing.T) {
	db := filepath.Join(t.TempDir(), "pbem.db")
	statusStore(t, db)
	// This process holds the store as the daemon does, so a read-only open fails.
	st, err := store.Open(db, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	errLog := ops.NewErrorLog(10)
	log := slog.New(errLog.Wrap(slog.NewTextHandler(io.Discard, nil)))
	for i := 1; i <= 12; i++ {
		log.Error("mail: smtp", "attempt", i, "err", "connection refused")
	}
	rate := ops.NewRate(nil)
	for i := 0; i < 7; i++ {
		rate.Add()
	}
	mon := &ops.Monitor{Store: st, Errors: errLog, Sent: rate, Started: time.Now().Add(-90 * time.Minute),
		Sender: func() mail.SenderStats { return mail.SenderStats{Sent: 40, Failed: 3, Permanent: 1, ConnectErrors: 12} }}
	// The daemon holds the store before it listens on its socket (it is
	// starting): status asks again until it answers.
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		time.Sleep(400 * time.Millisecond)
		ctl, err := control.Listen(control.SocketPath(db))
		if err != nil {
			t.Error(err)
			return
		}
		handleStatus(ctl, mon)
		_ = ctl.Serve(ctx)
	}()
	defer func() { cancel(); wg.Wait() }()

	code, out, errs := run(t, "", "status", "--store", db)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	checkStoreFigures(t, out)
	for _, re := range []string{
		fmt.Sprintf(`(?m)^daemon +running \(pid %d\), up 1h30m0s$`, os.Getpid()),
		`(?m)^mail sent +7/min over the last minute, 0\.7/min over the last 10 minutes$`,
		`(?m)^ +since start: 40 sent, 3 deferred, 1 given up, 12 failed connections$`,
		`(?m)^last errors +10 of 12 since start, oldest first:$`,
		`(?m)^  time=\S+ msg="mail: smtp" attempt=3 err="connection refused"$`,
		`(?m)^  time=\S+ msg="mail: smtp" attempt=12 err="connection refused"\n?$`,
	} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("status lacks %s:\n%s", re, out)
		}
	}
	if strings.Contains(out, "attempt=2 ") {
		t.Errorf("more than 10 errors kept:\n%s", out)
	}
	// Without the socket, the held store is reported as in use: exit 3.
	cancel()
	wg.Wait()
	code, _, errs = run(t, "", "status", "--store", db)
	if code != exitFailure || !strings.Contains(errs, "in use") || !strings.Contains(errs, "no daemon is listening") {
		t.Errorf("held store, no socket: exit %d %s", code, errs)
	}
}

func TestCompactCommand(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "pbem.db")
	statusStore(t, db)
	// Grow the file with large mails, then send them: their bytes leave the
	// outbox, the file keeps its size.
	st, err := store.Open(db, &store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	big := bytes.Repeat([]byte("x"), 100<<10)
	var ids []uint64
	for i := 0; i < 100; i++ {
		err := st.Update(func(tx *store.Tx) error {
			id, err := tx.EnqueueOutbox(&store.OutMsg{Game: "run1", Kind: "report", To: []string{"a@club.test"}, Raw: big})
			ids = append(ids, id)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	err = st.Update(func(tx *store.Tx) error {
		for _, id := range ids {
			if err := tx.MarkSent(id, tx.Now()); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// While a process holds the store, compact refuses.
	code, _, errs := run(t, "", "compact", "--store", db)
	if code != exitFailure || !strings.Contains(errs, "stop the daemon first") {
		t.Errorf("held store: exit %d %s", code, errs)
	}
	st.Close()

	out := filepath.Join(dir, "copy.db")
	code, stdout, errs := run(t, "", "compact", "--store", db, "--out", out)
	if code != exitOK || !regexp.MustCompile(`^pbem\.db: \d+(\.\d)? MB → \d+ kB in \S+copy\.db \(saved 9\d%\)\n$`).MatchString(stdout) {
		t.Fatalf("compact --out: exit %d %q %s", code, stdout, errs)
	}
	code, stdout, errs = run(t, "", "compact", "--store", db)
	if code != exitOK || !regexp.MustCompile(`^pbem\.db: \d+(\.\d)? MB → \d+ kB \(saved 9\d%\)\n$`).MatchString(stdout) {
		t.Fatalf("compact: exit %d %q %s", code, stdout, errs)
	}
	code, stdout, errs = run(t, "", "status", "--store", db)
	if code != exitOK {
		t.Fatal(errs)
	}
	checkStoreFigures(t, stdout)
}

func TestHumanBytes(t *testing.T) {
	for n, want := range map[int64]string{
		0: "0 B", 999: "999 B", 1000: "1.0 kB", 32768: "33 kB", 180e6: "180 MB", 3.1e9: "3.1 GB",
		9.96e6: "10 MB", 999.6e6: "1.0 GB",
	} {
		if got := humanBytes(n); got != want {
			t.Errorf("humanBytes(%d) = %q, want %q", n, got, want)
		}
	}
	if got := savedPercent(3.1e9, 180e6); got != "saved 94%" {
		t.Errorf("savedPercent = %q", got)
	}
}

func TestServePprofRefusesNonLoopback(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:6060", ":6060", "[::]:6060", "10.1.2.3:6060", "6060"} {
		code, _, errs := run(t, "", "serve", "--config", "/nonexistent.toml", "--pprof", addr)
		if code != exitUsage || !strings.Contains(errs, "--pprof") || !strings.Contains(errs, "loopback") && !strings.Contains(errs, "host:port") {
			t.Errorf("--pprof %s: exit %d %s", addr, code, errs)
		}
	}
}

// freePort returns a loopback address nothing listens on (for a moment).
func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// The daemon itself: pbem serve with [metrics] and --pprof answers a scrape, a
// profile index and pbem status, with the figures of its store.
func TestServeMetricsPprofAndStatus(t *testing.T) {
	ms, err := mailtest.Start(&mailtest.Options{AutoCreate: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ms.Close()
	if _, err := ms.AddUser("pbem", "pw"); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "pbem.db")
	statusStore(t, db)
	metricsAddr, pprofAddr := freePort(t), freePort(t)
	cfg := filepath.Join(dir, "pbem.toml")
	os.WriteFile(cfg, []byte(fmt.Sprintf(`
[store]
path = %q
[imap]
addr = %q
tls = "none"
username = "pbem"
password = "pw"
poll_interval = "200ms"
[smtp]
addr = %q
tls = "none"
[mail]
address = "pbem@club.test"
[metrics]
listen = %q
`, db, ms.IMAPAddr, ms.SMTPAddr, metricsAddr)), 0o600)

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int)
	var serr lockedBuffer
	go func() {
		m := &Main{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: &serr}
		done <- m.Run(ctx, []string{"serve", "--config", cfg, "--pprof", pprofAddr})
	}()
	deadline := time.Now().Add(20 * time.Second)
	for {
		if _, err := os.Stat(db + ".sock"); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("daemon did not start: %s", serr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	// The two unsent mails go out; the sender's hook counts them.
	for len(ms.Received()) < 2 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	var samples map[string]string
	for {
		samples = scrapeMetrics(t, "http://"+metricsAddr+"/metrics")
		if n, _ := strconv.Atoi(samples["pbem_mail_sent_total"]); n >= 2 && samples["pbem_outbox_depth"] == "0" || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	// The store's two unsent mails went out (the server may have queued and
	// sent more of its own meanwhile): every one was counted by the hook.
	sent, _ := strconv.Atoi(samples["pbem_mail_sent_total"])
	if sent < 2 || sent != len(ms.Received()) {
		t.Errorf("pbem_mail_sent_total = %q, the SMTP server got %d", samples["pbem_mail_sent_total"], len(ms.Received()))
	}
	for k, v := range map[string]string{
		`pbem_games{status="running"}`: "3", `pbem_games{status="open"}`: "1", `pbem_games{status="paused"}`: "1",
		`pbem_games{status="finished"}`: "2", `pbem_games_due_next_hour`: "2", `pbem_outbox_depth`: "0",
		`pbem_mail_sent_per_minute{window="1m"}`: fmt.Sprint(sent), `pbem_mail_sent_per_minute{window="10m"}`: fmt.Sprint(float64(sent) / 10),
		`pbem_mail_deferred_total`: "0", `pbem_mail_given_up_total`: "0",
	} {
		if samples[k] != v {
			t.Errorf("%s = %q, want %s", k, samples[k], v)
		}
	}
	fi, _ := os.Stat(db)
	if samples["pbem_store_size_bytes"] != fmt.Sprint(fi.Size()) {
		t.Errorf("pbem_store_size_bytes = %s, file %d", samples["pbem_store_size_bytes"], fi.Size())
	}
	resp, err := http.Get("http://" + pprofAddr + "/debug/pprof/goroutine?debug=1")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(b), "goroutine profile") {
		t.Errorf("pprof: %s %.200s", resp.Status, b)
	}
	code, out, errs := run(t, "", "status", "--config", cfg)
	if code != exitOK || !strings.Contains(out, "running (pid") || !strings.Contains(out, fmt.Sprintf("%d/min over the last minute", sent)) ||
		!strings.Contains(out, "outbox         empty") || !strings.Contains(out, fmt.Sprintf("since start: %d sent", sent)) {
		t.Errorf("status: exit %d %s\n%s", code, errs, out)
	}
	cancel()
	if code := <-done; code != exitOK {
		t.Fatalf("serve exit %d: %s", code, serr.String())
	}
	if _, err := net.DialTimeout("tcp", metricsAddr, time.Second); err == nil {
		t.Error("metrics still listening after the daemon stopped")
	}
}

// scrapeMetrics returns the pbem_ samples of a scrape by name and labels.
func scrapeMetrics(t *testing.T, url string) map[string]string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if line := sc.Text(); strings.HasPrefix(line, "pbem_") {
			i := strings.LastIndexByte(line, ' ')
			out[line[:i]] = line[i+1:]
		}
	}
	return out
}

// lockedBuffer is a bytes.Buffer the daemon's log may write while a test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
