package render

import (
	"image"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// The legend sits in the band below the map: terrain on the left (part of the base
// map), the view's own symbols and lists on the right.

const (
	legendRow   = 24
	hexRow      = 30 // a hex legend's rows, for its hex samples
	legendCol   = 300
	legendLeft  = 16
	legendTextX = 58
	viewPanelX  = 930
)

// legend draws the system's key to the base map: each item's sample, drawn by
// sample as the map draws it (an area fill, a border with its fords and bridges, a
// road or signs; a hex's terrain, a hexside), and its label, five to a column.
func (c *canvas) legend(y0 float64, lg adjudicator.Legend, sample func(it adjudicator.LegendItem, x, y float64), rowHeight int) {
	fillRect(c.img, image.Rect(0, int(y0), imgWidth, c.img.Bounds().Dy()), colPanel)
	c.dc.MoveTo(0, y0+0.5)
	c.dc.LineTo(imgWidth, y0+0.5)
	c.stroke(colEdge, 1)
	c.text(c.f.name, lg.Heading, legendLeft, y0+8, colInk, 0, 0)
	for i, it := range lg.Items {
		col, row := i/5, i%5
		x := float64(legendLeft + col*legendCol)
		y := y0 + 40 + float64(row*rowHeight)
		sample(it, x, y)
		c.text(c.f.label, it.Label, x+legendTextX, y, colInk, 0, 0.5)
	}
}

// sampleWidth is the width of a legend sample.
const sampleWidth = 44

// sample draws a legend item's sample with its left end at x, y (picture
// coordinates).
func (c *canvas) sample(it adjudicator.LegendItem, x, y float64) {
	// border and road samples are drawn as map lines: no band offset
	line := func(draw func(l []Point)) {
		top := c.top
		c.top = 0
		draw([]Point{{int(x), int(y)}, {int(x) + sampleWidth, int(y)}})
		c.top = top
	}
	switch {
	case it.Terrain != "":
		st := terrainStyle(it.Terrain)
		c.dc.DrawRectangle(x, y-8, sampleWidth, 16)
		c.fill(st.fill)
		if st.trees {
			for _, dx := range []float64{8, 22, 36} {
				c.dc.DrawCircle(x+dx, y, 3.2)
			}
			c.fill(colTree)
		}
		if st.waves {
			c.dc.DrawLine(x+6, y, x+38, y)
			c.stroke(colRiverWave, 1.5)
		}
		c.dc.DrawRectangle(x, y-8, sampleWidth, 16)
		c.stroke(colEdge, 1)
	case len(it.Features) > 0:
		line(func(l []Point) { c.border(l, it.Features, 1) })
		if has(it.Features, fords...) {
			c.crossing(x+12, y, 1, 0, false)
		}
		if has(it.Features, bridges...) {
			c.crossing(x+34, y, 1, 0, true)
		}
	case it.Road:
		line(c.road)
	default:
		// one sign in the middle, two at either end
		for i, s := range it.Signs {
			dx := 22.0
			if len(it.Signs) > 1 {
				dx = 10 + 24*float64(i)
			}
			c.sign(s, x+dx, y)
		}
	}
}
