package shiloh1862

import "testing"

// csaAll activates the CSA corps HQ standing in w1 (CR1) for the movement tests.
func csaAll(moves ...Move) *Orders {
	return &Orders{Activate: []Activation{{HQ: "cs_hq"}}, Moves: moves}
}

// DESIGN §2.5 intents with 5.1 control: a move goes only into friendly or vacant
// areas; an attack enters enemy areas (a battle, attacker = mover) or is a plain move;
// a reinforce by Player 1 is a plain move.
func TestIntents_5_1(t *testing.T) {
	sc := ewWorld()
	st := ewState(sc, 3, ewAt{"cs_hq", "w1", 0}, ewAt{"cs_inf1", "w1", 0}, ewAt{"cs_inf2", "w1", 0}, ewAt{"cs_inf3", "w1", 0},
		ewAt{"cs_other", "w1", 0}, ewAt{"us_inf1", "mid", 0})
	o := ewOrders(nil, csaAll(
		ewMove("mid", IntentMove, "cs_inf1"),
		ewMove("mid", IntentAttack, "cs_inf2"),
		ewMove("w2", IntentAttack, "cs_inf3"),
		ewMove("entry", IntentReinforce, "cs_other"),
	))
	h := ewTurn(t, sc, st, CSA, o, nil)
	h.playerTurn(CSA)
	ewWant(t, h, CSA, "move", 0, Dropped, "5.3")
	for i := 1; i < 4; i++ {
		ewWant(t, h, CSA, "move", i, Executed, "")
	}
	if len(h.battles) != 1 || h.battles[0].Area != "mid" || h.battles[0].Attacker != CSA ||
		len(h.battles[0].Entries) != 1 || h.battles[0].Entries[0].From != "w1" {
		t.Fatalf("battles %+v", h.battles)
	}
	if _, c := h.control("mid"); !c {
		t.Error("mid should be contested at once (5.1)")
	}
}

// 5.4 pinning and 5.5 reserves: Player 1's attackers pin as many defenders (Pin list
// first, then blocks without orders); pinned blocks stay; unpinned ones may leave but
// not across the attacked border, and cannot attack; Player 2 may reinforce as
// reserves.
func TestPinningAndReserves_5_4_5_5(t *testing.T) {
	sc := ewWorld()
	st := ewState(sc, 3, ewAt{"cs_ahq", "w2", 0}, ewAt{"cs_inf1", "w1", 0}, ewAt{"cs_inf2", "w1", 0},
		ewAt{"us_hq", "mid", 0}, ewAt{"us_inf1", "mid", 0}, ewAt{"us_inf2", "mid", 0}, ewAt{"us_inf5", "mid", 0},
		ewAt{"us_sherman", "e1", 0}, ewAt{"us_gb", "river", 0})
	usa := &Orders{
		Activate: []Activation{{HQ: "us_sherman"}},
		Pin:      []BlockID{"us_inf5"},
		Moves: []Move{
			ewMove("e1", IntentMove, "us_inf5"),                                     // pinned (Pin list)
			ewMove("w1", IntentAttack, "us_inf1"),                                   // unpinned but cannot attack
			ewMove("w1", IntentMove, "us_inf2"),                                     // across the attacked border
			{Blocks: []BlockID{"us_inf2"}, Path: []AreaID{"e2"}, Uncommanded: true}, // marsh, fallback: goes
			ewMove("mid", IntentReinforce, "us_sherman"),
		},
	}
	csa := &Orders{Activate: []Activation{{HQ: "cs_ahq"}}, Moves: []Move{ewMove("mid", IntentAttack, "cs_inf1", "cs_inf2")}}
	h := ewTurn(t, sc, st, CSA, ewOrders(usa, csa), NewScriptedDice(6))
	h.playerTurn(CSA)
	pins := ewEvents(h, EvPinned)
	// two attackers pin us_inf5 (listed) and us_hq (no move order).
	if len(pins) != 1 || len(pins[0].Blocks) != 2 || pins[0].Blocks[0] != "us_hq" || pins[0].Blocks[1] != "us_inf5" {
		t.Fatalf("pins %+v", pins)
	}
	h.playerTurn(USA)
	ewWant(t, h, USA, "move", 0, Dropped, "5.4")
	ewWant(t, h, USA, "move", 1, Dropped, "5.4")
	ewWant(t, h, USA, "move", 2, Dropped, "5.4")
	ewWant(t, h, USA, "move", 3, Executed, "")
	ewWant(t, h, USA, "move", 4, Executed, "")
	var reserve bool
	for _, e := range h.battles[0].Entries {
		if e.Block == "us_sherman" {
			reserve = e.Reserve && e.From == "e1"
		}
	}
	if !reserve {
		t.Errorf("Sherman should be a reserve from e1: %+v", h.battles[0].Entries)
	}
}

