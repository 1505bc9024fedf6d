package render

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"strings"
	"sync"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// The base map is drawn once per scenario and reused: each view starts from a copy
// of its pixels, and its paletted conversion serves every view's (see quantize).
var baseCache struct {
	sync.Mutex
	m map[string]*baseEntry
}

type baseEntry struct {
	once     sync.Once
	img      *image.RGBA
	paletted *image.Paletted // img converted to the palette
	pal      *palSet         // the palette of the maps drawn on it
	maxBytes int             // the size their PNGs stay under if they can
	err      error
}

// Base returns the base map of a scenario: the battlefield with its terrain, roads,
// signs, names and the system's legend. It is drawn on first use and cached per
// scenario; the image is shared and must not be modified.
func Base(sc adjudicator.Scenario, g *Geometry) (*image.RGBA, error) {
	e := baseOf(sc, g)
	return e.img, e.err
}

// baseOf is the cached base map of a scenario. Scenario ids are unique across
// systems (the registry sees to it); the board's id is in the key because the
// title and legend are the scenario's, the drawing the board's.
func baseOf(sc adjudicator.Scenario, g *Geometry) *baseEntry {
	baseCache.Lock()
	if baseCache.m == nil {
		baseCache.m = map[string]*baseEntry{}
	}
	key := sc.ID() + "\x00" + g.Board
	e := baseCache.m[key]
	if e == nil {
		e = &baseEntry{}
		baseCache.m[key] = e
	}
	baseCache.Unlock()
	e.once.Do(func() {
		pic, say, err := pictured(sc)
		if err != nil {
			e.err = err
			return
		}
		e.img, e.err = drawBase(sc.Title(), sc.Board(), pic.Legend(say), g)
		if e.err == nil {
			e.pal, e.maxBytes = paletteOf(g), maxBytesOf(g)
			e.paletted = quantize(e.pal, e.img, nil, nil)
		}
	})
	return e
}

// WriteBasePNG writes the base map of a scenario as PNG.
func WriteBasePNG(w io.Writer, sc adjudicator.Scenario) error {
	g, err := GeometryFor(sc)
	if err != nil {
		return err
	}
	e := baseOf(sc, g)
	if e.err != nil {
		return e.err
	}
	return encodePNG(w, e.img, e)
}

// Check reports places of the board that the geometry cannot draw: no outline, or a
// border whose two outlines do not touch, or a road without a course.
func (g *Geometry) Check(b *adjudicator.Board) []string {
	var bad []string
	for _, p := range b.Places {
		if g.Area(p.ID) == nil {
			bad = append(bad, fmt.Sprintf("area %s has no outline", p.ID))
		}
	}
	for _, e := range b.Edges {
		if g.Area(e.A) != nil && g.Area(e.B) != nil && g.Edge(e.A, e.B) == nil {
			bad = append(bad, fmt.Sprintf("border %s|%s: outlines do not touch", e.A, e.B))
		}
	}
	if g.hex != nil {
		// a hex board's roads run along its hexsides
		return bad
	}
	roads := map[string]bool{}
	for _, r := range g.Roads {
		roads[r.ID] = true
	}
	for _, r := range b.Roads {
		if !roads[r.ID] {
			bad = append(bad, fmt.Sprintf("road %s has no course", r.ID))
		}
	}
	return bad
}

func pictureHeight(g *Geometry) int { return bandTop + g.Height + bandLow }

// terrain is how an area of one terrain tag is filled.
type terrain struct {
	fill         color.RGBA
	trees, waves bool
}

// terrainStyle is render's style table for place terrain: woods with tree marks,
// water with waves, anything else clear.
func terrainStyle(tag string) terrain {
	switch tag {
	case "woods":
		return terrain{fill: colWoods, trees: true}
	case "river":
		return terrain{fill: colRiver, waves: true}
	}
	return terrain{fill: colClear}
}

