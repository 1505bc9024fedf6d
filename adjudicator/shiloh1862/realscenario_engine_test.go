package shiloh1862

import (
	"encoding/json"
	"testing"
)

// realScenario loads an embedded scenario and its starting state.
func realScenario(t *testing.T, id string) (*Scenario, *State) {
	t.Helper()
	sc, err := LoadScenario(id)
	if err != nil {
		t.Fatal(err)
	}
	st, err := NewState(sc, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return sc, st
}

// On the real map, Day 1 7AM: the CSA is Player 1 without a roll (2.1); each corps
// HQ commands one block of its corps from its own area into a vacant neighbour (5.2,
// 5.22) and is then reduced one step; the USA sent no orders (NMR).
func TestRealScenarioFirstHour(t *testing.T) {
	sc, st := realScenario(t, "shiloh1862")
	csa := &Orders{Side: CSA}
	want := map[BlockID]BlockID{}
	for _, spec := range sc.OB.Blocks {
		if spec.Side != CSA || spec.HQKind != CHQ {
			continue
		}
		hq := st.Block(spec.ID)
		if hq.Where != OnMap || hq.Strength == 0 {
			continue
		}
		for _, id := range st.BlocksIn(sc, hq.Area, CSA) {
			b := sc.OB.Block(id)
			if b.Formation != spec.Formation || b.IsHQ() || b.Type == Artillery || want[id] != "" {
				continue
			}
			to := AreaID("")
			for _, n := range sc.Map.Neighbours(hq.Area) {
				c, contested := st.Control(sc, n)
				lim := sc.Map.Border(hq.Area, n).Limits(hq.Area)
				if !contested && c == NoSide && lim.Passable && !sc.Map.Area(n).River {
					to = n
					break
				}
			}
			if to == "" {
				continue
			}
			csa.Activate = append(csa.Activate, Activation{HQ: spec.ID})
			csa.Moves = append(csa.Moves, Move{Blocks: []BlockID{id}, Path: []AreaID{to}, Intent: IntentMove})
			want[id] = spec.ID
			break
		}
	}
	if len(csa.Moves) == 0 {
		t.Fatal("no CSA corps HQ with a block to move")
	}
	next, rep, err := ResolveHour(sc, st, [2]*Orders{nil, csa}, NewStreamDice([]byte("first hour")))
	if err != nil {
		t.Fatal(err)
	}
	if rep.Initiative.Player1 != CSA || rep.Initiative.Rolls != [2]int{} || next.Hour != 1 {
		t.Fatalf("initiative %+v hour %s", rep.Initiative, next.Hour)
	}
	for _, e := range rep.Events {
		if e.Kind == EvMove && e.Side == CSA && want[e.Block] != e.CommandedBy {
			t.Errorf("%s commanded by %s, want %s", e.Block, e.CommandedBy, want[e.Block])
		}
	}
	reduced := map[BlockID]bool{}
	for _, e := range rep.Events {
		if e.Kind == EvHQReduced && int(e.Strength) == st.Block(e.Block).Strength-1 {
			reduced[e.Block] = true
		}
	}
	for _, a := range csa.Activate {
		if !reduced[a.HQ] {
			t.Errorf("%s not reduced after commanding (5.2)", a.HQ)
		}
	}
	for _, viewer := range []Side{USA, CSA, NoSide} {
		if _, err := json.Marshal(ViewReport(sc, st, rep, next, viewer)); err != nil {
			t.Fatal(err)
		}
	}
}

// Grant arrives at 9AM (5.21) and Sherman stops acting as army HQ.
func TestRealScenarioGrantArrives(t *testing.T) {
	sc, st := realScenario(t, "shiloh1862")
	st.Hour = 2 // Day 1 9AM
	if armies := armiesCommanded(sc, st, "us_sherman"); len(armies) != 1 {
		t.Fatalf("Sherman should be acting AHQ before Grant: %v", armies)
	}
	h := ewTurn(t, sc, st, USA, [2]*Orders{}, nil)
	h.playerTurn(USA)
	if b := h.block("us_grant"); b.Where != OnMap {
		t.Fatalf("Grant: %+v", b)
	}
	if armies := armiesCommanded(sc, h.st, "us_sherman"); len(armies) != 0 {
		t.Errorf("Sherman still commands as AHQ: %v", armies)
	}
}

// Day 2 starts with the USA as Player 1 (2.1) and Crittenden's division landing with
// its HQ at strength 1 (9.1).
func TestRealScenarioDay2Start(t *testing.T) {
	sc, st := realScenario(t, "shiloh1862-day2")
	next, rep, err := ResolveHour(sc, st, [2]*Orders{}, NewStreamDice([]byte("day 2")))
	if err != nil {
		t.Fatal(err)
	}
	if rep.Initiative.Player1 != USA {
		t.Fatalf("Player 1 %s", rep.Initiative.Player1)
	}
	if b := next.Block("us_crittenden"); b != nil && st.Block("us_crittenden").Where == Pending {
		if b.Where != OnMap || !sc.Map.Area(b.Area).Landing || b.Strength > 2 {
			t.Errorf("Crittenden %+v", b)
		}
	}
}
