package mail

import (
	"bytes"
	"context"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/mail/mailtest"
)

func testOutgoing(t *testing.T, id, to string) Outgoing {
	m := testOutMessage(t)
	m.ID = id
	m.To = []Address{{Addr: to}}
	raw, err := Compose(m)
	if err != nil {
		t.Fatal(err)
	}
	return Outgoing{ID: id, From: "pbem@example.test", To: []string{to}, Raw: raw}
}

func TestSenderTemporaryAndPermanentFailures(t *testing.T) {
	s := startHarness(t, &mailtest.Options{Users: map[string]string{"alice": "alice-secret"}}) // no auto-create: unknown users get 550
	box := newMemOutbox()
	box.add(testOutgoing(t, "ok-1", "alice@example.test"))
	box.add(testOutgoing(t, "nobody-1", "nobody@example.test"))
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	snd := NewSender(SMTPConfig{Addr: s.SMTPAddr})
	snd.Logger = quietLogger()
	snd.Now = func() time.Time { return now }
	snd.Backoff = ExpBackoff(time.Minute, 10*time.Minute)
	s.FailNextSMTP(1)
	ctx := context.Background()
	if _, err := snd.SendDue(ctx, box); err != nil {
		t.Fatal(err)
	}
	ok, nobody := box.find("ok-1"), box.find("nobody-1")
	if ok.sent || ok.attempts != 1 || !ok.next.Equal(now.Add(time.Minute)) {
		t.Errorf("451: sent=%v attempts=%d next=%v", ok.sent, ok.attempts, ok.next)
	}
	var perm *PermanentError
	if !nobody.gaveUp || !errors.As(nobody.lastErr, &perm) || perm.Code != 550 {
		t.Errorf("550: gaveUp=%v err=%v", nobody.gaveUp, nobody.lastErr)
	}
	// Not due yet: nothing happens.
	if n, _ := snd.SendDue(ctx, box); n != 0 {
		t.Errorf("sent %d before the backoff ended", n)
	}
	now = now.Add(time.Minute)
	if _, err := snd.SendDue(ctx, box); err != nil || !ok.sent {
		t.Fatalf("retry: sent=%v err=%v", ok.sent, err)
	}
	if got := len(s.Received()); got != 1 {
		t.Errorf("server received %d mails, want 1", got)
	}
	if st := snd.Stats(); st.Sent != 1 || st.Failed != 1 || st.Permanent != 1 {
		t.Errorf("stats %+v", st)
	}
	// The backoff doubles up to its cap.
	b := ExpBackoff(time.Minute, 5*time.Minute)
	if b(1) != time.Minute || b(2) != 2*time.Minute || b(3) != 4*time.Minute || b(4) != 5*time.Minute || b(40) != 5*time.Minute {
		t.Error("ExpBackoff")
	}
}

func TestSenderTLSAndAuth(t *testing.T) {
	srvTLS, cliTLS, err := mailtest.SelfSigned()
	if err != nil {
		t.Fatal(err)
	}
	s := startHarness(t, &mailtest.Options{AutoCreate: true, TLS: srvTLS, Users: map[string]string{"pbem": "pbem-secret", "alice": "alice-secret"}})
	cases := []struct {
		name string
		cfg  SMTPConfig
		ok   bool
	}{
		{"starttls+auth", SMTPConfig{Addr: s.SMTPAddr, TLS: TLSStartTLS, TLSConfig: cliTLS, Username: "pbem", Password: "pbem-secret"}, true},
		{"implicit tls+auth", SMTPConfig{Addr: s.SMTPSAddr, TLS: TLSImplicit, TLSConfig: cliTLS, Username: "pbem", Password: "pbem-secret"}, true},
		{"untrusted certificate", SMTPConfig{Addr: s.SMTPAddr, TLS: TLSStartTLS}, false},
		{"wrong password", SMTPConfig{Addr: s.SMTPAddr, TLS: TLSStartTLS, TLSConfig: cliTLS, Username: "pbem", Password: "nope"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			box := newMemOutbox()
			box.add(testOutgoing(t, "m-"+strings.ReplaceAll(c.name, " ", "-"), "alice@example.test"))
			snd := NewSender(c.cfg)
			snd.Logger = quietLogger()
			_, err := snd.SendDue(context.Background(), box)
			e := box.entries[0]
			if c.ok != (err == nil && e.sent) {
				t.Fatalf("sent=%v err=%v", e.sent, err)
			}
			if !c.ok && (e.gaveUp || e.attempts != 1) {
				// Connection and AUTH problems are the server's, not the mail's: retry.
				t.Errorf("gaveUp=%v attempts=%d", e.gaveUp, e.attempts)
			}
		})
	}
}

