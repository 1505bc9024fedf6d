package antietam

// This file is the board as the rules engine reads it: every hex numbered by its
// place in the Board, its six neighbours by direction, what each hexside carries
// (5.22-5.25, 6.6), the TEC row of its terrain (9.0), and integer coordinates for
// distances (8.12) and sight lines (8.3). It is built once when a scenario loads
// and never changes, so a player-turn reads tables instead of parsing hex ids.

import (
	"sync"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// side bits: what a hexside carries.
const (
	sideCreek uint8 = 1 << iota
	sideBridge
	sideFord
	sideRoad
	sideTrail
)

var featureBits = map[Feature]uint8{Creek: sideCreek, Bridge: sideBridge, Ford: sideFord, Road: sideRoad, Trail: sideTrail}

// noHex stands for "no neighbour that way" (the map's edge).
const noHex = -1

// geometry is a scenario's board in tables, indexed by Board.Index.
type geometry struct {
	board *adjudicator.Board
	ids   []HexID
	terr  []*TerrainEffect // nil for a terrain the TEC lacks (Validate reports it)
	nb    [][6]int         // neighbour by direction (adjudicator.Grid: 0 N … 5 NW), or noHex
	side  [][6]uint8       // the hexside towards each direction
	edge  []bool           // a hex of the map's edge
	// x, y are the hex centre in a skewed integer frame (x = 3q, y = 2·row + q
	// mod 2) in which every vertex is an integer point and straight lines stay
	// straight: sight lines (8.31, 8.32) are decided exactly.
	x, y []int64
	// q, r are axial coordinates, for distances (8.12).
	q, r []int
	at   map[[2]int64]int // hex by centre
	// costs are the TEC's hexside numbers (9.0): the MP of a road or trail step
	// (5.22, 5.23) and the extra MP of a ford or bridge (5.25).
	costs struct{ road, trail, trailRough, ford, bridge int }
	// bridgeDef, fordDef multiply a defender every attacker attacks across such a
	// hexside (9.0, 7.4).
	bridgeDef, fordDef int
	// bank numbers each land hex by the stretch of land it shares when river and
	// ferry hexes are barriers: the two banks of the Potomac (5.24).
	bank []int
	// near lists, for each hex, the hexes within nearRange of it in index order:
	// all a sight line that long can pass (8.31), so sight scans them instead of
	// the whole map. all is every hex, for longer lines.
	near      [][]int
	nearRange int
	all       []int
	// seeable is, per hex, the hexes within SightRange its sight lines reach
	// (8.3), in index order: worked out the first time a view asks, since the
	// terrain never changes and every double-blind view asks about the same hexes.
	seeable     [][]int
	seeableOnce []sync.Once
}

// newGeometry builds the tables of a board; nil without a hex board.
func newGeometry(b *adjudicator.Board, ch *Charts) *geometry {
	if b == nil || b.Grid == nil {
		return nil
	}
	n := len(b.Places)
	g := &geometry{
		board: b,
		ids:   make([]HexID, n), terr: make([]*TerrainEffect, n), nb: make([][6]int, n),
		side: make([][6]uint8, n), edge: make([]bool, n), x: make([]int64, n), y: make([]int64, n),
		q: make([]int, n), r: make([]int, n), at: make(map[[2]int64]int, n), bank: make([]int, n),
	}
	for i, p := range b.Places {
		g.ids[i] = p.ID
		g.terr[i] = ch.TerrainEffect(Terrain(p.Terrain))
		c := int(p.ID[0]-'0')*10 + int(p.ID[1]-'0')
		row := int(p.ID[2]-'0')*10 + int(p.ID[3]-'0')
		q := c // the contract's axial columns (adjudicator/grid.go)
		if b.Grid.EvenLow {
			q = c - 1
		}
		g.q[i], g.r[i] = q, row-(q-q&1)/2
		g.x[i], g.y[i] = int64(3*q), int64(2*row+q&1)
		g.at[[2]int64{g.x[i], g.y[i]}] = i
	}
	for i, id := range g.ids {
		for d := 0; d < 6; d++ {
			g.nb[i][d] = noHex
			if to, ok := b.Grid.Step(id, d); ok {
				if j, ok := b.Index(to); ok {
					g.nb[i][d] = j
					if e := b.Edge(id, to); e != nil {
						for _, f := range e.Features {
							g.side[i][d] |= featureBits[Feature(f)]
						}
					}
					continue
				}
			}
			g.edge[i] = true
		}
	}
	if e := ch.SideEffect(Road); e != nil {
		g.costs.road = e.Path
	}
	if e := ch.SideEffect(Trail); e != nil {
		g.costs.trail, g.costs.trailRough = e.Path, e.PathRough
	}
	if e := ch.SideEffect(Ford); e != nil {
		g.costs.ford, g.fordDef = e.Extra, e.Defence
	}
	if e := ch.SideEffect(Bridge); e != nil {
		g.costs.bridge, g.bridgeDef = e.Extra, e.Defence
	}
	g.banks()
	g.nearRange = max(SightRange, ch.Artillery.Range, ch.Artillery.UnionRange)
	g.near, g.all = make([][]int, n), make([]int, n)
	g.seeable, g.seeableOnce = make([][]int, n), make([]sync.Once, n)
	for a := range g.ids {
		g.all[a] = a
		for h := range g.ids {
			if g.distance(a, h) <= g.nearRange {
				g.near[a] = append(g.near[a], h)
			}
		}
	}
	return g
}

// banks numbers the land on each side of the river (5.24): ferry and river hexes
// divide it.
func (g *geometry) banks() {
	n := 0
	for i := range g.ids {
		if g.bank[i] != 0 || !g.land(i) {
			continue
		}
		n++
		g.bank[i] = n
		queue := []int{i}
		for len(queue) > 0 {
			h := queue[0]
			queue = queue[1:]
			for _, j := range g.nb[h] {
				if j != noHex && g.bank[j] == 0 && g.land(j) {
					g.bank[j] = n
					queue = append(queue, j)
				}
			}
		}
	}
}

// land is a hex a unit may end a move in (9.0: not river, not a river ferry).
func (g *geometry) land(i int) bool {
	t := g.terr[i]
	return t != nil && t.Move > 0 && t.Stop
}

// index finds a hex.
func (g *geometry) index(h HexID) (int, bool) { return g.board.Index(h) }

// dir is the direction from hex a to its neighbour b, or -1.
func (g *geometry) dir(a, b int) int {
	for d, n := range g.nb[a] {
		if n == b {
			return d
		}
	}
	return -1
}

// distance counts hexes as a unit moves (8.12: the target counts, the firer's
// hex does not).
func (g *geometry) distance(a, b int) int {
	dq, dr := g.q[b]-g.q[a], g.r[b]-g.r[a]
	return (iabs(dq) + iabs(dr) + iabs(dq+dr)) / 2
}

func iabs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// creekBarrier says whether the hexside of hex a in direction d is a creek
// hexside with neither bridge nor ford (5.25, 6.6, 9.0).
func (g *geometry) creekBarrier(a, d int) bool {
	s := g.side[a][d]
	return s&sideCreek != 0 && s&(sideBridge|sideFord) == 0
}

// zocInto says whether a unit in hex a exerts its zone of control into its
// neighbour in direction d (6.6): never through a creek hexside without a bridge
// or ford, never into a hex whose TEC row says no zone of control enters it (the
// river ferry; the river).
func (g *geometry) zocInto(a, d int) bool {
	b := g.nb[a][d]
	if b == noHex || g.creekBarrier(a, d) {
		return false
	}
	t := g.terr[b]
	return t != nil && t.ZOC
}

// hexVertices are a hexagon's corners around its centre in the skewed frame,
// counter-clockwise.
var hexVertices = [6][2]int64{{2, 0}, {1, 1}, {-1, 1}, {-2, 0}, {-1, -1}, {1, -1}}

// Sight is a sight line as 8.3 judges it: the hexes it passes through between
// the firer and the target (8.31; their own hexes never count, 8.34), the pairs of
// hexes whose common hexside it runs along (8.32), and what blocks it.
type Sight struct {
	Through []HexID    `json:"through,omitempty"`
	Along   [][2]HexID `json:"along,omitempty"`
	Blocked []HexID    `json:"blocked,omitempty"` // the blocking hexes, or both hexes of a blocking hexside
}

// Clear says whether nothing blocks the line.
func (s Sight) Clear() bool { return len(s.Blocked) == 0 }

// sight traces the straight line from the centre of hex a to the centre of hex b
// (8.31). A hex blocks when the line crosses its inside and its terrain blocks
// sight (8.33); a line congruent to a hexside is blocked only when both hexes of
// that hexside block (8.32); a hex the line only touches at a corner is not passed
// through. The terrain of a and b never blocks (8.34), nor do units (8.35).
func (g *geometry) sight(a, b int) Sight {
	var s Sight
	n := g.distance(a, b)
	if n <= 1 {
		return s
	}
	x0, y0 := g.x[a], g.y[a]
	dx, dy := g.x[b]-x0, g.y[b]-y0
	blocks := func(i int) bool { return i != noHex && g.terr[i] != nil && g.terr[i].BlocksSight }
	var seen map[[2]int]bool // hexside pairs met already; few lines meet any
	cands := g.all
	if n <= g.nearRange {
		cands = g.near[a]
	}
	for _, h := range cands {
		if h == a || h == b || g.distance(a, h) > n || g.distance(b, h) > n {
			continue
		}
		if crossesInside(g.x[h]-x0, g.y[h]-y0, dx, dy) {
			s.Through = append(s.Through, g.ids[h])
			if blocks(h) {
				s.Blocked = append(s.Blocked, g.ids[h])
			}
			continue
		}
		for k := 0; k < 6; k++ {
			v, w := hexVertices[k], hexVertices[(k+1)%6]
			if !onSegment(g.x[h]+v[0]-x0, g.y[h]+v[1]-y0, dx, dy) || !onSegment(g.x[h]+w[0]-x0, g.y[h]+w[1]-y0, dx, dy) {
				continue
			}
			// The hex across this edge has its centre mirrored through the edge.
			o, ok := g.at[[2]int64{g.x[h] + v[0] + w[0], g.y[h] + v[1] + w[1]}]
			if !ok {
				o = noHex
			}
			pair := [2]int{min(h, o), max(h, o)}
			if o == noHex {
				pair = [2]int{h, noHex}
			}
			if seen[pair] {
				continue
			}
			if seen == nil {
				seen = map[[2]int]bool{}
			}
			seen[pair] = true
			ids := [2]HexID{g.ids[h], ""}
			if o != noHex {
				ids = [2]HexID{g.ids[pair[0]], g.ids[pair[1]]}
			}
			s.Along = append(s.Along, ids)
			if blocks(h) && blocks(o) {
				s.Blocked = append(s.Blocked, ids[0], ids[1])
			}
		}
	}
	return s
}

// clearFrom lists the hexes within SightRange that hex a has a clear sight line
// to (8.31-8.34), in index order.
func (g *geometry) clearFrom(a int) []int {
	g.seeableOnce[a].Do(func() {
		for _, h := range g.near[a] {
			if g.distance(a, h) <= SightRange && g.sight(a, h).Clear() {
				g.seeable[a] = append(g.seeable[a], h)
			}
		}
	})
	return g.seeable[a]
}

// crossesInside says whether the segment from the origin to (dx, dy) passes
// through the inside of the hexagon centred at (cx, cy): the set of t in [0, 1]
// with the point strictly inside every edge is not empty (Cyrus-Beck clipping, in
// exact fractions).
func crossesInside(cx, cy, dx, dy int64) bool {
	loN, loD := int64(0), int64(1) // t > lo
	hiN, hiD := int64(1), int64(1) // t < hi
	for k := 0; k < 6; k++ {
		v, w := hexVertices[k], hexVertices[(k+1)%6]
		ex, ey := w[0]-v[0], w[1]-v[1]
		// inside: cross(e, p - v) > 0, p = t·d; alpha + t·beta > 0.
		px, py := -(cx + v[0]), -(cy + v[1])
		alpha := ex*py - ey*px
		beta := ex*dy - ey*dx
		switch {
		case beta == 0:
			if alpha <= 0 {
				return false
			}
		case beta > 0: // t > -alpha/beta
			if n, d := -alpha, beta; n*loD > loN*d {
				loN, loD = n, d
			}
		default: // t < alpha/(-beta)
			if n, d := alpha, -beta; n*hiD < hiN*d {
				hiN, hiD = n, d
			}
		}
	}
	return loN*hiD < hiN*loD
}

// onSegment says whether point (px, py) lies on the segment from the origin to
// (dx, dy).
func onSegment(px, py, dx, dy int64) bool {
	if px*dy-py*dx != 0 {
		return false
	}
	dot := px*dx + py*dy
	return dot >= 0 && dot <= dx*dx+dy*dy
}
