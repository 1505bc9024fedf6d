package render

import (
	"image/color"
	"image/png"
	"math"
	"os"
	"testing"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

var toyGrid = &adjudicator.Grid{Kind: adjudicator.Hexes, Cols: 6, Rows: 5, EvenLow: true}

// A computed hex geometry joins exactly the cells the grid calls neighbours, so
// the shared pipeline finds their borders as it does on an area map.
func TestGridGeometryJoinsNeighbours(t *testing.T) {
	g, err := GridGeometry("toyhex", toyGrid, imgWidth)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Areas) != 30 || g.Width != imgWidth || g.Height <= 0 {
		t.Fatalf("%d cells, %dx%d", len(g.Areas), g.Width, g.Height)
	}
	pairs := 0
	for c := 1; c <= toyGrid.Cols; c++ {
		for r := 1; r <= toyGrid.Rows; r++ {
			a := adjudicator.Cell(c, r)
			for c2 := 1; c2 <= toyGrid.Cols; c2++ {
				for r2 := 1; r2 <= toyGrid.Rows; r2++ {
					b := adjudicator.Cell(c2, r2)
					if a >= b {
						continue
					}
					touch := g.Edge(a, b) != nil
					if want := toyGrid.Distance(a, b) == 1; touch != want {
						t.Errorf("%s and %s: outlines touch %v, neighbours %v", a, b, touch, want)
					}
					if touch {
						pairs++
					}
				}
			}
		}
	}
	if pairs < 60 {
		t.Errorf("only %d touching pairs", pairs)
	}
	if _, err := GridGeometry("squares", &adjudicator.Grid{Kind: adjudicator.Squares, Cols: 3, Rows: 3}, imgWidth); err == nil {
		t.Error("a square grid was drawn as hexes")
	}
}

// A hex board goes through the shared base pipeline to the hex drawer: woods and
// clear hexes come out in their colours, a road is solid and a trail dashed.
func TestGridBoardDrawsThroughThePipeline(t *testing.T) {
	g, err := GridGeometry("toyhex", toyGrid, imgWidth)
	if err != nil {
		t.Fatal(err)
	}
	terrain := map[adjudicator.PlaceID]string{"0303": "woods", "0404": "forest_and_rough", "0502": "town", "0205": "river_ferry"}
	var places []adjudicator.Place
	for _, sh := range g.Areas {
		t := terrain[sh.ID]
		if t == "" {
			t = "clear"
		}
		places = append(places, adjudicator.Place{ID: sh.ID, Name: string(sh.ID), Terrain: t})
	}
	edges := []adjudicator.Edge{
		{A: "0101", B: "0102", Features: []string{"road"}},
		{A: "0102", B: "0202", Features: []string{"road"}},
		{A: "0202", B: "0302", Features: []string{"creek", "bridge", "road"}},
		{A: "0104", B: "0204", Features: []string{"trail"}},
		{A: "0204", B: "0304", Features: []string{"trail"}},
		{A: "0304", B: "0404", Features: []string{"creek", "ford", "trail"}},
		{A: "0303", B: "0304", Features: []string{"creek"}},
	}
	board, err := adjudicator.NewBoard("toyhex", adjudicator.Hexes, places, edges, toyGrid)
	if err != nil {
		t.Fatal(err)
	}
	board.Labels = []adjudicator.Label{{Text: "Toy Bridge", Places: []adjudicator.PlaceID{"0202", "0302"}}, {Text: "Toyville", Places: []adjudicator.PlaceID{"0502"}}}
	lg := adjudicator.Legend{Heading: "Key", Items: []adjudicator.LegendItem{
		{Label: "forest and rough", Terrain: "forest_and_rough"}, {Label: "trail", Features: []string{"trail"}},
	}}
	img, err := drawBase("A toy hex board", board, lg, g)
	if err != nil {
		t.Fatal(err)
	}
	at := func(id adjudicator.PlaceID) color.RGBA {
		sh := g.Area(id)
		// Just inside the right corner, away from the label and the pieces: the bare
		// fill.
		return img.RGBAAt(sh.Outline[0][0]-6, sh.Outline[0][1]+bandTop)
	}
	if got := at("0601"); got != colClear {
		t.Errorf("clear hex drawn %v, want %v", got, colClear)
	}
	if got := at("0303"); got == colClear {
		t.Errorf("woods hex drawn in the clear colour")
	}
	// along a leg from centre to centre, a road's middle is all road and a
	// trail's is dashed
	leg := func(a, b adjudicator.PlaceID) (inked, gaps int) {
		p, q := g.Area(a).Blocks, g.Area(b).Blocks
		for k := 8; k <= 56; k++ {
			x := p.fx() + (q.fx()-p.fx())*float64(k)/64
			y := p.fy() + (q.fy()-p.fy())*float64(k)/64 + bandTop
			switch img.RGBAAt(int(math.Round(x)), int(math.Round(y))) {
			case colRoad, colRoadFill:
				inked++
			case colClear:
				gaps++
			}
		}
		return inked, gaps
	}
	if inked, gaps := leg("0102", "0202"); gaps > 0 || inked < 40 {
		t.Errorf("the road 0102-0202: %d pixels inked, %d bare", inked, gaps)
	}
	if inked, gaps := leg("0104", "0204"); gaps < 5 || inked < 10 {
		t.Errorf("the trail 0104-0204 is not dashed: %d pixels inked, %d bare", inked, gaps)
	}
	if out := os.Getenv("PBEM_GRID_PNG"); out != "" { // to look at it
		f, err := os.Create(out)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := png.Encode(f, img); err != nil {
			t.Fatal(err)
		}
	}
}
