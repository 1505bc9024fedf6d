package adjudicator

import (
	"slices"
	"strings"
	"testing"
)

// spi is a small SPI-style hex grid: flat tops, straight columns, the even columns
// half a hex lower.
var spi = &Grid{Kind: Hexes, Cols: 10, Rows: 10, EvenLow: true}

func TestHexNeighboursFollowTheLoweredColumns(t *testing.T) {
	// 0505 stands in a raised (odd) column: its side neighbours are rows 04 and 05.
	// 0605 stands in a lowered column: its side neighbours are rows 05 and 06.
	for _, c := range []struct {
		g    *Grid
		id   PlaceID
		want []PlaceID // N, NE, SE, S, SW, NW
	}{
		{spi, "0505", []PlaceID{"0504", "0604", "0605", "0506", "0405", "0404"}},
		{spi, "0605", []PlaceID{"0604", "0705", "0706", "0606", "0506", "0505"}},
		{spi, "0101", []PlaceID{"0201", "0102"}}, // a corner keeps what is on the grid
		{&Grid{Kind: Hexes, Cols: 10, Rows: 10}, "0605", []PlaceID{"0604", "0704", "0705", "0606", "0505", "0504"}},
	} {
		if got := c.g.Neighbours(c.id); !slices.Equal(got, c.want) {
			t.Errorf("EvenLow=%v neighbours of %s = %v, want %v", c.g.EvenLow, c.id, got, c.want)
		}
	}
}

func TestHexDistance(t *testing.T) {
	for _, c := range []struct {
		a, b PlaceID
		want int
	}{
		{"0505", "0505", 0},
		{"0505", "0605", 1},
		{"0505", "0606", 2},
		{"0505", "0510", 5},  // straight down a column
		{"0101", "0601", 5},  // along a row: the zigzag costs nothing extra
		{"0101", "0606", 8},  // five columns across gains two rows, three more to go
		{"0815", "0101", -1}, // off the 10x10 grid
	} {
		if got := spi.Distance(c.a, c.b); got != c.want {
			t.Errorf("distance %s–%s = %d, want %d", c.a, c.b, got, c.want)
		}
		if c.want >= 0 {
			if back := spi.Distance(c.b, c.a); back != c.want {
				t.Errorf("distance %s–%s = %d one way, %d the other", c.a, c.b, c.want, back)
			}
		}
	}
}

// Every step is one hex away, its direction reads back, and the opposite step
// returns: on every cell of both column parities and every kind of grid.
func TestGridStepsAreConsistent(t *testing.T) {
	for _, g := range []*Grid{spi, {Kind: Hexes, Cols: 7, Rows: 5}, {Kind: Squares, Cols: 6, Rows: 6}, {Kind: Squares, Cols: 6, Rows: 6, Diagonals: true}} {
		for c := 1; c <= g.Cols; c++ {
			for r := 1; r <= g.Rows; r++ {
				id := Cell(c, r)
				for d := 0; d < g.Directions(); d++ {
					n, ok := g.Step(id, d)
					if !ok {
						continue
					}
					if dist := g.Distance(id, n); dist != 1 {
						t.Fatalf("%v: step %d from %s reaches %s at distance %d", g, d, id, n, dist)
					}
					if back, _ := g.Step(n, g.Opposite(d)); back != id {
						t.Fatalf("%v: step %d from %s then back reaches %s", g, d, id, back)
					}
					if got, ok := g.Direction(id, n); !ok || got != d {
						t.Fatalf("%v: direction %s→%s = %d, want %d", g, id, n, got, d)
					}
				}
			}
		}
	}
	if d := (&Grid{Kind: Squares, Cols: 6, Rows: 6}).Distance("0101", "0303"); d != 4 {
		t.Errorf("orthogonal squares 0101–0303 = %d, want 4", d)
	}
	if d := (&Grid{Kind: Squares, Cols: 6, Rows: 6, Diagonals: true}).Distance("0101", "0303"); d != 2 {
		t.Errorf("diagonal squares 0101–0303 = %d, want 2", d)
	}
}

func TestNewBoard(t *testing.T) {
	areas, err := NewBoard("toy", Areas,
		[]Place{{ID: "c", Name: "Church"}, {ID: "a", Name: "Apple Orchard"}, {ID: "b", Name: "Bridge"}},
		[]Edge{{A: "a", B: "b", Features: []string{"creek"}}, {A: "c", B: "b"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if areas.Places[0].ID != "a" || areas.Place("c").Name != "Church" || areas.Place("z") != nil {
		t.Errorf("places not sorted or not found: %+v", areas.Places)
	}
	if got := areas.Neighbours("b"); !slices.Equal(got, []PlaceID{"a", "c"}) {
		t.Errorf("neighbours of b = %v", got)
	}
	if e := areas.Edge("b", "a"); e == nil || e.Features[0] != "creek" {
		t.Errorf("edge b–a = %+v", e)
	}
	if areas.Edge("a", "c") != nil {
		t.Error("a and c do not touch")
	}

	hexes, err := NewBoard("toyhex", Hexes, []Place{{ID: "0505"}, {ID: "0605"}, {ID: "0606"}},
		[]Edge{{A: "0505", B: "0605", Features: []string{"bridge"}}}, spi)
	if err != nil {
		t.Fatal(err)
	}
	if got := hexes.Neighbours("0605"); !slices.Equal(got, []PlaceID{"0505", "0606"}) {
		t.Errorf("hex neighbours of 0605 = %v", got)
	}

	for name, c := range map[string]struct {
		kind   BoardKind
		places []Place
		edges  []Edge
		grid   *Grid
		want   string
	}{
		"twice":          {Areas, []Place{{ID: "a"}, {ID: "a"}}, nil, nil, "listed twice"},
		"unknown edge":   {Areas, []Place{{ID: "a"}}, []Edge{{A: "a", B: "b"}}, nil, "does not join"},
		"area with grid": {Areas, []Place{{ID: "0101"}}, nil, spi, "grid"},
		"hex off grid":   {Hexes, []Place{{ID: "1111"}}, nil, spi, "not a cell"},
		"hexside apart":  {Hexes, []Place{{ID: "0101"}, {ID: "0505"}}, []Edge{{A: "0101", B: "0505"}}, spi, "do not touch"},
	} {
		if _, err := NewBoard("bad", c.kind, c.places, c.edges, c.grid); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", name, err, c.want)
		}
	}
}
