package render

import (
	"bytes"
	"fmt"
	"image"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

// allBlocksView is the GM's view with every block of the order of battle on the
// map, one per area in turn: the picture then names every block of both sides.
func allBlocksView(sc *shiloh1862.Scenario) *shiloh1862.View {
	v := &shiloh1862.View{Scenario: sc.ID, Viewer: adjudicator.NoSide, Mode: shiloh1862.VisBlocks, Hour: 5}
	for i, b := range sc.OB.Blocks {
		a := sc.Map.Areas[i%len(sc.Map.Areas)].ID
		v.Own = append(v.Own, shiloh1862.OwnBlock{ID: b.ID, Name: b.Name, Side: b.Side, Type: b.Type, HQKind: b.HQKind,
			Army: b.Army, Formation: b.Formation, Where: shiloh1862.OnMap, Area: a, Strength: b.Max, Max: b.Max,
			Firepower: b.Firepower, CommandRange: b.CommandRange})
	}
	return v
}

// Every block's label on the map is its own: no two blocks of the scenario, of
// either side, print the same label, and each label fits its block.
func TestBlockLabelsUnique(t *testing.T) {
	sc, _ := testScenario(t)
	p, err := pictureOf(contract(t, sc), allBlocksView(sc), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Units) != len(sc.OB.Blocks) {
		t.Fatalf("the picture has %d blocks, the OB %d", len(p.Units), len(sc.OB.Blocks))
	}
	d := &viewDrawer{canvas: &canvas{f: newFaces()}}
	by := map[string]string{}
	for _, u := range p.Units {
		l := d.abbrev(u.Name)
		if w := textWidth(d.f.block, l); w > labelWidth {
			t.Errorf("%q: label %q is %.0f px wide, over %v", u.Name, l, w, labelWidth)
		}
		if o, dup := by[l]; dup {
			t.Errorf("%q and %q both print %q", o, u.Name, l)
		}
		by[l] = u.Name
	}
}

// Every block shows its formation (command depends on it, 5.2): the tag of its
// division or corps, one per formation of a side, and the key says whose each
// tag is. The tag is drawn: a block with it differs from one without.
func TestBlocksShowTheirFormation(t *testing.T) {
	sc, _ := testScenario(t)
	c := contract(t, sc)
	p, err := pictureOf(c, allBlocksView(sc), nil)
	if err != nil {
		t.Fatal(err)
	}
	keyed := map[adjudicator.Side]map[string]bool{}
	for _, f := range p.Key.Formations {
		if keyed[f.Side] == nil {
			keyed[f.Side] = map[string]bool{}
		}
		if keyed[f.Side][f.Tag] {
			t.Errorf("tag %q stands for two %s formations", f.Tag, f.Side)
		}
		keyed[f.Side][f.Tag] = true
	}
	if p.Key.FormationText == "" {
		t.Error("the key has no heading for the formations")
	}
	for i, u := range p.Units {
		spec := sc.OB.Blocks[i]
		want := sc.OB.Formation(spec.Formation).Tag
		if u.Formation == "" || u.Formation != want {
			t.Errorf("%s shows formation %q, want %q", spec.ID, u.Formation, want)
		}
		if !keyed[u.Side][u.Formation] {
			t.Errorf("%s's tag %q is not in the key", spec.ID, u.Formation)
		}
	}
	draw := func(u adjudicator.UnitView) []byte {
		img := image.NewRGBA(image.Rect(0, 0, 40, 40))
		d := &viewDrawer{canvas: newCanvas(img, newFaces()), style: pieceStyles[adjudicator.Areas]}
		d.block(&u, 2, 2)
		return img.Pix
	}
	u := p.Units[0]
	bare := u
	bare.Formation = ""
	if bytes.Equal(draw(u), draw(bare)) {
		t.Error("the formation tag is not drawn on the block")
	}
}

// nameMargin is the room kept between a place's name, sign, caption or flag
// and its area's outline, where the border is drawn.
const nameMargin = 3

// A reader never has to guess which area a name belongs to: on every area
// board, each land area's name with its sign and the slot of its control
// flag, and a camp's caption above it, stand wholly inside the area's own
// outline, nameMargin px clear of it: no corner outside, no border across.
// The river's name runs down the water and is not checked. Until labels and
// some outlines moved, 21 of Shiloh's 50 land areas failed: 16 with a name,
// flag or caption over a neighbour, 5 closer than nameMargin to the border.
func TestNamesStayInTheirArea(t *testing.T) {
	checked := 0
	seen := map[string]bool{} // the scenarios of one board share its names
	forEachScenario(t, func(id string, sc adjudicator.Scenario) {
		b := sc.Board()
		if b.Kind != adjudicator.Areas {
			return // a grid's names are drawn in their cells
		}
		g, err := GeometryFor(sc)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		cv := &canvas{f: newFaces(), top: bandTop}
		for i := range b.Places {
			p := &b.Places[i]
			sh := g.Area(p.ID)
			if p.Water || sh == nil {
				continue // a missing outline is TestEveryScenarioHasGeometry's
			}
			boxes := cv.placeBoxes(p, sh)
			for k, r := range boxes {
				what := "name"
				if k < len(boxes)-1 {
					what = "caption"
				}
				key := fmt.Sprintf("%s %s %v", b.ID, p.ID, r)
				if msg := boxOutside(sh.Outline, r, nameMargin); msg != "" && !seen[key] {
					t.Errorf("%s: %s's %s (%.0f,%.0f to %.0f,%.0f) %s", id, p.ID, what, r.x0, r.y0, r.x1, r.y1, msg)
				}
				seen[key] = true
				checked++
			}
		}
	})
	if checked == 0 {
		t.Fatal("no names checked")
	}
}

// boxOutside says how a box, grown by margin, leaves an outline: a corner
// outside it, or a segment of it crossing the box; "" when it lies inside.
func boxOutside(o []Point, r rect, margin float64) string {
	r = rect{r.x0 - margin, r.y0 - margin, r.x1 + margin, r.y1 + margin}
	for _, c := range [][2]float64{{r.x0, r.y0}, {r.x1, r.y0}, {r.x0, r.y1}, {r.x1, r.y1}} {
		if !inside(o, c[0], c[1]) {
			return fmt.Sprintf("has its corner %v outside the outline, %v px clear", c, margin)
		}
	}
	for k := range o {
		p, q := o[k], o[(k+1)%len(o)]
		if segmentCrossesRect(p.fx(), p.fy(), q.fx(), q.fy(), r) {
			return fmt.Sprintf("is crossed by the outline from %v to %v, %v px clear", p, q, margin)
		}
	}
	return ""
}
