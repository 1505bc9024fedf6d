package shiloh1862

import (
	"testing"
)

// 5.31: a road move that names only its end ("Road A >> Bragg's Bivouac") goes
// through the one area a single road runs through; the orders are not changed.
func TestRoadMoveFindsItsMiddleArea(t *testing.T) {
	sc := mustLoad(t, "shiloh1862")
	st, err := NewState(sc, Options{Visibility: VisBlocks})
	if err != nil {
		t.Fatal(err)
	}
	// Clear the road: only one CSA block on the Pittsburg-Corinth road's western end.
	for i := range st.Blocks {
		if st.Blocks[i].Where == OnMap && (st.Blocks[i].Area == "road_a" || st.Blocks[i].Area == "polk_bivouac" || st.Blocks[i].Area == "bragg_bivouac") {
			st.Blocks[i].Where, st.Blocks[i].Area = Pending, ""
		}
	}
	b := st.Block("cs_gladden")
	b.Where, b.Area = OnMap, "road_a"
	csa := &Orders{Side: CSA, Moves: []Move{{Blocks: []BlockID{"cs_gladden"}, Path: []AreaID{"", "bragg_bivouac"}, Uncommanded: true}}}
	d := NewScriptedDice(5) // the straggler roll: no loss
	next, rep, err := ResolveHour(sc, st, [2]*Orders{nil, csa}, d)
	if err != nil {
		t.Fatal(err)
	}
	if got := next.Block("cs_gladden").Area; got != "bragg_bivouac" {
		for _, r := range rep.Results {
			t.Log(r)
		}
		t.Fatalf("Gladden ended in %s, want bragg_bivouac", got)
	}
	if csa.Moves[0].Path[0] != "" {
		t.Error("the engine wrote the inferred area into the player's orders")
	}
	// From the wrong place no road leads two areas on.
	b = st.Block("cs_gladden")
	b.Area = "polk_bivouac"
	_, rep, err = ResolveHour(sc, st, [2]*Orders{nil, csa}, NewScriptedDice())
	if err != nil {
		t.Fatal(err)
	}
	var why Phrase
	for _, r := range rep.Results {
		if r.Order.Kind == "move" {
			why = r.Why
		}
	}
	if why.Code != "why.no-road-to" {
		t.Fatalf("reason %s", why)
	}
}
