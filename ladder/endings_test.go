package ladder

import (
	"reflect"
	"strings"
	"testing"
)

// A voided, a cancelled and a forced game without orders from anyone move no
// rating; a forced game with orders, a resignation and a declared result do.
// The results list marks the forced and voided games and leaves the
// cancelled one out.
func TestEndings(t *testing.T) {
	base := []Result{{GameID: "g1", USA: "ann", CSA: "bob", Winner: USA, Finished: finished(1, 20)}}
	want, err := Rate(base, 0)
	if err != nil {
		t.Fatal(err)
	}
	unrated := []Result{
		{GameID: "g2", USA: "bob", CSA: "ann", Winner: USA, Finished: finished(2, 20), Ending: Voided},
		{GameID: "g3", USA: "bob", CSA: "ann", Winner: USA, Finished: finished(3, 20), Ending: Cancelled},
		{GameID: "g4", USA: "bob", CSA: "ann", Winner: USA, Finished: finished(4, 20), Ending: Forced, FastForwarded: 12, NoOrders: true},
		{GameID: "g5", USA: "bob", CSA: "ann", Winner: USA, Finished: finished(5, 20), NoOrders: true},
	}
	got, err := Rate(append(base, unrated...), 0)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("unrated games changed the ratings: %+v, want %+v", got, want)
	}
	for _, r := range []Result{
		{GameID: "g6", USA: "bob", CSA: "ann", Winner: USA, Finished: finished(6, 20), Ending: Forced, FastForwarded: 3},
		{GameID: "g7", USA: "bob", CSA: "ann", Winner: USA, Finished: finished(7, 20), Ending: Resigned, NoOrders: true},
		{GameID: "g8", USA: "bob", CSA: "ann", Winner: USA, Finished: finished(8, 20), Ending: Declared, NoOrders: true},
	} {
		got, err := Rate(append(base, r), 0)
		if err != nil {
			t.Fatal(err)
		}
		if got["bob"].Wins != 1 || got["ann"].Games != 2 {
			t.Errorf("%s (%s) not rated: %+v", r.GameID, r.Ending, got)
		}
	}
	if _, err := Rate([]Result{{GameID: "g9", USA: "a", CSA: "b", Finished: finished(1, 1), Ending: "abandoned"}}, 0); err == nil {
		t.Error("an unknown ending was accepted")
	}

	list := FormatResults(append(base, unrated...), strings.ToUpper)
	for _, want := range []string{
		"2026-05-01  g1: USA ANN, CSA BOB: USA wins\n",
		"g2: USA BOB, CSA ANN: void (void: not rated)\n",
		"g4: USA BOB, CSA ANN: USA wins (forced to its end by the GM; 12 hours fast-forwarded by the GM (no NMRs charged); not rated: no orders from either player)\n",
		"g5: USA BOB, CSA ANN: USA wins (not rated: no orders from either player)\n",
	} {
		if !strings.Contains(list, want) {
			t.Errorf("results list lacks %q:\n%s", want, list)
		}
	}
	if strings.Contains(list, "g3") {
		t.Errorf("the cancelled game is listed:\n%s", list)
	}
}
