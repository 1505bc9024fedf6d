package shiloh1862

import "testing"

// Rule 2.1: 2d6 each, high total is Player 1; ties to the CSA on Day 1 and at night
// (9.2), to the USA on Day 2 (9.3.1); fixed Player 1 at each day's 7AM, no roll.
func TestInitiative_2_1(t *testing.T) {
	sc := ewWorld()
	d2 := func(clock int) Hour { h, _ := HourAt(2, clock); return h }
	cases := []struct {
		name  string
		hr    Hour
		dice  []int
		want  Side
		rolls [2]int
	}{
		{"day1 7AM CSA without roll", Day1First, nil, CSA, [2]int{}},
		{"day2 7AM USA without roll", Day2First, nil, USA, [2]int{}},
		{"USA high", 1, []int{3, 4, 2, 2}, USA, [2]int{7, 4}},
		{"CSA high", 1, []int{1, 1, 6, 6}, CSA, [2]int{2, 12}},
		{"day1 tie to CSA", 5, []int{3, 3, 4, 2}, CSA, [2]int{6, 6}},
		{"night tie to CSA 9.2", NightHour, []int{3, 3, 4, 2}, CSA, [2]int{6, 6}},
		{"day2 tie to USA 9.3.1", d2(9), []int{5, 1, 3, 3}, USA, [2]int{6, 6}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := NewScriptedDice(c.dice...)
			h := ewTurn(t, sc, ewState(sc, c.hr), NoSide, ewOrders(nil, nil), d)
			h.initiative()
			if h.p1 != c.want || h.rep.Initiative.Player1 != c.want {
				t.Fatalf("Player 1 = %s, want %s (%+v)", h.p1, c.want, h.rep.Initiative)
			}
			if h.rep.Initiative.Rolls != c.rolls {
				t.Errorf("rolls %v, want %v", h.rep.Initiative.Rolls, c.rolls)
			}
			if d.Remaining() != 0 {
				t.Errorf("%d dice unused", d.Remaining())
			}
			if len(c.dice) > 0 && h.rep.Throws[0].Why.String() != "throw.initiative{side=USA die=1}" {
				t.Errorf("first throw reason %s", h.rep.Throws[0].Why)
			}
		})
	}
}

// Planned Initiative (optional 2.1): the holder chooses; Player 1 passes the marker,
// Player 2 keeps it; no choice means Player 1.
func TestPlannedInitiative_2_1(t *testing.T) {
	sc := ewWorld()
	cases := []struct {
		name       string
		hr         Hour
		marker     Side
		choice     InitiativeChoice
		want, next Side
	}{
		{"day1 start CSA holds and takes P1", Day1First, NoSide, InitiativeAny, CSA, USA},
		{"USA holds and chooses P2", 3, USA, InitiativeSecond, CSA, USA},
		{"USA holds and chooses P1", 3, USA, InitiativeFirst, USA, CSA},
		{"day2 start USA gets the marker", Day2First, CSA, InitiativeAny, USA, CSA},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := ewState(sc, c.hr)
			st.Options.PlannedInitiative = true
			st.InitiativeMarker = c.marker
			holder := c.marker
			if holder == NoSide || c.hr == Day2First {
				holder = initialMarker(c.hr)
			}
			o := ewOrders(&Orders{}, &Orders{})
			o[holder.Index()].Initiative = c.choice
			h := ewTurn(t, sc, st, NoSide, o, nil)
			h.initiative()
			if h.p1 != c.want || h.st.InitiativeMarker != c.next {
				t.Fatalf("P1 %s marker %s, want %s %s", h.p1, h.st.InitiativeMarker, c.want, c.next)
			}
		})
	}
}
