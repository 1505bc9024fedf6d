package shiloh1862

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// Sequential play's two steps agree with the hour that follows (DESIGN §2): the
// initiative thrown first is the hour's, and Player 1's moves shown to Player 2 are
// the moves the hour plays, with nothing of Player 2's turn or of the battles.
func TestSequentialStepsAgreeWithTheHour(t *testing.T) {
	sc := mustLoad(t, "shiloh1862")
	st := botHours(t, sc, VisBlocks, 3)
	rng := rand.New(rand.NewPCG(5, 5))
	checked := 0
	for i := 0; i < 6 && !st.Over; i++ {
		seed := []byte{byte(i), 'q'}
		in, err := ThrowInitiative(sc, st, NewStreamDice(seed))
		if err != nil {
			t.Fatal(err)
		}
		var ord [2]*Orders
		for _, s := range Sides {
			ord[s.Index()] = RandomOrdersForTests(sc, ViewOf(sc, st, s), rng)
		}
		next, rep, err := ResolveHour(sc, st, ord, NewStreamDice(seed))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(in, rep.Initiative) {
			t.Fatalf("%s: initiative %+v, the hour's %+v", st.Hour, in, rep.Initiative)
		}
		p1 := in.Player1
		rv, err := FirstMoves(sc, st, ord[p1.Index()], NewStreamDice(seed))
		if err != nil {
			t.Fatal(err)
		}
		hourView := ViewReport(sc, st, rep, st, p1.Enemy())
		for k, e := range rv.Events {
			if !playerOneTurn(e, p1.Enemy()) {
				t.Errorf("%s: Player 2 is shown %s of its own turn or a battle", st.Hour, e.Kind)
			}
			if e.Kind == EvMove && (k >= len(hourView.Events) || !reflect.DeepEqual(e, hourView.Events[k])) {
				t.Errorf("%s: shown move %+v is not the hour's", st.Hour, e)
			}
			checked++
		}
		st = next
	}
	if checked == 0 {
		t.Fatal("no event was shown to Player 2 in six hours")
	}
	if _, err := FirstMoves(sc, st, nil, NewStreamDice([]byte("x"))); err == nil {
		t.Error("FirstMoves without orders gave no error")
	}
}
