package shiloh1862

import (
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

func checkFor(cs []Check, kind string, idx int) Check {
	for _, c := range cs {
		if c.Order.Kind == kind && c.Order.Index == idx {
			return c
		}
	}
	return Check{}
}

// DESIGN §2.2 receipts: each order graded with rule, reason, suggestion and the
// command assignment, from the side's own view.
func TestCheckOrders(t *testing.T) {
	sc := ewWorld()
	st := ewState(sc, 3, ewAt{"cs_hq", "w1", 0}, ewAt{"cs_inf1", "w1", 0}, ewAt{"cs_inf2", "w1", 2}, ewAt{"cs_other", "w2", 0},
		ewAt{"cs_inf3", "w1", 0}, ewAt{"us_inf1", "mid", 0})
	o := &Orders{Side: CSA,
		Activate: []Activation{{HQ: "cs_hq"}},
		Moves: []Move{
			ewMove("mid", IntentMove, "cs_inf3"),
			ewMove("e1", IntentMove, "cs_inf2"),
			ewMove("w1", IntentMove, "cs_other"),
			ewMove("mid", IntentAttack, "cs_inf1"),
		},
		Supply: []BlockID{"cs_inf2"},
	}
	cs := CheckOrders(sc, KnowledgeOf(sc, st, o.Side), o)
	if c := checkFor(cs, "move", 3); c.Status != CheckOK || len(c.CommandedBy) != 1 || c.CommandedBy[0].HQ != "cs_hq" {
		t.Errorf("attack: %+v", c)
	}
	if c := checkFor(cs, "move", 1); c.Status != CheckError || c.Rule != "3.1" || c.Hint.String() != "hint.adjacent{adjacent=entry,mid,w2}" {
		t.Errorf("not adjacent: %+v", c)
	}
	if c := checkFor(cs, "move", 2); c.Status != CheckError || c.Rule != "5.2" || c.Hint.String() != "hint.activate{hq=cs_hq2}" {
		t.Errorf("uncommanded: %+v", c)
	}
	if c := checkFor(cs, "move", 0); c.Status != CheckWarning || c.Hint.Code != "hint.attack" {
		t.Errorf("move into the enemy: %+v", c)
	}
	if c := checkFor(cs, "supply", 0); c.Status != CheckOK {
		t.Errorf("supply: %+v", c)
	}
	if c := checkFor(cs, "supply-plan", 0); !strings.Contains(c.Why.String(), "cs_inf2") {
		t.Errorf("plan: %+v", c)
	}
	if cs[0].Order.Kind != "activate" {
		t.Errorf("checks out of order: %+v", cs[0])
	}

	// Hidden enemy facts never change a receipt.
	st2 := ewState(sc, 3, ewAt{"cs_hq", "w1", 0}, ewAt{"cs_inf1", "w1", 0}, ewAt{"cs_inf2", "w1", 2}, ewAt{"cs_other", "w2", 0},
		ewAt{"cs_inf3", "w1", 0}, ewAt{"us_web", "mid", 0}, ewAt{"us_grant", "", 0})
	a, _ := json.Marshal(cs)
	b, _ := json.Marshal(CheckOrders(sc, KnowledgeOf(sc, st2, o.Side), o))
	if string(a) != string(b) {
		t.Errorf("receipts differ:\n%s\n%s", a, b)
	}
}

// BenchmarkCheckOrders: a receipt for a bot's orders on the real map at Day 1 7AM.
func BenchmarkCheckOrders(b *testing.B) {
	sc, err := LoadScenario("shiloh1862")
	if err != nil {
		b.Fatal(err)
	}
	st, _ := NewState(sc, Options{})
	o := RandomOrdersForTests(sc, ViewOf(sc, st, CSA), rand.New(rand.NewPCG(1, 2)))
	b.ReportAllocs()
	for b.Loop() {
		CheckOrders(sc, KnowledgeOf(sc, st, o.Side), o)
	}
}

// BenchmarkViews: both sides' views and report views of one resolved hour.
func BenchmarkViews(b *testing.B) {
	sc, err := LoadScenario("shiloh1862")
	if err != nil {
		b.Fatal(err)
	}
	st, _ := NewState(sc, Options{})
	rng := rand.New(rand.NewPCG(3, 4))
	o := [2]*Orders{RandomOrdersForTests(sc, ViewOf(sc, st, USA), rng), RandomOrdersForTests(sc, ViewOf(sc, st, CSA), rng)}
	next, rep, err := ResolveHour(sc, st, o, NewStreamDice([]byte("bench")))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range Sides {
			ViewReport(sc, st, rep, next, s)
		}
	}
}

