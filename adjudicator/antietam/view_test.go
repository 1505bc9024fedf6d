package antietam

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// TestViewOpen: counters are face-up, so in open play each side and the GM see
// every unit on the map; pending reinforcements are the viewer's own only.
func TestViewOpen(t *testing.T) {
	sc := mustLoadTB(t)
	st, err := sc.NewState(nil)
	if err != nil {
		t.Fatal(err)
	}
	onMap := 0
	for _, u := range st.Units {
		if u.Status == OnMap {
			onMap++
		}
	}
	for _, viewer := range []adjudicator.Side{adjudicator.USA, adjudicator.CSA, adjudicator.NoSide} {
		v := sc.View(st, viewer)
		if len(v.Units) != onMap {
			t.Errorf("%v sees %d units, %d are on the map", viewer, len(v.Units), onMap)
		}
		for _, id := range v.Pending {
			if viewer != adjudicator.NoSide && sc.Unit(id).Side != viewer {
				t.Errorf("%v is told of the enemy's pending %s", viewer, id)
			}
		}
		if v.Turn.Key != st.Turn().Key || v.Mode != ModeOpen {
			t.Errorf("%v: turn %+v mode %q", viewer, v.Turn, v.Mode)
		}
	}
}

// TestViewDoubleBlind: in double-blind play a side sees its own units and only
// the enemy units one of them can see (adjacent, or within SightRange on a clear
// line, 8.3); nothing of a hidden unit is in its view's JSON. The GM sees all.
func TestViewDoubleBlind(t *testing.T) {
	sc := mustLoadTB(t)
	st, err := sc.NewState(nil)
	if err != nil {
		t.Fatal(err)
	}
	st.Mode = ModeDoubleBlind
	gm := sc.View(st, adjudicator.NoSide)
	for _, viewer := range []adjudicator.Side{adjudicator.USA, adjudicator.CSA} {
		v := sc.View(st, viewer)
		hidden := 0
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range gm.Units {
			got := v.Unit(u.ID)
			if u.Side == viewer {
				if got == nil {
					t.Errorf("%v does not see its own %s", viewer, u.ID)
				}
				continue
			}
			want := false
			a, _ := sc.geo.index(u.Hex)
			for _, o := range gm.Units {
				if o.Side == viewer {
					e, _ := sc.geo.index(o.Hex)
					d := sc.geo.distance(a, e)
					if d <= 1 || d <= SightRange && sc.geo.sight(e, a).Clear() {
						want = true
					}
				}
			}
			if (got != nil) != want {
				t.Errorf("%v sees %s at %s: %v, want %v", viewer, u.ID, u.Hex, got != nil, want)
			}
			if !want {
				hidden++
				if strings.Contains(string(b), `"`+string(u.ID)+`"`) {
					t.Errorf("%v's view names the hidden %s", viewer, u.ID)
				}
			}
		}
		if hidden == 0 {
			t.Errorf("%v: double-blind hides nothing at the start", viewer)
		}
		if len(v.Units) >= len(gm.Units) {
			t.Errorf("%v sees %d units, the GM %d", viewer, len(v.Units), len(gm.Units))
		}
	}
}

