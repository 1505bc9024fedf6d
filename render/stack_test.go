package render

import (
	"fmt"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

// fullStack is the most blocks a side's map may show in an area: its own at the
// stacking limit, as many enemy blocks in a battle (3.31), and as many last seen
// there. The river holds the gunboats.
func fullStack(sc *shiloh1862.Scenario, a *shiloh1862.Area) int {
	if a.Stack == 0 {
		n := 0
		for _, b := range sc.OB.Blocks {
			if b.Type == shiloh1862.Gunboat {
				n++
			}
		}
		return n
	}
	return 3 * a.Stack
}

// A stack in any area stands inside the area's outline and covers no place's
// name, so a reader never has to guess which area it is in: wherever the
// layout finds room (checked up to three times the stacking limit: both sides
// in a battle, 3.31, and as many last seen), and every area has room for a
// side's full stack.
func TestStacksStayInTheirArea(t *testing.T) {
	sc, g := testScenario(t)
	c := contract(t, sc)
	b := c.Board()
	cv := &canvas{f: newFaces(), top: bandTop}
	names := cv.nameBoxes(b, g)
	if len(names) < len(b.Places) {
		t.Fatalf("%d name boxes for %d places", len(names), len(b.Places))
	}
	for i := range sc.Map.Areas {
		a := &sc.Map.Areas[i]
		sh := g.Area(adjudicator.PlaceID(a.ID))
		most := 0
		for n := 1; n <= fullStack(sc, a); n++ {
			l := cv.stackAt(b, g, sh, n)
			if !l.fits {
				continue
			}
			if n == most+1 {
				most = n
			}
			if msg := stackProblem(sh, names, l, n); msg != "" {
				t.Errorf("%s, %d blocks: %s", a.ID, n, msg)
				break
			}
		}
		if want := max(a.Stack, 2); most < want { // the river: both gunboats
			t.Errorf("%s has room for %d blocks, want %d", a.ID, most, want)
		}
	}
}

// stackProblem says how a stack's boxes leave their area or cover a name.
func stackProblem(sh *AreaShape, names []rect, l stackLayout, n int) string {
	for i := 0; i < n; i++ {
		r := l.box(i)
		for _, p := range [][2]float64{{r.x0, r.y0}, {r.x1, r.y0}, {r.x0, r.y1}, {r.x1, r.y1}} {
			if !inside(sh.Outline, p[0], p[1]) {
				return fmt.Sprintf("block %d's corner %v is outside the area", i, p)
			}
		}
		o := sh.Outline
		for k := range o {
			p, q := o[k], o[(k+1)%len(o)]
			if segmentCrossesRect(p.fx(), p.fy(), q.fx(), q.fy(), r) {
				return fmt.Sprintf("the outline crosses block %d", i)
			}
		}
		for _, nb := range names {
			if r.overlaps(nb) {
				return fmt.Sprintf("block %d covers a name at %v", i, nb)
			}
		}
	}
	return ""
}

// segmentCrossesRect reports whether the segment from (x1, y1) to (x2, y2)
// touches the inside of r (Liang-Barsky clipping).
func segmentCrossesRect(x1, y1, x2, y2 float64, r rect) bool {
	t0, t1 := 0.0, 1.0
	dx, dy := x2-x1, y2-y1
	for _, e := range [][2]float64{{-dx, x1 - r.x0}, {dx, r.x1 - x1}, {-dy, y1 - r.y0}, {dy, r.y1 - y1}} {
		p, q := e[0], e[1]
		if p == 0 {
			if q <= 0 {
				return false
			}
			continue
		}
		t := q / p
		if p < 0 {
			t0 = max(t0, t)
		} else {
			t1 = min(t1, t)
		}
		if t0 >= t1 {
			return false
		}
	}
	return true
}
