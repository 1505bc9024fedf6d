package render

import (
	"math"
	"slices"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// Where an area's blocks and the last turn's battle marks stand on one map.
// The marks (crossed swords, the cross of blocks eliminated) stand beside the
// blocks at their top left, in the area's free room (markSpot), the blocks
// drawn a size smaller where that makes the room. Where the marks would
// make the blocks smaller than taking the first cells of the stack's grid
// does, they take those cells, before the blocks: a mark never covers a
// block, a name or a neighbour.

// standing is where one area's blocks and marks stand.
type standing struct {
	cells stackLayout // no boxes: the area has no blocks
	first int         // the blocks' first cell: the marks took those before it
	marks []placedMark
}

// markShape is the box a battle's round mark covers around its centre.
type markShape struct{ left, top, right, bottom float64 }

var (
	swordsShape = markShape{13, 13, 13, 13}
	elimShape   = markShape{11, 11, 17, 15} // with the number at its lower right
)

// at is the mark's box centred at x, y.
func (m markShape) at(x, y float64) rect {
	return rect{x - m.left, y - m.top, x + m.right, y + m.bottom}
}

// markSpot is where a battle's mark stands in an area, in map coordinates:
// the free place (inside the outline, off every name) nearest x, y that
// covers nothing in avoid. false: there is none.
func (c *canvas) markSpot(b *adjudicator.Board, g *Geometry, sh *AreaShape, m markShape, x, y float64, avoid []rect) (float64, float64, bool) {
	a := c.roomOf(b, g, sh)
	fits := func(r rect) bool { return a.free(r) && !slices.ContainsFunc(avoid, r.overlaps) }
	if fits(m.at(x, y)) {
		return x, y, true
	}
	bestX, bestY, best := x, y, math.Inf(1)
	for cy := float64(a.oy) + m.top; cy+m.bottom <= float64(a.oy+a.h); cy += 2 {
		for cx := float64(a.ox) + m.left; cx+m.right <= float64(a.ox+a.w); cx += 2 {
			if d := math.Hypot(cx-x, cy-y); d < best && fits(m.at(cx, cy)) {
				bestX, bestY, best = cx, cy, d
			}
		}
	}
	return bestX, bestY, !math.IsInf(best, 1)
}

// placedMark is a mark of a battle: its shape's box and centre in map
// coordinates, and its scale (below 1 when it took a cell of a shrunk stack).
type placedMark struct {
	shape markShape
	x, y  float64
	scale float64
}

// box is the map area the mark covers.
func (m placedMark) box() rect {
	if m.scale == 1 {
		return m.shape.at(m.x, m.y)
	}
	half := blockSize * m.scale / 2
	return rect{m.x - half, m.y - half, m.x + half, m.y + half}
}

// blocks are the boxes of the area's blocks.
func (s *standing) blocks() []rect {
	if len(s.cells.boxes) == 0 {
		return nil
	}
	return s.cells.boxes[s.first:]
}

// standingOf is where the blocks and marks of an area stand on this map,
// found once per map; the marks in the order swords, cross.
func (d *viewDrawer) standingOf(id adjudicator.PlaceID) *standing {
	if s, ok := d.standings[id]; ok {
		return s
	}
	if d.standings == nil {
		d.standings = map[adjudicator.PlaceID]*standing{}
	}
	s := &standing{}
	d.standings[id] = s
	sh := d.g.Area(id)
	if sh == nil {
		return s
	}
	var shapes []markShape
	if d.battleAt(id) {
		shapes = append(shapes, swordsShape)
	}
	if d.lostAt(id) {
		shapes = append(shapes, elimShape)
	}
	n := d.pieces[id]
	if n == 0 {
		d.marksBeside(sh, s, shapes)
		return s
	}
	// The blocks at the largest size that leaves the marks room beside them,
	// unless the marks in the grid's first cells let the blocks stand larger.
	l := d.stackAt(d.board, d.g, sh, n+len(shapes))
	for from := 0; from < len(stackScales) && stackScales[from] >= l.scale; from++ {
		s.cells, s.marks = d.stackBelow(d.board, d.g, sh, n, from), nil
		if s.cells.fits && s.cells.scale >= l.scale && d.marksBeside(sh, s, shapes) {
			return s
		}
	}
	s.cells, s.first, s.marks = l, len(shapes), nil
	for i, m := range shapes {
		c := l.boxes[i]
		s.marks = append(s.marks, placedMark{shape: m, x: (c.x0 + c.x1) / 2, y: (c.y0 + c.y1) / 2, scale: l.scale})
	}
	return s
}

// marksBeside stands the marks beside the area's blocks, at their top left
// (the cross a row below the swords), or at the area's spot when it has no
// blocks. false: the blocks leave no room for one of them.
func (d *viewDrawer) marksBeside(sh *AreaShape, s *standing, shapes []markShape) bool {
	blocks := s.blocks()
	for i, m := range shapes {
		x, y := sh.Blocks.fx()-blockPitch-14, sh.Blocks.fy()-blockPitch/2+10
		if len(blocks) > 0 {
			x, y = blocks[0].x0-14, blocks[0].y0+10
		}
		y += float64(i) * blockPitch
		avoid := slices.Clip(blocks) // the marks so far go on a copy
		for _, o := range s.marks {
			avoid = append(avoid, o.box())
		}
		mx, my, ok := d.markSpot(d.board, d.g, sh, m, x, y, avoid)
		if !ok && len(blocks) > 0 {
			return false
		}
		if !ok {
			mx, my = x, y // no room at all: at the spot, as ever
		}
		s.marks = append(s.marks, placedMark{shape: m, x: mx, y: my, scale: 1})
	}
	return true
}

// battleAt reports whether the picture marks a battle at a place.
func (d *viewDrawer) battleAt(id adjudicator.PlaceID) bool {
	for _, b := range d.p.Battles {
		if b.Place == id {
			return true
		}
	}
	return false
}

// lostAt reports whether the picture has pieces eliminated at a place.
func (d *viewDrawer) lostAt(id adjudicator.PlaceID) bool {
	for _, l := range d.p.Losses {
		if l.Place == id {
			return true
		}
	}
	return false
}