// 5.31 roads, 4.24 artillery, 3.32 move limits, 3.33 battle limits, marsh, siege.
func TestRoadsLimitsArtillery_5_31_3_32_3_33_4_24(t *testing.T) {
	sc := ewWorld()
	st := ewState(sc, 3, ewAt{"cs_hq", "w1", 0}, ewAt{"cs_inf1", "w1", 0}, ewAt{"cs_inf2", "w1", 0}, ewAt{"cs_inf3", "w1", 0},
		ewAt{"cs_art", "w1", 0}, ewAt{"cs_other", "w1", 0})
	o := ewOrders(nil, csaAll(
		ewMove("mid>e1", IntentMove, "cs_inf1"),                    // road move
		ewMove("w2", IntentMove, "cs_art"),                         // 4.24 no road
		ewMove("w2", IntentMove, "cs_inf2", "cs_inf3", "cs_other"), // stream limit 2
		ewMove("w2>e2", IntentMove, "cs_hq"),                       // no road; creek
	))
	h := ewTurn(t, sc, st, CSA, o, nil)
	h.playerTurn(CSA)
	ewWant(t, h, CSA, "move", 0, Executed, "")
	if e := ewEvents(h, EvMove)[0]; e.To != "e1" || len(e.Via) != 1 || e.Via[0] != "mid" {
		t.Errorf("road move event %+v", e)
	}
	ewWant(t, h, CSA, "move", 1, Illegal, "4.24")
	ewWant(t, h, CSA, "move", 2, Partial, "3.32")
	ewWant(t, h, CSA, "move", 3, Illegal, "5.31")

	// Battle limits: clear border 3; a road attack is illegal; marsh has no attacks;
	// Webster cannot attack.
	st = ewState(sc, 3, ewAt{"cs_hq", "mid", 0}, ewAt{"cs_inf1", "mid", 0}, ewAt{"cs_inf2", "mid", 0}, ewAt{"cs_inf3", "mid", 0},
		ewAt{"cs_art", "mid", 0}, ewAt{"cs_other", "mid", 0}, ewAt{"us_inf1", "e1", 0}, ewAt{"us_inf2", "e2", 0}, ewAt{"us_inf5", "land", 0})
	o = ewOrders(nil, csaAll(
		ewMove("e1", IntentAttack, "cs_inf1", "cs_inf2", "cs_inf3", "cs_art"),
		ewMove("e2", IntentAttack, "cs_other"),
		ewMove("e1>land", IntentAttack, "cs_hq"),
	))
	h = ewTurn(t, sc, st, CSA, o, nil)
	h.playerTurn(CSA)
	ewWant(t, h, CSA, "move", 0, Partial, "3.33")
	ewWant(t, h, CSA, "move", 1, Illegal, "3.35")
	ewWant(t, h, CSA, "move", 2, Dropped, "5.31") // through contested e1
	st = ewState(sc, 3, ewAt{"us_web", "e1", 0}, ewAt{"cs_inf1", "land", 0})
	h = ewTurn(t, sc, st, USA, ewOrders(&Orders{Moves: []Move{ewMove("land", IntentAttack, "us_web")}}, nil), nil)
	h.playerTurn(USA)
	ewWant(t, h, USA, "move", 0, Illegal, "6.1")
}

// 3.31: stacking applies at the end of movement; the latest moves into an
// overstacked area are undone. In a battle area each side has the full limit.
func TestStackingEndOfMovement_3_31(t *testing.T) {
	sc := ewWorld()
	st := ewState(sc, 3, ewAt{"cs_hq", "w1", 0}, ewAt{"cs_inf1", "w1", 0}, ewAt{"cs_inf2", "w1", 0}, ewAt{"cs_inf3", "w2", 0},
		ewAt{"cs_art", "w2", 0}, ewAt{"cs_other", "w2", 0}, ewAt{"cs_hq2", "w2", 0})
	st.Block("cs_hq2").Strength = 0
	o := ewOrders(nil, csaAll(
		ewMove("w2", IntentMove, "cs_inf1"),
		ewMove("mid", IntentMove, "cs_hq2"), // leaves w2 first: room for one
		ewMove("w2", IntentMove, "cs_inf2"),
	))
	h := ewTurn(t, sc, st, CSA, o, nil)
	h.playerTurn(CSA)
	ewWant(t, h, CSA, "move", 0, Executed, "")
	ewWant(t, h, CSA, "move", 2, Dropped, "3.31")
	if ewWhere(t, h, "cs_inf2") != "w1" || len(h.blocksIn("w2", CSA)) != 4 {
		t.Fatalf("w2 holds %v", h.blocksIn("w2", CSA))
	}
	for _, e := range ewEvents(h, EvMove) {
		if e.Block == "cs_inf2" {
			t.Error("the undone move is still reported")
		}
	}
}

