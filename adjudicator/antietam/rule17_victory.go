package antietam

// This file is victory (17.0): a point for each enemy strength point eliminated,
// units forced off the map among them (15.4, 17.1); at the end, Confederate units
// that cannot trace a line of hexes free of Union units and zones of control to
// Boteler's Ford count as eliminated (17.1); 15 points to the side that last
// occupied or moved through every Sharpsburg hex (17.1); the level by the ratio of
// points (17.2, charts.go). Also 10.0's night turns: none in this scenario, and
// the data would name them.

import "github.com/shiloh-pbem/pbem/adjudicator"

// passes records that a unit occupies or moves through a hex: a Sharpsburg hex
// becomes its side's (17.1).
func (g *game) passes(slot, h int) {
	id, s := g.g.ids[h], g.sideOf(slot)
	for i := range g.st.Control {
		if c := &g.st.Control[i]; c.Hex == id && c.Side != s {
			c.Side = s
			g.emit(Event{Code: "control", Rule: "17.1", Side: s, Hex: id, Unit: g.id(slot)})
		}
	}
}

// sharpsburg is the side that controls all four hexes of Sharpsburg, if one does
// (17.1).
func (st *State) sharpsburg() adjudicator.Side {
	if len(st.Control) == 0 {
		return adjudicator.NoSide
	}
	s := st.Control[0].Side
	for _, c := range st.Control {
		if c.Side != s {
			return adjudicator.NoSide
		}
	}
	return s
}

// points are the victory points of a position, index Side.Index(): eliminated
// enemy strength and Sharpsburg (17.1), without the end's trace.
func (st *State) points() [2]int {
	var p [2]int
	v := &st.sc.Charts.Victory
	for i, u := range st.Units {
		if u.Status == Eliminated {
			p[st.sc.slotSpec[i].Side.Enemy().Index()] += u.Strength * v.VPPerStrengthPoint
		}
	}
	if s := st.sharpsburg(); s != adjudicator.NoSide {
		p[s.Index()] += v.SharpsburgVP
	}
	return p
}

// endOfGame counts the game (17.0): the 17.1 trace, the points, the level.
func (g *game) endOfGame() {
	v := &g.sc.Charts.Victory
	f := &Final{Points: g.st.points(), Sharpsburg: g.st.sharpsburg()}
	for _, u := range g.cutOff() {
		f.CutOff = append(f.CutOff, g.id(u))
		f.Points[unionSide.Index()] += g.strength(u) * v.VPPerStrengthPoint
	}
	if len(f.CutOff) > 0 {
		g.emit(Event{Code: "cut-off", Rule: "17.1", Side: confederateSide, Units: f.CutOff, Hex: v.TraceHex})
	}
	f.Winner, f.Level = adjudicator.CSA, ""
	if l := v.Level(f.Points[unionSide.Index()], f.Points[confederateSide.Index()]); l != nil {
		s, _ := side(l.Side)
		f.Winner, f.Level = s, l.Side+"-"+l.Name
	}
	g.st.Final = f
	pts := f.Points
	g.emit(Event{Code: "victory", Rule: "17.0, 17.2", Side: f.Winner, Points: &pts, Level: f.Level})
}

// cutOff lists the Confederate units on the map that cannot trace to the trace
// hex (17.1). The line runs from the unit's hex, which need not itself be free,
// through hexes with no Union unit and outside every Union zone of control
// (Confederate units do not negate it), as a unit could walk it: never into a
// river hex, across a creek hexside only at a bridge or ford
// (docs/systems/antietam.md, rulings).
func (g *game) cutOff() []int {
	target, ok := g.g.index(g.sc.Charts.Victory.TraceHex)
	if !ok {
		return nil
	}
	free := func(h int) bool {
		return g.g.terr[h] != nil && g.g.terr[h].Move > 0 && !g.occupiedBy(h, unionSide) && !g.controls(unionSide, h)
	}
	reach := make([]bool, len(g.g.ids))
	reach[target] = true
	queue := []int{target}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		for d, n := range g.g.nb[h] {
			if n != noHex && !reach[n] && !g.g.creekBarrier(h, d) && free(n) {
				reach[n] = true
				queue = append(queue, n)
			}
		}
	}
	var out []int
	for u := range g.st.Units {
		h := g.hexOf[u]
		if g.sideOf(u) != confederateSide || h == noHex || reach[h] {
			continue
		}
		traced := false
		for d, n := range g.g.nb[h] {
			traced = traced || n != noHex && reach[n] && !g.g.creekBarrier(h, d)
		}
		if !traced {
			out = append(out, u)
		}
	}
	return out
}
