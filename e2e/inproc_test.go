//go:build !mailserver

package e2e

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/shiloh-pbem/pbem/mail/mailtest"
)

// The scenarios against the in-process mail server (mail/mailtest): part of every
// `go test ./...`. With -tags mailserver the same scenarios run against the real
// server instead (realserver_test.go), so CI does not play them twice.

func TestWholeHourInproc(t *testing.T) { runWholeHour(t, newInprocEnv(t)) }

func TestMailSamplesInproc(t *testing.T) { runMailSamples(t, newInprocEnv(t)) }

func TestFaultsInproc(t *testing.T) { runFaults(t, newInprocEnv(t)) }

func TestSpoofAndNoiseInproc(t *testing.T) { runSpoofAndNoise(t, newInprocEnv(t)) }

// TestKillsInproc: 7 hours, 3 SIGKILLs each (21 kills); -short plays 2 hours.
func TestKillsInproc(t *testing.T) {
	hours := 7
	if testing.Short() {
		hours = 2
	}
	st := runKills(t, newInprocEnv(t), hours, 1862)
	if st.kills < 3*hours {
		t.Errorf("only %d kills", st.kills)
	}
}

// BenchmarkHourLatencyInproc: from the second side's orders accepted by the
// in-process server to both reports accepted by it (IDLE, change of mind 0 s).
func BenchmarkHourLatencyInproc(b *testing.B) { benchHourLatency(b, newInprocEnv(b)) }

// newInprocEnv starts a fresh mail/mailtest server for one test.
func newInprocEnv(t testing.TB) *env {
	ms, err := mailtest.Start(&mailtest.Options{AutoCreate: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ms.Close() })
	for _, u := range allUsers {
		if _, err := ms.AddUser(u, mailtest.DefaultPassword(u)); err != nil {
			t.Fatal(err)
		}
	}
	return &env{
		name: "inproc", imapAddr: ms.IMAPAddr, smtpAddr: ms.SMTPAddr,
		login: func(local string) (string, string) { return local, mailtest.DefaultPassword(local) },
		restartIMAP: func(t testing.TB) {
			ms.StopIMAP()
			time.Sleep(300 * time.Millisecond)
			if err := ms.StartIMAP(); err != nil {
				t.Fatal(err)
			}
		},
		stopSMTP: func(testing.TB) { ms.StopSMTP() },
		startSMTP: func(t testing.TB) {
			if err := ms.StartSMTP(); err != nil {
				t.Fatal(err)
			}
		},
		deliver: func(t testing.TB, local string, raw []byte) {
			if err := ms.Deliver(local+"@"+domain, "INBOX", raw); err != nil {
				t.Fatal(err)
			}
		},
		arrival: func(t testing.TB, local, mid string) (time.Time, bool) {
			want := []byte("<" + mid + ">")
			for _, r := range ms.Received() {
				for _, to := range r.To {
					if mailtest.UserFor(to) == local && bytes.Contains(headerOf(r.Raw), want) {
						return r.At, true
					}
				}
			}
			return time.Time{}, false
		},
		outside: func(testing.TB) int {
			n := 0
			for _, r := range ms.Received() {
				for _, to := range r.To {
					if !strings.HasSuffix(strings.ToLower(to), "@"+domain) {
						n++
					}
				}
			}
			return n
		},
		idleDelay: "none",
	}
}