// 3.6 off-board moves shatter the block; 9.2.1 no entering enemy areas at night.
func TestOffBoardAndNight_3_6_9_2_1(t *testing.T) {
	sc := ewWorld()
	st := ewState(sc, NightHour, ewAt{"cs_hq", "entry", 0}, ewAt{"cs_inf1", "entry", 0}, ewAt{"cs_inf2", "w1", 0}, ewAt{"us_inf1", "mid", 0})
	o := ewOrders(nil, &Orders{Activate: []Activation{{HQ: "cs_hq"}}, Moves: []Move{
		ewMove("offboard", IntentMove, "cs_inf1"),
		ewMove("mid", IntentAttack, "cs_inf2"),
	}})
	h := ewTurn(t, sc, st, CSA, o, nil)
	h.playerTurn(CSA)
	if h.block("cs_inf1").Where != Eliminated || h.st.Points() != [2]int{1, 0} {
		t.Errorf("shattered block: %+v points %v", h.block("cs_inf1"), h.st.Points())
	}
	ewWant(t, h, CSA, "move", 1, Dropped, "9.2.1")
}

// 5.6: arrivals deploy at the start of their side's movement and then move; an
// enemy entry area holds them unless they attack from off the map (limit 3).
func TestArrivals_5_6(t *testing.T) {
	sc := ewWorld()
	sc.Arrivals = []Arrival{{ID: "div1", Side: USA, Blocks: []BlockID{"us_hq", "us_inf1", "us_inf2", "us_inf5"}, Options: []ArrivalOption{{Hour: 2, Area: "entry"}}}}
	st := ewState(sc, 2, ewAt{"us_hq", "", 0}, ewAt{"us_inf1", "", 0}, ewAt{"us_inf2", "", 0}, ewAt{"us_inf5", "", 0})
	o := ewOrders(&Orders{Activate: []Activation{{HQ: "us_hq"}}, Moves: []Move{ewMove("w1", IntentMove, "us_inf1")}}, nil)
	h := ewTurn(t, sc, st, USA, o, nil)
	h.playerTurn(USA)
	if ewWhere(t, h, "us_inf1") != "w1" || ewWhere(t, h, "us_inf2") != "entry" || !h.arrivalDone("div1") {
		t.Fatalf("arrival: %s %s", ewWhere(t, h, "us_inf1"), ewWhere(t, h, "us_inf2"))
	}

	st = ewState(sc, 2, ewAt{"us_hq", "", 0}, ewAt{"us_inf1", "", 0}, ewAt{"us_inf2", "", 0}, ewAt{"us_inf5", "", 0}, ewAt{"cs_inf1", "entry", 0})
	h = ewTurn(t, sc, st, USA, ewOrders(&Orders{}, nil), nil)
	h.playerTurn(USA)
	if len(ewEvents(h, EvArrivalHeld)) != 1 || h.arrivalDone("div1") {
		t.Fatal("the group should be held")
	}
	o = ewOrders(&Orders{Moves: []Move{ewMove("entry", IntentAttack, "us_inf1", "us_inf2", "us_inf5", "us_hq")}}, nil)
	h = ewTurn(t, sc, st, USA, o, nil)
	h.playerTurn(USA)
	ewWant(t, h, USA, "move", 0, Partial, "5.6")
	if len(h.battles) != 1 || len(h.battles[0].Entries) != 3 || h.battles[0].Entries[0].From != "" {
		t.Fatalf("battles %+v", h.battles)
	}
	if ewWhere(t, h, "us_hq") != "pending" {
		t.Error("the fourth block should stay off the map")
	}
}

