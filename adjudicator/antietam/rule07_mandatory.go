package antietam

// This file is the Combat Phase (4.1 B, 7.0) and the attacks the rules make
// mandatory (7.1): every enemy unit in a phasing unit's zone of control must be
// attacked (7.11), and every phasing unit in an enemy zone of control must attack
// (7.12, 8.41), one that touches several enemy hexes attacking all of them that
// no other unit engages (7.23). The ordered attacks are played first, in their
// order; an ordered attack that would leave an enemy hex its attackers touch with
// nobody left to attack it is refused (7.23). What is still owed afterwards is
// attacked by default (defaultPlan), which is also what a side that sent no
// orders does.

import "slices"

// combatPhase plays the Combat Phase: 21.0's rally, the ordered attacks, the
// attacks owed by default, and 11.31's retreats.
func (g *game) combatPhase() {
	g.rally()
	held := g.ineffectiveInContact()
	var plan []Attack
	if g.own != nil {
		plan = g.own.Attacks
	}
	for i := range plan {
		c, v := g.prepare(&plan[i], i+1)
		if v.ok() {
			v = g.planCovers(c, plan[i+1:])
		}
		var units []UnitID
		if v.ok() {
			g.resolve(c)
			units = g.ids(slices.Concat(c.att, c.bomb))
		}
		g.result(KindAttack, i+1, v, units...)
	}
	g.defaultAttacks()
	g.unmet()
	g.ineffectiveRetreat(held)
}

// eligible says whether a phasing unit may still attack by 7.12: on the map, not
// yet fought or advanced, effective (11.2), not silenced by displacement (7.82).
func (g *game) eligible(u int) bool {
	return g.sideOf(u) == g.phasing && g.hexOf[u] != noHex && !g.fought[u] && !g.advanced[u] &&
		!g.unit(u).Ineffective && !g.silenced[u]
}

// attackable says whether an enemy unit may still be attacked: not yet attacked
// (7.14) and not advanced (7.75).
func (g *game) attackable(u int) bool {
	return g.sideOf(u) != g.phasing && g.hexOf[u] != noHex && !g.fought[u] && !g.advanced[u]
}

// hexHas says whether a hex holds a unit that passes a test.
func (g *game) hexHas(h int, test func(int) bool) bool {
	return slices.ContainsFunc(g.at[h], test)
}

// contacts lists the enemy hexes with attackable units in contact with hex a
// (6.4: each in the other's zone of control) whose units pass test.
func (g *game) contacts(a int, test func(int) bool) []int {
	var out []int
	for d, e := range g.g.nb[a] {
		if e != noHex && g.hexHas(e, test) && g.inContact(a, d) {
			out = append(out, e)
		}
	}
	slices.Sort(out)
	return out
}

// planCovers is 7.23 for an ordered attack: each enemy hex in contact with a hex
// it attacks from, and not among its defenders, must still be engaged: by a later
// ordered attack, or by a unit in contact with it that has yet to fight.
func (g *game) planCovers(c *combat, later []Attack) verdict {
	for _, a := range c.attFrom {
		for _, e := range g.contacts(a, g.attackable) {
			if slices.Contains(c.hexes, e) || g.laterAttacks(e, later) {
				continue
			}
			free := false
			for d, f := range g.g.nb[e] {
				if f != noHex && f != a && !slices.Contains(c.attFrom, f) && g.inContact(e, d) &&
					g.hexHas(f, func(u int) bool { return g.eligible(u) && !slices.Contains(c.att, u) }) {
					free = true
				}
			}
			if !free {
				return refuse("7.23", "why.attack.must-include", hexArg("hex", g.g.ids[e]), hexArg("from", g.g.ids[a]))
			}
		}
	}
	return verdict{}
}

// laterAttacks says whether a later attack order names hex e.
func (g *game) laterAttacks(e int, later []Attack) bool {
	for _, a := range later {
		if slices.Contains(a.Defenders, g.g.ids[e]) {
			return true
		}
	}
	return false
}

