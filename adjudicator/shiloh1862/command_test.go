package shiloh1862

import (
	"strings"
	"testing"
)

// commandRangeOK reports whether area to is within cr areas of from, tracing only
// through friendly or vacant areas (to itself may be contested: a block in a battle
// can still be commanded out of it) and never across an impassable border (5.21).
// It asks the search the command solver uses (reachSet), as the tests do.
func commandRangeOK(sc *Scenario, st *State, side Side, from, to AreaID, cr int) bool {
	if from == to {
		return true
	}
	set := newAreaBits(len(sc.Map.Areas))
	var r reacher
	r.reachSet(sc.Map, occupancy(sc, st), side, sc.Map.aix(from), cr, set)
	return set.has(sc.Map.aix(to))
}

// 5.21: command range is traced through friendly or vacant areas only and never
// across an impassable border.
func TestCommandRange_5_21(t *testing.T) {
	sc := ewWorld()
	st := ewState(sc, 3, ewAt{"cs_ahq", "w1", 0}, ewAt{"cs_inf1", "e1", 0}, ewAt{"cs_hq", "w2", 0}, ewAt{"cs_inf2", "e2", 0})
	if !commandRangeOK(sc, st, CSA, "w1", "e1", 2) {
		t.Error("e1 is two areas from w1 through vacant mid")
	}
	if commandRangeOK(sc, st, CSA, "w1", "e1", 1) {
		t.Error("CR1 reaches e1 from w1")
	}
	if commandRangeOK(sc, st, CSA, "w2", "e2", 1) {
		t.Error("CR traced across the creek (impassable)")
	}
	st2 := ewState(sc, 3, ewAt{"cs_ahq", "w1", 0}, ewAt{"cs_inf1", "e1", 0}, ewAt{"us_inf1", "mid", 0})
	if commandRangeOK(sc, st2, CSA, "w1", "e1", 2) {
		t.Error("CR traced through the enemy area mid")
	}
}

// 5.22 and 5.23: an HQ commands its own formation anywhere in range; other blocks
// only in its own area (move or attack), and not to attack when their own HQ is
// there too.
func TestCommandIntegrity_5_22_5_23(t *testing.T) {
	sc := ewWorld()
	st := ewState(sc, 3,
		ewAt{"cs_hq", "w1", 0}, ewAt{"cs_hq2", "w1", 0}, ewAt{"cs_other", "w1", 0}, ewAt{"cs_inf1", "w1", 0},
		ewAt{"us_inf1", "mid", 0})
	o := ewOrders(nil, &Orders{
		Activate: []Activation{{HQ: "cs_hq"}},
		Moves: []Move{
			ewMove("mid", IntentAttack, "cs_other"), // 5.23: its own HQ is here
			ewMove("mid", IntentAttack, "cs_inf1"),
		},
	})
	h := ewTurn(t, sc, st, CSA, o, nil)
	h.playerTurn(CSA)
	ewWant(t, h, CSA, "move", 0, Illegal, "5.2")
	if r := ewResults(h, CSA, "move", 0); !strings.Contains(r[0].Why.String(), "why.own-hq-present") {
		t.Errorf("reason is not 5.23's: %s", r[0].Why)
	}
	ewWant(t, h, CSA, "move", 1, Executed, "")

	// Without cs_hq2 in the area the same-area exception lets cs_hq attack with it.
	st = ewState(sc, 3, ewAt{"cs_hq", "w1", 0}, ewAt{"cs_other", "w1", 0}, ewAt{"us_inf1", "mid", 0})
	o = ewOrders(nil, &Orders{Activate: []Activation{{HQ: "cs_hq"}}, Moves: []Move{ewMove("mid", IntentAttack, "cs_other")}})
	h = ewTurn(t, sc, st, CSA, o, nil)
	h.playerTurn(CSA)
	ewWant(t, h, CSA, "move", 0, Executed, "")
	if mv := ewEvents(h, EvMove); len(mv) != 1 || mv[0].CommandedBy != "cs_hq" {
		t.Errorf("moves %+v", mv)
	}

	// Another formation's block in an adjacent area is out of reach (5.22).
	st = ewState(sc, 3, ewAt{"cs_hq", "w1", 0}, ewAt{"cs_other", "mid", 0})
	o = ewOrders(nil, &Orders{Activate: []Activation{{HQ: "cs_hq"}}, Moves: []Move{ewMove("e1", IntentMove, "cs_other")}})
	h = ewTurn(t, sc, st, CSA, o, nil)
	h.playerTurn(CSA)
	ewWant(t, h, CSA, "move", 0, Illegal, "5.2")
}

