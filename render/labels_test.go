package render

import (
	"bytes"
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
