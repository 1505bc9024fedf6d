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

// BetweenTurns is Player 2's position after Player 1's turn, and nothing Player 2
// cannot know reaches Player 2 through it: Player 2's view of it and the checks of
// Player 2's orders on it are the same when Player 1's hidden strengths differ.
// The hour is not resolved from it.
func TestBetweenTurnsKeepsTheFog(t *testing.T) {
	sc := mustLoad(t, "shiloh1862")
	for _, mode := range []Visibility{VisBlocks, VisDoubleBlind} {
		st := botHours(t, sc, mode, 4)
		rng := rand.New(rand.NewPCG(7, 7))
		moved := 0
		for i := 0; i < 5 && !st.Over; i++ {
			seed := []byte{byte(i), 'b'}
			var ord [2]*Orders
			for _, s := range Sides {
				ord[s.Index()] = RandomOrdersForTests(sc, ViewOf(sc, st, s), rng)
			}
			in, err := ThrowInitiative(sc, st, NewStreamDice(seed))
			if err != nil {
				t.Fatal(err)
			}
			p1, p2 := in.Player1, in.Player1.Enemy()
			mid, err := BetweenTurns(sc, st, ord[p1.Index()], NewStreamDice(seed))
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := ResolveHour(sc, mid, ord, NewStreamDice(seed)); err == nil {
				t.Fatalf("%s: a position between turns was resolved", st.Hour)
			}
			if _, err := BetweenTurns(sc, st, ord[p2.Index()], NewStreamDice(seed)); err == nil {
				t.Fatalf("%s: Player 2's orders played as Player 1's", st.Hour)
			}
			for j := range st.Blocks {
				if st.Blocks[j].Where != mid.Blocks[j].Where || st.Blocks[j].Area != mid.Blocks[j].Area {
					moved++
				}
			}
			// Player 1's hidden facts changed: its non-HQ blocks one step weaker.
			alt := st.Clone()
			n := 0
			for j, b := range alt.Blocks {
				if spec := sc.OB.Block(b.ID); spec.Side == p1 && !spec.IsHQ() && b.Strength > 1 && !sighted(st, p2, b.ID) {
					alt.Blocks[j].Strength--
					n++
				}
			}
			if n == 0 {
				t.Fatalf("%s: no Player 1 block to weaken", st.Hour)
			}
			mid2, err := BetweenTurns(sc, alt, ord[p1.Index()], NewStreamDice(seed))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(ViewOf(sc, mid, p2), ViewOf(sc, mid2, p2)) {
				t.Errorf("%s %s: Player 2's view between turns depends on Player 1's strengths", mode, st.Hour)
			}
			c1 := CheckOrders(sc, KnowledgeOf(sc, mid, p2), ord[p2.Index()])
			c2 := CheckOrders(sc, KnowledgeOf(sc, mid2, p2), ord[p2.Index()])
			if !reflect.DeepEqual(c1, c2) {
				t.Errorf("%s %s: Player 2's checks depend on Player 1's strengths", mode, st.Hour)
			}
			next, _, err := ResolveHour(sc, st, ord, NewStreamDice(seed))
			if err != nil {
				t.Fatal(err)
			}
			st = next
		}
		if moved == 0 {
			t.Errorf("%s: Player 1 moved no block in five hours", mode)
		}
	}
}

func sighted(st *State, viewer Side, id BlockID) bool {
	for _, s := range st.Sightings {
		if s.Viewer == viewer && s.Block == id {
			return true
		}
	}
	return false
}

// On the position between turns Player 2's orders are checked as Player 2's: an
// HQ in an area Player 1 attacked cannot activate, though it could at the hour's
// start.
func TestPlayerTwoCheckedBetweenTurns(t *testing.T) {
	sc := mustLoad(t, "shiloh1862")
	st, err := NewState(sc, Options{Visibility: VisBlocks})
	if err != nil {
		t.Fatal(err)
	}
	names := ScenarioNames(sc)
	csa, probs := ParseOrders("activate hardee\ncleburne, lindsay: ben howell > shiloh church attack\n", names, CSA)
	usa, probs2 := ParseOrders("activate sherman\n", names, USA)
	if len(probs)+len(probs2) > 0 {
		t.Fatalf("orders: %v %v", probs, probs2)
	}
	why := func(cs []Check) string {
		for _, c := range cs {
			if c.Order.Kind == "activate" {
				return c.Why.Code
			}
		}
		return ""
	}
	if w := why(CheckOrders(sc, KnowledgeOf(sc, st, USA), usa)); w == "why.hq-in-battle" {
		t.Fatalf("Sherman cannot activate at the start already")
	}
	mid, err := BetweenTurns(sc, st, csa, NewStreamDice([]byte("s")))
	if err != nil {
		t.Fatal(err)
	}
	if w := why(CheckOrders(sc, KnowledgeOf(sc, mid, USA), usa)); w != "why.hq-in-battle" {
		t.Errorf("Sherman's activation after the CSA attack on Shiloh Church: %q, want why.hq-in-battle", w)
	}
}
