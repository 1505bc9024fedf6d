//go:build !mailserver

package e2e

import "testing"

// TestStormInproc: 20 games due at one minute through the in-process mail server,
// the daemon killed twice in the storm (runStorm). Part of every `go test`.
func TestStormInproc(t *testing.T) { runStorm(t, newInprocEnv(t), 20) }