func TestSenderWake(t *testing.T) {
	s := startHarness(t, nil)
	box := newMemOutbox()
	snd := NewSender(SMTPConfig{Addr: s.SMTPAddr})
	snd.Logger = quietLogger()
	snd.PollInterval = time.Hour // only Wake can make it send
	sent := make(chan string, 1)
	snd.OnSent = func(id string) { sent <- id }
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- snd.Run(ctx, box) }()
	time.Sleep(20 * time.Millisecond) // let the first (empty) pass go by
	box.add(testOutgoing(t, "woken", "alice@example.test"))
	snd.Wake()
	select {
	case id := <-sent:
		if id != "woken" {
			t.Errorf("sent %s", id)
		}
	case <-time.After(waitLimit):
		t.Fatal("Wake did not send")
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("Run: %v", err)
	}
}

func TestTLSConfigWithCA(t *testing.T) {
	dir := t.TempDir()
	if _, err := TLSConfigWithCA(filepath.Join(dir, "missing.pem")); err == nil {
		t.Error("missing file accepted")
	}
	bad := filepath.Join(dir, "bad.pem")
	os.WriteFile(bad, []byte("not a certificate"), 0o600)
	if _, err := TLSConfigWithCA(bad); err == nil {
		t.Error("file without certificate accepted")
	}
	// A real CA file makes STARTTLS to the harness work.
	srvTLS, _, err := mailtest.SelfSigned()
	if err != nil {
		t.Fatal(err)
	}
	ca := filepath.Join(dir, "ca.pem")
	os.WriteFile(ca, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srvTLS.Certificates[0].Leaf.Raw}), 0o600)
	tc, err := TLSConfigWithCA(ca)
	if err != nil {
		t.Fatal(err)
	}
	s := startHarness(t, &mailtest.Options{AutoCreate: true, TLS: srvTLS})
	box := newMemOutbox()
	box.add(testOutgoing(t, "ca-file", "alice@example.test"))
	snd := NewSender(SMTPConfig{Addr: s.SMTPAddr, TLS: TLSStartTLS, TLSConfig: tc})
	snd.Logger = quietLogger()
	if _, err := snd.SendDue(context.Background(), box); err != nil || box.sentCount() != 1 {
		t.Fatalf("STARTTLS with the CA file: %v", err)
	}
}

// crashingOutbox loses the first MarkSent, as a crash right after the SMTP server
// accepted the mail would.
type crashingOutbox struct {
	*memOutbox
	lost bool
}

func (b *crashingOutbox) MarkSent(id string, at time.Time) error {
	if !b.lost {
		b.lost = true
		return errors.New("process died before the commit (simulated)")
	}
	return b.memOutbox.MarkSent(id, at)
}

// The documented window: accepted by SMTP, then a crash before MarkSent. The mail
// goes out again after the restart, byte for byte, with the same Message-ID.
func TestSenderCrashWindow(t *testing.T) {
	s := startHarness(t, nil)
	box := &crashingOutbox{memOutbox: newMemOutbox()}
	box.add(testOutgoing(t, "window-1", "alice@example.test"))
	snd := NewSender(SMTPConfig{Addr: s.SMTPAddr})
	snd.Logger = quietLogger()
	if _, err := snd.SendDue(context.Background(), box); err == nil {
		t.Fatal("lost MarkSent not reported")
	}
	// "Restart": a new Sender on the same outbox.
	snd2 := NewSender(SMTPConfig{Addr: s.SMTPAddr})
	snd2.Logger = quietLogger()
	if _, err := snd2.SendDue(context.Background(), box); err != nil || box.sentCount() != 1 {
		t.Fatalf("after restart: sent=%d err=%v", box.sentCount(), err)
	}
	got := s.Received()
	if len(got) != 2 || !bytes.Equal(got[0].Raw, got[1].Raw) {
		t.Fatalf("want two identical copies, got %d", len(got))
	}
	in, err := Decode(got[1].Raw, nil)
	if err != nil || in.MessageID != "window-1@example.org" {
		t.Errorf("copy's Message-ID %q (%v)", in.MessageID, err)
	}
	// Once marked, nothing is sent again.
	if n, _ := snd2.SendDue(context.Background(), box); n != 0 || len(s.Received()) != 2 {
		t.Error("sent after MarkSent")
	}
}

