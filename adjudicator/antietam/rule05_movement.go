package antietam

// This file is movement (5.0-5.3) with reinforcements' entry (15.0-15.3): one
// unit's path checked hex by hex against its movement points and the terrain
// (9.0: roads 5.22, trails 5.23, the river and its ferry 5.24, creeks, bridges
// and fords 5.25), enemy units (5.12) and zones of control (5.13, 6.0, 10.2,
// 11.2), the restrictions of 18.0 and 19.0, and stacking at its end (5.32). The
// same check serves the Movement Phase and the receipt (CheckMoves).

import "github.com/shiloh-pbem/pbem/adjudicator"

// movePlan is a move that passed its checks: the hexes entered in order.
type movePlan struct {
	slot     int
	from     int   // noHex for a reinforcement entering
	hexes    []int // entered, in order; the last is where it ends
	mp       int
	entering bool
}

// movementPhase plays the phasing side's moves in the order given (5.0, 5.17).
// Without orders, every unit holds.
func (g *game) movementPhase() {
	if g.own == nil {
		return
	}
	for i, m := range g.own.Moves {
		p, v := g.checkMove(m)
		if v.ok() {
			g.doMove(p)
		}
		g.result(KindMove, i+1, v, m.Unit)
	}
}

// checkMove checks one unit's path against the position as it stands (5.0).
func (g *game) checkMove(m Move) (movePlan, verdict) {
	slot, ok := g.slot(m.Unit)
	if !ok {
		return movePlan{}, refuse("5.0", "why.move.unknown-unit", adjudicator.TextArg("unit", string(m.Unit)))
	}
	u, spec, me := g.unit(slot), g.spec(slot), unitArg("unit", m.Unit)
	p := movePlan{slot: slot, from: g.hexOf[slot]}
	switch {
	case spec.Side != g.phasing:
		return p, refuse("4.1, 5.11", "why.move.not-phasing", me)
	case g.moved[slot]:
		return p, refuse("5.17", "why.move.again", me)
	case u.Status == Eliminated || u.Status == Absent:
		return p, refuse("5.0", "why.move.not-in-play", me)
	}
	p.entering = u.Status == Pending
	path := m.Path
	if !p.entering && len(path) > 0 && path[0] == u.Hex {
		path = path[1:]
	}
	if len(path) == 0 {
		return p, refuse("5.0", "why.move.no-path", me)
	}
	if v := g.mayMove(slot, p.entering, path[0]); !v.ok() {
		return p, v
	}
	enemy := spec.Side.Enemy()
	cur, prev, stopped := p.from, noHex, noHex
	for _, id := range path {
		h, ok := g.g.index(id)
		if !ok {
			return p, refuse("5.16", "why.move.off-map", me, adjudicator.TextArg("hex", string(id)))
		}
		cost := 1 // 15.3: placing a reinforcement on its entry hex
		if cur != noHex {
			d := g.g.dir(cur, h)
			switch {
			case d < 0:
				return p, refuse("5.16", "why.move.not-adjacent", me, hexArg("from", g.g.ids[cur]), hexArg("to", id))
			case stopped != noHex:
				return p, refuse("6.0", "why.move.zoc-stop", me, hexArg("hex", g.g.ids[stopped]))
			case g.g.terr[h] == nil || g.g.terr[h].Move == 0:
				return p, refuse("5.21, 5.24", "why.move.prohibited", me, hexArg("hex", id))
			case g.g.creekBarrier(cur, d):
				return p, refuse("5.25", "why.move.creek", me, hexArg("from", g.g.ids[cur]), hexArg("to", id))
			case prev != noHex && !g.g.terr[cur].Stop && g.g.bank[prev] == g.g.bank[h]:
				return p, refuse("5.24", "why.move.ferry-bank", me, hexArg("hex", g.g.ids[cur]))
			}
			cost = g.stepCost(cur, d)
		}
		if g.occupiedBy(h, enemy) {
			return p, refuse("5.12", "why.move.enemy", me, hexArg("hex", id))
		}
		p.mp += cost
		if p.mp > spec.Movement {
			return p, refuse("5.15", "why.move.points", me, intArg("need", p.mp), intArg("have", spec.Movement))
		}
		if g.controls(enemy, h) {
			switch {
			case g.night:
				return p, refuse("10.2", "why.move.night-zoc", me, hexArg("hex", id))
			case u.Ineffective:
				return p, refuse("11.2", "why.move.ineffective-zoc", me, hexArg("hex", id))
			}
			stopped = h // 6.0: all units must cease movement on entering
		}
		p.hexes = append(p.hexes, h)
		prev, cur = cur, h
	}
	if !g.g.terr[cur].Stop {
		return p, refuse("5.24", "why.move.ferry-end", me, hexArg("hex", g.g.ids[cur]))
	}
	if n := g.friends(cur, spec.Side); g.hexOf[slot] != cur && n >= g.sc.Charts.Stacking.Limit {
		return p, refuse("5.32", "why.move.stacking", me, hexArg("hex", g.g.ids[cur]), intArg("limit", g.sc.Charts.Stacking.Limit))
	}
	return p, verdict{}
}

