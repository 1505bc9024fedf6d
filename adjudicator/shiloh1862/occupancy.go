package shiloh1862

// This file keeps the hour's occupancy index: how many blocks of each side stand in
// each area. Control (5.1), the command range search (5.21) and the stacking checks
// ask it instead of scanning every block. Every change of a block's place during an
// hour goes through h.place (or placeAt, moveOnMap: the same with the indexes known),
// which keeps the index and each block's area index (h.loc) exact.

// initOcc counts the blocks on the map of the hour's state. loc, when not nil, is
// each block's area index (locate) and becomes h.loc.
func (h *hour) initOcc(loc []int) {
	n := len(h.sc.Map.Areas)
	for s := range h.occN {
		h.occN[s] = make([]int16, n)
	}
	if loc != nil {
		h.loc = loc
		for i, ai := range loc {
			if ai >= 0 {
				h.occCount(i, ai, 1)
			}
		}
		return
	}
	h.loc = make([]int, len(h.st.Blocks))
	for i := range h.st.Blocks {
		h.loc[i] = -1
		h.occAdd(i, 1)
	}
}

// occAdd adds d to the count of the area of the block with index bi, if the block
// is on the map, and keeps loc: -1 after a removal, the area after an addition.
func (h *hour) occAdd(bi int, d int16) {
	b := &h.st.Blocks[bi]
	if d < 0 {
		i := h.loc[bi] // where the index put it: no lookup needed
		h.loc[bi] = -1
		if i >= 0 {
			h.occCount(bi, i, d)
		}
		return
	}
	h.loc[bi] = -1
	if b.Where != OnMap {
		return
	}
	i, ok := h.sc.Map.areaIndex[b.Area]
	if !ok {
		return
	}
	h.loc[bi] = i
	h.occCount(bi, i, d)
}

// occCount adds d to the count of the side of block bi in area index i.
func (h *hour) occCount(bi, i int, d int16) {
	if s := h.specAt(bi).Side; s != NoSide {
		c := &h.occN[s.Index()][i]
		if (*c == 0) != (*c+d == 0) {
			h.occVer[s.Index()]++
		}
		*c += d
	}
}

// place moves a block to where and area: the one way the engine changes a block's
// place during an hour (moves, retreats, regroups, eliminations, arrivals, rebuilt
// HQs), so that the occupancy index stays exact.
func (h *hour) place(b *BlockState, where Where, area AreaID) { h.placeAt(h.bix(b.ID), where, area) }

// placeAt is place for the block with index bi in st.Blocks.
func (h *hour) placeAt(bi int, where Where, area AreaID) {
	h.occAdd(bi, -1)
	b := &h.st.Blocks[bi]
	b.Where, b.Area = where, area
	h.occAdd(bi, 1)
}

// moveOnMap moves the block with index bi, on the map, to area, whose index in
// Map.Areas is ai: placeAt without looking the area up.
func (h *hour) moveOnMap(bi int, area AreaID, ai int) {
	h.occAdd(bi, -1)
	h.st.Blocks[bi].Area = area
	h.loc[bi] = ai
	h.occCount(bi, ai, 1)
}

// occupancy is the current occupancy of the map as side bits, in the hour's reused
// buffer: valid until the occupancy changes.
func (h *hour) occupancy() occTable {
	n := len(h.sc.Map.Areas)
	if cap(h.occBuf) < n {
		h.occBuf = make([]uint8, n)
	}
	bits := h.occBuf[:n]
	ver := h.occVer[0] + h.occVer[1] + 1 // both only grow
	if h.occBufOK == ver {
		return occTable{bits: bits}
	}
	h.occBufOK = ver
	for i := range bits {
		var v uint8
		if h.occN[0][i] > 0 {
			v |= 1
		}
		if h.occN[1][i] > 0 {
			v |= 2
		}
		bits[i] = v
	}
	return occTable{bits: bits}
}

// control returns the area's control (5.1): the side holding it alone, or NoSide with
// contested true when both sides are there, or NoSide when it is vacant.
func (h *hour) control(a AreaID) (Side, bool) { return h.controlAt(h.sc.Map.aix(a), a) }

// controlAt is control for area a whose index in Map.Areas is i (-1: not on the map).
func (h *hour) controlAt(i int, a AreaID) (Side, bool) {
	if i < 0 {
		return h.st.Control(h.sc, a)
	}
	usa, csa := h.occN[USA.Index()][i] > 0, h.occN[CSA.Index()][i] > 0
	switch {
	case usa && csa:
		return NoSide, true
	case usa:
		return USA, false
	case csa:
		return CSA, false
	}
	return NoSide, false
}

// blocksIn returns the ids of a side's blocks on the map in an area, sorted by id.
// side NoSide returns both sides' blocks.
func (h *hour) blocksIn(a AreaID, side Side) []BlockID {
	ai := h.sc.Map.aix(a)
	if ai < 0 {
		return h.st.BlocksIn(h.sc, a, side)
	}
	n := h.occN[0][ai] + h.occN[1][ai]
	if side != NoSide {
		n = h.occN[side.Index()][ai]
	}
	if n == 0 {
		return nil
	}
	out := make([]BlockID, 0, int(n))
	for bi, l := range h.loc { // st.Blocks is sorted by id
		if l == ai && (side == NoSide || h.specAt(bi).Side == side) {
			out = append(out, h.st.Blocks[bi].ID)
		}
	}
	return out
}

// countIn is how many of a side's blocks stand in an area (NoSide: both sides').
func (h *hour) countIn(a AreaID, side Side) int {
	if ai := h.sc.Map.aix(a); ai >= 0 {
		if side == NoSide {
			return int(h.occN[0][ai] + h.occN[1][ai])
		}
		return int(h.occN[side.Index()][ai])
	}
	return len(h.st.BlocksIn(h.sc, a, side))
}
