//go:build mailserver

package mail

// The end-to-end suite against a real Postfix (SMTP, queue, LMTP delivery) and
// Dovecot (IMAP with IDLE and MOVE), started by TestMain through
// scripts/mailserver/start.sh. Run: go test -tags mailserver ./mail/
// (as root, with postfix dovecot-imapd dovecot-lmtpd openssl installed). A server
// that cannot start fails the run; nothing is skipped.

import (
	"context"
	"crypto/tls"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/mail/mailtest"
)

var realDir string

func TestMain(m *testing.M) {
	realDir = os.Getenv("PBEM_MAIL_DIR")
	if realDir == "" {
		realDir = filepath.Join(os.TempDir(), "pbem-mailserver-test")
	}
	if out, err := mailScript("stop.sh", "--purge"); err != nil {
		fmt.Fprintf(os.Stderr, "mailserver stop: %v\n%s", err, out)
		os.Exit(1)
	}
	t0 := time.Now()
	if out, err := mailScript("start.sh"); err != nil {
		fmt.Fprintf(os.Stderr, "FAIL: the real mail server did not start: %v\n%s", err, out)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "mailserver up in %v (%s)\n", time.Since(t0).Round(time.Millisecond), realDir)
	code := m.Run()
	mailScript("stop.sh")
	os.Exit(code)
}

