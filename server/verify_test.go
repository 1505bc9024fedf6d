package server

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/mail"
	"github.com/shiloh-pbem/pbem/store"
	"github.com/shiloh-pbem/pbem/templates"
)

// playHours creates a game and plays n hours with the given orders texts, without
// mail: orders go through the same intake function a mail reaches.
func playHours(t testing.TB, n int, scenario string) (*Server, *store.Store) {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "pbem.db"), &store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	srv, err := New(st, Config{Registry: testRules, Address: "pbem@club.test"})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := srv.CreateGame(ctx, NewGame{ID: "v1", Scenario: scenario, USA: "alice@club.test", CSA: "bob@club.test"}); err != nil {
		t.Fatal(err)
	}
	texts := map[adjudicator.Side]string{
		adjudicator.USA: "activate sherman\nat all: withdraw if weaker\nsupply: sherman\n",
		adjudicator.CSA: "activate hardee, bragg, polk\nat all: hold\n",
	}
	for i := 0; i < n; i++ {
		for _, sd := range adjudicator.Sides {
			if err := st.Update(func(tx *store.Tx) error {
				g, err := tx.Game("v1")
				if err != nil {
					return err
				}
				in := &mail.Inbound{From: mail.Address{Addr: g.Players[sideKey(sd)].Address}, Text: texts[sd]}
				_, err = srv.takeOrders(tx, g, sd, in, 0)
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}
		ok, err := srv.ResolveIfReady(ctx, "v1")
		if err != nil || !ok {
			t.Fatalf("hour %d: resolved=%v err=%v", i, ok, err)
		}
	}
	return srv, st
}

func exportRecord(t testing.TB, st *store.Store) *store.GameRecord {
	t.Helper()
	b, err := st.ExportGame("v1")
	return importRecord(t, b, err)
}

// importRecord reads a record that b, or err, is.
func importRecord(t testing.TB, b []byte, err error) *store.GameRecord {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	rec, err := store.ImportGameRecord(b)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// verify passes on a played game and fails on a tampered order, state, seed or
// chain link (issue: the game record).
func TestVerifyRecordCatchesTampering(t *testing.T) {
	_, st := playHours(t, 3, "shiloh1862")
	if diffs, err := VerifyRecord(testRules, exportRecord(t, st)); err != nil || len(diffs) > 0 {
		t.Fatalf("untampered game: %v %v", diffs, err)
	}
	tamper := map[string]func(r *store.GameRecord){
		"order": func(r *store.GameRecord) {
			h := &r.Hours[1]
			sets := h.OrderSets["csa"]
			var o shiloh1862.Orders
			if err := json.Unmarshal(sets[len(sets)-1].Parsed, &o); err != nil {
				t.Fatal(err)
			}
			o.Activate = nil
			b, _ := json.Marshal(o)
			sets[len(sets)-1].Parsed = b
		},
		"state": func(r *store.GameRecord) {
			r.Hours[1].StateAtStart = []byte(strings.Replace(string(r.Hours[1].StateAtStart), `"strength": 3`, `"strength": 2`, 1))
		},
		"seed": func(r *store.GameRecord) {
			r.Hours[2].Seed = append([]byte(nil), r.Hours[2].Seed...)
			r.Hours[2].Seed[0] ^= 1
		},
		"chain link": func(r *store.GameRecord) {
			r.Audit[1].PrevHash[0] ^= 1
		},
		"report": func(r *store.GameRecord) {
			r.Hours[0].Reports["usa"] = []byte(strings.Replace(string(r.Hours[0].Reports["usa"]), `"points":[`, `"points":[9`, 1))
		},
	}
	for name, f := range tamper {
		rec := exportRecord(t, st)
		f(rec)
		diffs, err := VerifyRecord(testRules, rec)
		if err == nil && len(diffs) == 0 {
			t.Errorf("tampered %s: record still verifies", name)
		}
	}
}

// Reports stored in another format than the rules write now are not compared
// (they cannot match), and the verdict lists those hours; their next states still
// are (docs/ARCHITECTURE.md §8).
func TestVerifyRecordAcrossReportFormats(t *testing.T) {
	_, st := playHours(t, 3, "shiloh1862")
	rec := exportRecord(t, st)
	if rec.Hours[0].ReportFormat != 1 {
		t.Fatalf("a resolved hour records report format %d, want the rules' 1", rec.Hours[0].ReportFormat)
	}
	if old := EarlierFormats(rulesOf(t, rec.Game.Scenario), rec.Hours); len(old) != 0 {
		t.Fatalf("earlier formats of a fresh game: %v", old)
	}
	// An hour stored before hours recorded a format reads as format 1.
	rec.Hours[0].ReportFormat = 0
	if diffs, err := VerifyRecord(testRules, rec); err != nil || len(diffs) > 0 {
		t.Fatalf("hour without a format: %v %v", diffs, err)
	}
	// Hour 1 in a format of the future: its report is not compared...
	rec.Hours[1].ReportFormat = 2
	rec.Hours[1].Reports["usa"] = []byte(`{"format two": true}`)
	if diffs, err := VerifyRecord(testRules, rec); err != nil || len(diffs) > 0 {
		t.Fatalf("report of another format compared: %v %v", diffs, err)
	}
	if old := EarlierFormats(rulesOf(t, rec.Game.Scenario), rec.Hours); len(old) != 1 || old[0] != rec.Hours[1].Hour {
		t.Fatalf("earlier formats = %v, want hour %d", old, rec.Hours[1].Hour)
	}
	// ...but its next state still is.
	rec.Hours[1].NextState = []byte(strings.Replace(string(rec.Hours[1].NextState), `"strength": 3`, `"strength": 2`, 1))
	if diffs, _ := VerifyRecord(testRules, rec); len(diffs) == 0 {
		t.Error("a tampered next state verifies when the hour's reports are of another format")
	}
}

// BenchmarkReplayGame replays a whole resolved game from its record (target: a
// full game ≤ 20 ms).
func BenchmarkReplayGame(b *testing.B) {
	_, st := playHours(b, int(shiloh1862.Day2Last)+1, "shiloh1862")
	rec := exportRecord(b, st)
	var hours []*store.HourRecord
	for j := range rec.Hours {
		if rec.Hours[j].Resolved() {
			hours = append(hours, &rec.Hours[j])
		}
	}
	b.Logf("%d hours", len(hours))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if d, err := ReplayHours(rulesOf(b, rec.Game.Scenario), hours); err != nil || len(d) > 0 {
			b.Fatal(d, err)
		}
	}
}

// storedRecord is a game's record as testdata/format1-record.json keeps it: two
// hours a server resolved and stored when reports were English (format 1).
func storedRecord(t *testing.T) *store.GameRecord {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "format1-record.json"))
	return importRecord(t, b, err)
}

// A record stored in format 1 verifies, and its reports read and are worded.
func TestVerifyStoredFormat1Record(t *testing.T) {
	rec := storedRecord(t)
	if diffs, err := VerifyRecord(testRules, rec); err != nil || len(diffs) > 0 {
		t.Fatalf("stored record: %v %v", diffs, err)
	}
	rules := rulesOf(t, rec.Game.Scenario)
	for _, h := range rec.Hours {
		if h.Format() != 1 {
			t.Fatalf("hour %d is of format %d", h.Hour, h.Format())
		}
		for _, viewer := range viewers {
			rv, err := rules.DecodeReportView(h.Reports[sideKey(viewer)], h.Format())
			if err != nil {
				t.Fatal(err)
			}
			if text, err := templates.ReportTextOf(rules, rv); err != nil || !strings.Contains(text, "Victory points") {
				t.Errorf("hour %d, %s: %v\n%s", h.Hour, sideKey(viewer), err, text)
			}
		}
	}
}
