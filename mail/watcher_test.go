package mail

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/mail/mailtest"
)

func harnessWatcherConfig(s *mailtest.Server) WatcherConfig {
	return harnessEnv(s).watcherConfig(nil)
}

func TestWatcherPolling(t *testing.T) {
	s := startHarness(t, nil)
	h := newMemHandler()
	cfg := harnessWatcherConfig(s)
	cfg.IDLE = IdleNever
	cfg.PollInterval = 50 * time.Millisecond
	w := startWatcher(t, cfg, h)
	if err := s.Deliver("pbem@example.test", "INBOX", []byte(testMail("alice@example.test", "pbem@example.test", "x", "poll-1@x", "STATUS\n"))); err != nil {
		t.Fatal(err)
	}
	h.waitHandled(t, "poll-1@x")
	if w.Stats().UsingIdle {
		t.Error("IdleNever but using IDLE")
	}
}

// A mail whose effect committed but which was not moved (a crash in between), and a
// mail known by Message-ID only (as after a UIDVALIDITY change), are moved without
// being handled again.
func TestWatcherAlreadySeen(t *testing.T) {
	s := startHarness(t, nil)
	for _, mid := range []string{"known-uid@x", "known-mid@x", "new@x"} {
		if err := s.Deliver("pbem@example.test", "INBOX", []byte(testMail("alice@example.test", "pbem@example.test", "x", mid, "STATUS\n"))); err != nil {
			t.Fatal(err)
		}
	}
	h := newMemHandler()
	h.byUID[[2]uint32{1, 1}] = true // imapmemserver: UIDVALIDITY 1, first UID 1
	h.byMID["known-mid@x"] = true
	w := startWatcher(t, harnessWatcherConfig(s), h)
	h.waitHandled(t, "new@x")
	// The server shows a mail moved a moment before the watcher counts the move: wait
	// for both.
	waitFor(t, "all three moved", func() bool {
		n, _ := s.Count("pbem", "Processed")
		return n == 3 && w.Stats().Moved >= 3
	})
	if got := h.messageIDs(); len(got) != 1 || got[0] != "new@x" {
		t.Errorf("handled %v, want only new@x", got)
	}
	if st := w.Stats(); st.AlreadySeen != 2 || st.Moved != 3 || st.UIDValidity != 1 {
		t.Errorf("stats %+v", st)
	}
	if n, _ := s.Count("pbem", "INBOX"); n != 0 {
		t.Errorf("%d left in INBOX", n)
	}
}

func TestWatcherFlagOnlyAndOversize(t *testing.T) {
	s := startHarness(t, nil)
	big := testMail("alice@example.test", "pbem@example.test", "big", "big@x", strings.Repeat("x", 5000))
	if err := s.Deliver("pbem@example.test", "INBOX", []byte(big)); err != nil {
		t.Fatal(err)
	}
	h := newMemHandler()
	cfg := harnessWatcherConfig(s)
	cfg.FlagOnly = true
	cfg.MaxSize = 1000
	var scans atomic.Int64
	cfg.OnEvent = func(e Event) {
		if e.Kind == EventScanned {
			scans.Add(1)
		}
	}
	w := startWatcher(t, cfg, h)
	d, _ := h.waitHandled(t, "big@x")
	if !d.Oversize || d.Size < 5000 || len(d.Raw) > 1000 || !strings.Contains(string(d.Raw), "Subject: big") {
		t.Errorf("oversize delivery: oversize=%v size=%d raw=%d bytes", d.Oversize, d.Size, len(d.Raw))
	}
	// Flag-only: the mail stays in INBOX, flagged \Seen, and a later scan skips it.
	if err := s.Deliver("pbem@example.test", "INBOX", []byte(testMail("alice@example.test", "pbem@example.test", "x", "second@x", "HELP\n"))); err != nil {
		t.Fatal(err)
	}
	h.waitHandled(t, "second@x")
	waitFor(t, "a scan after the second mail", func() bool { return scans.Load() >= 3 })
	if n, _ := s.Count("pbem", "INBOX"); n != 2 {
		t.Errorf("INBOX has %d, want 2 (flag-only keeps mail)", n)
	}
	if st := w.Stats(); st.Handled != 2 || st.AlreadySeen != 0 || st.Moved != 0 {
		t.Errorf("stats %+v", st)
	}
}

