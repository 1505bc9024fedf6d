package shiloh1862

import "testing"

// Rule 8.0: Day 1 needs a difference of 10+, Day 2 of 1+ with ties to the USA.
func TestVictoryAt_8_0(t *testing.T) {
	cases := []struct {
		hr      Hour
		pts     [2]int
		winner  Side
		decided bool
	}{
		{Day1Last, [2]int{3, 13}, CSA, true},
		{Day1Last, [2]int{12, 3}, NoSide, false},
		{Day1Last, [2]int{13, 3}, USA, true},
		{Day1Last - 1, [2]int{0, 20}, NoSide, false},
		{Day2Last, [2]int{6, 6}, USA, true},
		{Day2Last, [2]int{6, 7}, CSA, true},
		{Day2Last, [2]int{8, 7}, USA, true},
	}
	for _, c := range cases {
		w, d, _ := victoryAt(c.hr, c.pts)
		if w != c.winner || d != c.decided {
			t.Errorf("%s %v: got %s %v, want %s %v", c.hr, c.pts, w, d, c.winner, c.decided)
		}
	}
}

// endOfHour: VPs from losses, EvVictory, Over/Winner, and the hour advances only
// while the game goes on.
func TestEndOfHourVictory_8_0(t *testing.T) {
	sc := ewWorld()
	st := ewState(sc, Day1Last, ewAt{"us_inf1", "e1", 0})
	for i := 0; i < 10; i++ {
		st.Losses = append(st.Losses, Loss{Block: "us_inf2", Side: USA, Hour: 3})
	}
	h := ewTurn(t, sc, st, CSA, ewOrders(nil, nil), nil)
	h.endOfHour()
	if !h.st.Over || h.st.Winner != CSA || h.st.Hour != Day1Last {
		t.Fatalf("over %v winner %s hour %s", h.st.Over, h.st.Winner, h.st.Hour)
	}
	if h.rep.Points != [2]int{0, 10} || len(ewEvents(h, EvVictory)) != 1 {
		t.Fatalf("points %v events %+v", h.rep.Points, h.rep.Events)
	}
	st = ewState(sc, 4)
	h = ewTurn(t, sc, st, CSA, ewOrders(nil, nil), nil)
	h.endOfHour()
	if h.st.Over || h.st.Hour != 5 {
		t.Fatalf("hour did not advance: %s over %v", h.st.Hour, h.st.Over)
	}
}

// Rule 9.1: all landings CSA-friendly at the end of Day 1 6PM bars the Army of the
// Ohio for good.
func TestOhioBarred_9_1(t *testing.T) {
	sc := ewWorld()
	sc.Arrivals = []Arrival{{ID: "crittenden", Side: USA, Blocks: []BlockID{"oh_inf"}, Options: []ArrivalOption{{Hour: Day2First, Landing: true}}}}
	st := ewState(sc, Day1Last, ewAt{"cs_inf1", "land", 0}, ewAt{"cs_inf2", "land2", 0}, ewAt{"oh_inf", "", 0})
	h := ewTurn(t, sc, st, CSA, ewOrders(nil, nil), nil)
	h.endOfHour()
	if !h.st.OhioBarred || h.block("oh_inf").Where != Absent || !h.arrivalDone("crittenden") {
		t.Fatalf("barred %v where %s", h.st.OhioBarred, h.block("oh_inf").Where)
	}
	// One landing vacant: not barred.
	st = ewState(sc, Day1Last, ewAt{"cs_inf1", "land", 0}, ewAt{"oh_inf", "", 0})
	h = ewTurn(t, sc, st, CSA, ewOrders(nil, nil), nil)
	h.endOfHour()
	if h.st.OhioBarred || h.block("oh_inf").Where != Pending {
		t.Fatal("barred with a vacant landing")
	}
}

// The game ends after the scenario's last hour; a one-day scenario without a 10-VP
// margin ends with no winner.
func TestScenarioEnd_8_0(t *testing.T) {
	sc := ewWorld()
	sc.End = Day1Last
	st := ewState(sc, Day1Last, ewAt{"us_inf1", "e1", 0})
	h := ewTurn(t, sc, st, CSA, ewOrders(nil, nil), nil)
	h.endOfHour()
	if !h.st.Over || h.st.Winner != NoSide || !h.rep.Over {
		t.Fatalf("over %v winner %s", h.st.Over, h.st.Winner)
	}
	// Day 2 6PM: a tie goes to the USA.
	sc = ewWorld()
	st = ewState(sc, Day2Last, ewAt{"us_inf1", "e1", 0})
	st.Losses = []Loss{{Block: "us_inf2", Side: USA}, {Block: "cs_inf1", Side: CSA}}
	h = ewTurn(t, sc, st, USA, ewOrders(nil, nil), nil)
	h.endOfHour()
	if !h.st.Over || h.st.Winner != USA {
		t.Fatalf("Day 2 tie: over %v winner %s", h.st.Over, h.st.Winner)
	}
}
