package render

import (
	"fmt"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// This file is the seam for boards that are grids (docs/ARCHITECTURE.md §7). The
// shared pipeline draws any board whose places are polygons: borders found where
// two outlines share a side, pieces at each place's spot, arrows and marks. An
// area map reads its polygons from an outline file (assets/<board>/geometry.toml);
// a hex board computes them from its grid here, and hex.go draws its base map
// (terrain per hex, hexside symbols, roads centre to centre, hex numbers, names).

// gridMargin is the blank edge around a computed grid.
const gridMargin = 12

// hexSize is the measure of a computed hex board in whole pixels: S is half a
// hexagon's width (centre to corner, and the length of a side), H half its height
// (centre to a flat side).
type hexSize struct{ S, H int }

// GridGeometry computes the drawing of a hex board from its grid, to fit a map
// width: each cell a flat-topped hexagon in straight columns, every other column
// half a hex lower as the grid says (Grid.EvenLow). A cell's pieces stand at its
// centre and its name in its lower part. The corners are whole pixels computed the
// same way for every cell, so neighbours share their sides exactly and borders are
// found between them as on an area map.
func GridGeometry(board string, g *adjudicator.Grid, width int) (*Geometry, error) {
	if g == nil || g.Kind != adjudicator.Hexes || g.Cols < 1 || g.Rows < 1 {
		return nil, fmt.Errorf("render: board %s is not a hex grid", board)
	}
	// A hexagon of half-width s spans 2s, and each further column 1.5s. s is even,
	// so that half of it is a whole pixel; hh is half the height, s·√3/2 rounded.
	s := (width - 2*gridMargin) * 2 / (4 + 3*(g.Cols-1))
	s -= s % 2
	if s < 8 {
		return nil, fmt.Errorf("render: board %s: %d columns do not fit %d pixels", board, g.Cols, width)
	}
	hh := (s*866 + 500) / 1000
	geo := &Geometry{Board: board, Width: width, Height: 2*gridMargin + (2*g.Rows+1)*hh, hex: &hexSize{s, hh}}
	for c := 1; c <= g.Cols; c++ {
		x := gridMargin + s + (c-1)*3*s/2
		lowered := (c%2 == 0) == g.EvenLow
		for r := 1; r <= g.Rows; r++ {
			y := gridMargin + hh + (r-1)*2*hh
			if lowered {
				y += hh
			}
			geo.Areas = append(geo.Areas, AreaShape{
				ID:     adjudicator.Cell(c, r),
				Label:  Point{x, y + hh*7/10},
				Blocks: Point{x, y},
				Outline: []Point{
					{x + s, y}, {x + s/2, y + hh}, {x - s/2, y + hh},
					{x - s, y}, {x - s/2, y - hh}, {x + s/2, y - hh},
				},
			})
		}
	}
	return indexGeometry(geo)
}

// gridGeometry is the computed geometry of a grid board at the map's width,
// computed once per board and grid.
func gridGeometry(b *adjudicator.Board) (*Geometry, error) {
	g := b.Grid
	key := fmt.Sprintf("%s\x00grid %s %dx%d low=%v", b.ID, g.Kind, g.Cols, g.Rows, g.EvenLow)
	geomCache.Lock()
	defer geomCache.Unlock()
	if geo, ok := geomCache.m[key]; ok {
		return geo, nil
	}
	geo, err := GridGeometry(b.ID, g, imgWidth)
	if err != nil {
		return nil, err
	}
	if geomCache.m == nil {
		geomCache.m = map[string]*Geometry{}
	}
	geomCache.m[key] = geo
	return geo, nil
}