func drawBase(title string, b *adjudicator.Board, lg adjudicator.Legend, g *Geometry) (*image.RGBA, error) {
	if b == nil {
		return nil, fmt.Errorf("render: %s has no board", title)
	}
	if bad := g.Check(b); len(bad) > 0 {
		return nil, fmt.Errorf("render: geometry of %q: %s", b.ID, strings.Join(bad, "; "))
	}
	img := image.NewRGBA(image.Rect(0, 0, imgWidth, pictureHeight(g)))
	f := getFaces()
	defer putFaces(f)
	c := newCanvas(img, f)
	fillRect(img, img.Bounds(), colPaper)
	sample, row := c.sample, legendRow
	if g.hex != nil {
		c.hexMap(b, g)
		sample, row = c.hexSample, hexRow
	} else {
		c.areaMap(b, g)
	}
	fillRect(img, image.Rect(0, 0, imgWidth, bandTop), colBand)
	c.text(f.title, title, 16, bandTop/2, colBandText, 0, 0.5)
	c.legend(float64(bandTop+g.Height), lg, sample, row)
	return img, nil
}

// areaMap draws an area board's map: fills, borders, waters, roads and names.
func (c *canvas) areaMap(b *adjudicator.Board, g *Geometry) {
	// Area fills, woods with tree marks, the river with waves.
	for _, p := range b.Places {
		c.path(g.Area(p.ID).Outline, true)
		c.fill(terrainStyle(p.Terrain).fill)
	}
	for _, p := range b.Places {
		sh := g.Area(p.ID)
		switch st := terrainStyle(p.Terrain); {
		case st.trees:
			c.trees(sh)
		case st.waves:
			c.waves(sh)
		}
	}
	for _, p := range b.Places {
		c.path(g.Area(p.ID).Outline, true)
		c.stroke(colEdge, 1.2)
	}
	// Water courses, then the border terrain over the shared edges.
	for _, w := range g.Waters {
		c.path(w.Path, false)
		c.dc.SetLineCapRound()
		c.dc.SetLineJoinRound()
		if w.Kind == "creek" {
			c.stroke(colCreek, 6)
		} else {
			c.stroke(colWater, 3)
		}
	}
	for i := range b.Edges {
		e := &b.Edges[i]
		for _, l := range g.Edge(e.A, e.B) {
			c.border(l, e.Features, g.highSide(e, l))
		}
	}
	for _, r := range g.Roads {
		c.road(r.Path)
	}
	for i := range b.Edges {
		e := &b.Edges[i]
		for _, l := range g.Edge(e.A, e.B) {
			c.crossings(l, e.Features)
		}
	}
	// Names of the waters, then the places with their signs.
	named := map[string]bool{}
	for _, w := range g.Waters {
		if named[w.Name] || w.Name == "" || len(w.Path) < 2 {
			continue
		}
		named[w.Name] = true
		c.waterName(w)
	}
	for _, r := range b.Roads {
		for _, l := range g.Roads {
			if l.ID == r.ID {
				c.roadName(r.Name, l.Path)
			}
		}
	}
	for i := range b.Places {
		c.areaLabel(&b.Places[i], g.Area(b.Places[i].ID))
	}
	c.dc.ResetClip()
}

// trees scatters small tree crowns over a woods area.
func (c *canvas) trees(sh *AreaShape) {
	minx, miny, maxx, maxy := bounds(sh.Outline)
	const step = 22
	for y := miny - miny%step; y <= maxy; y += step {
		for x := minx - minx%step; x <= maxx; x += step {
			px := float64(x) + 7*jitter(x, y, 1)
			py := float64(y) + 7*jitter(x, y, 2)
			if !inside(sh.Outline, px, py) || distTo(sh.Outline, px, py) < 6 {
				continue
			}
			c.dc.DrawCircle(px, c.my(py), 3.2)
		}
	}
	c.fill(colTree)
}

// waves draws short ripples on the river.
func (c *canvas) waves(sh *AreaShape) {
	minx, miny, maxx, maxy := bounds(sh.Outline)
	for y := miny; y <= maxy; y += 26 {
		for x := minx; x <= maxx; x += 30 {
			px := float64(x) + 8*jitter(x, y, 3)
			py := float64(y) + 6*jitter(x, y, 4)
			if !inside(sh.Outline, px, py) || distTo(sh.Outline, px, py) < 10 {
				continue
			}
			c.dc.DrawArc(px, c.my(py), 6, math.Pi*1.15, math.Pi*1.85)
			c.dc.NewSubPath()
		}
	}
	c.stroke(colRiverWave, 1.5)
}

func bounds(pts []Point) (minx, miny, maxx, maxy int) {
	minx, miny, maxx, maxy = math.MaxInt, math.MaxInt, math.MinInt, math.MinInt
	for _, p := range pts {
		minx, maxx = min(minx, p[0]), max(maxx, p[0])
		miny, maxy = min(miny, p[1]), max(maxy, p[1])
	}
	return
}

