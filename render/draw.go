package render

import (
	"hash/fnv"
	"image"
	"image/color"
	"image/draw"
	"math"
	"strings"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// Layout of the picture: a title band, the map, and a band for the legend and lists.
const (
	imgWidth = 1600
	bandTop  = 56
	bandLow  = 200
)

// canvas is an image being drawn, with a gg context for shapes (map coordinates are
// shifted below the title band) and direct glyph drawing for text, which is much
// faster than gg's transformed text.
type canvas struct {
	img *image.RGBA
	dc  *gg.Context
	f   *faces
	top float64 // y offset of the map
}

func newCanvas(img *image.RGBA, f *faces) *canvas {
	return &canvas{img: img, dc: gg.NewContextForRGBA(img), f: f, top: bandTop}
}

// mx, my convert map coordinates to picture coordinates.
func (c *canvas) my(y float64) float64 { return y + c.top }

func (c *canvas) path(pts []Point, closed bool) {
	for i, p := range pts {
		if i == 0 {
			c.dc.MoveTo(p.fx(), c.my(p.fy()))
		} else {
			c.dc.LineTo(p.fx(), c.my(p.fy()))
		}
	}
	if closed {
		c.dc.ClosePath()
	}
}

func (c *canvas) stroke(col color.Color, w float64) {
	c.dc.SetColor(col)
	c.dc.SetLineWidth(w)
	c.dc.Stroke()
}

func (c *canvas) fill(col color.Color) {
	c.dc.SetColor(col)
	c.dc.Fill()
}

// text draws s with its anchor (ax, ay: 0 left/top, 0.5 centre, 1 right/bottom) at
// picture coordinates x, y.
func (c *canvas) text(face font.Face, s string, x, y float64, col color.Color, ax, ay float64) {
	d := font.Drawer{Dst: c.img, Src: image.NewUniform(col), Face: face}
	w := d.MeasureString(s)
	m := face.Metrics()
	h := m.Ascent + m.Descent
	px := fixed.Int26_6(x*64) - fixed.Int26_6(float64(w)*ax)
	py := fixed.Int26_6(y*64) - fixed.Int26_6(float64(h)*ay) + m.Ascent
	d.Dot = fixed.Point26_6{X: px, Y: py}
	d.DrawString(s)
}

// haloText draws text with a light outline so that it stays legible over lines.
func (c *canvas) haloText(face font.Face, s string, x, y float64, col, halo color.Color, ax, ay float64) {
	for _, o := range [][2]float64{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}, {0, 2}, {2, 0}, {-2, 0}, {0, -2}} {
		c.text(face, s, x+o[0], y+o[1], halo, ax, ay)
	}
	c.text(face, s, x, y, col, ax, ay)
}

func textWidth(face font.Face, s string) float64 {
	return float64(font.MeasureString(face, s)) / 64
}

func fillRect(img *image.RGBA, r image.Rectangle, col color.Color) {
	draw.Draw(img, r, image.NewUniform(col), image.Point{}, draw.Src)
}

// split breaks a name into two lines at the space nearest its middle when it is wider
// than max.
func split(face font.Face, s string, max float64) []string {
	if textWidth(face, s) <= max || !strings.Contains(s, " ") {
		return []string{s}
	}
	best, bd := -1, len(s)
	for i, r := range s {
		if r == ' ' {
			d := i - len(s)/2
			if d < 0 {
				d = -d
			}
			if d < bd {
				best, bd = i, d
			}
		}
	}
	return []string{s[:best], s[best+1:]}
}

// along calls fn every step pixels along a polyline with the position and unit
// direction there.
func along(pts []Point, step, offset float64, fn func(x, y, dx, dy float64)) {
	pos := offset
	for i := 1; i < len(pts); i++ {
		ax, ay, bx, by := pts[i-1].fx(), pts[i-1].fy(), pts[i].fx(), pts[i].fy()
		l := math.Hypot(bx-ax, by-ay)
		if l == 0 {
			continue
		}
		dx, dy := (bx-ax)/l, (by-ay)/l
		for ; pos <= l; pos += step {
			fn(ax+dx*pos, ay+dy*pos, dx, dy)
		}
		pos -= l
	}
}

// inside reports whether a point is inside an outline (even-odd rule).
func inside(poly []Point, x, y float64) bool {
	in := false
	n := len(poly)
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		xi, yi, xj, yj := poly[i].fx(), poly[i].fy(), poly[j].fx(), poly[j].fy()
		if (yi > y) != (yj > y) && x < (xj-xi)*(y-yi)/(yj-yi)+xi {
			in = !in
		}
	}
	return in
}

// jitter is a deterministic small offset in [-1, 1) for a grid position.
func jitter(x, y, k int) float64 {
	h := fnv.New32a()
	h.Write([]byte{byte(x), byte(x >> 8), byte(y), byte(y >> 8), byte(k)})
	return float64(h.Sum32()%2000)/1000 - 1
}

// arrow draws a line from (x1,y1) to (x2,y2) in picture coordinates with a head.
func (c *canvas) arrow(x1, y1, x2, y2 float64, col color.Color, w float64) {
	dx, dy := x2-x1, y2-y1
	l := math.Hypot(dx, dy)
	if l < 1 {
		return
	}
	ux, uy := dx/l, dy/l
	head := 6 + 2.5*w
	bx, by := x2-ux*head, y2-uy*head
	dc := c.dc
	dc.MoveTo(x1, y1)
	dc.LineTo(bx, by)
	dc.SetColor(col)
	dc.SetLineWidth(w)
	dc.SetLineCapRound()
	dc.Stroke()
	dc.MoveTo(x2, y2)
	dc.LineTo(bx-uy*head*0.55, by+ux*head*0.55)
	dc.LineTo(bx+uy*head*0.55, by-ux*head*0.55)
	dc.ClosePath()
	dc.Fill()
}
