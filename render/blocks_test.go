package render

import (
	"image"
	"testing"
)

// A body composited from its tile looks as if drawn in place, on whole, half and
// quarter pixels.
func TestBodyTiles(t *testing.T) {
	sc, g := testScenario(t)
	base, err := Base(contract(t, sc), g)
	if err != nil {
		t.Fatal(err)
	}
	bodies := []blockBody{
		{fill: colUSA, mark: kindInfantry},
		{fill: colCSADark, hq: true},
		{fill: colCSADark, mark: kindArtillery},
		{fill: colUSA, mark: kindCavalry},
	}
	for _, b := range bodies {
		for _, p := range [][2]float64{{100, 200}, {100.5, 200.5}, {7.25, 1000.75}, {1561, 330.5}} {
			tiled := image.NewRGBA(base.Bounds())
			copy(tiled.Pix, base.Pix)
			newCanvas(tiled, nil).body(p[0], p[1], b)
			direct := image.NewRGBA(base.Bounds())
			copy(direct.Pix, base.Pix)
			newCanvas(direct, nil).drawBody(p[0], p[1], b)
			r := image.Rect(int(p[0])-4, int(p[1])-4, int(p[0])+blockSize+4, int(p[1])+blockSize+4)
			// compositing rounds twice: a channel may be off by a few levels
			if msg := pixelDiff(tiled.SubImage(r), direct.SubImage(r), 4, 0); msg != "" {
				t.Errorf("%+v at %v: %s", b, p, msg)
			}
			if pixelDiff(tiled.SubImage(r), base.SubImage(r), 40, 0) == "" {
				t.Fatalf("%+v at %v: nothing drawn", b, p)
			}
		}
	}
}
