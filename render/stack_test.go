package render

import (
	"fmt"
	"image"
	"math"
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
// name, so a reader never has to guess which area it is in: a side's stack at
// the stacking limit at full size, and up to three times that (both sides in a
// battle, 3.31, and as many last seen) at one of the smaller sizes.
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
		full := max(a.Stack, 2) // the river: both gunboats
		for n := 1; n <= fullStack(sc, a); n++ {
			l := cv.stackAt(b, g, sh, n)
			if !l.fits {
				t.Errorf("%s: no room for %d blocks even at %.2f of their size", a.ID, n, l.scale)
				break
			}
			if n <= full && l.scale != 1 {
				t.Errorf("%s: %d blocks (the stacking limit is %d) drawn at %.2f of their size", a.ID, n, a.Stack, l.scale)
			}
			if msg := stackProblem(sh, names, l, n); msg != "" {
				t.Errorf("%s, %d blocks: %s", a.ID, n, msg)
				break
			}
		}
	}
}

// A stack reads as one: in every area, at every count up to three times its
// stacking limit, each block stands within a block's width of another. Rows that
// follow the outline once left a block on its own at an area's edge (Fraley
// Field with 11-14 blocks, Wicker Field with 13-18), where a reader could take it
// for a neighbour's.
func TestStacksStandTogether(t *testing.T) {
	sc, g := testScenario(t)
	c := contract(t, sc)
	b := c.Board()
	cv := &canvas{f: newFaces(), top: bandTop}
	for i := range sc.Map.Areas {
		a := &sc.Map.Areas[i]
		sh := g.Area(adjudicator.PlaceID(a.ID))
		for n := 2; n <= fullStack(sc, a); n++ {
			l := cv.stackAt(b, g, sh, n)
			for j, bx := range l.boxes {
				size := bx.x1 - bx.x0
				gap := math.Inf(1)
				for k, o := range l.boxes {
					if k != j {
						gap = min(gap, max(math.Abs(bx.x0-o.x0), math.Abs(bx.y0-o.y0))-size)
					}
				}
				if gap > size {
					t.Errorf("%s, %d blocks at %.2f: block %d stands %.0f px from the nearest other", a.ID, n, l.scale, j, gap)
				}
			}
		}
	}
}

