//go:build !mailserver

package e2e

import "testing"

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
