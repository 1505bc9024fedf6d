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
