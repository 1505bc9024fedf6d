package shiloh1862

import (
	"slices"
	"sort"
)

// Index sorts the map's records by id and builds its lookup tables. The loader calls
// it; code that builds a Map by hand (tests) must call it too.
func (m *Map) Index() {
	sort.Slice(m.Areas, func(i, j int) bool { return m.Areas[i].ID < m.Areas[j].ID })
	for i := range m.Borders {
		b := &m.Borders[i]
		if b.B < b.A {
			b.A, b.B = b.B, b.A
		}
	}
	sort.Slice(m.Borders, func(i, j int) bool {
		if m.Borders[i].A != m.Borders[j].A {
			return m.Borders[i].A < m.Borders[j].A
		}
		return m.Borders[i].B < m.Borders[j].B
	})
	sort.Slice(m.Roads, func(i, j int) bool { return m.Roads[i].ID < m.Roads[j].ID })
	m.areaIndex = make(map[AreaID]int, len(m.Areas))
	for i, a := range m.Areas {
		m.areaIndex[a.ID] = i // a repeated id keeps its last index: validation reports it
	}
	m.borderIndex = make(map[[2]AreaID]int, len(m.Borders))
	m.neighbours = make(map[AreaID][]AreaID, len(m.Areas))
	for i, b := range m.Borders {
		m.borderIndex[[2]AreaID{b.A, b.B}] = i
		m.neighbours[b.A] = append(m.neighbours[b.A], b.B)
		m.neighbours[b.B] = append(m.neighbours[b.B], b.A)
	}
	for id, ns := range m.neighbours {
		sort.Slice(ns, func(i, j int) bool { return ns[i] < ns[j] })
		m.neighbours[id] = ns
	}
	m.adj = make([][]mapEdge, len(m.Areas))
	m.nEdges = 0
	for i, a := range m.Areas {
		for _, n := range m.neighbours[a.ID] {
			j, ok := m.areaIndex[n]
			if !ok {
				continue // a border to an unknown area: validation reports it
			}
			k := [2]AreaID{a.ID, n}
			if n < a.ID {
				k = [2]AreaID{n, a.ID}
			}
			m.adj[i] = append(m.adj[i], mapEdge{to: j, border: m.borderIndex[k], id: m.nEdges})
			m.nEdges++
		}
	}
	m.indexLimits()
	m.roadPaths = make([][][2]AreaID, len(m.Areas))
	for _, r := range m.Roads {
		for i, a := range r.Path {
			ai, ok := m.areaIndex[a]
			if !ok {
				continue // validation reports it
			}
			if i+2 < len(r.Path) {
				m.roadPaths[ai] = append(m.roadPaths[ai], [2]AreaID{r.Path[i+1], r.Path[i+2]})
			}
			if i-2 >= 0 {
				m.roadPaths[ai] = append(m.roadPaths[ai], [2]AreaID{r.Path[i-1], r.Path[i-2]})
			}
		}
	}
}

// RoadMiddles returns the areas a two-area road move from from to to can pass
// through (5.31): the area between them on each road that runs so, roads in id
// order, each area once.
func (m *Map) RoadMiddles(from, to AreaID) []AreaID {
	var out []AreaID
	for _, p := range m.RoadPathsFrom(from) {
		if p[1] == to && !slices.Contains(out, p[0]) {
			out = append(out, p[0])
		}
	}
	return out
}

// RoadPathsFrom lists the two-area road moves that start in a (the next two areas
// along each road through it, both ways), roads in id order. Shared: do not modify.
func (m *Map) RoadPathsFrom(a AreaID) [][2]AreaID {
	if i, ok := m.areaIndex[a]; ok {
		return m.roadPaths[i]
	}
	return nil
}

// indexLimits works out each crossing's limits from its border. Index calls it; so
// must code that changes borders' terrain or roads afterwards (the loader fills in
// roads from the road paths).
func (m *Map) indexLimits() {
	for i := range m.adj {
		for k := range m.adj[i] {
			e := &m.adj[i][k]
			e.lim = m.Borders[e.border].Limits(m.Areas[i].ID)
		}
	}
}

// aix returns an area's index in Areas, or -1 for an id not on the map.
// AreaIndex is an area's position in Areas, which numbers areas everywhere.
func (m *Map) AreaIndex(id AreaID) (int, bool) {
	i, ok := m.areaIndex[id]
	return i, ok
}

func (m *Map) aix(id AreaID) int {
	if i, ok := m.areaIndex[id]; ok {
		return i
	}
	return -1
}

// edge returns the crossing from the area with index i to the one with index j, or
// nil when they are not adjacent. An area has a handful of neighbours: a scan beats
// a map keyed by two strings.
func (m *Map) edge(i, j int) *mapEdge {
	if i < 0 || j < 0 {
		return nil
	}
	for k := range m.adj[i] {
		if m.adj[i][k].to == j {
			return &m.adj[i][k]
		}
	}
	return nil
}

