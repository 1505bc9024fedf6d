package render

import (
	"math"
	"sort"
	"sync"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// A stack of blocks stands inside its own area and off every place's name, so
// that a reader never has to guess which area it is in. Where it stands is
// searched once per area and number of blocks, in map coordinates: the grid of
// blocks nearest the area's spot whose blocks all lie inside the outline (with a
// margin) and clear of the names, signs, captions and control flags.
//
// Every area has room for a side's stack at its stacking limit at full size
// (TestStacksStayInTheirArea). A battle may hold both sides at the limit (3.31)
// and the blocks last seen there too, three times that; where they do not fit,
// the blocks are drawn smaller, step by step, down to stackScales' last size,
// rather than spill over a neighbour or its name.

// stackMargin is the room kept between a block and its area's outline or a name.
const stackMargin = 3

// rect is a box in map coordinates: x0, y0 inclusive, x1, y1 exclusive.
type rect struct{ x0, y0, x1, y1 float64 }

func (r rect) overlaps(o rect) bool {
	return r.x0 < o.x1 && o.x0 < r.x1 && r.y0 < o.y1 && o.y0 < r.y1
}

// stackScales are the sizes a stack tries, as shares of a block's full size,
// largest first. Down to 0.72 a block's name still reads at the map's own
// size; the two smallest, for the most crowded battles, keep its strength and
// side plain and its name for a zoomed view (a 20 px block).
var stackScales = []float64{1, 0.9, 0.8, 0.72, 0.65, 0.58}

// stackLayout is where n blocks stand in one area: each block's box, and the
// share of the full size they are drawn at.
type stackLayout struct {
	boxes []rect
	scale float64
	fits  bool // false: no room in the area even at the smallest size; the blocks stand at its spot regardless
}

// box is the i-th block's box.
func (l stackLayout) box(i int) rect { return l.boxes[i] }

// bounds is the box around all of the stack's blocks.
func (l stackLayout) bounds() rect {
	r := l.boxes[0]
	for _, b := range l.boxes[1:] {
		r = rect{min(r.x0, b.x0), min(r.y0, b.y0), max(r.x1, b.x1), max(r.y1, b.y1)}
	}
	return r
}

// blockSizes are the side of a block and the pitch of a grid of them at a scale.
type blockSizes struct{ size, pitch float64 }

func sizesAt(scale float64) blockSizes {
	return blockSizes{blockSize * scale, blockPitch * scale}
}

// grid is n boxes in rows of cols from x, y.
func (z blockSizes) grid(x, y float64, cols, n int) []rect {
	out := make([]rect, n)
	for i := range out {
		bx, by := x+float64(i%cols)*z.pitch, y+float64(i/cols)*z.pitch
		out[i] = rect{bx, by, bx + z.size, by + z.size}
	}
	return out
}

// areaRoom is an area's free pixels (inside its outline, off every name) as a
// summed-area table over its bounding box.
type areaRoom struct {
	ox, oy, w, h int
	sum          []int32 // (w+1)*(h+1)
}

// free reports whether every pixel of r and the margin around it is free.
func (a *areaRoom) free(r rect) bool {
	x0, y0 := int(math.Floor(r.x0))-stackMargin-a.ox, int(math.Floor(r.y0))-stackMargin-a.oy
	x1, y1 := int(math.Ceil(r.x1))+stackMargin-a.ox, int(math.Ceil(r.y1))+stackMargin-a.oy
	if x0 < 0 || y0 < 0 || x1 > a.w || y1 > a.h || x1 <= x0 || y1 <= y0 {
		return false
	}
	W := a.w + 1
	s := a.sum[y1*W+x1] - a.sum[y0*W+x1] - a.sum[y1*W+x0] + a.sum[y0*W+x0]
	return int(s) == (x1-x0)*(y1-y0)
}

// stackCache holds the layouts of each geometry: stackKey to stackLayout, and
// the rooms of its areas.
var stackCache sync.Map

type stackKey struct {
	g    *Geometry
	id   adjudicator.PlaceID
	n    int
	from int // the sizes tried start at stackScales[from]
}

type roomKey struct {
	g  *Geometry
	id adjudicator.PlaceID
}

// nameBoxes are the boxes, in map coordinates, that the base map's names take
// with their signs, captions and the control flag after them.
func (c *canvas) nameBoxes(b *adjudicator.Board, g *Geometry) []rect {
	var out []rect
	for i := range b.Places {
		p := &b.Places[i]
		if sh := g.Area(p.ID); sh != nil {
			out = append(out, c.placeBoxes(p, sh)...)
		}
	}
	return out
}

// placeBoxes are the boxes, in map coordinates, that one place's name takes on
// the base map (areaLabel): a camp's caption above, if any, then the name from
// its sign to the slot of the control flag after it (control). A water's name
// runs down the water, turned a quarter.
func (c *canvas) placeBoxes(p *adjudicator.Place, sh *AreaShape) []rect {
	if p.Water {
		w := textWidth(c.f.big, p.Name)
		x, y := sh.Label.fx(), sh.Label.fy()
		return []rect{{x - 10, y - w/2, x + 10, y + w/2}}
	}
	x, y0, w, lines := c.labelBox(p, sh)
	y0 -= c.top
	left, right := x-w/2, x+w/2+20 // the control flag
	top, bottom := y0-9, y0+float64(len(lines)-1)*14+9
	var out []rect
	if s := p.Sign; s != nil {
		left -= 24
		if s.Kind == adjudicator.SignEntry {
			// the disc is wider than a tent and taller than a line
			left--
			top, bottom = min(top, y0-11), max(bottom, y0+11)
		}
		if s.Caption != "" {
			cw := textWidth(c.f.small, s.Caption)
			out = append(out, rect{x - cw/2, y0 - 22, x + cw/2, y0 - 8})
		}
	}
	return append(out, rect{left, top, right, bottom})
}

// room builds an area's free pixels.
func room(sh *AreaShape, names []rect) *areaRoom {
	minx, miny, maxx, maxy := bounds(sh.Outline)
	a := &areaRoom{ox: minx, oy: miny, w: maxx - minx + 1, h: maxy - miny + 1}
	free := make([]bool, a.w*a.h)
	// scanlines through pixel centres, filled between crossings
	n := len(sh.Outline)
	var xs []float64
	for py := 0; py < a.h; py++ {
		y := float64(miny+py) + 0.5
		xs = xs[:0]
		for i, j := 0, n-1; i < n; j, i = i, i+1 {
			p, q := sh.Outline[i], sh.Outline[j]
			if (p.fy() > y) != (q.fy() > y) {
				xs = append(xs, p.fx()+(y-p.fy())*(q.fx()-p.fx())/(q.fy()-p.fy()))
			}
		}
		sortFloats(xs)
		for k := 0; k+1 < len(xs); k += 2 {
			for px := max(0, int(math.Ceil(xs[k]-0.5))-minx); px < a.w && float64(minx+px)+0.5 < xs[k+1]; px++ {
				free[py*a.w+px] = true
			}
		}
	}
	for _, r := range names {
		for py := max(0, int(r.y0)-a.oy); py < a.h && py < int(math.Ceil(r.y1))-a.oy; py++ {
			for px := max(0, int(r.x0)-a.ox); px < a.w && px < int(math.Ceil(r.x1))-a.ox; px++ {
				free[py*a.w+px] = false
			}
		}
	}
	W := a.w + 1
	a.sum = make([]int32, W*(a.h+1))
	for py := 0; py < a.h; py++ {
		var row int32
		for px := 0; px < a.w; px++ {
			if free[py*a.w+px] {
				row++
			}
			a.sum[(py+1)*W+px+1] = a.sum[py*W+px+1] + row
		}
	}
	return a
}

func sortFloats(xs []float64) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}

