package antietam

// This file is the retreat after combat and displacement (7.7, 7.8): a unit moves
// one hex to a hex no enemy controls, never into prohibited terrain, across a
// creek hexside without a bridge or ford, or onto an enemy (7.71, 7.72); it may
// stack with a friend within the limit (7.73); when every such hex is full it
// displaces a friend, who retreats in turn and may displace another (7.81, 7.82);
// with nowhere to go, or when every displacement would end in an elimination, it
// is eliminated. The owner chooses the hex (7.71): its standing orders' retreat
// preferences, else the default ranking (retreatRank). Union guns cannot retreat
// and are eliminated (19.0).

import (
	"cmp"
	"slices"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// shift is one unit moved by a displacement chain, and the unit it makes room
// for.
type shift struct{ slot, to, by int }

// retreat retreats one unit (7.71) for combat n.
func (g *game) retreat(slot, n int, rule string) {
	if g.immobile(slot) {
		g.eliminate(slot, n, "19.0", adjudicator.Say("why.elim.rifled"))
		return
	}
	from := g.hexOf[slot]
	open, full := g.retreatHexes(slot, from, nil)
	if len(open) > 0 {
		g.retreatTo(slot, g.retreatRank(slot, from, open)[0], n, rule)
		return
	}
	seen := []int{from}
	for _, h := range g.retreatRank(slot, from, full) {
		if slices.Contains(seen, h) {
			continue
		}
		seen = append(seen, h)
		for _, d := range g.displaceOrder(h, g.sideOf(slot)) {
			if chain, ok := g.displacement(d, h, slot, &seen); ok {
				for _, s := range chain {
					g.emit(Event{Code: "displaced", Rule: "7.81", Side: g.sideOf(s.slot), Unit: g.id(s.slot), From: g.g.ids[g.hexOf[s.slot]], To: g.g.ids[s.to], Combat: n, By: g.id(s.by)})
					g.moveAfterCombat(s.slot, s.to)
					if g.spec(s.slot).Type == Artillery && !g.fought[s.slot] {
						g.silenced[s.slot] = true // 7.82: it may not fire this phase
					}
				}
				g.retreatTo(slot, h, n, rule)
				return
			}
		}
	}
	switch {
	case len(full) > 0:
		g.eliminate(slot, n, "7.82", adjudicator.Say("why.elim.displacement"))
	case g.g.edge[from]:
		g.eliminate(slot, n, "7.72, 15.4", adjudicator.Say("why.elim.off-map"))
	default:
		g.eliminate(slot, n, "7.72", adjudicator.Say("why.elim.no-retreat"))
	}
}

// retreatTo moves a retreating unit and reports it.
func (g *game) retreatTo(slot, h, n int, rule string) {
	g.emit(Event{Code: "retreat", Rule: rule, Side: g.sideOf(slot), Unit: g.id(slot), From: g.g.ids[g.hexOf[slot]], To: g.g.ids[h], Combat: n})
	g.moveAfterCombat(slot, h)
}

// moveAfterCombat moves a unit one hex as a combat result: a Confederate creek
// crossing counts for 18.1, a Sharpsburg hex changes hands (17.1).
func (g *game) moveAfterCombat(slot, to int) {
	g.crossing(slot, g.hexOf[slot], to)
	g.place(slot, to)
}

// retreatHexes are the hexes a unit in hex from may retreat into (7.72, 7.73):
// open ones with room in the stack, and full ones it could only enter by
// displacing a friend (7.81). Hexes in skip are not considered (a displacement
// chain's own hexes).
func (g *game) retreatHexes(slot, from int, skip []int) (open, full []int) {
	s := g.sideOf(slot)
	for d, h := range g.g.nb[from] {
		switch {
		case h == noHex || slices.Contains(skip, h) || !g.g.land(h) || g.g.creekBarrier(from, d):
		case g.occupiedBy(h, s.Enemy()) || g.controls(s.Enemy(), h):
		case g.friends(h, s) < g.sc.Charts.Stacking.Limit:
			open = append(open, h)
		default:
			full = append(full, h)
		}
	}
	return open, full
}

// retreatRank orders the hexes a unit may retreat into, best first (7.71): the
// hexes its retreat preference lists, in their order; then, with Toward, the
// nearest to that hex; then the default: nearest the side's own line of retreat
// (the Union's entry hex 2112, the Confederates' Boteler's Ford 0126: goalHex),
// then the lowest hex number.
func (g *game) retreatRank(slot, from int, hexes []int) []int {
	p := g.standing(g.sideOf(slot)).retreatPref(g.id(slot), g.g.ids[from])
	goal := g.goalHex(g.sideOf(slot))
	toward := noHex
	if p != nil && p.Toward != "" {
		if h, ok := g.g.index(p.Toward); ok {
			toward = h
		}
	}
	listed := func(h int) int {
		if p != nil {
			if i := slices.Index(p.To, g.g.ids[h]); i >= 0 {
				return i
			}
		}
		return len(g.g.ids)
	}
	dist := func(a, b int) int {
		if b == noHex {
			return 0
		}
		return g.g.distance(a, b)
	}
	out := slices.Clone(hexes)
	slices.SortStableFunc(out, func(a, b int) int {
		return cmp.Or(
			cmp.Compare(listed(a), listed(b)),
			cmp.Compare(dist(a, toward), dist(b, toward)),
			cmp.Compare(dist(a, goal), dist(b, goal)),
			cmp.Compare(a, b),
		)
	})
	return out
}

// goalHex is where a side's units retreat towards by default: the Confederates'
// trace hex (Boteler's Ford, 17.1), the Union's reinforcement entry (16.1).
func (g *game) goalHex(s sideT) int {
	var id HexID
	if s == confederateSide {
		id = g.sc.Charts.Victory.TraceHex
	} else {
		for _, r := range g.sc.OB.Reinforcements {
			if sd, _ := side(r.Side); sd == s {
				id = r.Hex
				break
			}
		}
	}
	if h, ok := g.g.index(id); ok {
		return h
	}
	return noHex
}

// retreatPref is the preference that applies to a unit retreating from a hex:
// the first naming the unit, else the first whose From holds the hex.
func (st *Standing) retreatPref(id UnitID, from HexID) *RetreatPref {
	for i := range st.Retreats {
		if st.Retreats[i].Unit == id {
			return &st.Retreats[i]
		}
	}
	for i := range st.Retreats {
		if st.Retreats[i].Unit == "" && slices.Contains(st.Retreats[i].From, from) {
			return &st.Retreats[i]
		}
	}
	return nil
}

// displaceOrder lists the friendly units of a full hex in the order the owner
// would displace them (7.81): its standing Displace list first, then the
// weakest, then by id.
func (g *game) displaceOrder(h int, s sideT) []int {
	list := g.standing(s).Displace
	var out []int
	for _, u := range g.at[h] {
		if g.sideOf(u) == s {
			out = append(out, u)
		}
	}
	rank := func(u int) int {
		if i := slices.Index(list, g.id(u)); i >= 0 {
			return i
		}
		return len(list)
	}
	slices.SortStableFunc(out, func(a, b int) int {
		return cmp.Or(cmp.Compare(rank(a), rank(b)), cmp.Compare(g.strength(a), g.strength(b)), cmp.Compare(a, b))
	})
	return out
}

// displacement plans moving unit d out of hex h, to make room for unit by, as if it
// retreated (7.81): into an
// open hex if it has one, else by displacing a friend in turn (7.82). It returns
// the moves, the last displaced unit's first, or false when every way ends in an
// elimination. seen holds the hexes the search has entered (the first retreating
// unit's own hex among them): none is entered twice, so the search ends, and a
// hex from which no chain reached an open hex is not tried again.
func (g *game) displacement(d, h, by int, seen *[]int) ([]shift, bool) {
	if g.immobile(d) {
		return nil, false // 19.0: it would be eliminated
	}
	open, full := g.retreatHexes(d, h, *seen)
	if len(open) > 0 {
		return []shift{{d, g.retreatRank(d, h, open)[0], by}}, true
	}
	for _, n := range g.retreatRank(d, h, full) {
		if slices.Contains(*seen, n) {
			continue // explored from another hex of the chain: no way out there
		}
		*seen = append(*seen, n)
		for _, e := range g.displaceOrder(n, g.sideOf(d)) {
			if moves, ok := g.displacement(e, n, d, seen); ok {
				return append(moves, shift{d, n, by}), true
			}
		}
	}
	return nil, false
}