// addRaw adds n entries of size bytes, named prefix-0…, to box.
func addRaw(box *memOutbox, prefix string, n, size int) {
	for i := range n {
		box.add(rawOutgoing(fmt.Sprintf("%s-%d", prefix, i), size))
	}
}

// One connection carries several batches, and is closed with QUIT after
// IdleTimeout, or when Run returns.
func TestSenderReusesConnection(t *testing.T) {
	srv := startConnServer(t, 0)
	t.Run("SendDue", func(t *testing.T) {
		box := newMemOutbox()
		addRaw(box, "due", 5, 1000)
		snd := NewSender(SMTPConfig{Addr: srv.addr})
		snd.Logger = quietLogger()
		snd.BatchSize = 2
		snd.IdleTimeout = 300 * time.Millisecond
		for range 3 {
			if _, err := snd.SendDue(context.Background(), box); err != nil {
				t.Fatal(err)
			}
		}
		if box.sentCount() != 5 || srv.connections() != 1 {
			t.Fatalf("sent %d over %d connections, want 5 over 1", box.sentCount(), srv.connections())
		}
		waitFor(t, "idle connection closed", func() bool { return srv.open() == 0 })
		if srv.quits() != 1 {
			t.Error("idle connection closed without QUIT")
		}
	})
	t.Run("Run", func(t *testing.T) {
		before, quitsBefore := srv.connections(), srv.quits()
		box := newMemOutbox()
		addRaw(box, "run", 5, 1000)
		snd := NewSender(SMTPConfig{Addr: srv.addr})
		snd.Logger = quietLogger()
		snd.BatchSize = 2
		snd.Conns = 1
		snd.PollInterval = time.Hour
		snd.IdleTimeout = time.Second
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- snd.Run(ctx, box) }()
		waitFor(t, "first mails sent", func() bool { return box.sentCount() == 5 })
		box.add(rawOutgoing("run-late", 1000)) // a batch after a pause
		snd.Wake()
		waitFor(t, "late mail sent", func() bool { return box.sentCount() == 6 })
		if n := srv.connections() - before; n != 1 {
			t.Errorf("Run used %d connections, want 1", n)
		}
		waitFor(t, "idle connection closed", func() bool { return srv.open() == 0 })
		if srv.quits()-quitsBefore != 1 {
			t.Error("idle connection closed without QUIT")
		}
		box.add(rawOutgoing("run-after-idle", 1000))
		snd.Wake()
		waitFor(t, "mail after idle sent", func() bool { return box.sentCount() == 7 })
		cancel()
		if err := <-done; !errors.Is(err, context.Canceled) {
			t.Errorf("Run: %v", err)
		}
		waitFor(t, "connection closed", func() bool { return srv.open() == 0 })
		if srv.connections()-before != 2 || srv.quits()-quitsBefore != 2 {
			t.Errorf("%d connections, %d closed with QUIT; want 2 and 2", srv.connections()-before, srv.quits()-quitsBefore)
		}
	})
}