// TestBelievedFromView: the position believed from a view holds exactly what the
// view shows, so checks made on it cannot see a hidden unit; in open play it
// agrees with the truth on the map, and the same move checks the same on both.
func TestBelievedFromView(t *testing.T) {
	sc := mustLoadTB(t)
	st, err := sc.NewState(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []adjudicator.Visibility{ModeOpen, ModeDoubleBlind} {
		st.Mode = mode
		v := sc.View(st, adjudicator.USA)
		b := sc.Believed(v)
		if err := sc.fits(b); err != nil {
			t.Fatalf("%s: believed position does not fit: %v", mode, err)
		}
		for i, u := range b.Units {
			seen := v.Unit(u.ID) != nil
			if seen != (u.Status == OnMap) {
				t.Errorf("%s: %s believed %s, seen %v", mode, u.ID, u.Status, seen)
			}
			if u.Status == OnMap && u.Hex != st.Units[i].Hex {
				t.Errorf("%s: %s believed at %s, is at %s", mode, u.ID, u.Hex, st.Units[i].Hex)
			}
			if mode == ModeOpen && st.Units[i].Status == OnMap && u.Status != OnMap {
				t.Errorf("open: %s on the map but not believed so", u.ID)
			}
		}
		if got, want := sc.View(b, adjudicator.USA), v; len(got.Units) != len(want.Units) {
			t.Errorf("%s: the believed position shows %d units, the view %d", mode, len(got.Units), len(want.Units))
		}
	}
}

// TestStandingOrdersCarry: a side's standing orders (7.71, 7.75, 7.81) stay in
// force from its latest orders that write any (DESIGN §9): orders silent on them
// keep them, the engine plays them when the side sends nothing, and only the
// side's own view shows them.
func TestStandingOrdersCarry(t *testing.T) {
	sc := mustLoadTB(t)
	csa := adjudicator.CSA
	st, after, mine := standingInForce(t, sc)
	if got := after.StandingOf(csa); !reflectEqual(got, mine) {
		t.Fatalf("in force after the Union player-turn: %+v, want %+v", got, mine)
	}
	if len(st.Standing) != 0 {
		t.Error("Resolve changed its input state")
	}
	// The Confederate player-turn: orders without standing orders keep them.
	next, _, err := sc.Resolve(after, &Orders{Side: csa}, nil, adjudicator.NewStreamDice([]byte("two")))
	if err != nil {
		t.Fatal(err)
	}
	if got := next.StandingOf(csa); !reflectEqual(got, mine) {
		t.Errorf("silent orders dropped the standing orders: %+v", got)
	}
	g := sc.newGame(next, nil, nil, nil)
	if got := g.standing(csa); !reflectEqual(*got, mine) {
		t.Errorf("the engine plays %+v for a side that sent nothing, want %+v", *got, mine)
	}
	// New standing orders replace them all.
	other := Standing{Advance: []UnitID{"hood"}}
	g = sc.newGame(next, nil, &Orders{Side: csa, Standing: other}, nil)
	if got := g.standing(csa); !reflectEqual(*got, other) {
		t.Errorf("written standing orders not played: %+v", *got)
	}
	// Fog: the Confederates see theirs, the Union and the GM do not.
	if v := sc.View(next, csa); v.Standing == nil || !reflectEqual(*v.Standing, mine) {
		t.Errorf("the Confederate view shows %+v", v.Standing)
	}
	for _, viewer := range []adjudicator.Side{adjudicator.USA, adjudicator.NoSide} {
		if v := sc.View(next, viewer); v.Standing != nil {
			t.Errorf("%v's view shows the Confederate standing orders", viewer)
		}
	}
	if b := sc.Believed(sc.View(next, csa)); !reflectEqual(b.StandingOf(csa), mine) {
		t.Error("the believed position lost the viewer's standing orders")
	}
	if _, err := sc.EncodeState(next); err != nil {
		t.Errorf("a state with standing orders does not encode: %v", err)
	}
}

// standingInForce is the start of the game, and the position after the Union's
// first player-turn during which the Confederates wrote standing orders (mine).
func standingInForce(t *testing.T, sc *Scenario) (start, after *State, mine Standing) {
	t.Helper()
	start, err := sc.NewState(nil)
	if err != nil {
		t.Fatal(err)
	}
	mine = Standing{Displace: []UnitID{"hood"}, Retreats: []RetreatPref{{From: []HexID{"0815"}, Toward: "0126"}}}
	after, _, err = sc.Resolve(start, nil, &Orders{Side: adjudicator.CSA, Standing: mine}, adjudicator.NewStreamDice([]byte("one")))
	if err != nil {
		t.Fatal(err)
	}
	return start, after, mine
}

// reflectEqual compares standing orders by their JSON.
func reflectEqual(a, b Standing) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}
