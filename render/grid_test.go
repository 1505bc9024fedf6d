package render

import (
	"image/color"
	"image/png"
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
// clear hexes come out in their colours.
func TestGridBoardDrawsThroughThePipeline(t *testing.T) {
	g, err := GridGeometry("toyhex", toyGrid, imgWidth)
	if err != nil {
		t.Fatal(err)
	}
	var places []adjudicator.Place
	for _, sh := range g.Areas {
		terrain := "clear"
		if sh.ID == "0303" {
			terrain = "woods"
		}
		places = append(places, adjudicator.Place{ID: sh.ID, Name: string(sh.ID), Terrain: terrain})
	}
	board, err := adjudicator.NewBoard("toyhex", adjudicator.Hexes, places, nil, toyGrid)
	if err != nil {
		t.Fatal(err)
	}
	img, err := drawBase("A toy hex board", board, adjudicator.Legend{}, g)
	if err != nil {
		t.Fatal(err)
	}
	at := func(id adjudicator.PlaceID) color.RGBA {
		sh := g.Area(id)
		// Just inside the right corner, away from the label and the pieces: the bare
		// fill.
		return img.RGBAAt(sh.Outline[0][0]-6, sh.Outline[0][1]+bandTop)
	}
	if got := at("0202"); got != colClear {
		t.Errorf("clear hex drawn %v, want %v", got, colClear)
	}
	if got := at("0303"); got == colClear {
		t.Errorf("woods hex drawn in the clear colour")
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