func distTo(poly []Point, x, y float64) float64 {
	best := math.Inf(1)
	n := len(poly)
	for i := 0; i < n; i++ {
		a, b := poly[i], poly[(i+1)%n]
		dx, dy := b.fx()-a.fx(), b.fy()-a.fy()
		t := 0.0
		if l := dx*dx + dy*dy; l > 0 {
			t = math.Max(0, math.Min(1, ((x-a.fx())*dx+(y-a.fy())*dy)/l))
		}
		best = math.Min(best, math.Hypot(x-a.fx()-t*dx, y-a.fy()-t*dy))
	}
	return best
}

// highSide returns +1 when the high area of a slope lies to the left of the polyline
// (screen coordinates, normal (dy, -dx)), -1 when to the right, 0 when there is none.
func (g *Geometry) highSide(e *adjudicator.Edge, l []Point) float64 {
	if e.High == "" || len(l) < 2 {
		return 0
	}
	hi := g.Area(e.High)
	if hi == nil {
		return 0
	}
	x, y, dx, dy := lineMid(l)
	if inside(hi.Outline, x+dy*5, y-dx*5) {
		return 1
	}
	return -1
}

// Edge features render draws (its style table); others draw nothing.
const (
	featStream      = "stream"
	featFord        = "ford"
	featBridge      = "bridge"
	featSlope       = "slope"
	featRavine      = "ravine"
	featMarsh       = "marsh"
	featCreek       = "creek"
	featCreekFord   = "creek_ford"
	featCreekBridge = "creek_bridge"
	featRiver       = "river"
)

// fords and bridges are the features marked where a road crosses the water.
var (
	fords   = []string{featFord, featCreekFord}
	bridges = []string{featBridge, featCreekBridge}
)

func has(ts []string, want ...string) bool {
	for _, t := range ts {
		for _, w := range want {
			if t == w {
				return true
			}
		}
	}
	return false
}

// border styles one shared edge by its features. side says where the top of a
// slope is (see highSide).
func (c *canvas) border(l []Point, ts []string, side float64) {
	dc := c.dc
	dc.SetLineCapRound()
	dc.SetLineJoinRound()
	if has(ts, featMarsh) {
		c.path(l, false)
		dc.SetDash(5, 4)
		c.stroke(colMarsh, 3)
		dc.SetDash()
		along(l, 12, 6, func(x, y, dx, dy float64) {
			y = c.my(y)
			for _, s := range []float64{-1, 1} {
				bx, by := x+dy*s*4, y-dx*s*4
				for _, a := range []float64{-0.5, 0, 0.5} {
					dc.MoveTo(bx, by)
					dc.LineTo(bx+(dy*s+dx*a)*6, by+(-dx*s+dy*a)*6)
				}
			}
		})
		c.stroke(colMarsh, 1.2)
	}
	if has(ts, featRiver) {
		c.path(l, false)
		c.stroke(colCreek, 4)
	}
	if has(ts, featCreek, featCreekFord, featCreekBridge) {
		c.path(l, false)
		c.stroke(colCreek, 6)
	}
	if has(ts, featStream, featFord, featBridge) {
		c.path(l, false)
		c.stroke(colWater, 3)
	}
	if has(ts, featRavine) {
		// two slopes falling to a stream between them
		c.hachures(l, 4, 1)
		c.hachures(l, 4, -1)
		c.path(l, false)
		c.stroke(colWater, 2.2)
	} else if has(ts, featSlope) {
		if side == 0 {
			side = 1
		}
		c.hachures(l, 2, side)
	}
}

// hachures draws the dark top line of a slope offset to one side, with short ticks
// running down the slope across the border.
func (c *canvas) hachures(l []Point, off, side float64) {
	dc := c.dc
	first := true
	along(l, 3, 0, func(x, y, dx, dy float64) {
		px, py := x+dy*side*off, c.my(y)-dx*side*off
		if first {
			dc.MoveTo(px, py)
			first = false
		} else {
			dc.LineTo(px, py)
		}
	})
	c.stroke(colSlope, 2.6)
	along(l, 6, 3, func(x, y, dx, dy float64) {
		px, py := x+dy*side*off, c.my(y)-dx*side*off
		dc.MoveTo(px, py)
		dc.LineTo(px-dy*side*7, py+dx*side*7)
	})
	c.stroke(colSlope, 1.3)
}