// defaultAttacks makes the attacks 7.11 and 7.12 still demand once the ordered
// ones are done, until none is owed: see defaultPlan. They are made at the odds
// computed, with no advance, the exchange losses chosen by default, and no
// bombardment (8.11: artillery is never forced to bombard).
func (g *game) defaultAttacks() {
	for range len(g.st.Units) { // each pass fights at least one unit, or stops
		plan := g.defaultPlan()
		done := false
		for i := range plan {
			if c, v := g.prepare(&plan[i], 0); v.ok() {
				g.resolve(c)
				done = true
			}
		}
		if !done {
			return
		}
	}
}

// defaultPlan groups the units still owing an attack into attacks (7.11, 7.12,
// 7.23, 7.25): each enemy hex in contact, lowest number first, is attacked by
// every hex in contact with it not yet given an attack. An enemy hex whose hexes
// in contact are all given already takes one of them: the first (lowest number)
// that shares its attack with other hexes leaves that attack for this one; if
// none does, the first joins this hex to its own attack, which then has one
// attacking hex against several (7.25 holds either way). Every unit in contact
// then attacks or is attacked exactly once.
func (g *game) defaultPlan() []Attack {
	type group struct{ from, hexes []int }
	var groups []*group
	assigned := map[int]*group{}
	for e := range g.g.ids {
		if !g.hexHas(e, g.attackable) {
			continue
		}
		near := g.contacts(e, g.eligible)
		if len(near) == 0 {
			continue
		}
		var free []int
		for _, a := range near {
			if assigned[a] == nil {
				free = append(free, a)
			}
		}
		switch {
		case len(free) > 0:
			gr := &group{from: free, hexes: []int{e}}
			groups = append(groups, gr)
			for _, a := range free {
				assigned[a] = gr
			}
		default:
			a := near[0]
			for _, x := range near {
				if len(assigned[x].from) > 1 {
					a = x
					break
				}
			}
			if old := assigned[a]; len(old.from) > 1 {
				old.from = slices.DeleteFunc(old.from, func(x int) bool { return x == a })
				gr := &group{from: []int{a}, hexes: []int{e}}
				groups = append(groups, gr)
				assigned[a] = gr
			} else {
				old.hexes = append(old.hexes, e)
			}
		}
	}
	var plan []Attack
	for _, gr := range groups {
		var a Attack
		for _, h := range gr.from {
			for _, u := range g.at[h] {
				if g.eligible(u) {
					a.Attackers = append(a.Attackers, g.id(u))
				}
			}
		}
		a.Defenders = g.hexes(gr.hexes)
		plan = append(plan, a)
	}
	return plan
}

// unmet reports enemy units in contact with a phasing unit that were not
// attacked although nothing excused it (7.11): what orders that broke 7.23 in a
// way no default could mend leave behind.
func (g *game) unmet() {
	for e := range g.g.ids {
		if !g.hexHas(e, g.attackable) {
			continue
		}
		near := g.contacts(e, func(u int) bool {
			return g.sideOf(u) == g.phasing && !g.advanced[u] && !g.unit(u).Ineffective
		})
		if len(near) == 0 {
			continue
		}
		var units []int
		for _, u := range g.at[e] {
			if g.attackable(u) {
				units = append(units, u)
			}
		}
		g.emit(Event{Code: "unmet", Rule: "7.11", Side: g.phasing, Hex: g.g.ids[e], Units: g.ids(units)})
	}
}

// Contact is a pair of hexes whose units are in each other's zones of control
// (6.4): the attacks 7.11 and 7.12 make mandatory for the phasing side.
type Contact struct {
	From HexID `json:"from"` // the phasing side's hex
	Hex  HexID `json:"hex"`  // the enemy's
}

// Contacts lists the contacts of a position at the start of its Combat Phase,
// for the receipt (DESIGN §9.2): each phasing hex with a unit that must attack,
// and each enemy hex it touches.
func (s *Scenario) Contacts(st *State) ([]Contact, error) {
	if err := s.fits(st); err != nil {
		return nil, err
	}
	g := s.newGame(st, nil, nil, nil)
	var out []Contact
	for a := range s.geo.ids {
		if !g.hexHas(a, g.eligible) {
			continue
		}
		for _, e := range g.contacts(a, g.attackable) {
			out = append(out, Contact{From: s.geo.ids[a], Hex: s.geo.ids[e]})
		}
	}
	return out, nil
}