// 5.21: an army HQ commands any three blocks within its range; a fourth needs
// another HQ. The solver prefers the block's own HQ, keeping the AHQ's three for
// blocks nobody else can command.
func TestArmyHQCommandsThree_5_21(t *testing.T) {
	sc := ewWorld()
	st := ewState(sc, 3, ewAt{"cs_ahq", "w1", 0}, ewAt{"cs_inf1", "w1", 0}, ewAt{"cs_inf2", "w1", 0},
		ewAt{"cs_inf3", "w1", 0}, ewAt{"cs_other", "mid", 0})
	o := ewOrders(nil, &Orders{
		Activate: []Activation{{HQ: "cs_ahq"}},
		Moves:    []Move{ewMove("w2", IntentMove, "cs_inf1", "cs_inf2"), ewMove("mid", IntentMove, "cs_inf3"), ewMove("e1", IntentMove, "cs_other")},
	})
	h := ewTurn(t, sc, st, CSA, o, nil)
	h.playerTurn(CSA)
	ewWant(t, h, CSA, "move", 2, Illegal, "5.2")
	if ewWhere(t, h, "cs_other") != "mid" || ewWhere(t, h, "cs_inf3") != "mid" {
		t.Error("wrong blocks moved")
	}

	// With cs_hq active too, its own blocks go to it and the AHQ takes cs_other.
	st = ewState(sc, 3, ewAt{"cs_ahq", "w1", 0}, ewAt{"cs_hq", "w1", 0}, ewAt{"cs_inf1", "w1", 0}, ewAt{"cs_inf2", "w1", 0},
		ewAt{"cs_inf3", "w1", 0}, ewAt{"cs_other", "mid", 0})
	o[CSA.Index()].Activate = []Activation{{HQ: "cs_ahq"}, {HQ: "cs_hq"}}
	h = ewTurn(t, sc, st, CSA, o, nil)
	h.playerTurn(CSA)
	for i := 0; i < 3; i++ {
		ewWant(t, h, CSA, "move", i, Executed, "")
	}
	by := map[BlockID]BlockID{}
	for _, e := range ewEvents(h, EvMove) {
		by[e.Block] = e.CommandedBy
	}
	if by["cs_inf1"] != "cs_hq" || by["cs_other"] != "cs_ahq" {
		t.Errorf("assignment %v", by)
	}
	if h.block("cs_ahq").Strength != 1 || h.block("cs_hq").Strength != 1 {
		t.Error("active HQs were not reduced (5.2)")
	}
}

// 5.21: Sherman is acting AHQ until Grant arrives, as AHQ or DHQ but not both; then
// only a DHQ.
func TestActingArmyHQ_5_21(t *testing.T) {
	sc := ewWorld()
	st := ewState(sc, 1, ewAt{"us_sherman", "e1", 0}, ewAt{"us_inf1", "land", 0}, ewAt{"us_grant", "", 0})
	o := ewOrders(&Orders{
		Activate: []Activation{{HQ: "us_sherman", AsArmy: true}, {HQ: "us_sherman"}},
		Moves:    []Move{ewMove("e1", IntentMove, "us_inf1")},
	}, nil)
	h := ewTurn(t, sc, st, USA, o, nil)
	h.playerTurn(USA)
	ewWant(t, h, USA, "activate", 1, Illegal, "5.21")
	ewWant(t, h, USA, "move", 0, Executed, "")

	st.Block("us_grant").Where, st.Block("us_grant").Area = OnMap, "land2"
	o[0].Activate = []Activation{{HQ: "us_sherman", AsArmy: true}}
	h = ewTurn(t, sc, st, USA, o, nil)
	h.playerTurn(USA)
	ewWant(t, h, USA, "activate", 0, Illegal, "5.21")
	ewWant(t, h, USA, "move", 0, Illegal, "5.2")
}

