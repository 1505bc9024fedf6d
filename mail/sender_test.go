package mail

import (
	"bytes"
	"context"
	"encoding/pem"
	"errors"
	"os"
	"path/filepath"
	"strings"
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
