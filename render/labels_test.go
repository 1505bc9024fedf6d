package render

import (
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
