package render

import (
	"fmt"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// This file is the seam for boards that are grids (docs/ARCHITECTURE.md §7). The
// shared pipeline draws any board whose places are polygons: fills by terrain,
// borders found where two outlines share a side, names at label points, pieces at
// each place's spot. An area map reads its polygons from an outline file
// (assets/<board>/geometry.toml); a hex board computes them from its grid here.
// Counters, hexside symbols and hex numbers in the corner of each hex come with the
// first hex system.

// gridMargin is the blank edge around a computed grid.
const gridMargin = 12

// GridGeometry computes the drawing of a hex board from its grid, to fit a map
// width: each cell a flat-topped hexagon in straight columns, every other column
// half a hex lower as the grid says (Grid.EvenLow), labelled with its number. The
// corners are whole pixels computed the same way for every cell, so neighbours
// share their sides exactly and borders are found between them as on an area map.
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
	geo := &Geometry{Board: board, Width: width, Height: 2*gridMargin + (2*g.Rows+1)*hh}
	for c := 1; c <= g.Cols; c++ {
		x := gridMargin + s + (c-1)*3*s/2
		lowered := (c%2 == 0) == g.EvenLow
		for r := 1; r <= g.Rows; r++ {
			y := gridMargin + hh + (r-1)*2*hh
			if lowered {
				y += hh
			}
			geo.Areas = append(geo.Areas, AreaShape{
				ID:    adjudicator.Cell(c, r),
				Label: Point{x, y - hh/2},
				// Pieces stand in the lower half, starting left of the centre.
				Blocks: Point{x - s/2, y},
				Outline: []Point{
					{x + s, y}, {x + s/2, y + hh}, {x - s/2, y + hh},
					{x - s, y}, {x - s/2, y - hh}, {x + s/2, y - hh},
				},
			})
		}
	}
	return indexGeometry(geo)
}
