package shiloh1862

import (
	"testing"
)

// This file builds the small hand-made world used by the focused rule tests of
// initiative, command, movement, supply, victory and views.
//
//	entry(E) ==r2== w1 ==r1== mid ==r1== e1 ==r1== land ~ river
//	                 | stream    | marsh   | woods   (riverfront, landing)
//	                w2 --woods-- + - e2 ---+
//	                 (creek to e2)   | slope up to camp; e1--camp clear
func ewWorld() *Scenario {
	m := &Map{
		Areas: []Area{
			{ID: "w1", Name: "West One", Terrain: Clear, Stack: 6},
			{ID: "w2", Name: "West Two", Terrain: Woods, Stack: 4},
			{ID: "mid", Name: "Middle", Terrain: Clear, Stack: 6},
			{ID: "e1", Name: "East One", Terrain: Clear, Stack: 6},
			{ID: "e2", Name: "East Two", Terrain: Woods, Stack: 4},
			{ID: "camp", Name: "Camp", Terrain: Clear, Stack: 6, Camp: &Camp{Side: USA, Formation: "us1"}},
			{ID: "land", Name: "Landing", Terrain: Clear, Stack: 6, Landing: true, Riverfront: true},
			{ID: "land2", Name: "Upper Landing", Terrain: Woods, Stack: 4, Landing: true, Riverfront: true},
			{ID: "river", Name: "Tennessee River", Terrain: River, River: true},
			{ID: "entry", Name: "Road D", Terrain: Woods, Stack: 4, Entry: "D", EntrySide: USA},
			{ID: "entry2", Name: "Road E", Terrain: Woods, Stack: 4, Entry: "E", EntrySide: USA},
		},
		Borders: []Border{
			{A: "w1", B: "mid", Terrain: []BorderTerrain{BorderClear}, Roads: []RoadID{"r1"}},
			{A: "w2", B: "mid", Terrain: []BorderTerrain{BorderWoods}},
			{A: "w1", B: "w2", Terrain: []BorderTerrain{BorderStream}},
			{A: "mid", B: "e1", Terrain: []BorderTerrain{BorderClear}, Roads: []RoadID{"r1"}},
			{A: "e1", B: "land", Terrain: []BorderTerrain{BorderClear}, Roads: []RoadID{"r1"}},
			{A: "mid", B: "e2", Terrain: []BorderTerrain{BorderMarsh}},
			{A: "e1", B: "e2", Terrain: []BorderTerrain{BorderWoods}},
			{A: "e2", B: "camp", Terrain: []BorderTerrain{BorderSlope}, High: "camp"},
			{A: "e1", B: "camp", Terrain: []BorderTerrain{BorderClear}},
			{A: "entry", B: "w1", Terrain: []BorderTerrain{BorderClear}, Roads: []RoadID{"r2"}},
			{A: "entry2", B: "e2", Terrain: []BorderTerrain{BorderClear}},
			{A: "land", B: "river", Terrain: []BorderTerrain{BorderRiver}},
			{A: "land2", B: "river", Terrain: []BorderTerrain{BorderRiver}},
			{A: "land2", B: "camp", Terrain: []BorderTerrain{BorderWoods}},
			{A: "w2", B: "e2", Terrain: []BorderTerrain{BorderCreek}},
		},
		Roads: []Road{
			{ID: "r1", Path: []AreaID{"w1", "mid", "e1", "land"}},
			{ID: "r2", Path: []AreaID{"entry", "w1"}},
		},
	}
	m.Index()
	fp := func(s string) Firepower { f, _ := ParseFirepower(s); return f }
	inf := func(id BlockID, side Side, army Army, f FormationID) BlockSpec {
		return BlockSpec{ID: id, Name: string(id), Side: side, Army: army, Formation: f, Type: Infantry, Max: 3, Start: 3, Firepower: fp("C2")}
	}
	hq := func(id BlockID, side Side, army Army, f FormationID, kind HQKind, cr int) BlockSpec {
		return BlockSpec{ID: id, Name: string(id), Side: side, Army: army, Formation: f, Type: HQ, HQKind: kind, Max: 2, Start: 2, Firepower: fp("B2"), CommandRange: cr}
	}
	art := inf("cs_art", CSA, ArmyCSA, "cs1")
	art.Type, art.Firepower = Artillery, fp("A2")
	web := inf("us_web", USA, ArmyUSTN, "us_army")
	web.Type, web.Siege, web.Firepower = Artillery, true, fp("A3")
	gb := BlockSpec{ID: "us_gb", Name: "us_gb", Side: USA, Army: ArmyUSTN, Formation: "us_army", Type: Gunboat, Max: 2, Start: 2, Firepower: fp("A3")}
	sherman := hq("us_sherman", USA, ArmyUSTN, "us5", DHQ, 2)
	sherman.ActingAHQ = true
	ob := &OrderOfBattle{
		Blocks: []BlockSpec{
			hq("cs_hq", CSA, ArmyCSA, "cs1", CHQ, 1), inf("cs_inf1", CSA, ArmyCSA, "cs1"), inf("cs_inf2", CSA, ArmyCSA, "cs1"),
			inf("cs_inf3", CSA, ArmyCSA, "cs1"), art, hq("cs_ahq", CSA, ArmyCSA, "cs_army", AHQ, 2),
			hq("cs_hq2", CSA, ArmyCSA, "cs2", CHQ, 1), inf("cs_other", CSA, ArmyCSA, "cs2"),
			hq("us_hq", USA, ArmyUSTN, "us1", DHQ, 1), inf("us_inf1", USA, ArmyUSTN, "us1"), inf("us_inf2", USA, ArmyUSTN, "us1"),
			hq("us_grant", USA, ArmyUSTN, "us_army", AHQ, 2), sherman, inf("us_inf5", USA, ArmyUSTN, "us5"),
			gb, web, hq("us_buell", USA, ArmyUSOH, "oh_army", AHQ, 2), inf("oh_inf", USA, ArmyUSOH, "oh4"),
			hq("oh_nelson", USA, ArmyUSOH, "oh4", DHQ, 1),
		},
		Formations: []Formation{
			{ID: "cs1", Side: CSA, Army: ArmyCSA, HQ: "cs_hq"}, {ID: "cs2", Side: CSA, Army: ArmyCSA, HQ: "cs_hq2"},
			{ID: "cs_army", Side: CSA, Army: ArmyCSA, HQ: "cs_ahq"}, {ID: "us1", Side: USA, Army: ArmyUSTN, HQ: "us_hq"},
			{ID: "us5", Side: USA, Army: ArmyUSTN, HQ: "us_sherman"}, {ID: "us_army", Side: USA, Army: ArmyUSTN, HQ: "us_grant"},
			{ID: "oh_army", Side: USA, Army: ArmyUSOH, HQ: "us_buell"}, {ID: "oh4", Side: USA, Army: ArmyUSOH, HQ: "oh_nelson"},
		},
	}
	ob.Index()
	return &Scenario{ID: "test", Start: Day1First, End: Day2Last, Map: m, OB: ob}
}

