package shiloh1862

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// viewRun plays one hour and returns what viewer receives: the view before, and the
// report view with the view after, as JSON.
func viewRun(t *testing.T, sc *Scenario, st *State, o [2]*Orders, viewer Side) (string, string) {
	t.Helper()
	next, rep, err := ResolveHour(sc, st, o, NewScriptedDice(6, 6, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	v, err := json.Marshal(ViewOf(sc, st, viewer))
	if err != nil {
		t.Fatal(err)
	}
	r, err := json.Marshal(ViewReport(sc, st, rep, next, viewer))
	if err != nil {
		t.Fatal(err)
	}
	return string(v), string(r)
}

// DESIGN §3: changing the enemy's hidden facts (which blocks stand where, their
// strengths, orders with no visible effect, supply spent) leaves every byte the
// viewer receives unchanged.
func TestViewHidesEnemyFacts(t *testing.T) {
	sc := ewWorld()
	usa := func() *Orders {
		return &Orders{Activate: []Activation{{HQ: "us_hq"}}, Moves: []Move{ewMove("land", IntentMove, "us_inf1")}}
	}
	for _, mode := range []Visibility{VisBlocks, VisDoubleBlind} {
		t.Run(string(mode), func(t *testing.T) {
			a := ewState(sc, 3, ewAt{"us_hq", "e1", 0}, ewAt{"us_inf1", "e1", 2},
				ewAt{"cs_hq", "w1", 0}, ewAt{"cs_inf1", "w1", 3}, ewAt{"cs_inf2", "w2", 1}, ewAt{"cs_art", "entry", 1})
			a.Options.Visibility = mode
			oa := ewOrders(usa(), &Orders{
				Activate: []Activation{{HQ: "cs_hq"}},
				Moves:    []Move{ewMove("mid", IntentMove, "cs_inf1"), ewMove("w1", IntentMove, "cs_inf2")},
				Supply:   []BlockID{"cs_inf2"},
			})
			b := ewState(sc, 3, ewAt{"us_hq", "e1", 0}, ewAt{"us_inf1", "e1", 2},
				ewAt{"cs_hq2", "w1", 1}, ewAt{"cs_inf3", "w1", 2}, ewAt{"cs_other", "w2", 3}, ewAt{"cs_ahq", "entry", 0})
			b.Options.Visibility = mode
			ob := ewOrders(usa(), &Orders{
				Activate: []Activation{{HQ: "cs_hq2"}, {HQ: "cs_ahq"}, {HQ: "us_hq"}},
				Moves:    []Move{ewMove("mid", IntentAttack, "cs_inf3"), ewMove("w1", IntentMove, "cs_other"), ewMove("e2", IntentMove, "cs_hq2")},
				Supply:   []BlockID{"cs_inf3", "us_inf1"},
			})
			if mode == VisDoubleBlind {
				// Unseen from e1 and land: w2 -> w1 is invisible; here b's block stays.
				ob[CSA.Index()].Moves = ob[CSA.Index()].Moves[:1]
				b.Block("cs_other").Area = "w1"
			}
			va, ra := viewRun(t, sc, a, oa, USA)
			vb, rb := viewRun(t, sc, b, ob, USA)
			if va != vb {
				t.Errorf("views differ:\n%s\n%s", va, vb)
			}
			if ra != rb {
				t.Errorf("report views differ:\n%s\n%s", ra, rb)
			}
			// The CSA sees its own side differently, of course.
			ca, _ := viewRun(t, sc, a, oa, CSA)
			cb, _ := viewRun(t, sc, b, ob, CSA)
			if ca == cb {
				t.Error("the CSA views should differ")
			}
		})
	}
}

// Blocks mode shows enemy blocks without identity; double-blind only near friendly
// blocks; open shows everything; the GM sees all blocks as Own.
func TestViewModes(t *testing.T) {
	sc := ewWorld()
	st := ewState(sc, 3, ewAt{"us_inf1", "land", 0}, ewAt{"cs_inf1", "e1", 2}, ewAt{"cs_inf2", "w2", 0})
	st.Sightings = []Sighting{{Viewer: USA, Block: "cs_inf1", Area: "mid", Strength: 3, Hour: 1}, {Viewer: USA, Block: "cs_inf1", Area: "e1", Strength: 2, Hour: 2}}
	v := ViewOf(sc, st, USA)
	nUSA := 0
	for _, b := range sc.OB.Blocks {
		if b.Side == USA {
			nUSA++
		}
	}
	if len(v.Own) != nUSA || len(v.Enemy) != 2 || v.Enemy[0].ID != "" || v.Enemy[0].Strength != 0 {
		t.Fatalf("blocks mode: %+v", v.Enemy)
	}
	if len(v.Ghosts) != 1 || v.Ghosts[0].Area != "e1" || v.Ghosts[0].Hour != 2 {
		t.Errorf("ghosts %+v", v.Ghosts)
	}
	st.Options.Visibility = VisDoubleBlind
	v = ViewOf(sc, st, USA)
	if len(v.Enemy) != 1 || v.Enemy[0].Area != "e1" {
		t.Errorf("double-blind: %+v", v.Enemy)
	}
	for _, c := range v.Control {
		if c.Area == "w2" && c.Side != NoSide {
			t.Error("double-blind shows control of an unseen area")
		}
	}
	st.Options.Visibility = VisOpen
	v = ViewOf(sc, st, USA)
	if len(v.Enemy) != 2 || v.Enemy[0].ID != "cs_inf1" || len(v.Ghosts) != 0 {
		t.Errorf("open: %+v ghosts %+v", v.Enemy, v.Ghosts)
	}
	gm := ViewOf(sc, st, NoSide)
	if len(gm.Own) != len(sc.OB.Blocks) || len(gm.Enemy) != 0 {
		t.Errorf("GM view: %d own %d enemy", len(gm.Own), len(gm.Enemy))
	}
}

// Enemy moves are blank in blocks mode; own results only; the initiative is public.
func TestViewReportEnemyMoves(t *testing.T) {
	sc := ewWorld()
	st := ewState(sc, 3, ewAt{"us_inf1", "land", 0}, ewAt{"cs_hq", "w1", 0}, ewAt{"cs_inf1", "w1", 0})
	o := ewOrders(&Orders{}, &Orders{Activate: []Activation{{HQ: "cs_hq"}}, Moves: []Move{ewMove("mid", IntentMove, "cs_inf1")}})
	next, rep, err := ResolveHour(sc, st, o, NewScriptedDice(6, 6, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	rv := ViewReport(sc, st, rep, next, USA)
	var moves int
	for _, e := range rv.Events {
		switch e.Kind {
		case EvMove:
			moves++
			if e.Block != "" || e.CommandedBy != "" || e.From != "w1" || e.To != "mid" {
				t.Errorf("enemy move leaks: %+v", e)
			}
		case EvActivate, EvHQReduced, EvSupply:
			t.Errorf("enemy %s shown", e.Kind)
		}
	}
	if moves != 1 || rv.Initiative.Rolls != [2]int{12, 2} {
		t.Errorf("moves %d initiative %+v", moves, rv.Initiative)
	}
	for _, r := range rv.Results {
		if r.Side != USA {
			t.Errorf("enemy result shown: %+v", r)
		}
	}
	gm := ViewReport(sc, st, rep, next, NoSide)
	if len(gm.Events) != len(rep.Events) || len(gm.Results) != len(rep.Results) {
		t.Error("the GM sees everything")
	}
}

// 6.2: a battle the viewer fought is shown in full, enemy blocks revealed at
// strength; afterwards they stay as ghosts where the battle helper recorded them.
func TestViewReportBattleInFull(t *testing.T) {
	sc := ewWorld()
	st := ewState(sc, 3, ewAt{"cs_hq", "w1", 0}, ewAt{"cs_inf1", "w1", 3}, ewAt{"cs_inf2", "w1", 2}, ewAt{"us_inf1", "mid", 1})
	o := ewOrders(&Orders{}, csaAll(ewMove("mid", IntentAttack, "cs_inf1", "cs_inf2")))
	next, rep, err := ResolveHour(sc, st, o, NewStreamDice([]byte("battle view")))
	if err != nil {
		t.Fatal(err)
	}
	rv := ViewReport(sc, st, rep, next, USA)
	var revealed []BlockID
	for _, e := range rv.Events {
		if e.Kind == EvBattle {
			for _, r := range e.Revealed {
				if r.Side == CSA {
					revealed = append(revealed, r.Block)
				}
			}
		}
	}
	if len(revealed) != 2 {
		t.Fatalf("the USA should see both attackers revealed: %v", revealed)
	}
	for _, e := range rv.Events {
		if e.Kind == EvActivate || e.Kind == EvHQReduced {
			t.Errorf("enemy command shown: %+v", e)
		}
	}
}

// DESIGN §3 on the real map: through random games, shuffling which enemy blocks
// stand where (identities and strengths of every block on the map) never changes the
// viewer's View, nor its receipt for the orders it would send.
func TestViewHidesEnemyIdentitiesInPlay(t *testing.T) {
	sc := mustLoad(t, "shiloh1862")
	games := 4
	if testing.Short() {
		games = 2
	}
	for g := 0; g < games; g++ {
		mode := []Visibility{VisBlocks, VisDoubleBlind}[g%2]
		st, err := NewState(sc, Options{Visibility: mode})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(g), 99))
		for hr := 0; hr < 8 && !st.Over; hr++ {
			var o [2]*Orders
			for _, s := range Sides {
				o[s.Index()] = RandomOrdersForTests(sc, ViewOf(sc, st, s), rng)
			}
			for _, viewer := range Sides {
				shuffled := shuffleSide(sc, st, viewer.Enemy(), rng)
				a, _ := json.Marshal(ViewOf(sc, st, viewer))
				b, _ := json.Marshal(ViewOf(sc, shuffled, viewer))
				if string(a) != string(b) {
					t.Fatalf("game %d %s: %s's view depends on hidden enemy facts", g, st.Hour, viewer)
				}
				ca, _ := json.Marshal(CheckOrders(sc, KnowledgeOf(sc, st, viewer), o[viewer.Index()]))
				cb, _ := json.Marshal(CheckOrders(sc, KnowledgeOf(sc, shuffled, viewer), o[viewer.Index()]))
				if string(ca) != string(cb) {
					t.Fatalf("game %d %s: %s's receipt depends on hidden enemy facts:\n%s\n%s", g, st.Hour, viewer, ca, cb)
				}
			}
			next, _, err := ResolveHour(sc, st, o, NewStreamDice([]byte{byte(g), byte(hr)}))
			if err != nil {
				t.Fatal(err)
			}
			st = next
		}
	}
}

// shuffleSide returns a copy of st in which side's blocks on the map trade places and
// strengths at random (each keeps within its own maximum); sightings are kept.
func shuffleSide(sc *Scenario, st *State, side Side, rng *rand.Rand) *State {
	c := st.Clone()
	var idx []int
	for i, b := range c.Blocks {
		if b.Where == OnMap && sc.OB.Block(b.ID).Side == side {
			idx = append(idx, i)
		}
	}
	areas := make([]AreaID, len(idx))
	for k, i := range idx {
		areas[k] = c.Blocks[i].Area
	}
	rng.Shuffle(len(areas), func(i, j int) { areas[i], areas[j] = areas[j], areas[i] })
	for k, i := range idx {
		b := &c.Blocks[i]
		b.Area = areas[k]
		b.Strength = rng.IntN(b.Max + 1)
	}
	return c
}

// Double-blind: an enemy move between areas the viewer cannot see is not reported;
// one into a seen area is, as a blank block.
func TestViewReportDoubleBlindMoves(t *testing.T) {
	sc := ewWorld()
	st := ewState(sc, 3, ewAt{"us_inf1", "land", 0}, ewAt{"cs_hq", "w1", 0}, ewAt{"cs_inf1", "w1", 0},
		ewAt{"cs_hq2", "mid", 0}, ewAt{"cs_other", "mid", 0})
	st.Options.Visibility = VisDoubleBlind
	o := ewOrders(&Orders{}, &Orders{
		Activate: []Activation{{HQ: "cs_hq"}, {HQ: "cs_hq2"}},
		Moves:    []Move{ewMove("w2", IntentMove, "cs_inf1"), ewMove("e1", IntentMove, "cs_other")},
	})
	next, rep, err := ResolveHour(sc, st, o, NewScriptedDice(6, 6, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	var moves []Event
	for _, e := range ViewReport(sc, st, rep, next, USA).Events {
		if e.Kind == EvMove {
			moves = append(moves, e)
		}
	}
	if len(moves) != 1 || moves[0].To != "e1" || moves[0].Block != "" {
		t.Fatalf("USA sees %+v", moves)
	}
}

// The enemy list is built in area order without sorting; it must equal the plain
// definition (every visible enemy block on the map, sorted by area, then id) in
// every mode, also for a state whose blocks are not listed in id order.
func TestViewEnemyListOrder(t *testing.T) {
	sc := mustLoad(t, "shiloh1862")
	for _, mode := range []Visibility{VisBlocks, VisDoubleBlind, VisOpen} {
		st := botHours(t, sc, mode, 5)
		reversed := st.Clone()
		slices.Reverse(reversed.Blocks)
		for _, viewer := range Sides {
			want := plainEnemyList(sc, st, viewer, mode)
			if len(want) == 0 {
				t.Fatalf("%s %s: no enemy in view; the test needs some", mode, viewer)
			}
			for name, s := range map[string]*State{"sorted": st, "reversed": reversed} {
				got, _ := json.Marshal(ViewOf(sc, s, viewer).Enemy)
				if w, _ := json.Marshal(want); string(got) != string(w) {
					t.Errorf("%s %s (%s blocks): enemy list\n%s\nwant\n%s", mode, viewer, name, got, w)
				}
			}
		}
	}
}

// botHours plays the scenario's first three hours with bots (seeded by seed) in a
// visibility mode, so that the sides are mixed up, and returns the state after.
func botHours(t *testing.T, sc *Scenario, mode Visibility, seed uint64) *State {
	t.Helper()
	st, err := NewState(sc, Options{Visibility: mode})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, seed+1))
	for range 3 {
		o := [2]*Orders{RandomOrdersForTests(sc, ViewOf(sc, st, USA), rng), RandomOrdersForTests(sc, ViewOf(sc, st, CSA), rng)}
		if st, _, err = ResolveHour(sc, st, o, NewStreamDice([]byte("bot hours"))); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

// plainEnemyList is the definition of View.Enemy, written the slow way.
func plainEnemyList(sc *Scenario, st *State, viewer Side, mode Visibility) []EnemyBlock {
	sees := func(a AreaID) bool {
		if mode != VisDoubleBlind {
			return true
		}
		for _, b := range st.Blocks {
			if b.Where == OnMap && sc.OB.Block(b.ID).Side == viewer && (b.Area == a || sc.Map.Border(a, b.Area) != nil) {
				return true
			}
		}
		return false
	}
	out := []EnemyBlock{}
	for _, b := range st.Blocks {
		spec := sc.OB.Block(b.ID)
		if spec.Side == viewer || b.Where != OnMap || !sees(b.Area) {
			continue
		}
		e := EnemyBlock{Area: b.Area}
		if mode == VisOpen {
			e.ID, e.Name, e.Type, e.Strength, e.Firepower = b.ID, spec.Name, spec.Type, b.Strength, b.Firepower
		}
		out = append(out, e)
	}
	slices.SortStableFunc(out, func(a, b EnemyBlock) int {
		if a.Area != b.Area {
			return strings.Compare(string(a.Area), string(b.Area))
		}
		return strings.Compare(string(a.ID), string(b.ID))
	})
	return out
}