// stackProblem says how a stack's boxes leave their area or cover a name.
func stackProblem(sh *AreaShape, names []rect, l stackLayout, n int) string {
	for i := 0; i < n; i++ {
		r := l.box(i)
		if msg := boxOutside(sh.Outline, r, 0); msg != "" {
			return fmt.Sprintf("block %d %s", i, msg)
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

// crowdedView is the USA's view with every area as full as a map may show it:
// the USA's blocks at the stacking limit, as many enemy blocks (a battle at the
// limit, 3.31) and as many last seen there. The river holds both gunboats.
func crowdedView(t testing.TB, sc *shiloh1862.Scenario) *shiloh1862.View {
	t.Helper()
	v := &shiloh1862.View{Scenario: sc.ID, Viewer: adjudicator.USA, Mode: shiloh1862.VisBlocks, Hour: 5}
	var usa, csa []shiloh1862.BlockSpec
	for _, b := range sc.OB.Blocks {
		if b.Side == adjudicator.USA && b.Type != shiloh1862.Gunboat {
			usa = append(usa, b)
		} else if b.Side == adjudicator.CSA {
			csa = append(csa, b)
		}
	}
	k := 0
	for _, a := range sc.Map.Areas {
		if a.Stack == 0 {
			for _, b := range sc.OB.Blocks {
				if b.Type == shiloh1862.Gunboat {
					v.Own = append(v.Own, shiloh1862.OwnBlock{ID: b.ID, Name: b.Name, Side: b.Side, Type: b.Type,
						Where: shiloh1862.OnMap, Area: a.ID, Strength: b.Max, Max: b.Max, Firepower: b.Firepower})
				}
			}
			continue
		}
		for i := 0; i < a.Stack; i++ {
			b, e := usa[k%len(usa)], csa[k%len(csa)]
			k++
			v.Own = append(v.Own, shiloh1862.OwnBlock{ID: b.ID, Name: b.Name, Side: b.Side, Type: b.Type,
				Where: shiloh1862.OnMap, Area: a.ID, Strength: b.Max, Max: b.Max, Firepower: b.Firepower, CommandRange: b.CommandRange})
			v.Enemy = append(v.Enemy, shiloh1862.EnemyBlock{Area: a.ID})
			v.Ghosts = append(v.Ghosts, shiloh1862.Ghost{Block: e.ID, Name: e.Name, Type: e.Type, Area: a.ID, Strength: e.Max, Firepower: e.Firepower, Hour: 4})
		}
	}
	return v
}

// Each block is drawn inside its box, at whatever size its area's stack takes:
// on the most crowded map every pixel that differs from the base map lies on a
// block's box (within the anti-aliased edge). With TestStacksStayInTheirArea,
// no block is drawn over another area or a name.
func TestCrowdedBlocksDrawInTheirBoxes(t *testing.T) {
	sc, g := testScenario(t)
	c := contract(t, sc)
	v := crowdedView(t, sc)
	img, base, err := viewImage(t, c, v, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := pictureOf(c, v, nil)
	if err != nil {
		t.Fatal(err)
	}
	count := map[adjudicator.PlaceID]int{}
	for _, u := range p.Units {
		count[u.Place]++
	}
	cv := &canvas{f: newFaces(), top: bandTop}
	var boxes []image.Rectangle
	shrunk := 0
	for id, n := range count {
		l := cv.stackAt(c.Board(), g, g.Area(id), n)
		if l.scale < 1 {
			shrunk++
		}
		for _, r := range l.boxes {
			boxes = append(boxes, image.Rect(int(r.x0)-2, int(r.y0)+bandTop-2, int(r.x1)+3, int(r.y1)+bandTop+3))
		}
	}
	if shrunk == 0 {
		t.Fatal("no area's blocks are drawn smaller: the test shows nothing")
	}
	stray := 0
	for y := bandTop; y < bandTop+g.Height; y++ {
		for x := 0; x < g.Width; x++ {
			if img.RGBAAt(x, y) == base.img.RGBAAt(x, y) {
				continue
			}
			in := false
			for _, b := range boxes {
				if (image.Point{x, y}).In(b) {
					in = true
					break
				}
			}
			if !in {
				if stray < 5 {
					t.Errorf("pixel %d,%d (map %d,%d) drawn outside every block", x, y, x, y-bandTop)
				}
				stray++
			}
		}
	}
	if stray > 0 {
		t.Errorf("%d pixels drawn outside every block", stray)
	}
}

// An arrow into an area ends at the blocks standing there, wherever in the area
// they found room: its head stops just outside their box, from whichever
// neighbour it comes. It stopped 24 pixels short of the area's spot, and a
// stack off its spot was left without an arrow pointing at it.
func TestArrowsEndAtTheStack(t *testing.T) {
	sc, g := testScenario(t)
	b := contract(t, sc).Board()
	d := &viewDrawer{canvas: &canvas{f: newFaces(), top: bandTop}, board: b, g: g, p: &adjudicator.Picture{}, style: styleOf(b), pieces: map[adjudicator.PlaceID]int{}}
	stack := map[adjudicator.PlaceID]int{}
	for _, a := range sc.Map.Areas {
		stack[adjudicator.PlaceID(a.ID)] = max(a.Stack, 2)
	}
	checked := 0
	for _, e := range b.Edges {
		for _, to := range []*adjudicator.Place{b.Place(e.A), b.Place(e.B)} {
			from := e.A
			if from == to.ID {
				from = e.B
			}
			n := stack[to.ID]
			d.pieces[to.ID] = n
			pts, end, ok := d.arrowCourse(adjudicator.Arrow{Side: adjudicator.USA, Path: []adjudicator.PlaceID{from, to.ID}, Count: 1})
			if !ok {
				t.Fatalf("%s > %s: no course", from, to.ID)
			}
			c := d.curve(pts, end)
			if len(c) < 2 {
				continue // neighbours' stacks closer than an arrow's start
			}
			tip := c[len(c)-1]
			box := d.stackAt(b, g, g.Area(to.ID), n).bounds()
			box = rect{box.x0, d.my(box.y0), box.x1, d.my(box.y1)}
			gap := math.Hypot(max(box.x0-tip[0], 0, tip[0]-box.x1), max(box.y0-tip[1], 0, tip[1]-box.y1))
			if gap == 0 || gap > 12 {
				t.Errorf("%s > %s: the head stops %.0f px from the %d blocks there (%v, box %v)", from, to.ID, gap, n, tip, box)
			}
			checked++
		}
	}
	if checked < len(b.Edges) {
		t.Errorf("only %d arrows checked for %d borders", checked, len(b.Edges))
	}
}

// A battle's marks (crossed swords, the cross of blocks eliminated with their
// number) stand in their own area with its blocks: inside the outline, off
// every name and off the blocks, with a side's stack at the stacking limit
// there; beside the blocks where there is room, else in the first cells of
// their grid (Davis Wheat Field and Road D have no room to spare). They stood
// 14 px left of the blocks, over a neighbour or a name wherever the blocks
// stood near the area's edge.
func TestBattleMarksStayInTheirArea(t *testing.T) {
	sc, g := testScenario(t)
	c := contract(t, sc)
	b := c.Board()
	p, err := pictureOf(c, fullView(t, sc), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range sc.Map.Areas {
		if a.Stack == 0 {
			continue
		}
		id := adjudicator.PlaceID(a.ID)
		p.Battles = append(p.Battles, adjudicator.BattleMark{Place: id, Over: true, Winner: adjudicator.USA})
		p.Losses = append(p.Losses, adjudicator.PlaceCount{Place: id, Count: 2})
	}
	d, _, err := drawnPicture(c, p, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer putPicture(d.img)
	names := d.nameBoxes(b, g)
	moved := 0 // areas where the marks took the first cells of the grid
	for _, a := range sc.Map.Areas {
		if a.Stack == 0 {
			continue
		}
		id := adjudicator.PlaceID(a.ID)
		st := d.standingOf(id)
		var marks []rect
		for _, m := range st.marks {
			marks = append(marks, m.box())
		}
		if len(marks) != 2 {
			t.Errorf("%s: %d marks, want the swords and the cross", a.ID, len(marks))
			continue
		}
		if st.first > 0 {
			moved++
		}
		for i, m := range marks {
			if msg := stackProblem(g.Area(id), names, stackLayout{boxes: []rect{m}}, 1); msg != "" {
				t.Errorf("%s, mark %d at %v: %s", a.ID, i, m, msg)
			}
			for _, bl := range st.blocks() {
				if m.overlaps(bl) {
					t.Errorf("%s, mark %d at %v covers a block at %v", a.ID, i, m, bl)
					break
				}
			}
		}
		if marks[0].overlaps(marks[1]) {
			t.Errorf("%s: the marks cover each other", a.ID)
		}
	}
	if moved == 0 {
		t.Error("no area's marks took cells of its grid: the test does not reach that way")
	}
}
