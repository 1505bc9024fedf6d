package antietam

// This file is the movement restrictions of the exclusive rules (18.0): the Union
// player may move only so many units a game-turn (18.1; 20.1 and 20.2 change it)
// until the Union player-turn after a Confederate unit crosses a creek hexside,
// and the Confederate units set up in five hexes may not move on game-turn one
// (18.2; 20.3 lifts it).

import "slices"

// unionLimit is how many units the Union may move this player-turn (18.1), or -1
// when there is no limit: not the Union's player-turn, lifted for good, or 20.2.
func (g *game) unionLimit() int {
	ml := &g.sc.Charts.MovementLimit
	switch {
	case g.phasing != unionSide || g.st.Released || g.st.Uses(OptTotalUnionInitiative):
		return -1
	case g.st.GameTurn == 1:
		return ml.UnionFirstTurn
	case g.st.Uses(OptGreaterUnionInitiative):
		return g.sc.Charts.Optional.GreaterUnionInitiative.UnionLater
	}
	return ml.UnionLater
}

// countsAgainstLimit says whether moving this unit counts against 18.1: Union
// reinforcements do not in the game-turn their group may first enter ("Union
// reinforcements arriving on Game-Turn Four do not count against this
// restriction until Game-Turn Five"); the same holds for the groups 20.4 and 20.5
// bring in (docs/systems/antietam.md, rulings).
func (g *game) countsAgainstLimit(slot int) bool {
	spec := g.spec(slot)
	if spec.Side != unionSide {
		return false
	}
	if spec.Group == "" {
		return true
	}
	gs := g.st.Group(spec.Group)
	return gs == nil || gs.From != g.st.GameTurn
}

// heldOnTurnOne is 18.2: a Confederate unit that began the game in one of the
// listed hexes may not move on game-turn one, unless 20.3 is in use. It binds the
// Movement Phase only; retreats and advances are combat results (5.11).
func (g *game) heldOnTurnOne(slot int) bool {
	ml := &g.sc.Charts.MovementLimit
	spec := g.spec(slot)
	return spec.Side == confederateSide && spec.Group == "" && g.st.GameTurn == ml.ConfederateNoMoveTurn &&
		!(g.st.Uses(OptEarlyConfederate) && g.sc.Charts.Optional.EarlyConfederate.LiftsNoMove) &&
		slices.Contains(ml.ConfederateNoMoveHexes, spec.Hex)
}

// crossing notes a Confederate unit crossing a creek hexside, by any movement
// (moves, retreats, displacement, advances): the Union limit goes in the next
// Union player-turn (18.1).
func (g *game) crossing(slot, from, to int) {
	d := g.g.dir(from, to)
	if d < 0 || g.g.side[from][d]&sideCreek == 0 || g.sideOf(slot) != confederateSide || g.st.CreekCrossed || g.st.Released {
		return
	}
	if !g.sc.Charts.MovementLimit.LiftedByCreekCrossing {
		return
	}
	g.st.CreekCrossed = true
	g.emit(Event{Code: "creek-crossed", Rule: "18.1", Side: confederateSide, Unit: g.id(slot), From: g.g.ids[from], To: g.g.ids[to]})
}
