package bot

import (
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

// Careful drops exactly the moves and activations the receipt refuses, keeps
// everything else, and leaves the draft it was given as it was.
func TestPlayerCarefulDropsRefusedOrders(t *testing.T) {
	sc, err := shiloh1862.LoadScenario("shiloh1862")
	if err != nil {
		t.Fatal(err)
	}
	p := Player{sc}
	draft := &shiloh1862.Orders{Side: adjudicator.CSA,
		Activate: []shiloh1862.Activation{{HQ: "cs_a"}, {HQ: "cs_b"}},
		Moves:    []shiloh1862.Move{{Blocks: []shiloh1862.BlockID{"m0"}}, {Blocks: []shiloh1862.BlockID{"m1"}}, {Blocks: []shiloh1862.BlockID{"m2"}}},
		Supply:   []shiloh1862.BlockID{"s"}}
	checks := []adjudicator.Check{
		{Order: adjudicator.OrderRef{Kind: "move", Index: 1}, Status: adjudicator.CheckError},
		{Order: adjudicator.OrderRef{Kind: "move", Index: 2}, Status: adjudicator.CheckWarning},
		{Order: adjudicator.OrderRef{Kind: "activate", Index: 0}, Status: adjudicator.CheckError},
		{Order: adjudicator.OrderRef{Kind: "supply", Index: 0}, Status: adjudicator.CheckError},
	}
	got, err := p.Careful(draft, checks)
	if err != nil {
		t.Fatal(err)
	}
	o := got.(*shiloh1862.Orders)
	if len(o.Moves) != 2 || o.Moves[0].Blocks[0] != "m0" || o.Moves[1].Blocks[0] != "m2" {
		t.Errorf("moves kept: %+v (want m0 and the warned m2)", o.Moves)
	}
	if len(o.Activate) != 1 || o.Activate[0].HQ != "cs_b" {
		t.Errorf("activations kept: %+v", o.Activate)
	}
	if len(o.Supply) != 1 {
		t.Errorf("the supply list went: %+v", o.Supply)
	}
	if len(draft.Moves) != 3 || len(draft.Activate) != 2 {
		t.Error("Careful changed the draft it was given")
	}
	if _, err := p.Orders(nil, nil); err == nil {
		t.Error("Orders took something that is not a Shiloh 1862 view")
	}
}
