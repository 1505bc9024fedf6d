//go:build mailserver

package e2e

import (
	"os"
	"strconv"
	"testing"
)

// TestStormReal: the deadline storm through Postfix and Dovecot, 200 games
// (PBEM_STORM_GAMES sets another number, e.g. 1000 to measure a large club).
func TestStormReal(t *testing.T) {
	n := 200
	if v := os.Getenv("PBEM_STORM_GAMES"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 1 {
			t.Fatalf("PBEM_STORM_GAMES=%q: want a number of games ≥ 1", v)
		}
	}
	e := realEnv(t)
	// 6n mails of ~300 KB stay in the Maildirs otherwise (1.8 GB for 1,000
	// games) until the next test empties them.
	t.Cleanup(func() {
		for _, u := range []string{"alice", "bob", "gm", "pbem"} {
			if err := purge(e.login(u)); err != nil {
				t.Logf("emptying %s's mailboxes: %v", u, err)
			}
		}
	})
	runStorm(t, e, n)
}
