package antietam

import (
	"slices"
	"sync"
	"testing"
)

// The engine's tables agree with the contract's grid: the same neighbours in the
// same directions, the same distances, and neighbours share exactly one hexside
// (two corners) in the integer frame the sight lines use.
func TestGeometryMatchesGrid(t *testing.T) {
	s := mustLoad(t)
	g, grid := s.geo, s.Board.Grid
	for i, id := range g.ids {
		for d := 0; d < 6; d++ {
			want, ok := grid.Step(id, d)
			got := g.nb[i][d]
			if !ok && got != noHex || ok && (got == noHex || g.ids[got] != want) {
				t.Fatalf("%s direction %d: grid %s %v, tables %d", id, d, want, ok, got)
			}
			if ok {
				if shared := sharedCorners(g, i, got); shared != 2 {
					t.Fatalf("%s and %s share %d corners", id, want, shared)
				}
			}
		}
	}
	for _, p := range [][2]HexID{{"0101", "2129"}, {"0815", "2112"}, {"0126", "0804"}, {"1010", "1010"}, {"0512", "0713"}} {
		a, _ := g.index(p[0])
		b, _ := g.index(p[1])
		if got, want := g.distance(a, b), grid.Distance(p[0], p[1]); got != want {
			t.Errorf("distance %s-%s = %d, grid says %d", p[0], p[1], got, want)
		}
	}
	for a := 0; a < len(g.ids); a += 7 {
		for b := 0; b < len(g.ids); b += 5 {
			if got, want := g.distance(a, b), grid.Distance(g.ids[a], g.ids[b]); got != want {
				t.Fatalf("distance %s-%s = %d, grid says %d", g.ids[a], g.ids[b], got, want)
			}
		}
	}
}

func sharedCorners(g *geometry, a, b int) int {
	n := 0
	for _, v := range hexVertices {
		for _, w := range hexVertices {
			if g.x[a]+v[0] == g.x[b]+w[0] && g.y[a]+v[1] == g.y[b]+w[1] {
				n++
			}
		}
	}
	return n
}

// The hexsides the data gives are in the tables both ways, and 6.6's zone of
// control stops at a creek hexside without a crossing and at the ferry hex.
func TestGeometryHexsides(t *testing.T) {
	s := mustLoad(t)
	cases := []struct {
		a, b HexID
		zoc  bool
	}{
		{"1314", "1414", true},  // the Middle Bridge
		{"1408", "1508", true},  // Pry's Ford
		{"1410", "1411", false}, // plain creek
		{"0225", "0126", false}, // into the river ferry (6.6)
		{"0812", "0813", true},  // clear with a road
	}
	for _, c := range cases {
		if got := s.ZOCExtends(c.a, c.b); got != c.zoc {
			t.Errorf("ZOC %s->%s = %v, want %v", c.a, c.b, got, c.zoc)
		}
	}
	if !s.ZOCExtends("0126", "0225") {
		t.Error("a unit in the ferry hex should exert a zone of control out of it")
	}
	i, _ := s.geo.index("1314")
	j, _ := s.geo.index("1414")
	d := s.geo.dir(i, j)
	if side := s.geo.side[i][d]; side != sideCreek|sideBridge|sideRoad || s.geo.side[j][(d+3)%6] != side {
		t.Errorf("Middle Bridge hexside bits %b", side)
	}
	// The Potomac divides its banks (5.24): 0225 and 0127 lie on either side of
	// Boteler's Ford.
	a, _ := s.geo.index("0225")
	b, _ := s.geo.index("0127")
	if s.geo.bank[a] == 0 || s.geo.bank[a] == s.geo.bank[b] {
		t.Errorf("banks of the Potomac: 0225 %d, 0127 %d", s.geo.bank[a], s.geo.bank[b])
	}
}

// 8.31-8.35 on the real map, and on a clear board with the woods moved where a
// case needs them.
func TestSight(t *testing.T) {
	s := withTerrain(t, map[HexID]Terrain{"1006": Forest, "1107": Forest, "1206": Town})
	sight := func(a, b HexID) Sight {
		t.Helper()
		x, ok := s.SightLine(a, b)
		if !ok {
			t.Fatalf("no sight line %s-%s", a, b)
		}
		return x
	}
	// A straight file: 1005 to 1008 passes through 1006 and 1007 (8.31).
	if got := sight("1005", "1008"); !slices.Equal(got.Through, []HexID{"1006", "1007"}) || got.Clear() {
		t.Errorf("1005-1008: %+v", got)
	}
	// Adjacent and next-but-one along a column: nothing or one hex between.
	if got := sight("1005", "1006"); len(got.Through) != 0 || !got.Clear() {
		t.Errorf("adjacent: %+v", got)
	}
	// 8.34: the firer's and the target's own terrain never blocks.
	if got := sight("1006", "1008"); !slices.Equal(got.Through, []HexID{"1007"}) || !got.Clear() {
		t.Errorf("1006-1008: %+v", got)
	}
	if got := sight("1007", "1005"); !slices.Equal(got.Blocked, []HexID{"1006"}) {
		t.Errorf("1007-1005: %+v", got)
	}
	// 8.32: 1006 to 1206 runs exactly along the hexside of 1106 and 1107. One
	// forest hex beside it does not block; forest on both sides does.
	if got := sight("1006", "1206"); len(got.Through) != 0 || !slices.Equal(got.Along, [][2]HexID{{"1106", "1107"}}) || !got.Clear() {
		t.Errorf("1006-1206 with one side forest: %+v", got)
	}
	s = withTerrain(t, map[HexID]Terrain{"1106": Forest, "1107": Forest})
	if got := sight("1006", "1206"); !slices.Equal(got.Blocked, []HexID{"1106", "1107"}) {
		t.Errorf("1006-1206 with both sides forest: %+v", got)
	}
	// Four hexes along the same line: hexside, hex centre, hexside.
	if got := sight("1006", "1406"); !slices.Equal(got.Through, []HexID{"1206"}) || len(got.Along) != 2 || got.Clear() {
		t.Errorf("1006-1406: %+v", got)
	}
}

// withTerrain loads the data with some hexes' terrain changed, for a position
// that needs woods or town where the map has none.
func withTerrain(t testing.TB, terrain map[HexID]Terrain) *Scenario {
	t.Helper()
	return variant(t, terrain, nil)
}

// variant loads the data with some hexes' terrain changed and the night
// game-turns given (10.0), for a position the map or turn record lacks.
func variant(t testing.TB, terrain map[HexID]Terrain, night []int) *Scenario {
	t.Helper()
	base := mustLoadTB(t)
	m, ob := base.Map, base.OB
	if night != nil {
		ob.Game.Night = night
	}
	var groups []TerrainGroup
	keys := make([]HexID, 0, len(terrain))
	for h := range terrain {
		keys = append(keys, h)
	}
	slices.Sort(keys)
	for _, h := range keys {
		groups = append(groups, TerrainGroup{Kind: terrain[h], Name: "test", Hexes: []HexID{h}, Src: "guess: test"})
	}
	m.Terrain = append(groups, m.Terrain...)
	return newScenario(m, ob, base.Charts, nil)
}

// mustLoadTB returns the embedded scenario, loaded once for the whole test
// binary: a Scenario is read-only once loaded.
func mustLoadTB(t testing.TB) *Scenario {
	t.Helper()
	s, err := loadOnce()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

var loadOnce = sync.OnceValues(Load)
