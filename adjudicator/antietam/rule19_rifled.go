package antietam

// This file is the Union rifled artillery (19.0): immobile once placed, eliminated
// when forced to retreat, not affected by a retreat result when only enemy
// artillery attacked it, and firing at seven hexes where other artillery reaches
// three (8.11).

// rifled says whether a unit is Union artillery (19.0).
func (g *game) rifled(slot int) bool {
	spec := g.spec(slot)
	return spec.Side == unionSide && spec.Type == Artillery
}

// immobile says whether a unit may never move, retreat, advance or be displaced
// (19.0).
func (g *game) immobile(slot int) bool {
	return g.rifled(slot) && g.sc.Charts.Artillery.UnionImmobile
}

// reach is how far a unit bombards (8.11, 19.0).
func (g *game) reach(slot int) int {
	if g.rifled(slot) {
		return g.sc.Charts.Artillery.UnionRange
	}
	return g.sc.Charts.Artillery.Range
}
