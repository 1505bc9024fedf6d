package bot

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/antietam"
)

// start is the position of game-turn one, the Union to move.
func start(t *testing.T, sc *antietam.Scenario) *antietam.State {
	t.Helper()
	st, err := sc.NewState(nil)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// The same view and seed give the same orders; another seed other orders.
func TestBotDeterministic(t *testing.T) {
	sc := scenario(t)
	v := sc.View(start(t, sc), adjudicator.USA)
	write := func(seed uint64) string {
		o, err := New(sc).Orders(v, rand.New(rand.NewPCG(seed, 1)))
		b, errJ := json.Marshal(o)
		if err != nil || errJ != nil {
			t.Fatal(err, errJ)
		}
		return string(b)
	}
	if a, b := write(1), write(1); a != b {
		t.Errorf("one view and seed, two sets of orders:\n%s\n%s", a, b)
	}
	if write(1) == write(2) {
		t.Error("two seeds gave the same orders: the bot draws nothing from its rng")
	}
}

// As the phasing side the bot moves within the rules (every move carried out
// on the true position, 18.1's fifteen units on game-turn one) and toward
// Sharpsburg; as the other side it writes only standing orders, every unit
// retreating toward its rear.
func TestBotOrdersShape(t *testing.T) {
	sc := scenario(t)
	bt := New(sc)
	st := start(t, sc)
	rng := rand.New(rand.NewPCG(3, 3))
	union, err := bt.Write(sc.View(st, adjudicator.USA), rng)
	if err != nil {
		t.Fatal(err)
	}
	if len(union.Moves) == 0 || len(union.Moves) > sc.Charts.MovementLimit.UnionFirstTurn {
		t.Errorf("the Union moves %d units on game-turn one (18.1 allows %d)", len(union.Moves), sc.Charts.MovementLimit.UnionFirstTurn)
	}
	res, err := sc.CheckMoves(st, union)
	if err != nil {
		t.Fatal(err)
	}
	closer := 0
	for i, r := range res {
		if r.Status != antietam.Executed {
			t.Errorf("move %d %+v refused: %s (%s)", i+1, union.Moves[i], r.Why.Code, r.Rule)
		}
		m := union.Moves[i]
		from, _ := sc.Board.Index(st.Unit(m.Unit).Hex)
		to, _ := sc.Board.Index(m.Path[len(m.Path)-1])
		if bt.b.town[to] < bt.b.town[from] {
			closer++
		}
	}
	if closer*2 < len(union.Moves) {
		t.Errorf("only %d of %d Union moves end nearer Sharpsburg", closer, len(union.Moves))
	}
	csa, err := bt.Write(sc.View(st, adjudicator.CSA), rng)
	if err != nil {
		t.Fatal(err)
	}
	if len(csa.Moves)+len(csa.Attacks) > 0 {
		t.Errorf("the Confederates order %d moves and %d attacks in the Union's player-turn", len(csa.Moves), len(csa.Attacks))
	}
	for _, u := range st.Units {
		spec := sc.Unit(u.ID)
		if spec.Side != adjudicator.CSA || u.Status != antietam.OnMap {
			continue
		}
		i := slices.IndexFunc(csa.Standing.Retreats, func(r antietam.RetreatPref) bool { return slices.Contains(r.From, u.Hex) })
		if i < 0 || csa.Standing.Retreats[i].Toward != sc.Charts.Victory.TraceHex {
			t.Errorf("%s on %s has no retreat toward %s: %+v", u.ID, u.Hex, sc.Charts.Victory.TraceHex, csa.Standing.Retreats)
		}
	}
	end := st.Clone()
	end.Over, end.Final = true, &antietam.Final{}
	if o, err := bt.Write(sc.View(end, adjudicator.USA), rng); err != nil || len(o.Moves) > 0 {
		t.Errorf("orders for a game that is over: %+v %v", o, err)
	}
}

// Careful drops exactly the moves and attacks the receipt refuses (the
// engine's numbering, from 1), keeps warned ones and the standing orders, and
// leaves the draft as it was.
func TestBotCareful(t *testing.T) {
	bt := New(scenario(t))
	draft := &antietam.Orders{Side: adjudicator.USA,
		Moves:    []antietam.Move{{Unit: "m1"}, {Unit: "m2"}, {Unit: "m3"}},
		Attacks:  []antietam.Attack{{Advance: "a1"}, {Advance: "a2"}},
		Standing: antietam.Standing{Advance: []antietam.UnitID{"s"}}}
	checks := []adjudicator.Check{
		{Order: adjudicator.OrderRef{Kind: antietam.KindMove, Index: 2}, Status: adjudicator.CheckError},
		{Order: adjudicator.OrderRef{Kind: antietam.KindMove, Index: 3}, Status: adjudicator.CheckWarning},
		{Order: adjudicator.OrderRef{Kind: antietam.KindAttack, Index: 1}, Status: adjudicator.CheckError},
		{Order: adjudicator.OrderRef{Kind: "retreat", Index: 1}, Status: adjudicator.CheckError},
	}
	got, err := bt.Careful(draft, checks)
	if err != nil {
		t.Fatal(err)
	}
	o := got.(*antietam.Orders)
	if len(o.Moves) != 2 || o.Moves[0].Unit != "m1" || o.Moves[1].Unit != "m3" {
		t.Errorf("moves kept: %+v (want m1 and the warned m3)", o.Moves)
	}
	if len(o.Attacks) != 1 || o.Attacks[0].Advance != "a2" {
		t.Errorf("attacks kept: %+v", o.Attacks)
	}
	if len(o.Standing.Advance) != 1 || len(draft.Moves) != 3 || len(draft.Attacks) != 2 {
		t.Error("Careful dropped standing orders or changed the draft")
	}
	if _, err := bt.Careful(nil, nil); err == nil {
		t.Error("Careful took orders that are not Antietam's")
	}
	if _, err := bt.Orders(nil, nil); err == nil {
		t.Error("Orders took a view that is not Antietam's")
	}
	if _, err := bt.Write(&antietam.View{Viewer: adjudicator.NoSide}, nil); err == nil {
		t.Error("the bot wrote orders for the GM")
	}
}
