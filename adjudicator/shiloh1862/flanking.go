package shiloh1862

// This file holds the optional rules of the battle: Flanking (6.5 sidebar), which
// brings a group's attackers across its other borders a round late, and Pond
// (4.2 sidebar), Pond's brigade taking hits for its neighbours.

import (
	"sort"
)

// flanking applies the optional Flanking rule (6.5 sidebar): when a group (the
// attackers; Player 2's reinforcements) entered by two or more borders, the border
// crossed by the most blocks is the main one (ties: the lowest area id across it),
// and blocks crossing the others are held back one round. Gunboats fire from the
// river and take no part in flanking.
func (ft *fight) flanking() {
	var att, res []*fighter
	for _, f := range ft.fs {
		switch {
		case f.gunboat || !f.entered:
		case f.reserve:
			res = append(res, f)
		case f.side == ft.attacker:
			att = append(att, f)
		}
	}
	flankGroup(att, 2)
	flankGroup(res, 3)
}

func flankGroup(fs []*fighter, flankRound int) {
	var borders []AreaID
	count := map[AreaID]int{} // lookups only
	for _, f := range fs {
		if count[f.from] == 0 {
			borders = append(borders, f.from)
		}
		count[f.from]++
	}
	if len(borders) < 2 {
		return
	}
	sort.Slice(borders, func(i, j int) bool { return borders[i] < borders[j] })
	main := borders[0]
	for _, a := range borders[1:] {
		if count[a] > count[main] {
			main = a
		}
	}
	for _, f := range fs {
		if f.from == main {
			f.main = true
			continue
		}
		f.flank, f.bonus, f.arrive = true, true, flankRound
	}
}

// pond applies the optional Pond rule (4.2 sidebar): a CSA firing roll of 6 scores
// one friendly hit on Pond, at most once per battle, never eliminating Pond. Pond's
// own fire does not hit itself.
func (ft *fight) pond(dice []int, shooter BlockID) {
	if ft.pondHit {
		return
	}
	six := false
	for _, d := range dice {
		six = six || d == 6
	}
	if !six {
		return
	}
	for _, p := range ft.fs {
		if !p.spec.Pond || p.side != CSA || !ft.active(p) {
			continue
		}
		bs := p.state(ft.h)
		if bs.Strength <= 1 {
			return
		}
		ft.pondHit = true
		bs.Strength--
		ft.h.event(Event{Kind: EvHit, Side: CSA, Block: p.id, Area: ft.area, Round: ft.round, Strength: bs.Strength, Rule: "Pond (optional)"}.told(
			because("ev.pond-hit", unitArg("unit", p.id), unitArg("by", shooter))))
		return
	}
}
