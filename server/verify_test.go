package server

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

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
	return exportGame(t, st, "v1")
}

// exportGame is a game's record as pbem game export writes it, read back.
func exportGame(t testing.TB, st *store.Store, id string) *store.GameRecord {
	t.Helper()
	b, err := st.ExportGame(id)
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
	rules := rulesOf(t, rec.Game.Scenario)
	if rec.Hours[0].ReportFormat != rules.ReportFormat() {
		t.Fatalf("a resolved hour records report format %d, want the rules' %d", rec.Hours[0].ReportFormat, rules.ReportFormat())
	}
	if old := EarlierFormats(rules, rec.Hours); len(old) != 0 {
		t.Fatalf("earlier formats of a fresh game: %v", old)
	}
	// Hour 1 in another format (here a future one): its report is not compared...
	rec.Hours[1].ReportFormat = rules.ReportFormat() + 1
	rec.Hours[1].Reports["usa"] = []byte(`{"format three": true}`)
	if diffs, err := VerifyRecord(testRules, rec); err != nil || len(diffs) > 0 {
		t.Fatalf("report of another format compared: %v %v", diffs, err)
	}
	if old := EarlierFormats(rules, rec.Hours); len(old) != 1 || old[0] != rec.Hours[1].Hour {
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

// A club's store holds hours resolved before reports carried codes (format 1)
// and, after it upgraded, hours in format 2: the record verifies (format-1 hours
// by their seeds, orders and next states, their reports not compared; format-2
// hours in full), verify lists the format-1 hours, and every stored report still
// reads and is worded.
func TestVerifyStoredFormat1Record(t *testing.T) {
	rec := storedRecord(t)
	rules := rulesOf(t, rec.Game.Scenario)
	old := len(rec.Hours)
	rec.Hours[0].ReportFormat = 0 // as hours stored before formats were recorded: format 1
	for range 2 {
		resolveNext(t, rules, rec)
	}
	if diffs, err := VerifyRecord(testRules, rec); err != nil || len(diffs) > 0 {
		t.Fatalf("record of format-1 and format-2 hours: %v %v", diffs, err)
	}
	earlier := EarlierFormats(rules, rec.Hours)
	if len(earlier) != old || earlier[0] != rec.Hours[0].Hour {
		t.Errorf("earlier formats %v, want the %d stored hours", earlier, old)
	}
	for _, h := range rec.Hours {
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
	// A format-2 report is still compared byte for byte.
	last := &rec.Hours[len(rec.Hours)-1]
	last.Reports["gm"] = []byte(strings.Replace(string(last.Reports["gm"]), `"points":[`, `"points":[9`, 1))
	if diffs, _ := VerifyRecord(testRules, rec); len(diffs) == 0 {
		t.Error("a tampered format-2 report verifies")
	}
}

// resolveNext adds to rec the next hour resolved by the rules as they are now,
// without orders (both sides' standing orders), linked into its audit chain as
// the server links it.
func resolveNext(t *testing.T, rules adjudicator.Scenario, rec *store.GameRecord) {
	t.Helper()
	prev := rec.Hours[len(rec.Hours)-1]
	before, err := rules.DecodeState(prev.NextState)
	if err != nil {
		t.Fatal(err)
	}
	seed := []byte(fmt.Sprintf("hour %d after the upgrade", prev.Hour+1))
	after, rep, err := rules.Resolve(before, [2]adjudicator.Orders{}, adjudicator.NewStreamDice(seed))
	if err != nil {
		t.Fatal(err)
	}
	h := store.HourRecord{Game: rec.Game.ID, Hour: prev.Hour + 1, OpenedAt: prev.ResolvedAt, StateAtStart: prev.NextState,
		SeedCommitment: store.Commitment(seed), Seed: seed, Reports: map[string][]byte{}, ReportFormat: rules.ReportFormat(),
		ResolvedAt: prev.ResolvedAt.Add(time.Hour)}
	if h.NextState, err = rules.EncodeState(after); err != nil {
		t.Fatal(err)
	}
	for _, viewer := range viewers {
		if h.Reports[sideKey(viewer)], err = json.Marshal(rules.ViewReport(before, rep, after, viewer)); err != nil {
			t.Fatal(err)
		}
	}
	a := store.HourAudit(&h)
	head := rec.Audit[len(rec.Audit)-1]
	a.Seq, a.PrevHash, a.At = head.Seq+1, head.Hash, h.ResolvedAt
	a.Hash = a.ComputeHash()
	rec.Hours = append(rec.Hours, h)
	rec.Audit = append(rec.Audit, *a)
	rec.ChainHead = store.ChainHead{Seq: a.Seq, Hash: a.Hash}
}

// The differences name the turns as the game's rules name them, not by their
// stored index.
func TestVerifyNamesTurns(t *testing.T) {
	_, st := playHours(t, 3, "shiloh1862")
	rec := exportRecord(t, st)
	rec.Hours[1].StateAtStart = []byte(strings.Replace(string(rec.Hours[1].StateAtStart), `"strength": 3`, `"strength": 2`, 1))
	rec.Hours[2].Seed = append([]byte(nil), rec.Hours[2].Seed...)
	rec.Hours[2].Seed[0] ^= 1
	diffs, err := VerifyRecord(testRules, rec)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(diffs, "\n")
	for _, want := range []string{
		"Day 1 8AM does not start where Day 1 7AM ended",
		"Day 1 9AM: the revealed seed does not match the commitment published before orders",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("%q missing in:\n%s", want, got)
		}
	}
	if strings.Contains(got, "hour 1") || strings.Contains(got, "hour 2") {
		t.Errorf("a turn named by its index:\n%s", got)
	}
	if _, err := ReplayHour(rulesOf(t, "shiloh1862"), &store.HourRecord{Hour: 4}); err == nil || !strings.Contains(err.Error(), "Day 1 11AM is not resolved") {
		t.Errorf("an unresolved turn: %v", err)
	}
}