// crossings marks fords and bridges where roads cross a stream or creek, at the
// middle of the border.
func (c *canvas) crossings(l []Point, ts []string) {
	ford := has(ts, fords...)
	bridge := has(ts, bridges...)
	if !ford && !bridge {
		return
	}
	x, y, dx, dy := lineMid(l)
	c.crossing(x, c.my(y), dx, dy, bridge)
}

func (c *canvas) crossing(x, y, dx, dy float64, bridge bool) {
	dc := c.dc
	if bridge {
		// the road deck across the water between two rails
		for _, s := range []float64{-1, 1} {
			ox, oy := dx*s*5, dy*s*5
			dc.MoveTo(x+ox-dy*11, y+oy+dx*11)
			dc.LineTo(x+ox+dy*11, y+oy-dx*11)
		}
		dc.SetLineCapButt()
		c.stroke(colBridge, 3)
		dc.MoveTo(x-dy*9, y+dx*9)
		dc.LineTo(x+dy*9, y-dx*9)
		c.stroke(colRoadFill, 6)
		dc.SetLineCapRound()
		return
	}
	c.fordPatch(x, y, dx, dy, 14, 20, 5)
}

// fordPatch is a ford: a shallow light patch w across and h along the water,
// centred at x, y on a line of direction dx, dy, its corners rounded by r, with a
// dashed rim.
func (c *canvas) fordPatch(x, y, dx, dy, w, h, r float64) {
	dc := c.dc
	dc.Push()
	dc.RotateAbout(math.Atan2(dy, dx), x, y)
	dc.DrawRoundedRectangle(x-w/2, y-h/2, w, h, r)
	dc.Pop()
	dc.SetColor(colFord)
	dc.FillPreserve()
	dc.SetColor(colSlope)
	dc.SetLineWidth(1.5)
	dc.SetDash(3, 2)
	dc.Stroke()
	dc.SetDash()
}

func (c *canvas) road(pts []Point) {
	c.dc.SetLineCapRound()
	c.dc.SetLineJoinRound()
	c.path(pts, false)
	c.stroke(colRoad, 5.5)
	c.path(pts, false)
	c.stroke(colRoadFill, 2.5)
}

// roadName writes a road's name along the middle of its course, when the road is
// long enough to carry it.
func (c *canvas) roadName(name string, pts []Point) {
	total := 0.0
	for i := 1; i < len(pts); i++ {
		total += math.Hypot(pts[i].fx()-pts[i-1].fx(), pts[i].fy()-pts[i-1].fy())
	}
	w := textWidth(c.f.small, name)
	if name == "" || total < w+200 {
		return
	}
	// the direction across the stretch the name covers
	at := func(d float64) (float64, float64) {
		for i := 1; i < len(pts); i++ {
			l := math.Hypot(pts[i].fx()-pts[i-1].fx(), pts[i].fy()-pts[i-1].fy())
			if l >= d && l > 0 {
				t := d / l
				return pts[i-1].fx() + t*(pts[i].fx()-pts[i-1].fx()), pts[i-1].fy() + t*(pts[i].fy()-pts[i-1].fy())
			}
			d -= l
		}
		return pts[len(pts)-1].fx(), pts[len(pts)-1].fy()
	}
	x1, y1 := at(total/2 - w/2)
	x2, y2 := at(total/2 + w/2)
	if x2 < x1 {
		x1, y1, x2, y2 = x2, y2, x1, y1
	}
	a := math.Atan2(y2-y1, x2-x1)
	x, y := (x1+x2)/2, c.my((y1+y2)/2)
	dc := c.dc
	dc.Push()
	dc.RotateAbout(a, x, y)
	dc.SetFontFace(c.f.small)
	dc.SetColor(colHalo)
	for _, o := range [][2]float64{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		dc.DrawStringAnchored(name, x+o[0], y-6+o[1], 0.5, 0)
	}
	dc.SetColor(colRoad)
	dc.DrawStringAnchored(name, x, y-6, 0.5, 0)
	dc.Pop()
}

func (c *canvas) waterName(w Line) {
	// the longest stretch between two points away from the ends
	x, y, dx, dy := lineMid(w.Path)
	a := math.Atan2(dy, dx)
	if a > math.Pi/2 {
		a -= math.Pi
	} else if a < -math.Pi/2 {
		a += math.Pi
	}
	dc := c.dc
	dc.Push()
	dc.RotateAbout(a, x, c.my(y))
	dc.SetFontFace(c.f.water)
	// offset off the line so that the name sits beside the water
	for _, o := range [][2]float64{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		dc.SetColor(colHalo)
		dc.DrawStringAnchored(w.Name, x+o[0], c.my(y)-9+o[1], 0.5, 0)
	}
	dc.SetColor(colCreek)
	dc.DrawStringAnchored(w.Name, x, c.my(y)-9, 0.5, 0)
	dc.Pop()
}

