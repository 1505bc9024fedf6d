package render

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862/bot"
)

// playHours plays the first hours of the full battle with the random order bot and
// returns the position before and after the last hour with its report.
func playHours(t *testing.T, mode shiloh1862.Visibility, hours int) (sc *shiloh1862.Scenario, before, after *shiloh1862.State, rep *shiloh1862.Report) {
	t.Helper()
	sc, _ = testScenario(t)
	st, err := shiloh1862.NewState(sc, shiloh1862.Options{Visibility: mode})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1862, 4))
	for h := 0; h < hours; h++ {
		var o [2]*shiloh1862.Orders
		for _, s := range adjudicator.Sides {
			o[s.Index()] = bot.RandomOrders(sc, shiloh1862.ViewOf(sc, st, s), rng)
		}
		next, r, err := shiloh1862.ResolveHour(sc, st, o, adjudicator.NewStreamDice([]byte{byte(h), 18, 62}))
		if err != nil {
			t.Fatal(err)
		}
		before, after, rep = st, next, r
		st = next
	}
	return sc, before, after, rep
}

// Maps of positions the engine reached: every side and the GM can be drawn.
func TestEngineViewsDraw(t *testing.T) {
	sc, before, after, rep := playHours(t, shiloh1862.VisBlocks, 3)
	for _, viewer := range []adjudicator.Side{adjudicator.USA, adjudicator.CSA, adjudicator.NoSide} {
		v := shiloh1862.ViewOf(sc, after, viewer)
		rv := shiloh1862.ViewReport(sc, before, rep, after, viewer)
		var a, b bytes.Buffer
		if err := drawView(&a, sc, v, rv, nil); err != nil {
			t.Fatalf("%s: %v", viewer, err)
		}
		if err := drawView(&b, sc, v, rv, nil); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: two drawings of one view differ", viewer)
		}
		if dir := os.Getenv("RENDER_ACTUAL_DIR"); dir != "" {
			_ = os.WriteFile(filepath.Join(dir, "engine-"+viewer.String()+".png"), a.Bytes(), 0o644)
		}
	}
}

// DESIGN §3 end to end: the map a side receives does not change by a byte when the
// enemy's hidden facts change: which of its blocks stands where (two swapped) and how
// strong they are.
func TestEngineFogOnTheMap(t *testing.T) {
	for _, mode := range []shiloh1862.Visibility{shiloh1862.VisBlocks, shiloh1862.VisDoubleBlind} {
		t.Run(string(mode), func(t *testing.T) {
			sc, _, st, _ := playHours(t, mode, 2)
			for _, viewer := range adjudicator.Sides {
				alt := copyState(t, st)
				var on []int
				for i, b := range alt.Blocks {
					if sc.OB.Block(b.ID).Side == viewer.Enemy() && b.Where == shiloh1862.OnMap && !sighted(alt, viewer, b.ID) {
						on = append(on, i)
					}
				}
				swapped := false
				for i := 1; i < len(on) && !swapped; i++ {
					x, y := &alt.Blocks[on[0]], &alt.Blocks[on[i]]
					if x.Area != y.Area && sc.OB.Block(x.ID).Type != shiloh1862.Gunboat && sc.OB.Block(y.ID).Type != shiloh1862.Gunboat {
						x.Area, y.Area = y.Area, x.Area
						swapped = true
					}
				}
				if !swapped {
					t.Fatal("no two enemy blocks to swap")
				}
				for _, i := range on {
					if b := &alt.Blocks[i]; b.Strength >= 1 && b.Strength <= b.Max {
						b.Strength = b.Max + 1 - b.Strength
					}
				}
				var a, b bytes.Buffer
				if err := drawView(&a, sc, shiloh1862.ViewOf(sc, st, viewer), nil, nil); err != nil {
					t.Fatal(err)
				}
				if err := drawView(&b, sc, shiloh1862.ViewOf(sc, alt, viewer), nil, nil); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(a.Bytes(), b.Bytes()) {
					t.Errorf("%s map changed with hidden enemy facts", viewer)
				}
				// and the GM, who sees everything, does see the change
				var g1, g2 bytes.Buffer
				if err := drawView(&g1, sc, shiloh1862.ViewOf(sc, st, adjudicator.NoSide), nil, nil); err != nil {
					t.Fatal(err)
				}
				if err := drawView(&g2, sc, shiloh1862.ViewOf(sc, alt, adjudicator.NoSide), nil, nil); err != nil {
					t.Fatal(err)
				}
				if bytes.Equal(g1.Bytes(), g2.Bytes()) {
					t.Error("the GM map did not change: the test changes nothing visible")
				}
			}
		})
	}
}

func sighted(st *shiloh1862.State, viewer adjudicator.Side, id shiloh1862.BlockID) bool {
	for _, s := range st.Sightings {
		if s.Viewer == viewer && s.Block == id {
			return true
		}
	}
	return false
}

func copyState(t *testing.T, st *shiloh1862.State) *shiloh1862.State {
	t.Helper()
	b, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	var c shiloh1862.State
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	return &c
}