// stackAt is where n blocks stand in an area, searched once and cached.
func (c *canvas) stackAt(b *adjudicator.Board, g *Geometry, sh *AreaShape, n int) stackLayout {
	return c.stackBelow(b, g, sh, n, 0)
}

// stackBelow is where n blocks stand in an area at stackScales[from] or
// smaller, searched once and cached.
func (c *canvas) stackBelow(b *adjudicator.Board, g *Geometry, sh *AreaShape, n, from int) stackLayout {
	k := stackKey{g, sh.ID, n, from}
	if l, ok := stackCache.Load(k); ok {
		return l.(stackLayout)
	}
	l := searchStack(c.roomOf(b, g, sh), sh, n, stackScales[from:])
	stackCache.Store(k, l)
	return l
}

// roomOf is an area's room, built once and cached.
func (c *canvas) roomOf(b *adjudicator.Board, g *Geometry, sh *AreaShape) *areaRoom {
	rk := roomKey{g, sh.ID}
	r, ok := stackCache.Load(rk)
	if !ok {
		r, _ = stackCache.LoadOrStore(rk, room(sh, c.nameBoxes(b, g)))
	}
	return r.(*areaRoom)
}

// searchStack finds where n blocks stand at the largest of scales at which
// they fit as one stack; else at the largest at which they fit with a block
// apart from the rest; else, at the smallest, at the area's spot regardless.
func searchStack(a *areaRoom, sh *AreaShape, n int, scales []float64) stackLayout {
	for _, together := range []bool{true, false} {
		for _, s := range scales {
			if boxes := sizesAt(s).fit(a, sh, n, together); boxes != nil {
				return stackLayout{boxes: boxes, scale: s, fits: true}
			}
		}
	}
	s := scales[len(scales)-1]
	return stackLayout{boxes: sizesAt(s).atSpot(sh, n), scale: s}
}

