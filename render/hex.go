package render

import (
	"image/color"
	"math"
	"slices"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// This file draws a hex board's base map as an SPI map looks: each hex filled by
// its terrain with the terrain's symbol, a thin grid, roads and trails from hex
// centre to hex centre across the hexsides that carry them, creeks along their
// hexsides with the bridges and fords across them, the hex's number (CCRR) small
// at its top, and the board's labels.

// hexTerrain is how a hex of one terrain tag is drawn: its fill and the symbol
// scattered over it.
type hexTerrain struct {
	fill   color.RGBA
	symbol func(c *canvas, x, y float64, hs hexSize)
}

// hexStyle is render's style table for hex terrain. A tag it does not know is
// drawn clear.
func hexStyle(tag string) hexTerrain {
	switch tag {
	case "forest", "woods":
		return hexTerrain{colWoods, func(c *canvas, x, y float64, hs hexSize) { c.hexTrees(x, y, hs, treeSpots) }}
	case "rough":
		return hexTerrain{colRough, func(c *canvas, x, y float64, hs hexSize) { c.hexRocks(x, y, hs, rockSpots) }}
	case "forest_and_rough":
		// trees and crags taking turns round the ring
		return hexTerrain{colWoods, func(c *canvas, x, y float64, hs hexSize) {
			c.hexTrees(x, y, hs, everyOther(treeSpots, 0))
			c.hexRocks(x, y, hs, everyOther(treeSpots, 1))
		}}
	case "town":
		return hexTerrain{colTown, (*canvas).hexBuildings}
	case "river":
		return hexTerrain{colRiver, (*canvas).hexWaves}
	case "river_ferry":
		return hexTerrain{colRiver, (*canvas).hexFerry}
	}
	return hexTerrain{fill: colClear}
}

// line is the width of a creek or road: a ninth of a hex's half-width, at most 6
// pixels on a board of few, large hexes.
func (hs hexSize) line() float64 { return math.Min(float64(hs.S)/9, 6) }

// Hexside features the hex drawer knows: a creek along the hexside, a bridge or
// ford across it, a road or trail from centre to centre through it.
const (
	featRoad  = "road"
	featTrail = "trail"
)

// The symbols stand in the ring a counter leaves free, at these offsets from the
// centre in units of the hex's half-width and half-height.
var (
	treeSpots = [][2]float64{{-0.62, -0.38}, {0.62, -0.38}, {-0.74, 0.1}, {0.74, 0.1}, {-0.48, 0.6}, {0.48, 0.6}, {0, 0.72}, {-0.28, -0.6}, {0.28, -0.6}}
	rockSpots = [][2]float64{{-0.6, -0.3}, {0.6, -0.3}, {-0.72, 0.22}, {0.72, 0.22}, {-0.36, 0.62}, {0.36, 0.62}, {0, -0.56}}
	homeSpots = [][2]float64{{-0.62, -0.34}, {0.62, -0.34}, {-0.7, 0.18}, {0.7, 0.18}, {-0.42, 0.6}, {0.42, 0.6}, {0, 0.66}, {-0.3, -0.58}, {0.3, -0.58}}
	waveSpots = [][2]float64{{-0.45, -0.45}, {0.35, -0.3}, {-0.55, 0.15}, {0.45, 0.25}, {-0.15, 0.6}}
)

// everyOther is spots[from], spots[from+2], …
func everyOther(spots [][2]float64, from int) [][2]float64 {
	var out [][2]float64
	for i := from; i < len(spots); i += 2 {
		out = append(out, spots[i])
	}
	return out
}

// hexTrees draws an SPI forest: small tree crowns on trunks at spots.
func (c *canvas) hexTrees(x, y float64, hs hexSize, spots [][2]float64) {
	s, h := float64(hs.S), float64(hs.H)
	r := s / 11
	for _, p := range spots {
		tx, ty := x+p[0]*s, y+p[1]*h
		c.dc.DrawRectangle(tx-0.8, ty, 1.6, r*1.5)
	}
	c.fill(colTreeTrunk)
	for _, p := range spots {
		c.dc.DrawCircle(x+p[0]*s, y+p[1]*h-r*0.3, r)
	}
	c.fill(colForestTree)
}

// hexRocks draws rough ground: small brown crags at spots.
func (c *canvas) hexRocks(x, y float64, hs hexSize, spots [][2]float64) {
	s, h := float64(hs.S), float64(hs.H)
	r := s / 10
	for _, p := range spots {
		rx, ry := x+p[0]*s, y+p[1]*h
		c.dc.MoveTo(rx-r, ry+r*0.5)
		c.dc.LineTo(rx-r*0.3, ry-r*0.6)
		c.dc.LineTo(rx+r*0.1, ry)
		c.dc.LineTo(rx+r*0.5, ry-r*0.4)
		c.dc.LineTo(rx+r, ry+r*0.5)
	}
	c.dc.SetLineJoinRound()
	c.stroke(colSlope, 1.6)
}

// hexBuildings draws a town: dark blocks of houses.
func (c *canvas) hexBuildings(x, y float64, hs hexSize) {
	s, h := float64(hs.S), float64(hs.H)
	w := s / 8
	for i, p := range homeSpots {
		bw, bh := w*1.3, w
		if i%2 == 1 {
			bw, bh = w, w*1.3
		}
		c.dc.DrawRectangle(x+p[0]*s-bw/2, y+p[1]*h-bh/2, bw, bh)
	}
	c.fill(colBuilding)
}

// hexWaves draws short ripples on a river hex.
func (c *canvas) hexWaves(x, y float64, hs hexSize) {
	s, h := float64(hs.S), float64(hs.H)
	r := s / 8
	for _, p := range waveSpots {
		c.dc.DrawArc(x+p[0]*s, y+p[1]*h+r, r, math.Pi*1.2, math.Pi*1.8)
		c.dc.NewSubPath()
	}
	c.stroke(colRiverWave, 1.5)
}

// hexFerry draws a river ferry: the river with a ferry boat on its rope.
func (c *canvas) hexFerry(x, y float64, hs hexSize) {
	c.hexWaves(x, y, hs)
	s, h := float64(hs.S), float64(hs.H)
	c.dc.MoveTo(x-s*0.8, y+h*0.35)
	c.dc.LineTo(x+s*0.8, y-h*0.35)
	c.dc.SetDash(4, 3)
	c.stroke(colBridge, 1.5)
	c.dc.SetDash()
	c.dc.Push()
	c.dc.RotateAbout(math.Atan2(-0.7*h, 1.6*s), x, y)
	c.dc.DrawRoundedRectangle(x-s*0.32, y-h*0.14, s*0.64, h*0.28, 3)
	c.dc.Pop()
	c.dc.SetColor(colFerry)
	c.dc.FillPreserve()
	c.stroke(colBridge, 1.5)
}

// hexMap draws a grid board's map: terrain, grid, roads, creeks and their
// crossings, hex numbers and names.
func (c *canvas) hexMap(b *adjudicator.Board, g *Geometry) {
	hs := *g.hex
	for _, p := range b.Places {
		c.fillHex(g.Area(p.ID).Blocks, hs, hexStyle(p.Terrain).fill)
	}
	for _, p := range b.Places {
		if st := hexStyle(p.Terrain); st.symbol != nil {
			sh := g.Area(p.ID)
			st.symbol(c, sh.Blocks.fx(), c.my(sh.Blocks.fy()), hs)
		}
	}
	c.hexGrid(b, g)
	c.hexRoads(b, g)
	for i := range b.Edges {
		e := &b.Edges[i]
		if !has(e.Features, featCreek) {
			continue
		}
		for _, l := range g.Edge(e.A, e.B) {
			c.path(l, false)
			c.dc.SetLineCapRound()
			c.stroke(colCreek, hs.line())
		}
	}
	for i := range b.Edges {
		e := &b.Edges[i]
		for _, l := range g.Edge(e.A, e.B) {
			c.hexCrossing(l, e.Features, hs)
		}
	}
	for i := range b.Places {
		c.hexNumber(&b.Places[i], g)
	}
	for _, l := range b.Labels {
		c.hexLabel(b, g, l)
	}
}

// hexNumber prints a hex's number at its top, ringed in the hex's colour so that
// it reads over roads and arrows.
func (c *canvas) hexNumber(p *adjudicator.Place, g *Geometry) {
	sh := g.Area(p.ID)
	x, y := sh.Blocks.fx(), c.my(sh.Blocks.fy()-float64(g.hex.H))+2
	fill := hexStyle(p.Terrain).fill
	for _, o := range [][2]float64{{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {-1, -1}, {1, -1}, {-1, 1}, {1, 1}} {
		c.text(c.f.num, string(p.ID), x+o[0], y+o[1], fill, 0.5, 0)
	}
	c.text(c.f.num, string(p.ID), x, y, colHexNum, 0.5, 0)
}

// fillHex fills a hexagon of the grid without anti-aliasing: a pixel belongs to
// the hex its centre lies in, counting a hex's left and top sides in and its
// right and bottom ones out. The sides are computed in whole numbers (twice the
// pixel, four times the height), so that neighbours meet without a seam or an
// overlap and flat fills stay one colour.
func (c *canvas) fillHex(centre Point, hs hexSize, col color.RGBA) {
	cx, cy := centre[0], centre[1]+int(c.top)
	s, h := hs.S, hs.H
	img := c.img
	for y := max(cy-h, img.Rect.Min.Y); y < min(cy+h, img.Rect.Max.Y); y++ {
		// dy2 is the row's middle from the centre in half pixels; the half-width
		// there is s - dy2·s/(4h), so 2x+1 < 2cx ± (2s - dy2·s/(2h)), times 2h.
		dy2 := abs(2*y + 1 - 2*cy)
		reach := 4*s*h - dy2*s // the half-width times 4h
		left := ceilDiv(4*h*cx-reach-2*h, 4*h)
		right := ceilDiv(4*h*cx+reach-2*h, 4*h)
		left, right = max(left, img.Rect.Min.X), min(right, img.Rect.Max.X)
		if left >= right {
			continue
		}
		row := img.Pix[img.PixOffset(left, y):img.PixOffset(right, y)]
		for i := 0; i < len(row); i += 4 {
			row[i], row[i+1], row[i+2], row[i+3] = col.R, col.G, col.B, col.A
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// ceilDiv is a/b rounded up, for b > 0.
func ceilDiv(a, b int) int {
	q := a / b
	if a%b > 0 {
		q++
	}
	return q
}

// hexGrid strokes every side of every hex once.
func (c *canvas) hexGrid(b *adjudicator.Board, g *Geometry) {
	seen := map[segKey]bool{}
	for _, p := range b.Places {
		o := g.Area(p.ID).Outline
		for k := range o {
			a, z := o[k], o[(k+1)%len(o)]
			if z[0] < a[0] || z[0] == a[0] && z[1] < a[1] {
				a, z = z, a
			}
			if seen[segKey{a, z}] {
				continue
			}
			seen[segKey{a, z}] = true
			// half a pixel down, so that the flat sides fill one row of pixels
			c.dc.MoveTo(a.fx(), c.my(a.fy())+0.5)
			c.dc.LineTo(z.fx(), c.my(z.fy())+0.5)
		}
	}
	c.dc.SetLineCapButt()
	c.stroke(colHexLine, 1)
}

// hexRoads draws the roads, then the trails, from hex centre to hex centre across
// each hexside that carries one, each run between forks as one line so that its
// bends show no seams.
func (c *canvas) hexRoads(b *adjudicator.Board, g *Geometry) {
	lines := func(chains [][]adjudicator.PlaceID) func() {
		return func() {
			for _, ch := range chains {
				for i, id := range ch {
					p := g.Area(id).Blocks
					if i == 0 {
						c.dc.MoveTo(p.fx(), c.my(p.fy()))
					} else {
						c.dc.LineTo(p.fx(), c.my(p.fy()))
					}
				}
			}
		}
	}
	w := g.hex.line()
	c.dc.SetLineJoinRound()
	c.road2(w, lines(chains(b, func(e *adjudicator.Edge) bool { return has(e.Features, featRoad) })))
	lines(chains(b, func(e *adjudicator.Edge) bool { return has(e.Features, featTrail) && !has(e.Features, featRoad) }))()
	c.trail(w)
}

// chains joins the edges of a board that pass a test into runs of places: each
// run goes from a fork or an end to the next, or round a loop.
func chains(b *adjudicator.Board, keep func(e *adjudicator.Edge) bool) [][]adjudicator.PlaceID {
	next := map[adjudicator.PlaceID][]adjudicator.PlaceID{}
	for i := range b.Edges {
		if e := &b.Edges[i]; keep(e) {
			next[e.A] = append(next[e.A], e.B)
			next[e.B] = append(next[e.B], e.A)
		}
	}
	ids := make([]adjudicator.PlaceID, 0, len(next))
	for id, ns := range next {
		slices.Sort(ns)
		ids = append(ids, id)
	}
	slices.Sort(ids)
	used := map[[2]adjudicator.PlaceID]bool{}
	walk := func(from, to adjudicator.PlaceID) []adjudicator.PlaceID {
		run := []adjudicator.PlaceID{from}
		for {
			used[edgeKey(from, to)] = true
			run = append(run, to)
			if len(next[to]) != 2 {
				return run
			}
			n := next[to][0]
			if n == from {
				n = next[to][1]
			}
			if used[edgeKey(to, n)] {
				return run
			}
			from, to = to, n
		}
	}
	var out [][]adjudicator.PlaceID
	// from the forks and ends first, then round what is left: loops
	for _, loops := range []bool{false, true} {
		for _, id := range ids {
			if (len(next[id]) == 2) != loops {
				continue
			}
			for _, n := range next[id] {
				if !used[edgeKey(id, n)] {
					out = append(out, walk(id, n))
				}
			}
		}
	}
	return out
}

func edgeKey(a, b adjudicator.PlaceID) [2]adjudicator.PlaceID {
	if b < a {
		a, b = b, a
	}
	return [2]adjudicator.PlaceID{a, b}
}

// road2 strokes the path that path lays as a road of width w: a dark casing,
// then a light fill along it.
func (c *canvas) road2(w float64, path func()) {
	c.dc.SetLineCapRound()
	path()
	c.stroke(colRoad, w+2)
	path()
	c.stroke(colRoadFill, w-1)
}

// trail strokes the current path as a trail beside roads of width w: thin and
// dashed, the dashes cut square so that the gaps stay open.
func (c *canvas) trail(w float64) {
	c.dc.SetLineCapButt()
	c.dc.SetDash(6, 4)
	c.stroke(colRoad, w/2+0.5)
	c.dc.SetDash()
	c.dc.SetLineCapRound()
}

// hexCrossing marks a bridge or ford across the middle of a hexside.
func (c *canvas) hexCrossing(l []Point, ts []string, hs hexSize) {
	bridge, ford := has(ts, featBridge), has(ts, featFord)
	if !bridge && !ford || len(l) < 2 {
		return
	}
	x, y, dx, dy := lineMid(l)
	c.spanMark(x, c.my(y), dx, dy, bridge, math.Min(float64(hs.S), 56))
}

// spanMark draws an SPI bridge (a deck between two rails with flared ends,
// across the water) or a ford (a pale shallow with a dashed rim) at x, y
// (picture coordinates) on a line of direction dx, dy; size is a hex's
// half-width.
func (c *canvas) spanMark(x, y, dx, dy float64, bridge bool, size float64) {
	dc := c.dc
	half := size * 0.4 // half the length across the water
	if bridge {
		gap := size / 7
		dc.MoveTo(x-dy*half, y+dx*half)
		dc.LineTo(x+dy*half, y-dx*half)
		dc.SetLineCapButt()
		c.stroke(colRoadFill, 2*gap)
		for _, s := range []float64{-1, 1} {
			ox, oy := dx*s*gap, dy*s*gap
			// the rail, its ends turned outward
			dc.MoveTo(x+ox*1.9-dy*(half+4), y+oy*1.9+dx*(half+4))
			dc.LineTo(x+ox-dy*half, y+oy+dx*half)
			dc.LineTo(x+ox+dy*half, y+oy-dx*half)
			dc.LineTo(x+ox*1.9+dy*(half+4), y+oy*1.9-dx*(half+4))
		}
		dc.SetLineJoinRound()
		c.stroke(colBridge, 3)
		dc.SetLineCapRound()
		return
	}
	c.fordPatch(x, y, dx, dy, size*0.36, 2*half, size*0.1)
}

// hexLabel prints a label in the lower part of one of its hexes, under the pieces
// and clear of every hex number: a crossing's in the lower of its two hexes, by
// the crossing's lower end; any other in the hex nearest the middle of its hexes.
func (c *canvas) hexLabel(b *adjudicator.Board, g *Geometry, l adjudicator.Label) {
	var shapes []*AreaShape
	var xs, ys []float64
	for _, id := range l.Places {
		if sh := g.Area(id); sh != nil {
			shapes = append(shapes, sh)
			xs = append(xs, sh.Blocks.fx())
			ys = append(ys, sh.Blocks.fy())
		}
	}
	if len(shapes) == 0 || l.Text == "" {
		return
	}
	mx, my := mean(xs), mean(ys)
	crossing := false
	if len(l.Places) == 2 && len(shapes) == 2 {
		e := b.Edge(l.Places[0], l.Places[1])
		crossing = e != nil && has(e.Features, featBridge, featFord)
	}
	at, best := shapes[0], math.Inf(1)
	for i, sh := range shapes {
		d := math.Hypot(xs[i]-mx, ys[i]-my)
		if crossing {
			d = -ys[i]
		}
		if d < best {
			at, best = sh, d
		}
	}
	lines := split(c.f.place, l.Text, float64(g.hex.S)*2.2)
	// a second line goes above the first, not into the hex below
	y0 := c.my(at.Label.fy()) - float64(len(lines)-1)*12
	for i, s := range lines {
		c.haloText(c.f.place, s, at.Label.fx(), y0+float64(i)*12, colInk, colHalo, 0.5, 0.5)
	}
}

func mean(v []float64) float64 {
	t := 0.0
	for _, x := range v {
		t += x
	}
	return t / float64(len(v))
}

// hexSample draws a hex legend item's sample with its left end at x, y (picture
// coordinates): a hex of a terrain as the map draws it, a third of its size; a
// creek with its bridge or ford; a road or a trail.
func (c *canvas) hexSample(it adjudicator.LegendItem, x, y float64) {
	const w = sampleWidth
	const mark = 26.0     // a crossing's size, as a hex's half-width
	const line = 48.0 / 9 // roads and creeks as wide as on the map
	switch {
	case it.Terrain != "":
		hs := hexSize{S: 48, H: 42}
		const k = 1.0 / 3
		cx := x + w/2
		st := hexStyle(it.Terrain)
		c.dc.Push()
		c.dc.ScaleAbout(k, k, cx, y)
		s, h := float64(hs.S), float64(hs.H)
		hexagon := func() {
			c.dc.MoveTo(cx+s, y)
			c.dc.LineTo(cx+s/2, y+h)
			c.dc.LineTo(cx-s/2, y+h)
			c.dc.LineTo(cx-s, y)
			c.dc.LineTo(cx-s/2, y-h)
			c.dc.LineTo(cx+s/2, y-h)
			c.dc.ClosePath()
		}
		hexagon()
		c.fill(st.fill)
		if st.symbol != nil {
			st.symbol(c, cx, y, hs)
		}
		hexagon()
		c.stroke(colHexLine, 1)
		c.dc.Pop()
	case it.Road || has(it.Features, featRoad):
		c.road2(line, func() { c.dc.DrawLine(x, y, x+w, y) })
	case has(it.Features, featTrail):
		c.dc.DrawLine(x, y, x+w, y)
		c.trail(line)
	case has(it.Features, featCreek):
		c.dc.DrawLine(x, y, x+w, y)
		c.dc.SetLineCapRound()
		c.stroke(colCreek, line)
		if b, f := has(it.Features, featBridge), has(it.Features, featFord); b || f {
			c.spanMark(x+w/2, y, 1, 0, b, mark)
		}
	}
}
