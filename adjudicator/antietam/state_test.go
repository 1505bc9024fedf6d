package antietam

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// The start (3.0, 14.0-16.3): every unit once in id order, the deployments on
// their hexes, the reinforcements pending with the game-turn each group may enter,
// Sharpsburg the Confederates', the Union player first (14.3).
func TestNewState(t *testing.T) {
	sc := mustLoadTB(t)
	st, err := sc.NewState(nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.IsSortedFunc(st.Units, func(a, b UnitState) int { return strings.Compare(string(a.ID), string(b.ID)) }) {
		t.Error("units not in id order")
	}
	if len(st.Units) != len(sc.Units) {
		t.Errorf("%d units, the order of battle has %d", len(st.Units), len(sc.Units))
	}
	for _, u := range sc.Units {
		us := st.Unit(u.ID)
		switch {
		case us == nil:
			t.Fatalf("%s missing", u.ID)
		case u.Group == "" && (us.Status != OnMap || us.Hex != u.Hex):
			t.Errorf("%s: %s %s, set up at %s", u.ID, us.Status, us.Hex, u.Hex)
		case u.Group != "" && us.Status != Pending:
			t.Errorf("reinforcement %s is %s", u.ID, us.Status)
		case us.Strength != u.Strength:
			t.Errorf("%s strength %d, printed %d", u.ID, us.Strength, u.Strength)
		}
	}
	want := map[string]int{"vi_corps": 4, "ap_hill": 7, "couch_humphreys": 0}
	for _, gs := range st.Groups {
		if want[gs.ID] != gs.From {
			t.Errorf("group %s from %d, want %d", gs.ID, gs.From, want[gs.ID])
		}
	}
	if st.sharpsburg() != adjudicator.CSA || st.Outcome().Score != [2]int{0, 15} {
		t.Errorf("Sharpsburg %s, score %v", st.sharpsburg(), st.Outcome().Score)
	}
	if tr := st.Turn(); tr.Index != 0 || tr.Key != "T01-USA" || tr.Phasing != adjudicator.USA || !slices.Equal(tr.Senders, []adjudicator.Side{adjudicator.USA}) {
		t.Errorf("turn %+v", tr)
	}
	// With 20.3 and 20.4 the groups come early.
	early, err := sc.NewState([]string{OptEarlyUnion, OptEarlyConfederate})
	if err != nil {
		t.Fatal(err)
	}
	for id, from := range map[string]int{"vi_corps": 1, "ap_hill": 1, "couch_humphreys": 2} {
		if gs := early.Group(id); gs.From != from {
			t.Errorf("with 20.3 and 20.4, group %s from %d, want %d", id, gs.From, from)
		}
	}
	if _, err := sc.NewState([]string{"fog_of_war"}); err == nil {
		t.Error("an unknown optional rule was accepted")
	}
}

// 18.1's "VI Corps counts from game-turn five" is the engine's general rule (a
// group is free in the game-turn it may first enter) applied to the data.
func TestUnionLimitMatchesData(t *testing.T) {
	sc := mustLoadTB(t)
	st, _ := sc.NewState(nil)
	vi := sc.reinforcement("vi_corps")
	if vi == nil || st.Group("vi_corps").From+1 != sc.Charts.MovementLimit.ReinforcementsCountFrom {
		t.Fatalf("VI Corps enters on %d, counts from %d", st.Group("vi_corps").From, sc.Charts.MovementLimit.ReinforcementsCountFrom)
	}
}

// The turn numbering of 4.1 and 16.4: twenty player-turns, the Union's first in
// each game-turn.
func TestTurns(t *testing.T) {
	sc := mustLoadTB(t)
	st, _ := sc.NewState(nil)
	var keys []string
	for i := 0; !st.Over; i++ {
		tr := st.Turn()
		if tr.Index != i || tr.Night {
			t.Fatalf("player-turn %d is %+v", i, tr)
		}
		keys = append(keys, tr.Key)
		next, _, err := sc.Resolve(st, nil, nil, adjudicator.NewScriptedDice())
		if err != nil {
			t.Fatal(err)
		}
		st = next
	}
	if len(keys) != 20 || keys[1] != "T01-CSA" || keys[19] != "T10-CSA" {
		t.Errorf("turns %v", keys)
	}
	if _, _, err := sc.Resolve(st, nil, nil, adjudicator.NewScriptedDice()); err == nil {
		t.Error("a game that is over was played on")
	}
	if !st.Outcome().Over || st.Final == nil || st.Final.Level != "confederate-decisive" {
		t.Errorf("an idle game ends %+v %+v", st.Outcome(), st.Final)
	}
}

// The state's JSON is stable and checked on the way in.
func TestStateJSON(t *testing.T) {
	sc := mustLoadTB(t)
	st, _ := sc.NewState([]string{OptAttackEffectiveness})
	b := roundTrip(t, sc, st)
	if !bytes.HasPrefix(b, []byte(`{"scenario":"antietam","optional":["attack_effectiveness"],"game_turn":1,"phasing":"USA","units":[{"id":"1/1/I","status":"map","hex":"0804","strength":4}`)) {
		t.Errorf("state JSON starts %s", b[:160])
	}
	for name, edit := range map[string]func(string) string{
		"unknown field":   func(s string) string { return strings.Replace(s, `"game_turn"`, `"fog":1,"game_turn"`, 1) },
		"other scenario":  func(s string) string { return strings.Replace(s, `"antietam"`, `"shiloh"`, 1) },
		"off the map":     func(s string) string { return strings.Replace(s, `"hex":"0804"`, `"hex":"2230"`, 1) },
		"units renamed":   func(s string) string { return strings.Replace(s, `"id":"1/1/I"`, `"id":"1/1/X"`, 1) },
		"bad status":      func(s string) string { return strings.Replace(s, `"status":"map"`, `"status":"hidden"`, 1) },
		"game-turn 11":    func(s string) string { return strings.Replace(s, `"game_turn":1`, `"game_turn":11`, 1) },
		"no strength":     func(s string) string { return strings.Replace(s, `"strength":4`, `"strength":0`, 1) },
		"unknown rule":    func(s string) string { return strings.Replace(s, `"attack_effectiveness"`, `"fog"`, 1) },
		"group missing":   func(s string) string { return strings.Replace(s, `{"id":"ap_hill","from":7},`, ``, 1) },
		"hex twice":       func(s string) string { return strings.Replace(s, `"hex":"0716"`, `"hex":"0616"`, 1) },
		"over, no count":  func(s string) string { return strings.Replace(s, `"control"`, `"over":true,"control"`, 1) },
		"lost on the map": func(s string) string { return strings.Replace(s, `"strength":4}`, `"strength":4,"lost":"T01-USA"}`, 1) },
	} {
		broken := edit(string(b))
		if broken == string(b) {
			t.Errorf("%s: the edit changed nothing", name)
		}
		if _, err := sc.DecodeState([]byte(broken)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// roundTrip encodes a state, decodes it and encodes it again, failing unless the
// bytes are the same; it returns them.
func roundTrip(t *testing.T, sc *Scenario, st *State) []byte {
	t.Helper()
	b, err := sc.EncodeState(st)
	if err != nil {
		t.Fatal(err)
	}
	back, err := sc.DecodeState(b)
	if err != nil {
		t.Fatal(err)
	}
	if b2, _ := sc.EncodeState(back); !bytes.Equal(b, b2) {
		t.Fatalf("the state does not round-trip byte for byte:\n%s\n%s", b, b2)
	}
	return b
}

// Resolve refuses input that does not fit, and never changes its input.
func TestResolveInput(t *testing.T) {
	sc := mustLoadTB(t)
	st, _ := sc.NewState(nil)
	dice := adjudicator.NewScriptedDice()
	if _, _, err := sc.Resolve(st, &Orders{Side: adjudicator.CSA}, nil, dice); err == nil {
		t.Error("Confederate orders played in the Union player-turn")
	}
	if _, _, err := sc.Resolve(st, nil, &Orders{Side: adjudicator.USA}, dice); err == nil {
		t.Error("Union standing orders taken as the other side's")
	}
	other := st.Clone()
	other.Scenario = "gettysburg"
	if _, _, err := sc.Resolve(other, nil, nil, dice); err == nil {
		t.Error("a state of another scenario was played")
	}
}

// The receipt's move check says what the Movement Phase does.
func TestCheckMovesAgreesWithResolve(t *testing.T) {
	sc := mustLoadTB(t)
	st, _ := sc.NewState(nil)
	o := &Orders{Side: adjudicator.USA, Moves: []Move{
		{Unit: "3/1/XII", Path: []HexID{"1303", "1302"}},
		{Unit: "artA", Path: []HexID{"1512"}},
		{Unit: "1/1/II", Path: []HexID{"1611", "1511"}},
		{Unit: "3/1/XII", Path: []HexID{"1301"}},
		{Unit: "1/1/VI", Path: []HexID{"2112"}},
	}}
	checks, err := sc.CheckMoves(st, o)
	if err != nil {
		t.Fatal(err)
	}
	_, rep, err := sc.Resolve(st, o, nil, adjudicator.NewScriptedDice())
	if err != nil {
		t.Fatal(err)
	}
	var moves []OrderResult
	for _, r := range rep.Results {
		if r.Order.Kind == KindMove {
			moves = append(moves, r)
		}
	}
	if len(checks) != len(o.Moves) || len(moves) != len(checks) {
		t.Fatalf("%d checks, %d results", len(checks), len(moves))
	}
	for i := range checks {
		if resultLine(checks[i]) != resultLine(moves[i]) {
			t.Errorf("move %d: check %s, resolve %s", i+1, resultLine(checks[i]), resultLine(moves[i]))
		}
	}
	if got := resultLine(checks[1]); got != "move 2 refused why.move.immobile" {
		t.Errorf("artA: %s", got)
	}
}

// Contacts and Controlled report a position for receipts and views.
func TestContactsAndControl(t *testing.T) {
	sc := mustLoadTB(t)
	st, _ := sc.NewState(nil)
	for i := range st.Units {
		st.Units[i].Status, st.Units[i].Hex = Absent, ""
	}
	put := func(id UnitID, h HexID) { u := st.Unit(id); u.Status, u.Hex = OnMap, h }
	put("1/1/I", "0403")
	put("2/1/I", "0505")
	put("hood", "0404")
	got, err := sc.Contacts(st)
	if err != nil {
		t.Fatal(err)
	}
	want := []Contact{{From: "0403", Hex: "0404"}, {From: "0505", Hex: "0404"}}
	if !slices.Equal(got, want) {
		t.Errorf("contacts %v, want %v", got, want)
	}
	ctl, _ := sc.Controlled(st, adjudicator.CSA)
	if !slices.Equal(ctl, []HexID{"0304", "0305", "0403", "0405", "0504", "0505"}) {
		t.Errorf("hood controls %v", ctl)
	}
}

// The odds of 7.0, rounded in the defender's favour, and the CRT's ends (7.6).
func TestOddsColumn(t *testing.T) {
	ch := &mustLoadTB(t).Charts
	for _, c := range []struct {
		att, def int
		want     string
	}{
		{13, 4, "3-1"}, // the example of 7.0: 3.25 to 1
		{4, 13, "1-4"},
		{12, 4, "3-1"}, {11, 4, "2-1"}, {8, 4, "2-1"}, {7, 4, "1-1"},
		{3, 4, "1-2"}, {2, 4, "1-2"}, {1, 4, "1-4"}, {1, 5, "1-5"},
		{1, 50, "1-5"}, {50, 1, "6-1"}, {6, 1, "6-1"}, {5, 1, "5-1"},
	} {
		if got := ch.CRT.Odds[ch.oddsColumn(c.att, c.def)]; got != c.want {
			t.Errorf("%d against %d: %s, want %s", c.att, c.def, got, c.want)
		}
	}
}

// Codes() is one table: each code once, with its rule; reasons are why.*.
func TestCodesTable(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range Codes() {
		if seen[c.Code] || c.Rule == "" {
			t.Errorf("code %q twice or without a rule", c.Code)
		}
		seen[c.Code] = true
	}
	for _, c := range eventCodes {
		if strings.HasPrefix(c.Code, "why.") {
			t.Errorf("event code %s looks like a reason", c.Code)
		}
	}
	for _, c := range reasonCodes {
		if !strings.HasPrefix(c.Code, "why.") {
			t.Errorf("reason code %s does not start why.", c.Code)
		}
	}
}
