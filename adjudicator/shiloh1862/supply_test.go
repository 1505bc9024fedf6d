package shiloh1862

import (
	"slices"
	"testing"
)

// 7.1: 3 SP, the priority list first, at most 2 SP per area and one step per block;
// the default spends the rest (HQs at 0 first, then most missing steps).
func TestSupply_7_1(t *testing.T) {
	sc := ewWorld()
	st := ewState(sc, 3, ewAt{"cs_inf1", "w1", 1}, ewAt{"cs_inf2", "w1", 2}, ewAt{"cs_inf3", "w1", 2},
		ewAt{"cs_hq", "w2", 0}, ewAt{"cs_other", "mid", 1}, ewAt{"cs_art", "mid", 3})
	st.Block("cs_hq").Strength = 0
	o := ewOrders(nil, &Orders{Supply: []BlockID{"cs_inf2", "cs_inf3", "cs_inf1", "cs_art", "us_inf1"}})
	h := ewTurn(t, sc, st, CSA, o, nil)
	h.spendSupply(CSA)
	ewWant(t, h, CSA, "supply", 0, Executed, "7.1")
	ewWant(t, h, CSA, "supply", 1, Executed, "7.1")
	ewWant(t, h, CSA, "supply", 2, Dropped, "7.1") // 2 per area
	ewWant(t, h, CSA, "supply", 3, Dropped, "7.1") // full strength
	ewWant(t, h, CSA, "supply", 4, Invalid, "7.1")
	if h.block("cs_hq").Strength != 1 || h.block("cs_other").Strength != 1 || h.block("cs_inf1").Strength != 1 {
		t.Errorf("default spent on the wrong block: hq %d other %d", h.block("cs_hq").Strength, h.block("cs_other").Strength)
	}
}

// 9.2.3 night 6 SP; 7.2 the first capture of a USA camp gives the CSA +2 SP.
func TestSupplyNightAndCamp_9_2_3_7_2(t *testing.T) {
	sc := ewWorld()
	st := ewState(sc, NightHour, ewAt{"cs_inf1", "camp", 1}, ewAt{"cs_inf2", "camp", 1}, ewAt{"cs_inf3", "w1", 1},
		ewAt{"cs_other", "w1", 1}, ewAt{"cs_art", "w2", 1}, ewAt{"cs_hq", "w2", 1}, ewAt{"cs_ahq", "mid", 1}, ewAt{"cs_hq2", "mid", 1})
	h := ewTurn(t, sc, st, CSA, ewOrders(nil, nil), nil)
	h.supplyPhase()
	if len(h.st.CampsCaptured) != 1 || h.mv.campBonus != 2 {
		t.Fatalf("camps %v bonus %d", h.st.CampsCaptured, h.mv.campBonus)
	}
	if n := len(ewEvents(h, EvSupply)); n != 8 {
		t.Errorf("%d steps bought, want 6+2", n)
	}
	// No second bonus for the same camp.
	st2 := h.st.Clone()
	st2.Hour = Day2First
	h = ewTurn(t, sc, st2, CSA, ewOrders(nil, nil), nil)
	h.noteCamps()
	if h.mv.campBonus != 0 {
		t.Error("camp bonus paid twice")
	}
}

// 9.3.2: on Day 2 the USA spends at least 1 SP on each army able to take one.
func TestSupplyDay2EachArmy_9_3_2(t *testing.T) {
	sc := ewWorld()
	st := ewState(sc, Day2First+2, ewAt{"us_inf1", "e1", 1}, ewAt{"us_inf2", "land", 1}, ewAt{"us_inf5", "camp", 1}, ewAt{"oh_inf", "e2", 2})
	o := ewOrders(&Orders{Supply: []BlockID{"us_inf1", "us_inf2", "us_inf5"}}, nil)
	h := ewTurn(t, sc, st, USA, o, nil)
	h.spendSupply(USA)
	ewWant(t, h, USA, "supply", 2, Dropped, "9.3.2")
	if h.block("oh_inf").Strength != 3 {
		t.Error("the Army of the Ohio got nothing")
	}
}

// 6.91: a fallen DHQ is rebuilt at 0 (max 1, B1) with a block of its division; with
// none left it is never rebuilt.
func TestRebuildFallenHQ_6_91(t *testing.T) {
	sc := ewWorld()
	st := ewState(sc, 4, ewAt{"us_inf2", "e1", 0}, ewAt{"us_inf1", "land", 0})
	st.Block("us_hq").Where, st.Block("us_sherman").Where = Fallen, Fallen
	h := ewTurn(t, sc, st, USA, ewOrders(nil, nil), nil)
	h.rebuildFallen(USA)
	b := h.block("us_hq")
	if b.Where != OnMap || b.Area != "land" || b.Strength != 0 || b.Max != 1 || b.Firepower.String() != "B1" {
		t.Errorf("rebuilt %+v", b)
	}
	if h.block("us_sherman").Where != Absent {
		t.Error("Sherman's division is gone: never rebuilt")
	}
}

// TestSupplyDefaultAsThePlayersGuideSays: with no supply line, the SP go as
// docs/PLAYERS.md section 6 says: HQs at strength 0, then the blocks missing the
// most steps, then those in or next to an area with enemy blocks, then by id;
// within 2 SP an area, and what cannot be spent is lost. Night: 6 SP.
func TestSupplyDefaultAsThePlayersGuideSays(t *testing.T) {
	sc := ewWorld()
	st := ewState(sc, NightHour,
		ewAt{"cs_hq", "w1", 0},       // an HQ at 0 (of 2)
		ewAt{"cs_art", "mid", 1},     // two steps short
		ewAt{"cs_inf2", "w1", 2},     // one short, after cs_inf1 by id, and w1 is full by then
		ewAt{"cs_inf1", "w1", 2},     // one short
		ewAt{"cs_other", "entry", 2}, // one short
		ewAt{"cs_inf3", "w2", 2},     // one short, next to the enemy in e2
		ewAt{"us_inf1", "e2", 3})
	st.Block("cs_hq").Strength = 0 // ewAt reads 0 as the start strength
	h := ewTurn(t, sc, st, CSA, ewOrders(nil, &Orders{}), nil)
	h.spendSupply(CSA)
	var got []BlockID
	for _, e := range ewEvents(h, EvSupply) {
		got = append(got, e.Block)
	}
	want := []BlockID{"cs_hq", "cs_art", "cs_inf3", "cs_inf1", "cs_other"} // the sixth SP is lost
	if !slices.Equal(got, want) {
		t.Errorf("supply went to %v, want %v", got, want)
	}
}