// 5.2: HQs at 0 or in a battle area cannot activate; an active HQ moves after the
// moves it commanded; one that commanded nothing is stood down unreduced.
func TestActivation_5_2(t *testing.T) {
	sc := ewWorld()
	st := ewState(sc, 3, ewAt{"cs_hq", "w1", 0}, ewAt{"cs_inf1", "w1", 0}, ewAt{"cs_hq2", "mid", 0}, ewAt{"cs_ahq", "w2", 0},
		ewAt{"us_inf1", "mid", 0})
	st.Block("cs_ahq").Strength = 0
	o := ewOrders(nil, &Orders{
		Activate: []Activation{{HQ: "cs_hq"}, {HQ: "cs_hq2"}, {HQ: "cs_ahq"}, {HQ: "cs_inf1"}},
		Moves:    []Move{ewMove("w2", IntentMove, "cs_hq"), ewMove("w2", IntentMove, "cs_inf1")},
	})
	h := ewTurn(t, sc, st, CSA, o, nil)
	h.playerTurn(CSA)
	ewWant(t, h, CSA, "activate", 1, Dropped, "5.2")
	ewWant(t, h, CSA, "activate", 2, Illegal, "5.2")
	ewWant(t, h, CSA, "activate", 3, Illegal, "5.2")
	ewWant(t, h, CSA, "activate", 0, Executed, "5.2")
	mv := ewEvents(h, EvMove)
	if len(mv) != 2 || mv[0].Block != "cs_inf1" || mv[1].Block != "cs_hq" {
		t.Fatalf("the HQ must move after the block it commanded: %+v", mv)
	}
	if h.block("cs_hq").Strength != 1 {
		t.Error("cs_hq not reduced")
	}

	st = ewState(sc, 3, ewAt{"cs_hq", "w1", 0})
	o = ewOrders(nil, &Orders{Activate: []Activation{{HQ: "cs_hq"}}})
	h = ewTurn(t, sc, st, CSA, o, nil)
	h.playerTurn(CSA)
	ewWant(t, h, CSA, "activate", 0, Unused, "5.2")
	if h.block("cs_hq").Strength != 2 {
		t.Error("an HQ that commanded nothing lost a step")
	}
}

// 5.2: uncommanded moves roll for stragglers (1-3 lose a step, elimination
// possible); they may not attack; without the mark they are illegal.
func TestStragglers_5_2(t *testing.T) {
	sc := ewWorld()
	st := ewState(sc, 3, ewAt{"cs_inf1", "w1", 0}, ewAt{"cs_inf2", "w1", 1}, ewAt{"cs_inf3", "w1", 0}, ewAt{"cs_other", "w1", 0},
		ewAt{"us_inf1", "mid", 0})
	un := func(m Move) Move { m.Uncommanded = true; return m }
	o := ewOrders(nil, &Orders{Moves: []Move{
		un(ewMove("w2", IntentMove, "cs_inf1")),
		un(ewMove("w2", IntentMove, "cs_inf2")),
		un(ewMove("entry", IntentMove, "cs_inf3")),
		un(ewMove("mid", IntentAttack, "cs_other")),
		ewMove("entry", IntentMove, "cs_other"),
	}})
	d := NewScriptedDice(3, 1, 6)
	h := ewTurn(t, sc, st, CSA, o, d)
	h.playerTurn(CSA)
	if b := h.block("cs_inf1"); b.Area != "w2" || b.Strength != 2 {
		t.Errorf("cs_inf1 %+v", b)
	}
	if b := h.block("cs_inf2"); b.Where != Eliminated || len(h.st.Losses) != 1 {
		t.Errorf("cs_inf2 %+v losses %v", b, h.st.Losses)
	}
	if b := h.block("cs_inf3"); b.Area != "entry" || b.Strength != 3 {
		t.Errorf("cs_inf3 %+v", b)
	}
	ewWant(t, h, CSA, "move", 3, Illegal, "5.2")
	ewWant(t, h, CSA, "move", 4, Illegal, "5.2")
	if d.Remaining() != 0 || len(ewEvents(h, EvStraggler)) != 3 {
		t.Error("straggler rolls")
	}
}