// The watcher keeps trying while the server is away, with the injected backoff.
func TestWatcherReconnectBackoff(t *testing.T) {
	s := startHarness(t, nil)
	s.StopIMAP()
	h := newMemHandler()
	cfg := harnessWatcherConfig(s)
	var delays []time.Duration
	delayCh := make(chan time.Duration, 100)
	cfg.Backoff = func(n int) time.Duration { return time.Duration(n) * 10 * time.Millisecond }
	cfg.OnEvent = func(e Event) {
		if e.Kind == EventReconnectDelay {
			select {
			case delayCh <- e.Delay:
			default:
			}
		}
	}
	startWatcher(t, cfg, h)
	for len(delays) < 3 {
		select {
		case d := <-delayCh:
			delays = append(delays, d)
		case <-time.After(waitLimit):
			t.Fatal("no reconnect attempts")
		}
	}
	if delays[0] != 10*time.Millisecond || delays[1] != 20*time.Millisecond || delays[2] != 30*time.Millisecond {
		t.Errorf("delays %v, want 10ms 20ms 30ms", delays)
	}
	if err := s.StartIMAP(); err != nil {
		t.Fatal(err)
	}
	if err := s.Deliver("pbem@example.test", "INBOX", []byte(testMail("alice@example.test", "pbem@example.test", "x", "back@x", "HELP\n"))); err != nil {
		t.Fatal(err)
	}
	h.waitHandled(t, "back@x")
}

func TestWatcherBadLogin(t *testing.T) {
	s := startHarness(t, nil)
	cfg := harnessWatcherConfig(s)
	cfg.Password = "wrong"
	cfg.Backoff = func(int) time.Duration { return time.Millisecond }
	errCh := make(chan error, 10)
	cfg.OnEvent = func(e Event) {
		if e.Kind == EventDisconnected {
			select {
			case errCh <- e.Err:
			default:
			}
		}
	}
	w := NewWatcher(cfg)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx, newMemHandler()) }()
	err := <-errCh
	cancel()
	if rerr := <-done; !errors.Is(rerr, context.Canceled) {
		t.Errorf("Run: %v", rerr)
	}
	if err == nil || !strings.Contains(err.Error(), "login") {
		t.Errorf("want a login error, got %v", err)
	}
}

// TLS: implicit TLS and STARTTLS against the harness with a self-signed CA.
func TestWatcherTLS(t *testing.T) {
	srvTLS, cliTLS, err := mailtest.SelfSigned()
	if err != nil {
		t.Fatal(err)
	}
	s := startHarness(t, &mailtest.Options{AutoCreate: true, TLS: srvTLS, Users: map[string]string{"pbem": "pbem-secret"}})
	for _, mode := range []TLSMode{TLSImplicit, TLSStartTLS} {
		t.Run(string(mode), func(t *testing.T) {
			mid := "tls-" + string(mode) + "@x"
			if err := s.Deliver("pbem@example.test", "INBOX", []byte(testMail("alice@example.test", "pbem@example.test", "x", mid, "HELP\n"))); err != nil {
				t.Fatal(err)
			}
			h := newMemHandler()
			cfg := harnessWatcherConfig(s)
			cfg.TLS, cfg.TLSConfig = mode, cliTLS
			if mode == TLSImplicit {
				cfg.Addr = s.IMAPSAddr
			}
			startWatcher(t, cfg, h)
			h.waitHandled(t, mid)
		})
	}
}

// A mail without Message-ID gets a stable one from its bytes, so even it is
// de-duplicated: the same bytes delivered twice are handled once.
func TestWatcherNoMessageID(t *testing.T) {
	s := startHarness(t, nil)
	raw := []byte("From: alice@example.test\r\nTo: pbem@example.test\r\nSubject: no id\r\n\r\nSTATUS\r\n")
	for i := 0; i < 2; i++ {
		if err := s.Deliver("pbem@example.test", "INBOX", raw); err != nil {
			t.Fatal(err)
		}
	}
	h := newMemHandler()
	w := startWatcher(t, harnessWatcherConfig(s), h)
	want := MessageIDOf("", raw)
	h.waitHandled(t, want)
	waitFor(t, "both moved", func() bool { return w.Stats().Moved == 2 })
	if got := h.messageIDs(); len(got) != 1 {
		t.Errorf("handled %v", got)
	}
}