// 5.61 Lew Wallace: road D at 3PM or E at 5PM; 9.1 Ohio landings of choice, HQs at 1.
func TestLewWallaceAndLandings_5_61_9_1(t *testing.T) {
	sc := ewWorld()
	sc.Arrivals = []Arrival{
		{ID: "lew", Side: USA, Blocks: []BlockID{"us_inf5"}, Options: []ArrivalOption{{Hour: 8, Area: "entry", Choice: "D"}, {Hour: 10, Area: "entry2", Choice: "E"}}},
		{ID: "nelson", Side: USA, Blocks: []BlockID{"oh_nelson", "oh_inf"}, HQStrength: 1, Options: []ArrivalOption{{Hour: 8, Landing: true}}},
	}
	mk := func(hr Hour) *State {
		return ewState(sc, hr, ewAt{"us_inf5", "", 0}, ewAt{"oh_nelson", "", 0}, ewAt{"oh_inf", "", 0}, ewAt{"cs_inf1", "land", 0})
	}
	o := ewOrders(&Orders{ArrivalChoices: []ArrivalChoice{{Arrival: "lew", Choice: "E"}}, Landings: []Landing{{Arrival: "nelson", Area: "land"}}}, nil)
	h := ewTurn(t, sc, mk(8), USA, o, nil)
	h.playerTurn(USA)
	if ewWhere(t, h, "us_inf5") != "pending" || len(h.st.ArrivalChoices) != 1 || h.st.ArrivalChoices[0].Choice != "E" {
		t.Fatalf("Lew Wallace should wait for road E: %s %v", ewWhere(t, h, "us_inf5"), h.st.ArrivalChoices)
	}
	ewWant(t, h, USA, "landing", 0, Dropped, "9.1")
	if ewWhere(t, h, "oh_inf") != "land2" || h.block("oh_nelson").Strength != 1 {
		t.Errorf("Nelson landed at %s strength %d", ewWhere(t, h, "oh_inf"), h.block("oh_nelson").Strength)
	}
	st := h.st.Clone()
	st.Hour = 10
	h = ewTurn(t, sc, st, USA, ewOrders(&Orders{}, nil), nil)
	h.playerTurn(USA)
	if ewWhere(t, h, "us_inf5") != "entry2" {
		t.Errorf("Lew Wallace at 5PM: %s", ewWhere(t, h, "us_inf5"))
	}
	// Default with no choice at 3PM: road D, which is vacant.
	h = ewTurn(t, sc, mk(8), USA, ewOrders(&Orders{}, nil), nil)
	h.playerTurn(USA)
	if ewWhere(t, h, "us_inf5") != "entry" {
		t.Errorf("default Lew Wallace: %s", ewWhere(t, h, "us_inf5"))
	}
}

// Frontline Limits (optional, rules sidebar p4): leaving a frontline area uses battle
// limits and never a road move.
func TestFrontlineLimits(t *testing.T) {
	sc := ewWorld()
	st := ewState(sc, 3, ewAt{"cs_hq", "mid", 0}, ewAt{"cs_inf1", "mid", 0}, ewAt{"cs_inf2", "mid", 0}, ewAt{"cs_inf3", "mid", 0},
		ewAt{"cs_art", "mid", 0}, ewAt{"cs_other", "mid", 0}, ewAt{"us_inf1", "w2", 0})
	st.Options.FrontlineLimits = true
	o := ewOrders(nil, csaAll(
		ewMove("w1", IntentMove, "cs_inf1", "cs_inf2", "cs_inf3", "cs_art"), // clear battle limit 3
		ewMove("e1>land", IntentMove, "cs_other"),
	))
	h := ewTurn(t, sc, st, CSA, o, nil)
	h.playerTurn(CSA)
	ewWant(t, h, CSA, "move", 0, Partial, "3.32")
	ewWant(t, h, CSA, "move", 1, Illegal, "5.3")
}

// The whole hour runs through ResolveHour without touching its input.
func TestResolveHourMovementOnly(t *testing.T) {
	sc := ewWorld()
	st := ewState(sc, 3, ewAt{"cs_hq", "w1", 0}, ewAt{"cs_inf1", "w1", 2}, ewAt{"us_inf1", "e1", 0})
	before, _ := MarshalState(st)
	o := ewOrders(nil, csaAll(ewMove("mid", IntentMove, "cs_inf1")))
	next, rep, err := ResolveHour(sc, st, o, NewScriptedDice(1, 1, 6, 6))
	if err != nil {
		t.Fatal(err)
	}
	after, _ := MarshalState(st)
	if string(before) != string(after) {
		t.Fatal("ResolveHour changed its input")
	}
	if rep.Initiative.Player1 != CSA || next.Hour != 4 || next.Block("cs_inf1").Area != "mid" {
		t.Fatalf("p1 %s hour %s", rep.Initiative.Player1, next.Hour)
	}
}