// crossing returns the crossing from area a to area b, or nil when they are not
// adjacent (or either is unknown).
func (m *Map) crossing(a, b AreaID) *mapEdge { return m.edge(m.aix(a), m.aix(b)) }

// Area returns the area with the id, or nil.
func (m *Map) Area(id AreaID) *Area {
	i, ok := m.areaIndex[id]
	if !ok {
		return nil
	}
	return &m.Areas[i]
}

// Border returns the border between two areas, or nil if they are not adjacent.
func (m *Map) Border(a, b AreaID) *Border {
	if b < a {
		a, b = b, a
	}
	i, ok := m.borderIndex[[2]AreaID{a, b}]
	if !ok {
		return nil
	}
	return &m.Borders[i]
}

// Neighbours returns the areas adjacent to a, sorted by id. The slice is shared: do
// not modify it.
func (m *Map) Neighbours(a AreaID) []AreaID { return m.neighbours[a] }

// Road returns the road with the id, or nil.
func (m *Map) Road(id RoadID) *Road {
	i := sort.Search(len(m.Roads), func(i int) bool { return m.Roads[i].ID >= id })
	if i < len(m.Roads) && m.Roads[i].ID == id {
		return &m.Roads[i]
	}
	return nil
}

// Index sorts the order of battle by block id and builds its lookup table.
func (ob *OrderOfBattle) Index() {
	sort.Slice(ob.Blocks, func(i, j int) bool { return ob.Blocks[i].ID < ob.Blocks[j].ID })
	sort.Slice(ob.Formations, func(i, j int) bool { return ob.Formations[i].ID < ob.Formations[j].ID })
	ob.blockIndex = make(map[BlockID]int, len(ob.Blocks))
	for i, b := range ob.Blocks {
		ob.blockIndex[b.ID] = i // a repeated id keeps its last index: validation reports it
	}
	ob.formOf = make([]int32, len(ob.Blocks))
	forms := map[FormationID]int32{} // only looked up: numbers follow block order
	for i, b := range ob.Blocks {
		n, ok := forms[b.Formation]
		if !ok {
			n = int32(len(forms))
			forms[b.Formation] = n
		}
		ob.formOf[i] = n
	}
	for _, s := range Sides {
		ob.sideArmies[s.Index()] = listSideArmies(ob, s)
	}
}

// Block returns the block's card, or nil.
func (ob *OrderOfBattle) Block(id BlockID) *BlockSpec {
	i, ok := ob.blockIndex[id]
	if !ok {
		return nil
	}
	return &ob.Blocks[i]
}

// Formation returns the division or corps, or nil.
func (ob *OrderOfBattle) Formation(id FormationID) *Formation {
	i := sort.Search(len(ob.Formations), func(i int) bool { return ob.Formations[i].ID >= id })
	if i < len(ob.Formations) && ob.Formations[i].ID == id {
		return &ob.Formations[i]
	}
	return nil
}

// BorderLimits are the move and battle limits for crossing one border in one
// direction (3.32, 3.33, Terrain Effects table).
type BorderLimits struct {
	Move   int
	Battle int
	// Passable is false for creeks away from fords and bridges and for the river.
	Passable bool
	Ravine   bool
	Road     bool
}

// terrainLimits gives move/battle limits of one terrain type; uphill applies to
// slopes crossed from the low side.
func terrainLimits(t BorderTerrain, uphill bool) (move, battle int, passable bool) {
	switch t {
	case BorderClear:
		return 6, 3, true
	case BorderWoods, BorderOrchard, BorderFord, BorderBridge:
		return 4, 2, true
	case BorderStream, BorderRavine:
		return 2, 1, true
	case BorderSlope:
		if uphill {
			return 2, 1, true
		}
		return 4, 2, true
	case BorderMarsh:
		return 1, 0, true
	case BorderCreekFord, BorderCreekBridge:
		return 2, 1, true
	}
	return 0, 0, false // creek, river, unknown
}

// Limits returns the limits for crossing b from the area from: the worst of its
// terrain types applies (3.36).
func (b *Border) Limits(from AreaID) BorderLimits {
	l := BorderLimits{Move: 6, Battle: 3, Passable: true, Road: len(b.Roads) > 0}
	if len(b.Terrain) == 0 {
		return l
	}
	uphill := b.High != "" && b.High != from
	for _, t := range b.Terrain {
		mv, bt, ok := terrainLimits(t, uphill)
		if !ok {
			return BorderLimits{Road: l.Road}
		}
		if mv < l.Move {
			l.Move = mv
		}
		if bt < l.Battle {
			l.Battle = bt
		}
		if t == BorderRavine {
			l.Ravine = true
		}
	}
	return l
}

// areaBits is a set of areas by index in Map.Areas (command reach, what a side sees).
type areaBits []uint64

func newAreaBits(n int) areaBits { return make(areaBits, (n+63)/64) }

func (s areaBits) has(i int) bool { return i >= 0 && s[i>>6]&(1<<(uint(i)&63)) != 0 }

func (s areaBits) add(i int) { s[i>>6] |= 1 << (uint(i) & 63) }
