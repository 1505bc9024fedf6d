package adjudicator

import "fmt"

// Grid is the geometry of a hex or square board whose cells are numbered CCRR:
// column then row, both from 01, as SPI and most hex-and-counter maps print them.
//
// Hexes have flat tops and stand in straight columns (SPI). Every other column sits
// half a hex lower; EvenLow says it is the even-numbered ones (then 0201 stands
// below and to the right of 0101, and 0301 level with it). Directions count clockwise from north: hexes 0 N,
// 1 NE, 2 SE, 3 S, 4 SW, 5 NW; squares 0 N, 1 E, 2 S, 3 W, or with Diagonals
// 0 N, 1 NE, 2 E … 7 NW.
type Grid struct {
	Kind       BoardKind // Hexes or Squares
	Cols, Rows int
	EvenLow    bool
	Diagonals  bool
}

// Cell names the cell at column c, row r (from 1), as "CCRR".
func Cell(c, r int) PlaceID { return PlaceID(fmt.Sprintf("%02d%02d", c, r)) }

// cell reads a CCRR id inside the grid.
func (g *Grid) cell(id PlaceID) (c, r int, ok bool) {
	if len(id) != 4 {
		return 0, 0, false
	}
	for _, ch := range id {
		if ch < '0' || ch > '9' {
			return 0, 0, false
		}
	}
	c = int(id[0]-'0')*10 + int(id[1]-'0')
	r = int(id[2]-'0')*10 + int(id[3]-'0')
	return c, r, c >= 1 && c <= g.Cols && r >= 1 && r <= g.Rows
}

// axial turns a hex cell into axial coordinates (q, s), in which the six
// neighbours differ by the same steps wherever a hex stands.
func (g *Grid) axial(c, r int) (q, s int) {
	q = c - 1 // columns from 0; a lowered column is then odd
	if !g.EvenLow {
		q = c
	}
	return q, r - (q-q&1)/2
}

func (g *Grid) fromAxial(q, s int) (c, r int) {
	r = s + (q-q&1)/2
	if g.EvenLow {
		return q + 1, r
	}
	return q, r
}

var (
	hexSteps    = [6][2]int{{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}}
	squareSteps = [8][2]int{{0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}}
)

// Directions is how many neighbours a cell has in the open: 6, 4 or 8.
func (g *Grid) Directions() int {
	switch {
	case g.Kind == Hexes:
		return 6
	case g.Diagonals:
		return 8
	}
	return 4
}

// Opposite is the direction back.
func (g *Grid) Opposite(dir int) int { n := g.Directions(); return (dir + n/2) % n }

// Step returns the cell one step from id in a direction, if it is on the grid.
func (g *Grid) Step(id PlaceID, dir int) (PlaceID, bool) {
	c, r, ok := g.cell(id)
	if !ok || dir < 0 || dir >= g.Directions() {
		return "", false
	}
	if g.Kind == Hexes {
		q, s := g.axial(c, r)
		c, r = g.fromAxial(q+hexSteps[dir][0], s+hexSteps[dir][1])
	} else {
		d := dir
		if !g.Diagonals {
			d = 2 * dir
		}
		c, r = c+squareSteps[d][0], r+squareSteps[d][1]
	}
	if c < 1 || c > g.Cols || r < 1 || r > g.Rows {
		return "", false
	}
	return Cell(c, r), true
}

// Neighbours lists the cells next to id on the grid, in direction order.
func (g *Grid) Neighbours(id PlaceID) []PlaceID {
	var out []PlaceID
	for d := 0; d < g.Directions(); d++ {
		if n, ok := g.Step(id, d); ok {
			out = append(out, n)
		}
	}
	return out
}

// Direction is the direction from one cell to a neighbouring one.
func (g *Grid) Direction(from, to PlaceID) (int, bool) {
	for d := 0; d < g.Directions(); d++ {
		if n, ok := g.Step(from, d); ok && n == to {
			return d, true
		}
	}
	return 0, false
}

// Distance counts the steps between two cells (-1 when either is off the grid):
// hexes as a counter moves, squares orthogonally or, with Diagonals, as a king does.
func (g *Grid) Distance(a, b PlaceID) int {
	ca, ra, okA := g.cell(a)
	cb, rb, okB := g.cell(b)
	if !okA || !okB {
		return -1
	}
	if g.Kind == Hexes {
		qa, sa := g.axial(ca, ra)
		qb, sb := g.axial(cb, rb)
		dq, ds := qb-qa, sb-sa
		return (abs(dq) + abs(ds) + abs(dq+ds)) / 2
	}
	dc, dr := abs(cb-ca), abs(rb-ra)
	if g.Diagonals {
		return max(dc, dr)
	}
	return dc + dr
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