// mayMove checks what stops a unit from moving at all: 19.0, 18.2, the entry of a
// reinforcement (15.0), an enemy zone of control it starts in (5.13), the Union
// limit (18.1).
func (g *game) mayMove(slot int, entering bool, first HexID) verdict {
	spec, me := g.spec(slot), unitArg("unit", g.id(slot))
	switch {
	case g.immobile(slot):
		return refuse("19.0", "why.move.immobile", me)
	case g.heldOnTurnOne(slot):
		return refuse("18.2", "why.move.held", me, intArg("turn", g.sc.Charts.MovementLimit.ConfederateNoMoveTurn))
	}
	if entering {
		gs := g.st.Group(spec.Group)
		r := g.sc.reinforcement(spec.Group)
		switch {
		case gs == nil || r == nil || gs.From == 0 || gs.From > g.st.GameTurn:
			return refuse("15.0", "why.move.not-arrived", me)
		case first != r.Hex:
			return refuse("15.0", "why.move.entry", me, hexArg("hex", r.Hex))
		}
	} else if h := g.hexOf[slot]; g.controls(spec.Side.Enemy(), h) {
		return refuse("5.13, 6.3", "why.move.zoc-locked", me, hexArg("hex", g.g.ids[h]))
	}
	if limit := g.unionLimit(); limit >= 0 && g.countsAgainstLimit(slot) && g.movedCount >= limit {
		return refuse("18.1", "why.move.limit", me, intArg("limit", limit))
	}
	return verdict{}
}

// stepCost is what entering the hex in direction d from a costs (9.0): a road
// hexside between road hexes costs the road's point whatever the hex holds
// (5.22), a trail's two points into forest or rough or one elsewhere (5.23),
// otherwise the hex's terrain; a ford adds its point (5.25), a bridge nothing.
func (g *game) stepCost(a, d int) int {
	s, t := g.g.side[a][d], g.g.terr[g.g.nb[a][d]]
	cost := t.Move
	switch c := &g.g.costs; {
	case s&sideRoad != 0:
		cost = c.road
	case s&sideTrail != 0 && (t.ID == Forest || t.ID == Rough || t.ID == ForestAndRough):
		cost = min(cost, c.trailRough)
	case s&sideTrail != 0:
		cost = min(cost, c.trail)
	}
	if s&sideFord != 0 {
		cost += g.g.costs.ford
	}
	if s&sideBridge != 0 {
		cost += g.g.costs.bridge
	}
	return cost
}

// doMove carries out a checked move: the unit passes through each hex (17.1's
// control of Sharpsburg), ends in the last, and a Confederate crossing of a creek
// hexside is noted (18.1).
func (g *game) doMove(p movePlan) {
	s := g.sideOf(p.slot)
	ev := Event{Code: "move", Rule: "5.0", Side: s, Unit: g.id(p.slot), Path: g.hexes(p.hexes), MP: p.mp, To: g.g.ids[p.hexes[len(p.hexes)-1]]}
	if p.entering {
		ev.Code, ev.Rule = "enter", "15.0, 15.3"
	} else {
		ev.From = g.g.ids[p.from]
	}
	g.emit(ev)
	g.moved[p.slot] = true
	if g.countsAgainstLimit(p.slot) {
		g.movedCount++
	}
	cur := p.from
	for _, h := range p.hexes {
		if cur != noHex {
			g.crossing(p.slot, cur, h)
		}
		g.passes(p.slot, h)
		cur = h
	}
	g.place(p.slot, cur)
}

// CheckMoves tries a side's moves in order against a position, as the Movement
// Phase would play them, and says what would become of each (for the receipt).
// It changes nothing. Orders of the side not moving get no verdicts: its moves
// are never played.
func (s *Scenario) CheckMoves(st *State, o *Orders) ([]OrderResult, error) {
	if err := s.fits(st); err != nil {
		return nil, err
	}
	g := s.newGame(st.Clone(), o, nil, nil)
	if o == nil || o.Side != st.Phasing {
		return nil, nil
	}
	g.movementPhase()
	return g.rep.Results, nil
}
