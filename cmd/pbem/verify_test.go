package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/store"
)

// pbem verify names turns as the game's rules do, Antietam's player-turns
// included, and says what it checked: the whole game, or with --hour that turn
// alone.
func TestVerifyNamesTurnsAndWhatItChecked(t *testing.T) {
	dir := t.TempDir()
	if code, out, errs := run(t, "", "demo", "--scenario", "antietam", "--hours", "2", "--out", dir); code != exitOK {
		t.Fatalf("demo: exit %d %s %s", code, out, errs)
	}
	db := filepath.Join(dir, "pbem.db")
	code, out, errs := run(t, "", "verify", "--store", db, "--game", "demo")
	if code != exitOK || !strings.Contains(out, "game demo verifies: its ") || !strings.Contains(out, " resolved turns, T01-USA to T") ||
		!strings.Contains(out, "the audit chain holds") {
		t.Errorf("whole game: exit %d %s %s", code, out, errs)
	}
	code, out, errs = run(t, "", "verify", "--store", db, "--game", "demo", "--hour", "t01-csa")
	if code != exitOK || !strings.Contains(out, "game demo verifies for T01-CSA: that turn replays to the published result") ||
		!strings.Contains(out, "without --hour") {
		t.Errorf("--hour: exit %d %s %s", code, out, errs)
	}

	// A tampered seed is reported against its turn's name.
	rec := filepath.Join(dir, "demo.json")
	if code, _, errs := run(t, "", "game", "export", "--store", db, "--out", rec, "demo"); code != exitOK {
		t.Fatalf("export: %s", errs)
	}
	b, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	var r store.GameRecord
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	r.Hours[1].Seed[0] ^= 1
	if b, err = json.Marshal(&r); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(rec, b, 0o644)
	code, out, _ = run(t, "", "verify", rec)
	if code != exitProblems || !strings.Contains(out, "T01-CSA: the revealed seed does not match") || strings.Contains(out, "hour 1") {
		t.Errorf("tampered seed: exit %d %s", code, out)
	}
	code, out, _ = run(t, "", "verify", rec, "--hour", "T01-CSA")
	if code != exitProblems || !strings.Contains(out, "game demo does NOT verify for T01-CSA:\n  T01-CSA: the revealed seed") {
		t.Errorf("tampered seed, --hour: exit %d %s", code, out)
	}
}