func (c *canvas) areaLabel(p *adjudicator.Place, sh *AreaShape) {
	f := c.f
	if p.Water {
		x, y := sh.Label.fx(), c.my(sh.Label.fy())
		dc := c.dc
		dc.Push()
		dc.RotateAbout(math.Pi/2, x, y)
		dc.SetFontFace(f.big)
		dc.SetColor(colCreek)
		dc.DrawStringAnchored(strings.ToUpper(p.Name), x, y, 0.5, 0.5)
		dc.Pop()
		return
	}
	x, y0, w, lines := c.labelBox(p, sh)
	for i, s := range lines {
		c.haloText(f.name, s, x, y0+float64(i)*14, colInk, colHalo, 0.5, 0.5)
	}
	if s := p.Sign; s != nil {
		left := x - w/2 - 10
		if s.Kind == adjudicator.SignEntry {
			// the disc is wider than a tent or an anchor
			left -= 2
		}
		c.sign(*s, left-2, y0)
		if s.Caption != "" {
			c.haloText(f.small, s.Caption, x, y0-15, colCamp, colHalo, 0.5, 0.5)
		}
	}
}

// labelBox places a place's name: its centre x, the middle of its first line, its
// width and lines. Names near the frame are pushed in so that the sign before them
// and the control flag after them stay on the map.
func (c *canvas) labelBox(p *adjudicator.Place, sh *AreaShape) (x, y0, w float64, lines []string) {
	lines = split(c.f.name, p.Printed(), 118)
	for _, s := range lines {
		w = math.Max(w, textWidth(c.f.name, s))
	}
	x = sh.Label.fx()
	x = math.Max(x, w/2+30)
	x = math.Min(x, imgWidth-w/2-24)
	y0 = c.my(sh.Label.fy()) - float64(len(lines)-1)*7
	return x, y0, w, lines
}

// sign draws a place's sign centred at x, y: a camp's tent, a landing's anchor, an
// entry road's lettered disc, in its side's colour.
func (c *canvas) sign(s adjudicator.Sign, x, y float64) {
	switch s.Kind {
	case adjudicator.SignCamp:
		c.tent(x, y, sideColour(s.Side))
	case adjudicator.SignLanding:
		c.anchor(x, y)
	case adjudicator.SignEntry:
		c.entryDisc(x, y, s.Text, sideColour(s.Side))
	}
}

// tent is the camp mark.
func (c *canvas) tent(x, y float64, col interface{ RGBA() (r, g, b, a uint32) }) {
	dc := c.dc
	dc.MoveTo(x-8, y+7)
	dc.LineTo(x, y-8)
	dc.LineTo(x+8, y+7)
	dc.ClosePath()
	dc.SetColor(col)
	dc.FillPreserve()
	dc.SetColor(colHalo)
	dc.SetLineWidth(1.2)
	dc.Stroke()
	dc.MoveTo(x, y-2)
	dc.LineTo(x, y+7)
	c.stroke(colHalo, 1.5)
}

// anchor is the landing mark (9.1).
func (c *canvas) anchor(x, y float64) {
	dc := c.dc
	dc.DrawCircle(x, y-7, 2.5)
	dc.MoveTo(x, y-4.5)
	dc.LineTo(x, y+7)
	dc.MoveTo(x-5, y-2)
	dc.LineTo(x+5, y-2)
	dc.NewSubPath()
	dc.DrawArc(x, y, 7, math.Pi*0.1, math.Pi*0.9)
	dc.SetLineCapRound()
	c.stroke(colCreek, 2)
}

// entryDisc is the lettered mark of an entry road (5.6).
func (c *canvas) entryDisc(x, y float64, letter string, col interface{ RGBA() (r, g, b, a uint32) }) {
	c.dc.DrawCircle(x, y, 10)
	c.dc.SetColor(col)
	c.dc.FillPreserve()
	c.stroke(colHalo, 1.5)
	c.text(c.f.name, letter, x, y+1, colWhite, 0.5, 0.5)
}
