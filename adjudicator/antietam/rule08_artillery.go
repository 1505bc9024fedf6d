package antietam

// This file is artillery's bombardment (8.0-8.5): from a hex outside every enemy
// zone of control (8.41; across a creek hexside is outside it, 8.45), within range
// of a defending hex counting the target but not its own hex (8.11, 8.12; seven
// for the Union guns, 19.0), with a line of sight to it (8.31-8.35,
// geometry.sight), one hex at a time unless it joins an attack by adjacent units
// (8.13, 8.21, 8.22), and guns stacked together bombarding one hex (8.14).
// Artillery never adds to a defence (8.51); adjacent artillery attacks like any
// unit (8.41-8.44, rule07_combat.go).

import (
	"slices"

	"github.com/shiloh-pbem/pbem/adjudicator"
)

// mayBombard checks one bombarding unit against a combat being prepared.
func (g *game) mayBombard(slot int, c *combat) verdict {
	me := unitArg("unit", g.id(slot))
	at := g.hexOf[slot]
	switch {
	case g.spec(slot).Type != Artillery:
		return refuse("8.0", "why.attack.not-artillery", me)
	case slices.Contains(c.att, slot):
		return refuse("7.14", "why.attack.twice", me)
	case g.controls(c.side.Enemy(), at):
		return refuse("8.41", "why.attack.bombard-zoc", me)
	}
	for _, o := range g.at[at] {
		if o != slot && g.bombarded[o] != 0 {
			return refuse("8.14", "why.attack.bombard-split", me, unitArg("other", g.id(o)))
		}
	}
	reach := g.reach(slot)
	var sighted *Sight
	for _, h := range c.hexes {
		if g.g.distance(at, h) > reach {
			continue
		}
		s := g.g.sight(at, h)
		if s.Clear() {
			return verdict{}
		}
		if sighted == nil {
			sighted = &s
			sighted.Through = append(sighted.Through, g.g.ids[h]) // the target, for the refusal
		}
	}
	if sighted == nil {
		return refuse("8.11, 8.12", "why.attack.range", me, intArg("range", reach))
	}
	target := sighted.Through[len(sighted.Through)-1]
	return refuse("8.31, 8.32", "why.attack.sight", me, hexArg("hex", target), adjudicator.PlacesArg("blocked", placeIDs(sighted.Blocked)))
}

// SightLine is the line of sight from one hex to another as 8.3 judges it.
func (s *Scenario) SightLine(from, to HexID) (Sight, bool) {
	if s.geo == nil {
		return Sight{}, false
	}
	a, okA := s.geo.index(from)
	b, okB := s.geo.index(to)
	if !okA || !okB {
		return Sight{}, false
	}
	return s.geo.sight(a, b), true
}

func placeIDs(hs []HexID) []string {
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = string(h)
	}
	return out
}
