package bot

// This file is the map as the bot reads it: each hex's neighbours, what a step
// costs (9.0), where a move may end (5.24), where zones of control reach (6.6),
// the defence multiplier of a hex (7.4, 9.0), and how far each hex is from
// Sharpsburg for a unit on foot. Built once per scenario from its public data.

import (
	"github.com/shiloh-pbem/pbem/adjudicator"
	"github.com/shiloh-pbem/pbem/adjudicator/antietam"
)

const noHex = -1

// board is the scenario's map in tables indexed by hex number (Board.Index).
type board struct {
	ids     []antietam.HexID
	nb      [][6]int  // neighbour by direction, or noHex
	cost    [][6]int  // MP to step to the neighbour; 0: the step is not allowed
	zoc     [][6]bool // a unit here exerts its zone of control into the neighbour (6.6)
	cross   [][6]bool // the hexside is a bridge or ford: the defender doubles (9.0)
	stop    []bool    // a move may end here (5.24: not the river, not the ferry)
	fight   []bool    // combat may happen here (9.0)
	mult    []int     // the terrain's defence multiplier (7.4)
	town    []int     // MP from here to the nearest Sharpsburg hex (17.1); big when cut off
	maxStep int       // the dearest step
	row     []int     // the printed row, for the Union's retreats toward the east edge
	q, r    []int     // axial coordinates, for distances
	east    int       // the last column: the Union's rear edge (15.0, 16.1)
	sharp   []int     // the Sharpsburg hexes
	trace   int       // the Confederates' line of retreat, 0126 (17.1)
	entry   map[string]int
}

// far stands for a hex no unit can walk to.
const far = 1 << 20

func newBoard(sc *antietam.Scenario) *board {
	bd := sc.Board
	n := len(bd.Places)
	b := &board{
		ids: make([]antietam.HexID, n), nb: make([][6]int, n), cost: make([][6]int, n), zoc: make([][6]bool, n),
		cross: make([][6]bool, n), stop: make([]bool, n), fight: make([]bool, n), mult: make([]int, n),
		row: make([]int, n), q: make([]int, n), r: make([]int, n), east: bd.Grid.Cols, trace: noHex, entry: map[string]int{},
	}
	for i, p := range bd.Places {
		b.ids[i] = p.ID
		b.row[i] = int(p.ID[2]-'0')*10 + int(p.ID[3]-'0')
		col := int(p.ID[0]-'0')*10 + int(p.ID[1]-'0')
		q := col // the contract's axial columns (adjudicator/grid.go)
		if bd.Grid.EvenLow {
			q = col - 1
		}
		b.q[i], b.r[i] = q, b.row[i]-(q-q&1)/2
		if t := sc.Charts.TerrainEffect(antietam.Terrain(p.Terrain)); t != nil {
			b.stop[i] = t.Move > 0 && t.Stop
			b.fight[i] = t.Combat
			b.mult[i] = max(1, t.Defence)
		}
	}
	side := func(f antietam.Feature) *antietam.SideEffect {
		if e := sc.Charts.SideEffect(f); e != nil {
			return e
		}
		return &antietam.SideEffect{}
	}
	road, trail, ford, bridge := side(antietam.Road), side(antietam.Trail), side(antietam.Ford), side(antietam.Bridge)
	for i, id := range b.ids {
		for d := range 6 {
			b.nb[i][d] = noHex
			to, ok := bd.Grid.Step(id, d)
			if !ok {
				continue
			}
			j, ok := bd.Index(to)
			if !ok {
				continue
			}
			b.nb[i][d] = j
			b.zoc[i][d] = sc.ZOCExtends(id, to)
			has := func(f antietam.Feature) bool { return sc.Has(id, to, f) }
			b.cross[i][d] = has(antietam.Bridge) || has(antietam.Ford)
			t := sc.Charts.TerrainEffect(sc.Terrain(to))
			if t == nil || !b.stop[j] || has(antietam.Creek) && !b.cross[i][d] {
				continue // the bot never steps into the ferry nor across a plain creek
			}
			c := t.Move
			rough := t.ID == antietam.Forest || t.ID == antietam.Rough || t.ID == antietam.ForestAndRough
			switch {
			case has(antietam.Road):
				c = road.Path
			case has(antietam.Trail) && rough:
				c = min(c, trail.PathRough)
			case has(antietam.Trail):
				c = min(c, trail.Path)
			}
			if has(antietam.Ford) {
				c += ford.Extra
			}
			if has(antietam.Bridge) {
				c += bridge.Extra
			}
			b.cost[i][d] = max(1, c)
			b.maxStep = max(b.maxStep, b.cost[i][d])
		}
	}
	for _, h := range sc.Charts.Victory.Sharpsburg {
		if i, ok := bd.Index(h); ok {
			b.sharp = append(b.sharp, i)
		}
	}
	if i, ok := bd.Index(sc.Charts.Victory.TraceHex); ok {
		b.trace = i
	}
	for _, r := range sc.OB.Reinforcements {
		if i, ok := bd.Index(r.Hex); ok {
			b.entry[r.ID] = i
		}
	}
	b.town = b.distanceTo(b.sharp)
	return b
}

// distanceTo is the MP a unit needs to walk from each hex to the nearest of goals,
// enemies aside (a Dijkstra run backwards over the step costs, with a bucket per
// cost since steps are small whole numbers).
func (b *board) distanceTo(goals []int) []int {
	dist := make([]int, len(b.ids))
	for i := range dist {
		dist[i] = far
	}
	var buckets [][]int
	push := func(h, d int) {
		for len(buckets) <= d {
			buckets = append(buckets, nil)
		}
		buckets[d] = append(buckets[d], h)
	}
	for _, g := range goals {
		dist[g] = 0
		push(g, 0)
	}
	for d := 0; d < len(buckets); d++ {
		for k := 0; k < len(buckets[d]); k++ {
			h := buckets[d][k]
			if dist[h] != d {
				continue
			}
			for dir, a := range b.nb[h] {
				if a == noHex {
					continue
				}
				back := (dir + 3) % 6 // from a into h
				if c := b.cost[a][back]; c > 0 && d+c < dist[a] {
					dist[a] = d + c
					push(a, d+c)
				}
			}
		}
	}
	return dist
}

// distance counts the hexes between a and b (a unit's every step costs at
// least one movement point, so it bounds what a unit can reach).
func (b *board) distance(x, y int) int {
	dq, dr := b.q[y]-b.q[x], b.r[y]-b.r[x]
	return (abs(dq) + abs(dr) + abs(dq+dr)) / 2
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// rearOf is where a unit on hex h retreats toward (7.71): the Confederates to
// Boteler's Ford, their line to Virginia (17.1); the Union due east, to the edge
// its reinforcements come from (15.0).
func (b *board) rearOf(s adjudicator.Side, h int) antietam.HexID {
	if s == adjudicator.CSA && b.trace != noHex {
		return b.ids[b.trace]
	}
	return adjudicator.Cell(b.east, b.row[h])
}