// Standing orders for battles (6.2, 6.7, 6.8) and initiative (2.1) are checked for
// names and adjacency.
func TestCheckStandingOrders(t *testing.T) {
	sc := ewWorld()
	st := ewState(sc, 3, ewAt{"cs_inf1", "w1", 0})
	o := &Orders{Side: CSA, Initiative: InitiativeFirst,
		Battles:     []AreaID{"mid", "nowhere"},
		Doctrine:    []Doctrine{{Area: "mid", Kind: WithdrawIfWeaker, Retreat: []AreaID{"land"}}},
		Regroup:     []Regroup{{Area: "mid", To: "w1"}, {Area: "mid", To: "land"}},
		LossesFirst: []BlockID{"us_inf1"},
	}
	cs := CheckOrders(sc, KnowledgeOf(sc, st, o.Side), o)
	want := map[string]CheckStatus{"initiative0": CheckWarning, "battles0": CheckOK, "battles1": CheckError, "doctrine0": CheckWarning,
		"regroup0": CheckOK, "regroup1": CheckError, "losses0": CheckError}
	for _, c := range cs {
		k := c.Order.Kind + strconv.Itoa(c.Order.Index)
		if w, ok := want[k]; ok && w != c.Status {
			t.Errorf("%s: %s, want %s (%s)", k, c.Status, w, c.Why)
		}
		delete(want, k)
	}
	if len(want) != 0 {
		t.Errorf("missing checks %v", want)
	}
}

// The believed state, built from the side's knowledge alone, keeps the side's own
// blocks as they are and puts one stand-in enemy block in each place where the
// side's view shows one, enemy ids in id order taking the view's enemy list in its
// order, at their card's values; other enemy blocks are absent, and the enemy's
// private facts (its arrival choices, its army command) are not there.
func TestBelievedStateMatchesView(t *testing.T) {
	sc := mustLoad(t, "shiloh1862")
	for _, mode := range []Visibility{VisBlocks, VisDoubleBlind, VisOpen} {
		st := botHours(t, sc, mode, 7)
		for _, side := range Sides {
			b := KnowledgeOf(sc, st, side).believed(sc)
			if len(b.Sightings) != 0 {
				t.Errorf("%s %s: the believed state keeps %d sightings", mode, side, len(b.Sightings))
			}
			for _, ac := range b.ArmyCommand {
				if sc.OB.Block(ac.HQ).Side != side {
					t.Errorf("%s %s: the enemy's army command %+v is known", mode, side, ac)
				}
			}
			enemy := ViewOf(sc, st, side).Enemy
			k := 0
			for i, bs := range b.Blocks {
				orig, spec := st.Blocks[i], &sc.OB.Blocks[i]
				if spec.Side == side {
					if bs != orig {
						t.Errorf("%s %s: own block changed: %+v, was %+v", mode, side, bs, orig)
					}
					continue
				}
				want := BlockState{ID: spec.ID, Where: Absent, Max: spec.Max, Firepower: spec.Firepower}
				if k < len(enemy) {
					want.Where, want.Area, want.Strength = OnMap, enemy[k].Area, min(1, spec.Max)
					k++
				}
				if bs != want {
					t.Errorf("%s %s: enemy block %d is %+v, want %+v", mode, side, i, bs, want)
				}
			}
			if k != len(enemy) || k == 0 {
				t.Errorf("%s %s: %d stand-ins for %d enemy blocks in view", mode, side, k, len(enemy))
			}
		}
	}
}