// ewState puts the listed blocks on the map (area and strength); every other
// block is absent. Strength 0 means the card's start strength.
type ewAt struct {
	id   BlockID
	area AreaID
	str  int
}

func ewState(sc *Scenario, hr Hour, places ...ewAt) *State {
	st := &State{Scenario: sc.ID, Hour: hr, Options: Options{Visibility: VisBlocks}}
	for _, spec := range sc.OB.Blocks {
		bs := BlockState{ID: spec.ID, Where: Absent, Max: spec.Max, Firepower: spec.Firepower, Strength: spec.Start}
		for _, p := range places {
			if p.id == spec.ID {
				bs.Where, bs.Area = OnMap, p.area
				if p.area == "" {
					bs.Where = Pending
				}
				if p.str > 0 {
					bs.Strength = p.str
				}
			}
		}
		st.Blocks = append(st.Blocks, bs)
	}
	return st
}

// ewTurn sets up an hour context with p1 fixed (no initiative roll) for tests that
// drive single phases.
func ewTurn(t *testing.T, sc *Scenario, st *State, p1 Side, o [2]*Orders, d Dice) *hour {
	t.Helper()
	if err := checkState(sc, st); err != nil {
		t.Fatal(err)
	}
	if d == nil {
		d = NewScriptedDice()
	}
	h := newHour(sc, st, o, d)
	h.p1 = p1
	return h
}

func ewOrders(usa, csa *Orders) [2]*Orders {
	if usa != nil {
		usa.Side = USA
	}
	if csa != nil {
		csa.Side = CSA
	}
	return [2]*Orders{usa, csa}
}

func ewMove(path string, intent Intent, blocks ...BlockID) Move {
	var p []AreaID
	start := 0
	for i := 0; i <= len(path); i++ {
		if i == len(path) || path[i] == '>' {
			p = append(p, AreaID(path[start:i]))
			start = i + 1
		}
	}
	return Move{Blocks: blocks, Path: p, Intent: intent}
}

func ewWhere(t *testing.T, h *hour, id BlockID) AreaID {
	t.Helper()
	b := h.block(id)
	if b.Where != OnMap {
		return AreaID(b.Where.String())
	}
	return b.Area
}

func ewResults(h *hour, side Side, kind string, idx int) []Result {
	var out []Result
	for _, r := range h.rep.Results {
		if r.Side == side && r.Order.Kind == kind && r.Order.Index == idx {
			out = append(out, r)
		}
	}
	return out
}

func ewWant(t *testing.T, h *hour, side Side, kind string, idx int, st Status, rule string) {
	t.Helper()
	rs := ewResults(h, side, kind, idx)
	for _, r := range rs {
		if r.Status == st && (rule == "" || r.Rule == rule) {
			return
		}
	}
	t.Errorf("%s %s %d: want %s (rule %s), got %+v", side, kind, idx, st, rule, rs)
}

// ewEvents lists the hour's events of one kind.
func ewEvents(h *hour, k EventKind) (out []Event) {
	for i := range h.rep.Events {
		if e := h.rep.Events[i]; e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}
