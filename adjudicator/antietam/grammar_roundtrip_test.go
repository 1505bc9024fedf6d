package antietam

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// TestEveryNameReadsBack: every unit's canonical name, its designation and its
// id read as the unit, and every named place as its hexes: what FormatOrders
// prints is never taken for another name.
func TestEveryNameReadsBack(t *testing.T) {
	sc := mustLoadTB(t)
	for _, u := range sc.Units {
		n := unitName(u)
		for _, typed := range []string{n.Canonical, u.Designation, string(u.ID)} {
			p, o, _ := parse(t, u.Side, typed+": 0101")
			if len(p.Problems) > 0 || len(o.Moves) != 1 || o.Moves[0].Unit != u.ID {
				t.Errorf("%q reads as %+v, problems %+v; want %s", typed, o.Moves, p.Problems, u.ID)
			}
		}
	}
	for _, pl := range sc.Map.Places {
		p, o, _ := parse(t, usa, "retreat from "+pl.Name+" toward 2112")
		if len(p.Problems) > 0 || len(o.Standing.Retreats) != 1 || !equalHexes(o.Standing.Retreats[0].From, pl.Hexes) {
			t.Errorf("%q reads as %+v, problems %+v", pl.Name, o.Standing.Retreats, p.Problems)
		}
	}
}

func equalHexes(a, b []HexID) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// writableOrders makes a side's orders of every kind the language writes, from the
// side's units and any hex of the map.
func writableOrders(sc *Scenario, side adjudicator.Side, r *rand.Rand) *Orders {
	var units []UnitID
	for _, u := range sc.Units {
		if u.Side == side {
			units = append(units, u.ID)
		}
	}
	g := sc.Map.Grid
	hex := func() HexID { return adjudicator.Cell(1+r.IntN(g.Cols), 1+r.IntN(g.Rows)) }
	hexes := func(lo, hi int) []HexID {
		var hs []HexID
		for range lo + r.IntN(hi-lo+1) {
			hs = append(hs, hex())
		}
		return hs
	}
	unit := func() UnitID { return units[r.IntN(len(units))] }
	some := func(lo, hi int) []UnitID {
		var us []UnitID
		for range lo + r.IntN(hi-lo+1) {
			us = append(us, unit())
		}
		return us
	}
	o := &Orders{Side: side}
	for range r.IntN(6) {
		m := Move{Unit: unit(), Path: hexes(1, 5)}
		o.Moves = append(o.Moves, m)
		if r.IntN(3) == 0 { // a stack moving together
			o.Moves = append(o.Moves, Move{Unit: unit(), Path: m.Path})
		}
	}
	cols := sc.Charts.CRT.Odds
	for range r.IntN(4) {
		a := Attack{Defenders: hexes(1, 2), Attackers: some(0, 3), Bombard: some(0, 2)}
		if len(a.Attackers)+len(a.Bombard) == 0 {
			a.Attackers = some(1, 1)
		}
		if r.IntN(2) == 0 {
			a.Odds = cols[r.IntN(len(cols))]
		}
		if r.IntN(2) == 0 {
			a.Advance = unit()
			if r.IntN(2) == 0 {
				a.AdvanceTo = hex()
			}
		}
		a.Losses = some(0, 2)
		a.BombardRetreat = r.IntN(3) == 0
		o.Attacks = append(o.Attacks, a)
	}
	for range r.IntN(5) {
		var p RetreatPref
		if r.IntN(3) > 0 {
			p.Unit = unit()
		}
		if p.Unit == "" || r.IntN(4) == 0 {
			p.From = hexes(1, 3)
		}
		p.To = hexes(0, 3)
		if len(p.To) == 0 || r.IntN(2) == 0 {
			p.Toward = hex()
		}
		o.Standing.Retreats = append(o.Standing.Retreats, p)
		if p.Unit != "" && r.IntN(3) == 0 { // a second unit alike
			p.Unit = unit()
			o.Standing.Retreats = append(o.Standing.Retreats, p)
		}
	}
	o.Standing.Displace = some(0, 3)
	o.Standing.Advance = some(0, 3)
	return o
}

// TestFormatParseRoundTrip: the canonical text of generated orders reads back as
// the same orders, with no problem, and prints the same again.
func TestFormatParseRoundTrip(t *testing.T) {
	sc := mustLoadTB(t)
	r := rand.New(rand.NewPCG(15, 1862))
	for i := range 500 {
		side := adjudicator.Sides[i%2]
		o := writableOrders(sc, side, r)
		canon, err := sc.FormatOrders(o)
		if err != nil {
			t.Fatalf("orders %d: %v", i, err)
		}
		p := sc.ParseOrders(canon, side)
		if len(p.Problems) > 0 {
			t.Fatalf("orders %d: the canonical form has problems %+v:\n%s", i, p.Problems, canon)
		}
		if a, b := ordersJSON(t, o), ordersJSON(t, p.Orders); a != b {
			t.Fatalf("orders %d differ after the round trip:\n%s\n%s\n%s", i, canon, a, b)
		}
		if again, _ := sc.FormatOrders(p.Orders.(*Orders)); again != canon {
			t.Fatalf("orders %d: canonical form not stable:\n%s---\n%s", i, canon, again)
		}
	}
}

func ordersJSON(tb testing.TB, o adjudicator.Orders) string {
	tb.Helper()
	b, err := json.Marshal(o)
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

// TestFormatRefusesWhatCannotBeWritten: orders the language has no words for are
// an error, not a text that reads as something else.
func TestFormatRefusesWhatCannotBeWritten(t *testing.T) {
	sc := mustLoadTB(t)
	for _, o := range []*Orders{
		{Moves: []Move{{Unit: "hood"}}},
		{Attacks: []Attack{{Attackers: []UnitID{"hood"}}}},
		{Attacks: []Attack{{Defenders: []HexID{"0812"}}}},
		{Standing: Standing{Retreats: []RetreatPref{{To: []HexID{"0812"}}}}},
		{Standing: Standing{Retreats: []RetreatPref{{Unit: "hood"}}}},
	} {
		if s, err := sc.FormatOrders(o); err == nil {
			t.Errorf("%+v prints as %q", o, s)
		}
	}
	if s, err := sc.FormatOrders(&Orders{Side: csa}); err != nil || s != "hold\n" {
		t.Errorf("no orders print as %q, %v", s, err)
	}
	if p := sc.ParseOrders("hold\n", csa); len(p.Problems) > 0 || len(p.Lines) > 0 {
		t.Errorf("hold reads as %+v", p)
	}
}
