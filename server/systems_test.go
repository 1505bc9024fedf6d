package server

import (
	"testing"

	"github.com/shiloh-pbem/pbem/store"
)

// A new game records the system that plays it, and a game stored without one
// (an empty ruleset) is the registry's legacy system's: it still plays and
// replays (docs/ARCHITECTURE.md §8).
func TestGamesRecordTheirSystem(t *testing.T) {
	_, st := playHours(t, 1, "shiloh1862-day2")
	err := st.Update(func(tx *store.Tx) error {
		g, err := tx.Game("v1")
		if err != nil {
			return err
		}
		if g.Ruleset != "shiloh1862" || g.Scenario != "shiloh1862-day2" {
			t.Errorf("game records ruleset %q, scenario %q", g.Ruleset, g.Scenario)
		}
		g.Ruleset = ""
		return tx.PutGame(g)
	})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := New(st, Config{Registry: testRules, Address: "pbem@club.test"})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := srv.currentState("v1"); err != nil {
		t.Errorf("a game without a ruleset does not open: %v", err)
	}
	if diffs, err := VerifyRecord(testRules, exportRecord(t, st)); err != nil || len(diffs) > 0 {
		t.Errorf("a game without a ruleset does not replay: %v %v", diffs, err)
	}
	// A game of a system this daemon does not play is refused by name.
	if err := st.Update(func(tx *store.Tx) error {
		g, _ := tx.Game("v1")
		g.Ruleset = "grants-trial"
		return tx.PutGame(g)
	}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := srv.currentState("v1"); err == nil {
		t.Error("a game of an unregistered system opened")
	}
}

func TestNoRegistryNoServer(t *testing.T) {
	if _, err := New(nil, Config{Address: "pbem@club.test"}); err == nil {
		t.Error("a server without rule systems was made")
	}
}