func mailScript(name string, args ...string) (string, error) {
	cmd := exec.Command(filepath.Join("..", "scripts", "mailserver", name), args...)
	cmd.Env = append(os.Environ(), "PBEM_MAIL_DIR="+realDir)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func realEnv(t testing.TB) *mailEnv {
	restart := func(what string) func() error {
		return func() error {
			if out, err := mailScript("stop.sh", what); err != nil {
				return fmt.Errorf("stop %s: %v: %s", what, err, out)
			}
			if out, err := mailScript("start.sh"); err != nil {
				return fmt.Errorf("start: %v: %s", err, out)
			}
			return nil
		}
	}
	return &mailEnv{
		name: "real", imapAddr: "127.0.0.1:10143", smtpAddr: "127.0.0.1:10025", domain: "example.test",
		adjAddr: "pbem@example.test", adjUser: "pbem@example.test", adjPass: "pbem-secret",
		playerAddr: "alice@example.test", playerUser: "alice@example.test", playerPass: "alice-secret",
		restartIMAP: restart("dovecot"),
		stopSMTP: func() error {
			if out, err := mailScript("stop.sh", "postfix"); err != nil {
				return fmt.Errorf("%v: %s", err, out)
			}
			return nil
		},
		startSMTP: func() error {
			if out, err := mailScript("start.sh"); err != nil {
				return fmt.Errorf("%v: %s", err, out)
			}
			return nil
		},
	}
}

func TestIntakeRealServer(t *testing.T) {
	runIntakeSuite(t, realEnv(t))
}

func TestSenderRealServer(t *testing.T) {
	runSenderSuite(t, realEnv(t))
}

func realCA(t testing.TB) *tls.Config {
	tc, err := TLSConfigWithCA(filepath.Join(realDir, "tls", "cert.pem"))
	if err != nil {
		t.Fatal(err)
	}
	return tc
}

// STARTTLS with the test CA and AUTH PLAIN, both directions: the Sender submits to
// Postfix's submission port, the Watcher reads Dovecot over STARTTLS.
func TestTLSAndAuthRealServer(t *testing.T) {
	env := realEnv(t)
	ca := realCA(t)
	box := newMemOutbox()
	m := testOutMessage(t)
	m.ID = fmt.Sprintf("tls-%d", time.Now().UnixNano())
	m.To = []Address{{Addr: "pbem@example.test"}}
	raw, err := Compose(m)
	if err != nil {
		t.Fatal(err)
	}
	box.add(Outgoing{ID: m.ID, From: "gm@example.test", To: []string{"pbem@example.test"}, Raw: raw})
	snd := NewSender(SMTPConfig{Addr: "127.0.0.1:10587", TLS: TLSStartTLS, TLSConfig: ca, Username: "gm@example.test", Password: "gm-secret"})
	snd.Logger = quietLogger()
	if _, err := snd.SendDue(context.Background(), box); err != nil || box.sentCount() != 1 {
		t.Fatalf("submission: sent=%d err=%v", box.sentCount(), err)
	}
	h := newMemHandler()
	cfg := env.watcherConfig(nil)
	cfg.TLS, cfg.TLSConfig = TLSStartTLS, ca
	startWatcher(t, cfg, h)
	d, _ := h.waitHandled(t, m.MessageID())
	in, err := Decode(d.Raw, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(in.CoverText, "Initiative: CSA 9") {
		t.Errorf("text after Postfix and Dovecot: %q", in.CoverText)
	}
	// Wrong password: a retryable failure, not a permanent one.
	box2 := newMemOutbox()
	box2.add(Outgoing{ID: "badpw", From: "gm@example.test", To: []string{"pbem@example.test"}, Raw: raw})
	snd2 := NewSender(SMTPConfig{Addr: "127.0.0.1:10587", TLS: TLSStartTLS, TLSConfig: ca, Username: "gm@example.test", Password: "wrong"})
	snd2.Logger = quietLogger()
	if _, err := snd2.SendDue(context.Background(), box2); err == nil || box2.entries[0].gaveUp {
		t.Errorf("bad password: err=%v gaveUp=%v", err, box2.entries[0].gaveUp)
	}
}

// Sample mails injected verbatim: auto-replies, bounces and lists are classified
// ignore after the trip through Postfix and Dovecot, too.
func TestFixturesRealServer(t *testing.T) {
	env := realEnv(t)
	h := newMemHandler()
	startWatcher(t, env.watcherConfig(nil), h)
	for _, name := range []string{"autoreply", "mailinglist", "gmail_reply"} {
		raw, err := os.ReadFile(filepath.Join("testdata", "mails", name+".eml"))
		if err != nil {
			t.Fatal(err)
		}
		mid := fmt.Sprintf("fixture-%s-%d@example.net", name, time.Now().UnixNano())
		in, _ := Decode(raw, nil)
		raw = []byte(strings.Replace(string(raw), in.MessageID, mid, 1))
		if err := sendRaw(env.smtpAddr, "someone@example.net", []string{env.adjAddr}, string(raw)); err != nil {
			t.Fatal(err)
		}
		h.waitHandled(t, mid)
		h.mu.Lock()
		why, ignored := h.ignored[mid]
		h.mu.Unlock()
		if ignored != (name != "gmail_reply") {
			t.Errorf("%s: ignored=%v (%s)", name, ignored, why)
		}
	}
}

// BenchmarkIdleLatencyRealServer: from SMTP submission to Postfix until the handler
// is called through Dovecot IDLE.
func BenchmarkIdleLatencyRealServer(b *testing.B) {
	benchIdleLatency(b, realEnv(b))
}

func TestUIDValidityRealServer(t *testing.T) {
	runUIDValiditySuite(t, realEnv(t))
}

// BenchmarkLandedToHandlerRealServer: from Dovecot's LMTP accepting a mail (it is in
// the mailbox) to the handler being called through IDLE.
func BenchmarkLandedToHandlerRealServer(b *testing.B) {
	benchLanding(b, realEnv(b), "127.0.0.1:10024")
}

// BenchmarkRoundTripRealServer: a player's mail through Postfix and Dovecot to the
// handler, a receipt composed into the outbox and accepted by Postfix.
func BenchmarkRoundTripRealServer(b *testing.B) {
	benchRoundTrip(b, realEnv(b))
}

// benchLanding measures from a mail landing in the mailbox (LMTP delivery done) to
// Handler.Handle being called through IDLE.
func benchLanding(b *testing.B, env *mailEnv, lmtpAddr string) {
	h := newMemHandler()
	startWatcher(b, env.watcherConfig(nil), h)
	var total time.Duration
	for i := 0; i < b.N; i++ {
		mid := fmt.Sprintf("land-%d-%d@example.net", i, time.Now().UnixNano())
		if err := mailtest.DeliverLMTP(lmtpAddr, env.playerAddr, env.adjAddr, []byte(testMail(env.playerAddr, env.adjAddr, "[g1 csa] orders", mid, "ORDERS\n"))); err != nil {
			b.Fatal(err)
		}
		landed := time.Now()
		_, at := h.waitHandled(b, mid)
		total += at.Sub(landed)
	}
	b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "ms-landed-to-handler")
}