// CheckOrders plays the side's moves on its own believed copy of the state
// (newCheckHour does not clone again), so a copy that shared a slice with st would
// let a check change the real game. Over random positions in every visibility mode,
// checking both sides' orders leaves the state and the orders exactly as they were.
func TestCheckOrdersLeavesInputAlone(t *testing.T) {
	sc := mustLoad(t, "shiloh1862")
	for seed, mode := range []Visibility{VisBlocks, VisDoubleBlind, VisOpen} {
		st := botHours(t, sc, mode, uint64(40+seed))
		rng := rand.New(rand.NewPCG(uint64(seed), 9))
		for range 4 {
			for _, side := range Sides {
				o := RandomOrdersForTests(sc, ViewOf(sc, st, side), rng)
				stBefore, _ := MarshalState(st)
				oBefore, _ := json.Marshal(o)
				if cs := CheckOrders(sc, KnowledgeOf(sc, st, o.Side), o); len(cs) == 0 {
					t.Fatalf("%s %s %s: no checks for %d orders", mode, st.Hour, side, len(o.Moves))
				}
				stAfter, _ := MarshalState(st)
				oAfter, _ := json.Marshal(o)
				if string(stBefore) != string(stAfter) {
					t.Fatalf("%s %s %s: CheckOrders changed the state", mode, st.Hour, side)
				}
				if string(oBefore) != string(oAfter) {
					t.Fatalf("%s %s %s: CheckOrders changed the orders", mode, st.Hour, side)
				}
			}
			o := [2]*Orders{RandomOrdersForTests(sc, ViewOf(sc, st, USA), rng), RandomOrdersForTests(sc, ViewOf(sc, st, CSA), rng)}
			var err error
			if st, _, err = ResolveHour(sc, st, o, NewStreamDice([]byte("check input"))); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// A state that does not fit its scenario (a block missing) gets one error check, as
// ResolveHour would refuse it, instead of a receipt computed on a misread position.
func TestCheckOrdersCorruptState(t *testing.T) {
	sc := mustLoad(t, "shiloh1862")
	st, _ := NewState(sc, Options{})
	st.Blocks = st.Blocks[1:]
	cs := CheckOrders(sc, KnowledgeOf(sc, st, CSA), &Orders{Side: CSA})
	if len(cs) != 1 || cs[0].Status != CheckError || cs[0].Why.Code != "check.misfit" {
		t.Fatalf("corrupt state: %+v", cs)
	}
}

// A standing doctrine's receipt line says the doctrine as written, a withdrawal
// with its round (6.7); it used to read "OK: withdraw after".
func TestCheckDoctrineSaysItsRound(t *testing.T) {
	sc := ewWorld()
	st := ewState(sc, 3, ewAt{"cs_hq", "w1", 0}, ewAt{"cs_inf1", "w1", 0})
	o := &Orders{Side: CSA, Doctrine: []Doctrine{{Kind: WithdrawAfter, AfterRound: 3}, {Kind: WithdrawIfWeaker, Area: "w1"}}}
	cs := CheckOrders(sc, KnowledgeOf(sc, st, o.Side), o)
	if c := checkFor(cs, "doctrine", 0); c.Why.String() != "check.doctrine{doctrine=doctrine.withdraw-after{round=3}}" {
		t.Errorf("withdraw after: %s", c.Why)
	}
	if c := checkFor(cs, "doctrine", 1); c.Why.String() != "check.doctrine{doctrine=doctrine.withdraw-if-weaker}" {
		t.Errorf("withdraw if weaker: %s", c.Why)
	}
}
