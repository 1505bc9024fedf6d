package mail

import (
	"testing"

	"github.com/shiloh-pbem/pbem/mail/mailtest"
)

func startHarness(t testing.TB, opts *mailtest.Options) *mailtest.Server {
	t.Helper()
	if opts == nil {
		opts = &mailtest.Options{AutoCreate: true, Users: map[string]string{"pbem": "pbem-secret", "alice": "alice-secret"}}
	}
	s, err := mailtest.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func harnessEnv(s *mailtest.Server) *mailEnv {
	return &mailEnv{
		name: "harness", imapAddr: s.IMAPAddr, smtpAddr: s.SMTPAddr, domain: "example.test",
		adjAddr: "pbem@example.test", adjUser: "pbem", adjPass: "pbem-secret",
		playerAddr: "alice@example.test", playerUser: "alice", playerPass: "alice-secret",
		restartIMAP: s.RestartIMAP,
		stopSMTP:    func() error { s.StopSMTP(); return nil },
		startSMTP:   s.StartSMTP,
	}
}

func TestIntakeHarness(t *testing.T) {
	runIntakeSuite(t, harnessEnv(startHarness(t, nil)))
}

func TestSenderHarness(t *testing.T) {
	runSenderSuite(t, harnessEnv(startHarness(t, nil)))
}

// BenchmarkIdleLatencyHarness: SMTP → in-memory IMAP → IDLE → handler, in process.
func BenchmarkIdleLatencyHarness(b *testing.B) {
	benchIdleLatency(b, harnessEnv(startHarness(b, nil)))
}

func TestUIDValidityHarness(t *testing.T) {
	runUIDValiditySuite(t, harnessEnv(startHarness(t, nil)))
}

// BenchmarkRoundTripHarness: player's mail in, receipt composed and accepted by SMTP.
func BenchmarkRoundTripHarness(b *testing.B) {
	benchRoundTrip(b, harnessEnv(startHarness(b, nil)))
}