// An urgent mail queued (with Wake) during a long batch of bulk mail goes out next,
// after at most the mails already on the wire.
func TestSenderUrgentOvertakesBatch(t *testing.T) {
	for _, conns := range []int{1, 2} {
		t.Run(fmt.Sprintf("conns=%d", conns), func(t *testing.T) {
			srv := startConnServer(t, 2*time.Millisecond)
			box := newUrgentOutbox()
			addRaw(box.memOutbox, "bulk", 30, 20_000)
			snd := NewSender(SMTPConfig{Addr: srv.addr})
			snd.Logger = quietLogger()
			snd.Conns = conns
			snd.PollInterval = time.Hour
			var atWake atomic.Int64
			atWake.Store(-1)
			snd.OnSent = func(id string) {
				if id == "bulk-3" {
					box.addUrgent(rawOutgoing("urgent", 500))
					snd.Wake()
					// Mails that had reached the server once Wake returned: the
					// other connection may have sent one, and taken the next,
					// between the two lines above, which a count taken before
					// Wake missed.
					atWake.Store(int64(len(srv.arrivals())))
				}
			}
			runBackground(t, "Sender.Run", func(ctx context.Context) error { return snd.Run(ctx, box) })
			waitFor(t, "all sent", func() bool { return box.sentCount() == 31 })
			// Counted in the order mails reached the server, not the order it
			// finished them: under a loaded CI machine one connection finished
			// two bulk mails while the other's urgent one sat in its delay.
			ids := srv.arrivals()
			at, w := slices.Index(ids, "urgent"), int(atWake.Load())
			// Each other connection may have the mail it was handed before Wake
			// still on its way, and one handed out just after the urgent one
			// may overtake it on the wire: one of each per other connection.
			// An urgent mail still never waits behind the batch.
			if w < 0 || at < w || at > w+2*(conns-1) {
				t.Errorf("urgent mail went out as number %d; the server had %d when it was queued (order %v)", at+1, w, ids)
			}
		})
	}
}

// With Conns=2 two connections deliver at once, and no entry goes out twice, even
// with Wake called all the time (each one makes the sender read the outbox again
// while entries are in flight).
func TestSenderParallelConnections(t *testing.T) {
	srv := startConnServer(t, 10*time.Millisecond)
	box := newMemOutbox()
	const n = 40
	addRaw(box, "par", n, 5000)
	snd := NewSender(SMTPConfig{Addr: srv.addr})
	snd.Logger = quietLogger()
	snd.Conns = 2
	snd.BatchSize = 7
	snd.PollInterval = time.Hour
	var peakInFlight atomic.Int64
	snd.OnSent = func(string) {
		peakInFlight.Store(max(peakInFlight.Load(), int64(snd.InFlight())))
	}
	stop := make(chan struct{})
	go func() {
		for {
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
				snd.Wake()
			}
		}
	}()
	runBackground(t, "Sender.Run", func(ctx context.Context) error { return snd.Run(ctx, box) })
	waitFor(t, "all sent", func() bool { return box.sentCount() == n })
	close(stop)
	time.Sleep(50 * time.Millisecond) // a duplicate would arrive by now
	count := map[string]int{}
	for _, id := range srv.ids() {
		count[id]++
	}
	for i := range n {
		if id := fmt.Sprintf("par-%d", i); count[id] != 1 {
			t.Errorf("%s delivered %d times", id, count[id])
		}
	}
	if len(count) != n {
		t.Errorf("%d distinct mails delivered, want %d", len(count), n)
	}
	if srv.peak() != 2 {
		t.Errorf("at most %d mails delivered at once, want 2", srv.peak())
	}
	per := srv.perConn()
	if srv.connections() != 2 || len(per) != 2 {
		t.Errorf("%d connections, mails per connection %v", srv.connections(), per)
	}
	if st := snd.Stats(); st.Sent != n || st.Failed != 0 {
		t.Errorf("stats %+v", st)
	}
	if peakInFlight.Load() > 2 {
		t.Errorf("InFlight reached %d", peakInFlight.Load())
	}
}

// A kept connection that the server closed while idle costs no attempt: the mail
// goes over a new connection.
func TestSenderStaleConnection(t *testing.T) {
	for _, c := range []struct{ name, reply string }{
		{"closed", ""},
		{"421", "421 4.4.2 connserver.localhost Error: timeout exceeded\r\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Run("SendDue", func(t *testing.T) {
				srv := startConnServer(t, 0)
				box := newMemOutbox()
				box.add(rawOutgoing("first", 1000))
				snd := NewSender(SMTPConfig{Addr: srv.addr})
				snd.Logger = quietLogger()
				if _, err := snd.SendDue(context.Background(), box); err != nil {
					t.Fatal(err)
				}
				srv.drop(c.reply)
				box.add(rawOutgoing("second", 1000))
				if _, err := snd.SendDue(context.Background(), box); err != nil {
					t.Errorf("SendDue after the server closed the kept connection: %v", err)
				}
				checkNoFailure(t, snd, box, srv)
				snd.Close()
			})
			t.Run("Run", func(t *testing.T) {
				srv := startConnServer(t, 0)
				box := newMemOutbox()
				box.add(rawOutgoing("first", 1000))
				snd := NewSender(SMTPConfig{Addr: srv.addr})
				snd.Logger = quietLogger()
				snd.Conns = 1
				snd.PollInterval = time.Hour
				snd.IdleTimeout = time.Minute
				runBackground(t, "Sender.Run", func(ctx context.Context) error { return snd.Run(ctx, box) })
				waitFor(t, "first sent", func() bool { return box.sentCount() == 1 })
				srv.drop(c.reply)
				box.add(rawOutgoing("second", 1000))
				snd.Wake()
				waitFor(t, "second sent", func() bool { return box.sentCount() == 2 || box.find("second").attempts > 0 })
				checkNoFailure(t, snd, box, srv)
			})
		})
	}
}

