package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"
)

// Every block of one side and kind has the same body: the rounded square in the
// side's colour, an HQ's gold band, the ink border and the white unit symbol. Drawn
// with gg a body took about 45 µs (the border is stroked with round joins along its
// flattened corners), and a map has up to a hundred blocks. So each body is drawn
// once on a transparent tile and composited onto the maps (about 11 µs); only the
// texts on a block are drawn for each block.

// blockBody is what a block's body shows.
type blockBody struct {
	fill color.RGBA
	hq   bool   // the gold band
	mark string // the unit symbol (a UnitView's Kind), "" for none
}

// tileKey is a body (a blockBody or a counterBody) at a position within a pixel,
// in quarters of a pixel: the anti-aliased edges depend on it (pieces stand on
// whole and half pixels).
type tileKey struct {
	body   any
	qx, qy int
}

// tileMargin is the room around a body on its tile for the border's outer half.
const tileMargin = 2

// bodyTiles holds the drawn tiles (tileKey to *image.RGBA); a tile is never changed
// once stored.
var bodyTiles sync.Map

// body draws a block's body with its top left corner at x, y (picture coordinates),
// rounded to a quarter pixel.
func (c *canvas) body(x, y float64, b blockBody) {
	c.stamp(x, y, b, blockSize, func(t *canvas, x, y float64) { t.drawBody(x, y, b) })
}

// stamp composites the tile of a piece's body of side size with its top left
// corner at x, y, rounded to a quarter pixel; paint draws the body on a new tile.
func (c *canvas) stamp(x, y float64, body any, size float64, paint func(t *canvas, x, y float64)) {
	qx, qy := int(math.Round(x*4)), int(math.Round(y*4))
	px, py := floorDiv(qx, 4), floorDiv(qy, 4)
	k := tileKey{body, qx - 4*px, qy - 4*py}
	t := bodyTile(k, size, paint)
	r := t.Bounds().Add(image.Pt(px-tileMargin, py-tileMargin))
	draw.Draw(c.img, r, t, image.Point{}, draw.Over)
}

func floorDiv(a, b int) int {
	q := a / b
	if a%b < 0 {
		q--
	}
	return q
}

func bodyTile(k tileKey, size float64, paint func(t *canvas, x, y float64)) *image.RGBA {
	if t, ok := bodyTiles.Load(k); ok {
		return t.(*image.RGBA)
	}
	n := int(size) + 2*tileMargin + 1
	t := image.NewRGBA(image.Rect(0, 0, n, n))
	paint(newCanvas(t, nil), tileMargin+float64(k.qx)/4, tileMargin+float64(k.qy)/4)
	v, _ := bodyTiles.LoadOrStore(k, t)
	return v.(*image.RGBA)
}

// drawBody draws a block's body with gg, as the tiles hold it.
func (c *canvas) drawBody(x, y float64, b blockBody) {
	c.dc.DrawRoundedRectangle(x, y, blockSize, blockSize, 4)
	c.fill(b.fill)
	if b.hq {
		c.dc.DrawRectangle(x+3, y+blockSize-13, blockSize-6, 1.5)
		c.fill(colGold)
	}
	c.dc.DrawRoundedRectangle(x, y, blockSize, blockSize, 4)
	c.stroke(colInk, 1)
	c.typeMark(x+blockSize-12, y+blockSize-10, b.mark, colWhite)
}

// Unit symbols render knows; any other kind is a plain box.
const (
	kindInfantry  = "infantry"
	kindCavalry   = "cavalry"
	kindArtillery = "artillery"
)

// typeMark is a small unit symbol: crossed box for infantry, slashed box for cavalry,
// dotted box for artillery.
func (c *canvas) typeMark(x, y float64, t string, ink color.Color) {
	dc := c.dc
	if t == "" {
		return
	}
	dc.DrawRectangle(x, y, 9, 7)
	switch t {
	case kindInfantry:
		dc.MoveTo(x, y)
		dc.LineTo(x+9, y+7)
		dc.MoveTo(x+9, y)
		dc.LineTo(x, y+7)
	case kindCavalry:
		dc.MoveTo(x, y+7)
		dc.LineTo(x+9, y)
	}
	c.stroke(ink, 1)
	if t == kindArtillery {
		dc.DrawCircle(x+4.5, y+3.5, 1.6)
		c.fill(ink)
	}
}
