package antietam

import (
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// The cost of each step (9.0): hex terrain, a road between road hexes whatever
// the hex holds (5.22), a trail's two points into forest or rough and one
// elsewhere (5.23: the map has no trail, so one is added here), a ford's extra
// point (5.25) and a bridge's none.
func TestStepCost(t *testing.T) {
	base := mustLoadTB(t)
	m := base.Map
	m.Roads = append(m.Roads[:len(m.Roads):len(m.Roads)], RoadLine{
		ID: "test_trail", Name: "a trail", Kind: Trail, Hexes: []HexID{"0404", "0405", "0406", "0407"}, Src: "guess: test",
	})
	m.Terrain = append([]TerrainGroup{
		{Kind: Forest, Name: "test", Hexes: []HexID{"0405", "1408"}, Src: "guess: test"},
		{Kind: Rough, Name: "test", Hexes: []HexID{"0406"}, Src: "guess: test"},
	}, m.Terrain...)
	sc := newScenario(m, base.OB, base.Charts, nil)
	st, _ := sc.NewState(nil)
	g := sc.newGame(st, nil, nil, nil)
	for _, c := range []struct {
		from, to HexID
		want     int
		rule     string
	}{
		{"0403", "0404", 1, "5.21 clear"},
		{"0404", "0405", 2, "5.23 trail into forest"},
		{"0405", "0406", 2, "5.23 trail into rough"},
		{"0406", "0407", 1, "5.23 trail into clear"},
		{"0505", "0405", 3, "9.0 forest off the trail"},
		{"0506", "0406", 3, "9.0 rough off the trail"},
		{"0805", "0806", 1, "5.22 road into the North Woods"},
		{"0905", "0906", 3, "9.0 the North Woods off the road"},
		{"1508", "1408", 4, "5.25 ford into forest"},
		{"1414", "1314", 1, "5.25 bridge on a road"},
		{"0816", "0815", 1, "9.0 town"},
	} {
		a, _ := sc.geo.index(c.from)
		b, _ := sc.geo.index(c.to)
		if got := g.stepCost(a, sc.geo.dir(a, b)); got != c.want {
			t.Errorf("%s %s-%s costs %d, want %d", c.rule, c.from, c.to, got, c.want)
		}
	}
}

// Sight lines are the same both ways, over a block of the map sown with woods
// and town: the geometry has no preferred direction.
func TestSightSymmetric(t *testing.T) {
	sc := withTerrain(t, map[HexID]Terrain{
		"0405": Forest, "0506": Forest, "0607": Town, "0305": Forest, "0604": Forest, "0707": Forest, "0508": Forest,
	})
	g := sc.geo
	var block []int
	for c := 2; c <= 8; c++ {
		for r := 2; r <= 9; r++ {
			i, _ := g.index(adjudicator.Cell(c, r))
			block = append(block, i)
		}
	}
	along, blocked := 0, 0
	for _, a := range block {
		for _, b := range block {
			x, y := g.sight(a, b), g.sight(b, a)
			if x.Clear() != y.Clear() || len(x.Through) != len(y.Through) || len(x.Along) != len(y.Along) {
				t.Fatalf("%s-%s %+v but %s-%s %+v", g.ids[a], g.ids[b], x, g.ids[b], g.ids[a], y)
			}
			along += len(x.Along)
			if !x.Clear() {
				blocked++
			}
			if d := g.distance(a, b); d >= 2 && len(x.Through)+len(x.Along) == 0 {
				t.Fatalf("%s-%s at distance %d passes nothing: %+v", g.ids[a], g.ids[b], d, x)
			}
		}
	}
	if along == 0 || blocked == 0 {
		t.Errorf("the block exercised %d hexside lines and %d blocked ones", along, blocked)
	}
}
