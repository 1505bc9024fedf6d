package render

import (
	"image"
	"image/color"

	"github.com/shiloh-pbem/pbem/adjudicator/shiloh1862"
)

// The legend sits in the band below the map: terrain on the left (part of the base
// map), the view's own symbols and lists on the right.

const (
	legendRow   = 24
	legendCol   = 300
	legendLeft  = 16
	legendTextX = 58
	viewPanelX  = 930
)

func (c *canvas) legend(y0 float64) {
	fillRect(c.img, image.Rect(0, int(y0), imgWidth, c.img.Bounds().Dy()), colPanel)
	c.dc.MoveTo(0, y0+0.5)
	c.dc.LineTo(imgWidth, y0+0.5)
	c.stroke(colEdge, 1)
	c.text(c.f.name, "Terrain (3.34, 3.35): blocks per area, and blocks per border per phase move/battle", legendLeft, y0+8, colInk, 0, 0)
	type item struct {
		text   string
		sample func(x, y float64)
	}
	top := c.top
	line := func(ts ...shiloh1862.BorderTerrain) func(x, y float64) {
		return func(x, y float64) {
			c.top = 0
			c.border([]Point{{int(x), int(y)}, {int(x) + 44, int(y)}}, ts, 1)
			c.top = top
		}
	}
	swatch := func(col color.Color, trees, waves bool) func(x, y float64) {
		return func(x, y float64) {
			c.dc.DrawRectangle(x, y-8, 44, 16)
			c.fill(col)
			if trees {
				for _, dx := range []float64{8, 22, 36} {
					c.dc.DrawCircle(x+dx, y, 3.2)
				}
				c.fill(colTree)
			}
			if waves {
				c.dc.DrawLine(x+6, y, x+38, y)
				c.stroke(colRiverWave, 1.5)
			}
			c.dc.DrawRectangle(x, y-8, 44, 16)
			c.stroke(colEdge, 1)
		}
	}
	items := []item{
		{"Clear area: stack 6; border 6/3", swatch(colClear, false, false)},
		{"Woods area: stack 4; border 4/2", swatch(colWoods, true, false)},
		{"Tennessee River: gunboats only", swatch(colRiver, false, true)},
		{"Road (5.31)", func(x, y float64) {
			c.top = 0
			c.road([]Point{{int(x), int(y)}, {int(x) + 44, int(y)}})
			c.top = top
		}},
		{"Camp (3.5), Landing (9.1)", func(x, y float64) {
			c.tent(x+10, y, colUSA)
			c.anchor(x+34, y)
		}},
		{"Stream 2/1", line(shiloh1862.BorderStream)},
		{"Stream ford or bridge 4/2", func(x, y float64) {
			line(shiloh1862.BorderStream)(x, y)
			c.crossing(x+12, y, 1, 0, false)
			c.crossing(x+34, y, 1, 0, true)
		}},
		{"Creek: impassable", line(shiloh1862.BorderCreek)},
		{"Creek ford or bridge 2/1", func(x, y float64) {
			line(shiloh1862.BorderCreek)(x, y)
			c.crossing(x+12, y, 1, 0, false)
			c.crossing(x+34, y, 1, 0, true)
		}},
		{"Entry road (5.6)", func(x, y float64) { c.entryDisc(x+22, y, "A", colCSADark) }},
		{"Slope, top dark: up 2/1, down 4/2", line(shiloh1862.BorderSlope)},
		{"Ravine 2/1, attacker -1 round 1", line(shiloh1862.BorderRavine)},
		{"Marsh 1/0: no attacks", line(shiloh1862.BorderMarsh)},
		{"River bank: gunboat fire (4.25)", line(shiloh1862.BorderRiver)},
	}
	for i, it := range items {
		col, row := i/5, i%5
		x := float64(legendLeft + col*legendCol)
		y := y0 + 40 + float64(row*legendRow)
		it.sample(x, y)
		c.text(c.f.label, it.text, x+legendTextX, y, colInk, 0, 0.5)
	}
}
