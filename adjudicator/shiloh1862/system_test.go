package shiloh1862

import (
	"bytes"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

func TestSystemThroughTheContract(t *testing.T) {
	reg, err := adjudicator.NewRegistry(SystemID, Rules)
	if err != nil {
		t.Fatal(err)
	}
	if got := reg.ScenarioIDs(); !slices.Equal(got, []string{"shiloh1862", "shiloh1862-day2"}) {
		t.Fatalf("scenarios = %v", got)
	}
	for _, id := range reg.ScenarioIDs() {
		cs, err := reg.FindScenario(id)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := Engine(cs)
		if err != nil || sc.ID != id || cs.System() != SystemID {
			t.Fatalf("%s: engine scenario %v, %v", id, sc, err)
		}

		// The board is the map: every area, with its neighbours across its borders.
		b := cs.Board()
		if b.Kind != adjudicator.Areas || len(b.Places) != len(sc.Map.Areas) || len(b.Edges) != len(sc.Map.Borders) {
			t.Fatalf("%s: board of %d places and %d edges from %d areas and %d borders", id, len(b.Places), len(b.Edges), len(sc.Map.Areas), len(sc.Map.Borders))
		}
		for _, a := range sc.Map.Areas {
			p := b.Place(adjudicator.PlaceID(a.ID))
			if p == nil || p.Name != a.Name || p.Terrain != string(a.Terrain) {
				t.Fatalf("%s: area %s became %+v", id, a.ID, p)
			}
			var want []adjudicator.PlaceID
			for _, n := range sc.Map.Neighbours(a.ID) {
				want = append(want, adjudicator.PlaceID(n))
			}
			slices.Sort(want)
			if got := b.Neighbours(p.ID); !slices.Equal(got, want) {
				t.Fatalf("%s: neighbours of %s = %v, map says %v", id, a.ID, got, want)
			}
		}
		if e := b.Edge("rea_field", "shiloh_church"); id == "shiloh1862" && e == nil {
			t.Errorf("%s: Rea Field and Shiloh Church share a border on the map", id)
		}

		// Turns run hour by hour from the start to the end, both sides sending; hour
		// 12 is the night turn (9.2).
		turns := cs.Turns()
		if turns[0].Index != int(sc.Start) || turns[len(turns)-1].Index != int(sc.End) {
			t.Errorf("%s: turns %d..%d, scenario %d..%d", id, turns[0].Index, turns[len(turns)-1].Index, sc.Start, sc.End)
		}
		for _, tu := range turns {
			if !tu.Sends(USA) || !tu.Sends(CSA) || tu.Phasing != NoSide || tu.Night != (tu.Index == int(NightHour)) || tu.Key != Hour(tu.Index).String() {
				t.Errorf("%s: turn %+v", id, tu)
			}
		}

		// A state made through the contract is the engine's, and reads back.
		opts := adjudicator.Options{Visibility: "double-blind", Optional: []string{"pond", "flanking"}}
		st, err := cs.NewState(opts)
		if err != nil {
			t.Fatal(err)
		}
		direct, _ := NewState(sc, Options{Visibility: VisDoubleBlind, Pond: true, Flanking: true})
		enc, err := cs.EncodeState(st)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := MarshalState(direct)
		if !bytes.Equal(enc, want) {
			t.Errorf("%s: state through the contract differs from NewState's", id)
		}
		back, err := cs.DecodeState(enc)
		if err != nil || back.Turn().Key != st.Turn().Key || back.Outcome() != st.Outcome() {
			t.Errorf("%s: state did not read back: %v", id, err)
		}
	}

	full, _ := reg.FindScenario("shiloh1862")
	day2, _ := reg.FindScenario("shiloh1862-day2")
	st, _ := day2.NewState(adjudicator.Options{Visibility: "blocks"})
	enc, _ := day2.EncodeState(st)
	if _, err := full.DecodeState(enc); err == nil || !strings.Contains(err.Error(), "shiloh1862-day2") {
		t.Errorf("a Day 2 state read as the full battle: %v", err)
	}
	if _, err := full.NewState(adjudicator.Options{Visibility: "fog"}); err == nil {
		t.Error("an unknown visibility was taken")
	}
	if _, err := full.NewState(adjudicator.Options{Visibility: "open", Optional: []string{"cavalry-charge"}}); err == nil || !strings.Contains(err.Error(), "planned-initiative") {
		t.Errorf("an unknown optional rule: %v", err)
	}
}

func TestOptionalRuleNamesRoundTrip(t *testing.T) {
	for _, name := range OptionalRules() {
		var o Options
		if !o.SetOptional(name) {
			t.Fatalf("%s not set", name)
		}
		if got := o.OptionalNames(); !slices.Equal(got, []string{name}) {
			t.Errorf("%s reads back as %v", name, got)
		}
	}
	var o Options
	if o.SetOptional("nothing") {
		t.Error("an unknown rule was set")
	}
}

// The operator's tools name turns by their keys, in any case and spacing, or by
// number; a stored hour outside the scenario still gets a label.
func TestTurnsAsTheOperatorTypesThem(t *testing.T) {
	sc, err := Rules.Scenario("shiloh1862")
	if err != nil {
		t.Fatal(err)
	}
	for in, want := range map[string]int{"Day 1 8AM": 1, "day 1  8am": 1, "DAY 2 6PM": 24, "night": 12, "5": 5} {
		if got, ok := adjudicator.FindTurn(sc, in); !ok || got.Index != want {
			t.Errorf("FindTurn(%q) = %d, %v; want %d", in, got.Index, ok, want)
		}
	}
	for _, in := range []string{"Day 3 7AM", "25", "", "8AM"} {
		if got, ok := adjudicator.FindTurn(sc, in); ok {
			t.Errorf("FindTurn(%q) = %+v, want none", in, got)
		}
	}
	if got := adjudicator.TurnAt(sc, 1).Key; got != "Day 1 8AM" {
		t.Errorf("TurnAt(1) = %q", got)
	}
	if got := adjudicator.TurnAt(sc, 99).Key; got != "turn 99" {
		t.Errorf("TurnAt(99) = %q", got)
	}
}

// A club's copy of the data files loads through LoadFiles, a folder or one start
// file, and validates through the contract.
func TestClubFilesThroughTheContract(t *testing.T) {
	files := Rules.(interface {
		LoadFiles(fsys fs.FS, name string) ([]adjudicator.Scenario, error)
	})
	all, err := files.LoadFiles(embeddedScenarios, "scenarios/shiloh1862")
	if err != nil || len(all) != 2 {
		t.Fatalf("folder: %d scenarios, %v", len(all), err)
	}
	one, err := files.LoadFiles(embeddedScenarios, "scenarios/shiloh1862/day2.toml")
	if err != nil || len(one) != 1 || one[0].ID() != "shiloh1862-day2" {
		t.Fatalf("start file: %v, %v", one, err)
	}
	if probs := one[0].(adjudicator.Validated).Validate(); len(probs) != 0 {
		t.Errorf("the shipped day 2 has problems: %v", probs)
	}
	if _, err := files.LoadFiles(embeddedScenarios, "scenarios/none.toml"); err == nil {
		t.Error("a missing start file loaded")
	}
}