// fit finds where n blocks of these sizes stand: the grid nearest the area's
// spot that fits its room, trying every number of columns and every position
// two pixels apart; else rows of blocks that follow the outline, with no block
// apart from the rest if together. nil: they do not fit.
func (z blockSizes) fit(a *areaRoom, sh *AreaShape, n int, together bool) []rect {
	cx, cy := sh.Blocks.fx(), sh.Blocks.fy()
	bestX, bestY, bestCols, bestScore := 0.0, 0.0, 0, math.Inf(1)
	for cols := 1; cols <= min(n, 6); cols++ {
		rows := (n + cols - 1) / cols
		full := n / cols // full rows
		w := float64(cols-1)*z.pitch + z.size
		h := float64(rows-1)*z.pitch + z.size
		// a grid nearer square reads as one stack
		shape := 6 * math.Abs(w-h) / z.pitch
		for y := float64(a.oy); y+h <= float64(a.oy+a.h); y += 2 {
			for x := float64(a.ox); x+w <= float64(a.ox+a.w); x += 2 {
				d := math.Hypot(x+w/2-cx, y+h/2-cy) + shape
				if d >= bestScore {
					continue
				}
				if full > 0 && !a.free(rect{x, y, x + w, y + float64(full-1)*z.pitch + z.size}) {
					continue
				}
				if rest := n - full*cols; rest > 0 {
					ry := y + float64(full)*z.pitch
					if !a.free(rect{x, ry, x + float64(rest-1)*z.pitch + z.size, ry + z.size}) {
						continue
					}
				}
				bestX, bestY, bestCols, bestScore = x, y, cols, d
			}
		}
	}
	if bestCols > 0 {
		return z.grid(bestX, bestY, bestCols, n)
	}
	boxes := z.flow(a, cx, cy, n)
	if together && z.apart(boxes) > 0 {
		return nil
	}
	return boxes
}

// atSpot is a grid of n blocks of these sizes around the area's spot, where
// they stand when they fit nowhere.
func (z blockSizes) atSpot(sh *AreaShape, n int) []rect {
	cx, cy := sh.Blocks.fx(), sh.Blocks.fy()
	cols := 3
	switch {
	case n <= 3:
		cols = n
	case n == 4:
		cols = 2
	case n > 9:
		cols = 4
	}
	rows := (n + cols - 1) / cols
	return z.grid(cx-float64(cols)*z.pitch/2+(z.pitch-z.size)/2,
		cy-float64(min(rows, 2))*z.pitch/2+(z.pitch-z.size)/2, max(cols, 1), n)
}

// flow stands n blocks in rows a pitch apart, each row where the area has
// room at its height, its blocks nearest the spot; the rows nearest the spot
// win. nil: they do not fit.
func (z blockSizes) flow(a *areaRoom, cx, cy float64, n int) []rect {
	var best []rect
	bestScore := math.Inf(1)
	var at []float64
	for y0 := float64(a.oy); y0+z.size <= float64(a.oy+a.h); y0 += 2 {
		var boxes []rect
		for y := y0; len(boxes) < n && y+z.size <= float64(a.oy+a.h); y += z.pitch {
			at = at[:0]
			for x := float64(a.ox); x+z.size <= float64(a.ox+a.w); x++ {
				if a.free(rect{x, y, x + z.size, y + z.size}) {
					at = append(at, x)
				}
			}
			sort.Slice(at, func(i, j int) bool { return math.Abs(at[i]+z.size/2-cx) < math.Abs(at[j]+z.size/2-cx) })
			row := len(boxes)
			for _, x := range at {
				if len(boxes) == n {
					break
				}
				clear := true
				for _, b := range boxes[row:] {
					if math.Abs(b.x0-x) < z.pitch {
						clear = false
						break
					}
				}
				if clear {
					boxes = append(boxes, rect{x, y, x + z.size, y + z.size})
				}
			}
			// left to right within the row
			sort.Slice(boxes[row:], func(i, j int) bool { return boxes[row+i].x0 < boxes[row+j].x0 })
		}
		if len(boxes) < n {
			continue
		}
		var sx, sy float64
		for _, b := range boxes {
			sx, sy = sx+b.x0+z.size/2, sy+b.y0+z.size/2
		}
		// A block standing apart from the rest reads as another stack: any
		// layout without one beats every layout with one.
		d := math.Hypot(sx/float64(n)-cx, sy/float64(n)-cy) + 1e4*float64(z.apart(boxes))
		if d < bestScore {
			best, bestScore = boxes, d
		}
	}
	return best
}

// apart counts the blocks of a layout that stand apart from the rest: no other
// block within half a block's size of its edge.
func (z blockSizes) apart(boxes []rect) int {
	n := 0
	for i, b := range boxes {
		alone := len(boxes) > 1
		for j, o := range boxes {
			if i != j && math.Max(math.Abs(b.x0-o.x0), math.Abs(b.y0-o.y0)) <= z.pitch+z.size/2 {
				alone = false
				break
			}
		}
		if alone {
			n++
		}
	}
	return n
}
