package antietam

// This file is zones of control (6.0): the six hexes around a unit, except
// through a creek hexside without a bridge or ford and into a river ferry hex
// (6.6, geometry.zocInto); every unit exerts one at all times (6.1), and enemy
// and friendly zones coexist (6.5). Entering one ends a move and a unit in one
// cannot leave it by moving (5.13, 6.3: rule05_movement.go).

import "github.com/shiloh-pbem/pbem/adjudicator"

// controls says whether side s exerts a zone of control over hex h (6.0, 6.6).
func (g *game) controls(s sideT, h int) bool {
	for d, n := range g.g.nb[h] {
		if n != noHex && g.occupiedBy(n, s) && g.g.zocInto(n, (d+3)%6) {
			return true
		}
	}
	return false
}

// inContact says whether units in hexes a and b, neighbours in direction d from
// a, are in each other's zones of control (6.4) and may fight there: the attack
// 7.11 and 7.12 demand.
func (g *game) inContact(a, d int) bool {
	b := g.g.nb[a][d]
	return b != noHex && g.g.zocInto(a, d) && g.g.zocInto(b, (d+3)%6) &&
		g.g.terr[a].Combat && g.g.terr[b].Combat
}

// Controlled lists the hexes side s controls in a position (6.0), sorted: for
// views and receipts.
func (s *Scenario) Controlled(st *State, by adjudicator.Side) ([]HexID, error) {
	if err := s.fits(st); err != nil {
		return nil, err
	}
	g := s.newGame(st, nil, nil, nil)
	var out []HexID
	for h, id := range s.geo.ids {
		if g.controls(by, h) {
			out = append(out, id)
		}
	}
	return out, nil
}