// 5.6/5.61: a hold order is legal only while the entry area is enemy; a road choice
// may be recorded before 3PM; orders for unknown groups are invalid.
func TestArrivalOrders_5_6_5_61(t *testing.T) {
	sc := ewWorld()
	sc.Arrivals = []Arrival{
		{ID: "lew", Side: USA, Blocks: []BlockID{"us_inf5"}, Options: []ArrivalOption{{Hour: 8, Area: "entry", Choice: "D"}, {Hour: 10, Area: "entry2", Choice: "E"}}},
		{ID: "div1", Side: USA, Blocks: []BlockID{"us_inf1"}, Options: []ArrivalOption{{Hour: 2, Area: "land"}}},
	}
	st := ewState(sc, 2, ewAt{"us_inf5", "", 0}, ewAt{"us_inf1", "", 0})
	o := ewOrders(&Orders{
		ArrivalChoices: []ArrivalChoice{{Arrival: "lew", Choice: "E"}, {Arrival: "nobody", Choice: "D"}},
		HoldArrivals:   []string{"div1", "lew"},
	}, nil)
	h := ewTurn(t, sc, st, USA, o, nil)
	h.playerTurn(USA)
	ewWant(t, h, USA, "arrival", 0, Executed, "5.61")
	ewWant(t, h, USA, "arrival", 1, Invalid, "5.61")
	ewWant(t, h, USA, "arrival-hold", 0, Illegal, "5.6")
	ewWant(t, h, USA, "arrival-hold", 1, Unused, "5.6")
	if ewWhere(t, h, "us_inf1") != "land" || len(h.st.ArrivalChoices) != 1 || h.st.ArrivalChoices[0].Choice != "E" {
		t.Errorf("div1 at %s, choices %v", ewWhere(t, h, "us_inf1"), h.st.ArrivalChoices)
	}
}

// 5.4: pin preferences are answered: executed when pinned, unused otherwise.
func TestPinResults_5_4(t *testing.T) {
	sc := ewWorld()
	st := ewState(sc, 3, ewAt{"cs_hq", "w1", 0}, ewAt{"cs_inf1", "w1", 0}, ewAt{"us_inf1", "mid", 0}, ewAt{"us_inf2", "mid", 0})
	o := ewOrders(&Orders{Pin: []BlockID{"us_inf2", "us_inf1", "cs_inf1"}}, csaAll(ewMove("mid", IntentAttack, "cs_inf1")))
	h := ewTurn(t, sc, st, CSA, o, nil)
	h.playerTurn(CSA)
	ewWant(t, h, USA, "pin", 0, Executed, "5.4")
	ewWant(t, h, USA, "pin", 1, Unused, "5.4")
	ewWant(t, h, USA, "pin", 2, Invalid, "5.4")
}

// 3.31 and 9.1: arrivals that would overstack their landing after movement stay off
// the map (four blocks at a woods landing).
func TestArrivalsOverstack_9_1(t *testing.T) {
	sc := ewWorld()
	sc.Arrivals = []Arrival{{ID: "ohio", Side: USA, Blocks: []BlockID{"oh_nelson", "oh_inf", "us_inf1", "us_inf2"}, HQStrength: 1,
		Options: []ArrivalOption{{Hour: 5, Landing: true}}}}
	st := ewState(sc, 5, ewAt{"oh_nelson", "", 0}, ewAt{"oh_inf", "", 0}, ewAt{"us_inf1", "", 0}, ewAt{"us_inf2", "", 0},
		ewAt{"us_inf5", "land2", 0}, ewAt{"cs_inf1", "land", 0})
	h := ewTurn(t, sc, st, USA, ewOrders(&Orders{Landings: []Landing{{Arrival: "ohio", Area: "land2"}}}, nil), nil)
	h.playerTurn(USA)
	if n := len(h.blocksIn("land2", USA)); n != 4 || ewWhere(t, h, "us_inf2") != "pending" || h.arrivalDone("ohio") {
		t.Fatalf("land2 holds %d; us_inf2 %s", n, ewWhere(t, h, "us_inf2"))
	}
}