func checkNoFailure(t *testing.T, snd *Sender, box *memOutbox, srv *connServer) {
	t.Helper()
	box.mu.Lock()
	e := *box.find("second")
	box.mu.Unlock()
	if !e.sent || e.attempts != 0 {
		t.Errorf("second mail: sent=%v attempts=%d err=%v", e.sent, e.attempts, e.lastErr)
	}
	if st := snd.Stats(); st.Sent != 2 || st.Failed != 0 || st.ConnectErrors != 0 {
		t.Errorf("stats %+v", st)
	}
	if srv.connections() != 2 {
		t.Errorf("%d connections, want 2", srv.connections())
	}
}

// BenchmarkSenderThroughput sends 200 mails of 250 KB with Run, to the in-process
// mailtest server and to connServer taking 30 ms per mail (about a local Postfix
// syncing its queue file), and reports mails/s.
func BenchmarkSenderThroughput(b *testing.B) {
	const mails, size = 200, 250 << 10
	raws := make([]Outgoing, mails)
	for i := range raws {
		raws[i] = rawOutgoing(fmt.Sprintf("bench-%d", i), size)
	}
	for _, server := range []string{"mailtest", "30ms"} {
		for _, conns := range []int{1, 2} {
			b.Run(fmt.Sprintf("server=%s/conns=%d", server, conns), func(b *testing.B) {
				var total time.Duration
				for range b.N {
					b.StopTimer()
					var addr string
					if server == "mailtest" {
						addr = startHarness(b, nil).SMTPAddr
					} else {
						addr = startConnServer(b, 30*time.Millisecond).addr
					}
					box := newMemOutbox()
					for _, o := range raws {
						box.add(o)
					}
					snd := NewSender(SMTPConfig{Addr: addr})
					snd.Logger = quietLogger()
					snd.Conns = conns
					snd.PollInterval = time.Hour
					drained := make(chan struct{})
					var sent atomic.Int64
					snd.OnSent = func(string) {
						if sent.Add(1) == mails {
							close(drained)
						}
					}
					ctx, cancel := context.WithCancel(context.Background())
					done := make(chan error, 1)
					b.StartTimer()
					start := time.Now()
					go func() { done <- snd.Run(ctx, box) }()
					<-drained
					total += time.Since(start)
					b.StopTimer()
					cancel()
					<-done
					b.StartTimer()
				}
				b.ReportMetric(float64(mails*b.N)/total.Seconds(), "mails/s")
			})
		}
	}
}

// A deadline queues hour mails while earlier ones are still going out: each
// commit wakes the sender, whose read after the Wake looks at only the first
// few due entries. Once the queue drains, the sender must read on for the rest
// at once, not wait for the next poll (an hour here). A storm of 30 games once
// waited 15 s for the poll with half its mail unsent.
func TestSenderKeepsReadingAfterAWakeRead(t *testing.T) {
	srv := startConnServer(t, time.Millisecond)
	box := newUrgentOutbox()
	addRaw(box.memOutbox, "first", 20, 2000)
	snd := NewSender(SMTPConfig{Addr: srv.addr})
	snd.Logger = quietLogger()
	snd.Conns = 1
	snd.PollInterval = time.Hour
	snd.OnSent = func(id string) {
		if id == "first-2" {
			addRaw(box.memOutbox, "later", 60, 2000)
			snd.Wake()
		}
	}
	runBackground(t, "Sender.Run", func(ctx context.Context) error { return snd.Run(ctx, box) })
	waitFor(t, "all 80 sent without a poll", func() bool { return box.sentCount() == 80 })
}
